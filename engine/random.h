// The one seeded random generator of the code base: SplitMix64. Small, fully specified and
// constexpr, so a seed gives the same numbers on every platform, compiler and run (the
// standard library's distributions and std::shuffle are not specified that tightly). Every
// seeded choice (Zobrist keys, opening order, generated openings, self-play) draws from it.
#pragma once

#include <cstdint>

namespace tengen {

class SplitMix64 {
public:
    constexpr explicit SplitMix64(std::uint64_t seed) noexcept : state_(seed) {}

    constexpr std::uint64_t next() noexcept {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

    // A number in 0 .. n-1 (n > 0), by plain modulo: the tiny bias is irrelevant for the
    // board-sized ranges it serves, and it keeps earlier seeded outputs unchanged.
    constexpr std::uint64_t below(std::uint64_t n) noexcept { return next() % n; }

private:
    std::uint64_t state_;
};

}  // namespace tengen
