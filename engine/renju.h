// Renju's forbidden points for black: overline, double four, double three, with the
// recursive check that a three is real only if its straight four is itself not forbidden.
#pragma once

#include <string_view>

#include "engine/board.h"

namespace tengen {

enum class Forbidden : unsigned char { None, DoubleThree, DoubleFour, Overline };

std::string_view forbidden_name(Forbidden f) noexcept;  // "", "double three", "double four", "overline"

// Is empty point p forbidden for black on this board? Looks at the stones only (ignores the
// board's rule and side to move); a move that makes exactly five is never forbidden.
// The recursive check places its temporary stones on a private copy of the stones.
Forbidden renju_forbidden(const Board& board, Point p);

// Convenience: true when the board's rule is renju and p is forbidden for black.
bool is_forbidden_for_black(const Board& board, Point p);

// Whether the side to move has a point it may play: any empty point, except that black under
// renju needs one that is not forbidden. False on a full board, and when renju leaves black
// only forbidden points (the game is then drawn: black cannot move).
bool side_to_move_can_play(const Board& board);

}  // namespace tengen
