// Builds positions from what a manager sends: a BOARD block (colours from field codes and
// counts), a swap2 move list, or the current position with one stone taken back. Every
// function checks everything first and returns a reason instead of a half-built board.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"
#include "protocol/text_parse.h"

namespace tengen {

// A built position, or the one-line reason it could not be built.
using SetupResult = Result<Board>;

// BOARD / YXBOARD: field 1 = the engine's stone, 2 = the opponent's, 3 = a wall. The engine
// is to move afterwards, so the opponent has as many stones as the engine (then the engine
// is black) or one more (then the opponent is black); walls are not counted. Under renju the
// order given is the game's move order (walls first, then black and white alternately); under
// every other rule it carries no meaning and only the final position is judged (an overline
// listed in sorted order, or a caro five whose blockers come last, is no win).
SetupResult board_from_fields(const GameConfig& config, const std::vector<BoardLine>& lines);

// SWAP2BOARD: bare moves in order, black first, alternating.
SetupResult board_from_moves(const GameConfig& config, const std::vector<Point>& moves);

// The position with the stone at p removed; the side to move becomes that stone's colour
// (the usual case, p the last move, is a plain unmake). A reason when p holds no stone.
SetupResult board_without(const Board& board, Point p);

}  // namespace tengen
