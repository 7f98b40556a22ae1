// One self-play training game: a balanced random opening, then Tengen against itself at a
// fixed node count, written as one JSON line (format in docs/training-data.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ai/player.h"
#include "engine/types.h"

namespace tengen {

struct SelfplaySettings {
    GameConfig config;
    std::uint64_t seed = 1;
    int games = 100;
    std::uint64_t nodes = 8000;          // per move
    std::uint64_t opening_nodes = 8000;  // per balance check of an opening
    int opening_stones = 4;
    int opening_radius = 3;
    int balance = 150;          // |score| an opening may have, in search units
    int random_plies = 4;       // plies after the opening that pick among near-best moves
    int random_margin = 30;     // how far below the best such a move may score
    EvaluatorChoice evaluator;  // the tables, or the value network (a later generation's games)
};

struct SelfplayGame {
    std::string line;                  // the game's JSON line, without its newline
    std::vector<std::string> cutoffs;  // with sampled cutoffs: the game's, in order, one line each
};

// A search stopped by its node count alone, on one thread: the same tree on any machine.
SearchLimits node_limits(std::uint64_t nodes, int multipv = 1);

// Game number `game` of the run that `settings` describe: the same bytes for the same build,
// settings and number, on any machine and in any thread.
SelfplayGame play_selfplay_game(const SelfplaySettings& settings, int game, Player& player, bool sample_cutoffs);

}  // namespace tengen
