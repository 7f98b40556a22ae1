// Game records for the tuners: arena results lines (tengen-arena --results) and
// `pbrain-tengen selfplay` lines (docs/training-data.md), replayed as the board config, the
// opening's stones and then the moves. Header-only.
#pragma once

#include <algorithm>
#include <fstream>
#include <optional>
#include <functional>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/notation.h"
#include "engine/types.h"

namespace tengen {

inline constexpr int kNoSearchScore = std::numeric_limits<int>::min();

struct RecordedGame {
    GameConfig config;
    std::vector<Point> stones;  // the opening's, then the moves, black first
    int opening_stones = 0;
    std::string result;  // "black", "white" or "draw"
    std::string reason;  // how it ended ("five", "time-forfeit", ...)
    // Self-play lines only, one entry per move after the opening: the search's score before the
    // move (side to move's view) and its best move (the move played unless it was randomised).
    std::vector<int> search_scores;  // kNoSearchScore where the line has none; may score the final position too
    std::vector<Point> search_best;
};

struct RecordedGameCounts {
    int games = 0;    // handed to the caller
    int skipped = 0;  // unreadable lines, unknown rules, bad openings
};

// The game ended on the board (not on time, a crash or an illegal move), so its result says
// something about the position.
inline bool ended_on_the_board(const RecordedGame& g) {
    return g.reason.empty() || g.reason == "five" || g.reason == "win" || g.reason == "board-full" ||
           g.reason == "draw" || g.reason.find("in a row") != std::string::npos;
}

// Calls on_game for every readable line of the file; exits with status 2 when it cannot be read.
inline RecordedGameCounts for_each_recorded_game(const std::string& path,
                                                 const std::function<void(const RecordedGame&)>& on_game) {
    RecordedGameCounts counts;
    std::ifstream in(path);
    if (!in) {
        std::cerr << "cannot read " << path << "\n";
        std::exit(2);
    }
    std::string line;
    while (std::getline(in, line)) {
        const nlohmann::json g = nlohmann::json::parse(line, nullptr, false);
        if (g.is_discarded() || !g.is_object()) {
            ++counts.skipped;
            continue;
        }
        RecordedGame game;
        if (g.contains("board") && g["board"].is_array() && g["board"].size() == 2 &&
            g["board"][0].is_number_integer() && g["board"][1].is_number_integer()) {
            game.config.width = g["board"][0].get<int>();
            game.config.height = g["board"][1].get<int>();
        }
        game.config.win_length = g.value("k", 5);
        const auto rule = parse_rule(g.value("rule", "freestyle"));
        if (!rule || !check_config(game.config).ok()) {
            ++counts.skipped;
            continue;
        }
        game.config.rule = *rule;
        bool ok = true;
        // Self-play lines keep every stone in "moves", one letter string, opening first.
        const bool selfplay = g.value("format", "").rfind("tengen-selfplay", 0) == 0;
        const std::string opening = selfplay ? g.value("moves", "") : g.value("opening", "");
        for (std::size_t start = 0; start < opening.size();) {
            std::size_t end = opening.find(selfplay ? ' ' : ',', start);
            if (end == std::string::npos) end = opening.size();
            const auto q = parse_letters(std::string_view(opening).substr(start, end - start));
            if (!q)
                ok = false;
            else
                game.stones.push_back(*q);
            start = end + 1;
        }
        if (!ok) {
            ++counts.skipped;
            continue;
        }
        game.opening_stones = static_cast<int>(game.stones.size());
        if (selfplay) {
            game.opening_stones = std::min(game.opening_stones, std::max(0, g.value("opening_stones", 0)));
            const auto scores = g.value("scores", nlohmann::json::array());
            const auto best = g.value("best", nlohmann::json::array());
            const std::size_t played = game.stones.size() - static_cast<std::size_t>(game.opening_stones);
            // One score more than moves played scores the final position too: a record that
            // stops short of the game's end (a search node judged on its own) has one.
            if ((scores.size() == played || scores.size() == played + 1) && best.size() == played) {
                for (std::size_t i = 0; i < scores.size(); ++i) {
                    // null: the mover reported no score (a converted arena game's forced reply)
                    game.search_scores.push_back(scores[i].is_number_integer() ? scores[i].get<int>() : kNoSearchScore);
                    if (i == played) break;
                    const auto b = best[i].is_string() ? parse_letters(best[i].get<std::string>()) : std::nullopt;
                    game.search_best.push_back(b ? *b : game.stones[game.opening_stones + i]);
                }
            }
        } else {
            for (const auto& m : g.value("moves", nlohmann::json::array()))
                game.stones.push_back({m.value("x", -1), m.value("y", -1)});
        }
        game.result = g.value("result", "");
        game.reason = g.value("reason", "");
        ++counts.games;
        on_game(game);
    }
    return counts;
}

}  // namespace tengen
