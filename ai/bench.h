// The bench: a fixed set of positions, each searched single-threaded to a fixed depth with a
// fresh transposition table. The total node count is the search's signature: a change that
// should not alter the search must not alter it. Deterministic: no clock takes part.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"
#include "ai/evaluator_choice.h"
#include "ai/score.h"

namespace tengen {

struct BenchPosition {
    std::string name;
    GameConfig config;
    std::string moves;         // letter notation, black first, e.g. "h8 i9 h9"
    std::vector<Point> walls;  // neutral stones placed before the moves
};

const std::vector<BenchPosition>& bench_positions();

// Builds the position; nullopt when the moves are malformed or illegal.
std::optional<Board> bench_board(const BenchPosition& position);

struct BenchLine {
    std::string name;
    int depth = 0;
    Score score = 0;
    Point best = kNoPoint;
    std::uint64_t nodes = 0;
    double ms = 0;
};

struct BenchReport {
    std::vector<BenchLine> lines;
    std::uint64_t total_nodes = 0;
    double seconds = 0;                  // wall time of the whole run, set-up included
    double search_seconds = 0;           // the searches alone
    std::uint64_t nodes_per_second = 0;  // total_nodes / search_seconds
};

inline constexpr int kDefaultBenchDepth = 8;

// Reads positions, one game a line in letter notation ("h8 i9 h9"), black first, all under
// `config`; blank lines and lines starting with '#' are skipped. Named "<source>:<line>".
// An error names the first line that is not a legal, unfinished game.
Result<std::vector<BenchPosition>> parse_positions(std::istream& in, const std::string& source,
                                                   const GameConfig& config);

// Searches every position to `depth` plies; per_line (if given) sees each result as it comes.
BenchReport run_bench(int depth, const std::function<void(const BenchLine&)>& per_line = {});
BenchReport run_bench(int depth, const std::vector<BenchPosition>& positions,
                      const std::function<void(const BenchLine&)>& per_line = {}, EvaluatorChoice evaluator = {});

}  // namespace tengen
