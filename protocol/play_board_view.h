// Drawing the board for people: column labels on top and bottom, row numbers (1 = top row)
// on both sides, the last move in brackets, optional ANSI colour.
#pragma once

#include <string>
#include <vector>

#include "engine/board.h"

namespace tengen {

// How play writes a point: "h8"; columns past z (boards wider than 26) as "27,5", the
// 1-based column and row that play also accepts as input.
std::string play_point_name(Point p);
// Points joined by single spaces, e.g. a winning line "h8 h9 h10 h11 h12".
std::string play_points_text(const std::vector<Point>& points);

struct BoardViewStyle {
    bool color = false;            // ANSI escapes (only for a terminal)
    std::vector<Point> highlight;  // e.g. the winning line
};

// The whole drawing, ending with a newline. Black is X, white O, a wall #, empty '.'.
std::string draw_board(const Board& board, const BoardViewStyle& style = {});

}  // namespace tengen
