// An exact solver for small k-in-a-row games, independent of the heuristic evaluation:
// negamax alpha-beta over win / draw / loss with the distance to the end, a transposition
// table keyed by a symmetry-canonical hash, and only rule-preserving pruning (immediate wins,
// forced blocks, lines that nobody can complete any more). The rule's win conditions come
// from Board, renju's forbidden points from renju.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/board.h"
#include "ai/score.h"

namespace tengen {

enum class SolveValue : std::uint8_t { Unknown, Win, Draw, Loss };

std::string_view solve_value_name(SolveValue v) noexcept;  // "win", "draw", "loss", "unknown"

struct SolveLimits {
    std::uint64_t max_nodes = 0;  // 0 = no limit (counts the value and the distance searches)
    double max_seconds = 0;       // 0 = no limit
    // After the value is known, search on for the fastest win / slowest loss. A limit hit in
    // this phase keeps the value and leaves the distance an upper bound for a win.
    bool exact_distance = true;
};

struct SolveResult {
    SolveValue value = SolveValue::Unknown;  // for the side to move
    Point best = kNoPoint;                   // a move that keeps the value; kNoPoint when the game is over
    int distance = -1;                       // plies to the end of a won or lost game; -1 for a draw or unknown
    bool distance_exact = false;             // false: a win's distance is an upper bound (refinement stopped)
    Score score = 0;                         // mate_in / mated_in / kDrawScore, from the side to move's view
    std::uint64_t nodes = 0;
    double seconds = 0;
    bool stopped = false;  // a node or time limit cut the search short
};

class ExactSolverImpl;

// Owns its transposition table, which it keeps between solve() calls on the same game
// configuration (entries are exact bounds, valid from any root).
class ExactSolver {
public:
    explicit ExactSolver(std::size_t tt_bytes = std::size_t{64} << 20);
    ~ExactSolver();
    ExactSolver(const ExactSolver&) = delete;
    ExactSolver& operator=(const ExactSolver&) = delete;

    // Solves the position for its side to move. The board is copied; black moves first, so
    // positions with walls are solved as given but the side to move is the board's.
    SolveResult solve(const Board& position, const SolveLimits& limits = {});

private:
    std::unique_ptr<ExactSolverImpl> impl_;
};

}  // namespace tengen
