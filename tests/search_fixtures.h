// Small builders the search, player and evaluation tests share: a position from its moves,
// limits that stop at a depth whatever the clock says, and a random walk of moves.
#pragma once

#include <random>
#include <vector>

#include "engine/board.h"
#include "ai/search_position.h"
#include "ai/searcher.h"

namespace tengen::test {

inline Board board_with(const GameConfig& config, const std::vector<Point>& moves) {
    Board b(config);
    for (Point p : moves) b.play(p);
    return b;
}

inline SearchLimits depth_limit(int depth) {
    SearchLimits l;
    l.infinite = true;
    l.max_depth = depth;
    return l;
}

// How a random walk goes: where it plays (columns x0..x1, rows y0..y1; the whole board when
// left as they are) and how often it takes back and how far. The area must hold more points
// than the walk has steps.
struct WalkOptions {
    int x0 = 0, x1 = -1, y0 = 0, y1 = -1;
    int take_back_one_in = 3;  // the chance of a take-back at a step; 0: only once the game is over
    int most_taken_back = 3;   // a take-back undoes one to this many of the walk's moves

    WalkOptions& in_area(int from_x, int to_x, int from_y, int to_y) {
        x0 = from_x, x1 = to_x, y0 = from_y, y1 = to_y;
        return *this;
    }
    WalkOptions& taking_back(int one_in, int most = 1) {
        take_back_one_in = one_in, most_taken_back = most;
        return *this;
    }
};

// The one random walk of the tests that hold an incremental state to the one built from
// scratch. Walks a board and a search position set from it through the same random moves and
// take-backs for `steps` steps, calling check(board, position) after each: a step plays a
// random legal point of the area (drawn until one is legal) or, one step in take_back_one_in,
// takes back some of the walk's own moves, as does every step once the game is over.
template <class Check>
void random_walk(Board& board, SearchPosition& position, std::mt19937& rng, int steps, Check&& check,
                 WalkOptions walk = {}) {
    if (walk.x1 < walk.x0) walk.x0 = 0, walk.x1 = board.width() - 1;
    if (walk.y1 < walk.y0) walk.y0 = 0, walk.y1 = board.height() - 1;
    const auto one_in = static_cast<std::mt19937::result_type>(walk.take_back_one_in);
    const auto most = static_cast<std::mt19937::result_type>(walk.most_taken_back);
    std::uniform_int_distribution<int> x(walk.x0, walk.x1), y(walk.y0, walk.y1);
    int made = 0;
    for (int step = 0; step < steps; ++step) {
        if (made > 0 && (board.game_over() || (one_in > 0 && rng() % one_in == 0))) {
            for (int back = 1 + static_cast<int>(rng() % most); back > 0 && made > 0; --back, --made) {
                board.unmake();
                position.unmake();
            }
        } else {
            if (board.game_over()) return;
            Point p{x(rng), y(rng)};
            while (!board.is_legal(p)) p = {x(rng), y(rng)};
            board.play(p);
            position.make(position.cell_of(p));
            ++made;
        }
        check(static_cast<const Board&>(board), static_cast<const SearchPosition&>(position));
    }
}

}  // namespace tengen::test
