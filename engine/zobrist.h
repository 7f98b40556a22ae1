// Zobrist keys: one random 64-bit key per (point, cell content) on the largest board, plus
// one for the side to move. One set for the whole program (the board, the search's position,
// the exact solver), built by the compiler from a fixed seed, so hashes are the same in every
// run and every build.
#pragma once

#include <array>
#include <cstdint>

#include "engine/types.h"

namespace tengen {

struct ZobristKeys {
    // [y * kMaxBoardSide + x][content]: content is the Color's value (Empty, Black, White,
    // Wall). The Empty keys exist only so any content indexes the table; nothing hashes them.
    std::array<std::array<std::uint64_t, 4>, static_cast<std::size_t>(kMaxBoardSide) * kMaxBoardSide> stone{};
    std::uint64_t white_to_move = 0;
};

extern const ZobristKeys kZobristKeys;

inline std::uint64_t zobrist_stone(Point p, Color c) noexcept {
    // Keyed on the largest board's layout, so a point has one key whatever the board size.
    return kZobristKeys.stone[static_cast<std::size_t>(p.y * kMaxBoardSide + p.x)][static_cast<std::size_t>(c) & 3];
}

inline std::uint64_t zobrist_white_to_move() noexcept { return kZobristKeys.white_to_move; }

}  // namespace tengen
