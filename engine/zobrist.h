// Zobrist keys: one random 64-bit key per (point, colour) on the largest board, plus one for
// the side to move. Built once from a fixed seed, so hashes are the same in every run.
#pragma once

#include <cstdint>

#include "types.h"

namespace tengen {

std::uint64_t zobrist_stone(Point p, Color c) noexcept;  // c is Black, White or Wall
std::uint64_t zobrist_white_to_move() noexcept;

}  // namespace tengen
