// The board's symmetries, for everything that treats mirrored or turned positions as one (the
// exact solver's canonical hash, the arena's transformed openings).
#pragma once

#include "engine/types.h"

namespace tengen {

// 8 on a square board, 4 on a rectangle (only those keep its shape). Identity is number 0.
int symmetry_count(const GameConfig& config) noexcept;
// Where symmetry number 0 <= s < symmetry_count maps p. On a square: 1, 2, 3 turn by a
// quarter, a half and three quarters, 4 and 5 mirror left-right and top-bottom, 6 and 7
// reflect in the diagonals; on a rectangle 0..3 are the identity, the half turn and the two
// mirrors. Numbers past the count wrap around.
Point apply_symmetry(Point p, int symmetry, const GameConfig& config) noexcept;

}  // namespace tengen
