// Game records read for training: self-play records (`pbrain-tengen selfplay`, format
// tengen-selfplay-1; docs/training-data.md) with the search's scores, and arena results lines
// (tengen-arena --results), which have the result alone: the board config, every stone in
// order and the result.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "engine/types.h"

namespace tengen {

struct SelfplayGame {
    GameConfig config;
    std::vector<Point> stones;  // opening included, black first
    int opening_stones = 0;
    // scores[i]: the search's score of the position after opening_stones + i stones, from its
    // side to move's view; nullopt where the record has none.
    std::vector<std::optional<int>> scores;
    // chosen[i]: the move the search chose in that position (the record's "best" where a
    // randomised ply played another, else the move played); empty for arena lines, whose
    // moves are no search of ours.
    std::vector<Point> chosen;
    double black_result = 0.5;  // 1 black won, 0 white won, 0.5 a draw
    // What the validation split goes by: an arena line's pair (its opening, played with both
    // colours: the two games share their first moves, so they must fall on the same side of the
    // split), else the record's game number; -1 when it has neither.
    long long split_key = -1;
};

// One line of either kind; a failure names what is wrong with it (or why the game is of no use).
Result<SelfplayGame> parse_selfplay_line(std::string_view line);

}  // namespace tengen
