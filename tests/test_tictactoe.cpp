// Tengen plays tic-tac-toe perfectly: from every reachable position the
// engine's move keeps the game's value, wins in the fewest plies and loses in the most. The
// exact solver, which shares no code with the heuristic search, is the judge.
#define BOOST_TEST_MODULE tictactoe
#include <boost/test/unit_test.hpp>

#include <set>
#include <vector>

#include "engine/board.h"
#include "ai/exact_solver.h"
#include "ai/searcher.h"

using namespace tengen;

namespace {

const GameConfig kTicTacToe{3, 3, 3, Rule::Freestyle};

// Every position reachable from the empty board with the game still running, each once.
void collect_positions(Board& board, std::set<std::uint64_t>& seen, std::vector<Board>& out) {
    if (board.game_over() || !seen.insert(board.hash()).second) return;
    out.push_back(board);
    for (int i = 0; i < board.area(); ++i) {
        const Point p = board.point(i);
        if (!board.is_empty(p)) continue;
        board.play(p);
        collect_positions(board, seen, out);
        board.unmake();
    }
}

SearchLimits exhaustive_limits() {
    SearchLimits limits;
    limits.infinite = true;  // no clock: the board is small enough to search to the end
    limits.max_depth = 10;
    return limits;
}

}  // namespace

BOOST_AUTO_TEST_CASE(all_positions_are_reached) {
    Board board(kTicTacToe);
    std::set<std::uint64_t> seen;
    std::vector<Board> positions;
    collect_positions(board, seen, positions);
    // 5478 legal positions, of which 958 are finished games.
    BOOST_TEST(positions.size() == 5478u - 958u);
}

BOOST_AUTO_TEST_CASE(engine_keeps_the_value_and_takes_the_shortest_way) {
    Board empty(kTicTacToe);
    std::set<std::uint64_t> seen;
    std::vector<Board> positions;
    collect_positions(empty, seen, positions);

    Searcher searcher(std::size_t{1} << 20);
    ExactSolver solver(std::size_t{4} << 20);
    int checked = 0;
    for (const Board& position : positions) {
        const SolveResult truth = solver.solve(position);
        BOOST_REQUIRE(truth.value != SolveValue::Unknown);
        const SearchResult answer = searcher.search(position, exhaustive_limits());
        BOOST_REQUIRE(position.is_empty(answer.best));

        Board after = position;
        after.play(answer.best);
        SolveValue value_after = SolveValue::Draw;
        int distance_after = 0;
        if (after.game_over()) {
            value_after = after.winner() ? SolveValue::Win : SolveValue::Draw;
            distance_after = 1;
        } else {
            const SolveResult reply = solver.solve(after);
            value_after = reply.value == SolveValue::Win    ? SolveValue::Loss
                          : reply.value == SolveValue::Loss ? SolveValue::Win
                                                            : SolveValue::Draw;
            distance_after = reply.distance + 1;
        }
        BOOST_TEST((value_after == truth.value), "move " << answer.best.x << "," << answer.best.y
                                                         << " changes the value at ply " << position.placed_count());
        if (truth.value != SolveValue::Draw && value_after == truth.value)
            BOOST_TEST(distance_after == truth.distance, "move " << answer.best.x << "," << answer.best.y << " ends in "
                                                                 << distance_after << " plies, best is "
                                                                 << truth.distance);
        ++checked;
    }
    BOOST_TEST(checked == 4520);
}
