// Small builders the search and player tests share: a position from its moves, and limits
// that stop at a depth whatever the clock says.
#pragma once

#include <vector>

#include "engine/board.h"
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

}  // namespace tengen::test
