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

// Walks a board and a search position set from it through the same random moves and take-backs
// for `steps` steps, calling check(board, position) after each: two steps in three play a
// random legal point (drawn until one is legal), the third takes back one to three of the
// walk's own moves, as does every step once the game is over.
template <class Check>
void random_walk(Board& board, SearchPosition& position, std::mt19937& rng, int steps, Check&& check) {
    std::uniform_int_distribution<int> x(0, board.width() - 1), y(0, board.height() - 1);
    int made = 0;
    for (int step = 0; step < steps; ++step) {
        if (made > 0 && (board.game_over() || rng() % 3 == 0)) {
            for (int back = 1 + static_cast<int>(rng() % 3); back > 0 && made > 0; --back, --made) {
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
