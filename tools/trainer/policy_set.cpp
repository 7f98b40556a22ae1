#include "tools/trainer/policy_set.h"

#include <algorithm>
#include <fstream>
#include <optional>

#include <nlohmann/json.hpp>

#include "ai/evaluation.h"
#include "ai/move_order.h"
#include "ai/move_order_weights.h"
#include "ai/score.h"
#include "ai/search_position.h"
#include "engine/board.h"
#include "tools/trainer/selfplay_games.h"

namespace tengen {

namespace {

// The candidates the search's generator considers first (move_generation.cpp): empty cells
// near a stone, and against an open three only its blocks and our own fours (not in caro).
void add_candidates(const SearchPosition& p, std::vector<PolicyCandidate>& out, std::vector<int>& cells) {
    const int us = p.side(), them = us ^ 1;
    const Rule rule = p.config().rule;
    const bool must_defend = p.class_count(them, kClsFlexFour) > 0 && rule != Rule::Caro && rule != Rule::CaroExact;
    const int last = p.last_cell(), own = p.cell_two_plies_ago();
    const Point last_at = last >= 0 ? p.point_of(last) : Point{}, own_at = own >= 0 ? p.point_of(own) : Point{};
    p.for_each_candidate([&](int cell, Point at) {
        if (!p.empty(cell) || !p.near_stones(cell)) return;
        if (must_defend && !p.has_four_shape(cell, them) && p.cls(cell, us) < kClsFour) return;
        const int near_last = last >= 0 ? nearness_bucket(at, last_at) : kNoStoneBucket;
        const int near_own = own >= 0 ? nearness_bucket(at, own_at) : kNoStoneBucket;
        const int order = p.order_attack(cell, us) + p.order_defence(cell, them) +
                          (p.learned_order() ? kOrderNearLast[near_last] + kOrderNearOwn[near_own] : 0);
        out.push_back({static_cast<std::uint16_t>(p.cell_code_at(cell, us)),
                       static_cast<std::uint16_t>(p.cell_code_at(cell, them)), static_cast<std::uint8_t>(near_last),
                       static_cast<std::uint8_t>(near_own), static_cast<std::int16_t>(order)});
        cells.push_back(cell);
    });
}

// A sampled cutoff of a search (`selfplay --cutoffs`, docs/training-data.md): the node's stones
// and the move that failed high there, as a game whose one position is the node.
std::optional<SelfplayGame> parse_cutoff_line(std::string_view line) {
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("depth") || !j.contains("opening") ||
        !j.value("moves", nlohmann::json()).is_array() || j["moves"].size() != 1 || j.contains("result"))
        return std::nullopt;
    // Read as a game that its cutoff move ends, so the line parser checks the rest.
    nlohmann::json as_game = j;
    as_game["reason"] = "five";
    as_game["result"] = "draw";
    Result<SelfplayGame> game = parse_selfplay_line(as_game.dump());
    if (!game || game->stones.empty()) return std::nullopt;
    game->opening_stones = static_cast<int>(game->stones.size()) - 1;
    game->chosen = {game->stones.back()};
    game->scores.clear();
    return std::move(*game);
}

}  // namespace

Status read_policy_file(const std::string& path, const ValueNetwork& net, int validation_every, PolicySet& set) {
    std::ifstream in(path);
    if (!in) return Failure{"cannot read " + path};
    set.hidden = net.sizes.hidden;
    std::string line;
    std::vector<PolicyCandidate> candidates;
    std::vector<int> cells;
    for (long long line_number = 0; std::getline(in, line); ++line_number) {
        if (line.empty()) continue;
        std::optional<SelfplayGame> game = parse_cutoff_line(line);
        if (!game)
            if (Result<SelfplayGame> record = parse_selfplay_line(line)) game = std::move(*record);
        if (!game || game->chosen.empty() || network_family(game->config.rule) != net.family) {
            ++set.skipped;
            continue;
        }
        const SelfplayGame& g = *game;
        const long long key = g.split_key >= 0 ? g.split_key : line_number;
        const bool validation = validation_every > 0 && key % validation_every == validation_every - 1;
        SearchPosition p(g.config);
        p.set_from(Board(g.config));
        for (std::size_t n = 0; n < g.stones.size(); ++n) {
            const std::size_t ply = n - static_cast<std::size_t>(g.opening_stones);
            if (n >= static_cast<std::size_t>(g.opening_stones) && ply < g.chosen.size() && evaluated_by_search(p) &&
                !(ply < g.scores.size() && g.scores[ply] && is_mate_score(*g.scores[ply]))) {
                candidates.clear();
                cells.clear();
                add_candidates(p, candidates, cells);
                const auto chosen = std::find(cells.begin(), cells.end(), p.cell_of(g.chosen[ply]));
                if (chosen != cells.end() && candidates.size() > 1) {
                    PolicySample s{};
                    s.begin = static_cast<std::uint32_t>(set.cells.size());
                    s.count = static_cast<std::uint16_t>(candidates.size());
                    s.chosen = static_cast<std::uint16_t>(chosen - cells.begin());
                    s.own_mode = static_cast<std::uint8_t>(network_mode(g.config.rule, p.side()));
                    s.opp_mode = static_cast<std::uint8_t>(network_mode(g.config.rule, p.side() ^ 1));
                    s.validation = validation;
                    set.cells.insert(set.cells.end(), candidates.begin(), candidates.end());
                    set.samples.push_back(s);
                    for (std::int32_t a : hidden_activations(net, value_features(p)))
                        set.activations.push_back(static_cast<float>(a) / kActivationScale);
                }
            }
            const int cell = p.cell_of(g.stones[n]);
            if (!p.empty(cell)) break;
            p.make(cell);
        }
        ++set.games;
    }
    return {};
}

}  // namespace tengen
