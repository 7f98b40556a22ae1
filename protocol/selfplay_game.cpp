#include "protocol/selfplay_game.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "engine/board.h"
#include "engine/notation.h"
#include "engine/random.h"
#include "engine/renju.h"
#include "protocol/selfplay_file.h"

namespace tengen {

namespace {

// Random stones near the centre until a quick search calls the position near even.
std::vector<Point> balanced_opening(const SelfplaySettings& s, Player& player, SplitMix64& rng) {
    const int cx = s.config.width / 2, cy = s.config.height / 2;
    const int side = 2 * s.opening_radius + 1;
    std::vector<Point> best_seen;
    for (int attempt = 0; attempt < 200; ++attempt) {
        Board board(s.config);
        std::vector<Point> stones;
        for (int guard = 0; static_cast<int>(stones.size()) < s.opening_stones && guard < 1000; ++guard) {
            const Point p{
                std::clamp(cx - s.opening_radius + static_cast<int>(rng.below(side)), 0, s.config.width - 1),
                std::clamp(cy - s.opening_radius + static_cast<int>(rng.below(side)), 0, s.config.height - 1)};
            if (!board.is_legal(p)) continue;
            board.play(p);
            stones.push_back(p);
            if (board.game_over()) break;
        }
        if (board.game_over() || static_cast<int>(stones.size()) != s.opening_stones) continue;
        if (s.opening_stones == 0) return stones;
        player.clear_hash();
        const Answer a = player.think_about(board, node_limits(s.opening_nodes));
        if (a.move == kNoPoint || is_mate_score(a.search.score)) continue;
        const SearchResult& r = a.search;
        if (std::abs(r.score) <= s.balance) return stones;
        if (best_seen.empty()) best_seen = stones;
    }
    return best_seen;  // rare: no balanced one found, keep the first playable try
}

std::string result_name(const Board& board) {
    switch (board.status()) {
    case GameStatus::BlackWins:
        return "black";
    case GameStatus::WhiteWins:
        return "white";
    default:
        return "draw";
    }
}

// One cutoff as an arena results line (the node's stones as the opening, the refutation as the
// one move), which tengen-tune-order reads like any game.
std::string cutoff_line(const GameConfig& config, const CutoffSample& c) {
    const std::string stones = join_points(c.stones, to_letters, ",");
    return fmt::format(
        "{{\"format\":\"tengen-cutoff-1\",\"rule\":\"{}\",\"board\":[{},{}],\"k\":{},\"depth\":{},"
        "\"opening\":\"{}\",\"moves\":[{{\"x\":{},\"y\":{}}}]}}",
        rule_name(config.rule), config.width, config.height, config.win_length, c.depth, stones, c.move.x, c.move.y);
}

}  // namespace

SearchLimits node_limits(std::uint64_t nodes, int multipv) {
    SearchLimits limits;
    limits.infinite = true;  // no clock: only the node count stops the search
    limits.max_nodes = nodes;
    limits.threads = 1;
    limits.multipv = multipv;
    return limits;
}

SelfplayGame play_selfplay_game(const SelfplaySettings& s, int game, Player& player, bool sample_cutoffs) {
    SelfplayGame record;
    SplitMix64 rng(s.seed * 0x2545f4914f6cdd1dULL + static_cast<std::uint64_t>(game) + 1);
    rng.next();
    const std::vector<Point> opening = balanced_opening(s, player, rng);
    player.new_game(s.config);
    std::vector<std::string> moves, best, scores;
    for (Point p : opening) {
        player.play(p);
        moves.push_back(to_letters(p));
    }
    player.clear_hash();
    // Renju black left with only forbidden points cannot move: a draw, as a referee rules it.
    for (int ply = 0; !player.position().game_over() && side_to_move_can_play(player.position()); ++ply) {
        const bool randomise = ply < s.random_plies;
        SearchLimits limits = node_limits(s.nodes, randomise ? 4 : 1);
        if (sample_cutoffs)
            limits.on_cutoff = [&](const CutoffSample& c) { record.cutoffs.push_back(cutoff_line(s.config, c)); };
        const Answer a = player.think(limits);
        const SearchResult& r = a.search;
        if (a.move == kNoPoint) break;
        Point chosen = a.move;
        if (randomise) {
            std::vector<Point> near;
            for (const ScoredMove& m : r.best_moves)
                if (may_play(player.position(), m.move) && !is_mate_score(m.score) &&
                    m.score >= r.score - s.random_margin)
                    near.push_back(m.move);
            if (!near.empty()) chosen = near[rng.below(near.size())];
        }
        scores.push_back(std::to_string(r.score));
        // fmt rather than "\"" + ...: GCC 12 warns (-Wrestrict) on that concatenation wrongly.
        best.push_back(chosen == a.move ? std::string("null") : fmt::format("\"{}\"", to_letters(a.move)));
        moves.push_back(to_letters(chosen));
        player.play(chosen);
    }
    const Board& board = player.position();
    std::string moves_text;
    for (const auto& m : moves) moves_text += (moves_text.empty() ? "" : " ") + m;
    std::string scores_text, best_text;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        scores_text += (i ? "," : "") + scores[i];
        best_text += (i ? "," : "") + best[i];
    }
    record.line = fmt::format(
        "{{\"format\":\"tengen-selfplay-1\",\"rule\":\"{}\",\"board\":[{},{}],\"k\":{},\"seed\":{},\"game\":{},"
        "\"nodes\":{}{},\"opening_stones\":{},\"moves\":\"{}\",\"scores\":[{}],\"best\":[{}],\"result\":\"{}\"}}",
        rule_name(s.config.rule), s.config.width, s.config.height, s.config.win_length, s.seed, game, s.nodes,
        // The tables' records carry no field, as every record before the network did.
        evaluator_field(s.evaluator, s.config) == "network" ? ",\"evaluator\":\"network\"" : "", opening.size(),
        moves_text, scores_text, best_text, result_name(board));
    return record;
}

}  // namespace tengen
