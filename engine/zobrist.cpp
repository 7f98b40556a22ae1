#include "zobrist.h"

#include <array>
#include <cstddef>

namespace tengen {
namespace {

constexpr int kMaxSide = kMaxBoardSide;
// Four slots per point, indexed by the colour itself; the Empty slot stays 0, so a stray
// Empty costs nothing instead of reading outside the table.
constexpr std::size_t kStoneKeys = static_cast<std::size_t>(kMaxSide) * kMaxSide * 4;

// SplitMix64: small, well mixed and constexpr, so the table is built by the compiler and
// every run (and every build) hashes positions the same way.
constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

struct ZobristKeys {
    std::array<std::uint64_t, kStoneKeys> stone{};
    std::uint64_t white_to_move = 0;
};

constexpr ZobristKeys build_keys() noexcept {
    ZobristKeys keys;
    std::uint64_t state = 0x54656E67656E2121ull;  // fixed seed: "Tengen!!"
    for (std::size_t i = 0; i < kStoneKeys; ++i)
        if (i % 4 != static_cast<std::size_t>(Color::Empty)) keys.stone[i] = splitmix64(state);
    keys.white_to_move = splitmix64(state);
    return keys;
}

constexpr ZobristKeys kKeys = build_keys();

}  // namespace

std::uint64_t zobrist_stone(Point p, Color c) noexcept {
    // Keyed on the largest board's layout, so a point has one key whatever the board size.
    const auto cell = static_cast<std::size_t>(p.y * kMaxSide + p.x);
    return kKeys.stone[cell * 4 + (static_cast<std::size_t>(c) & 3)];
}

std::uint64_t zobrist_white_to_move() noexcept { return kKeys.white_to_move; }

}  // namespace tengen
