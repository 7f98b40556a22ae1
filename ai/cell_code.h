// A cell's four line classes for one colour, taken as an unordered set (which direction
// holds which class does not matter), numbered 0 .. kCellCodes-1. The learned evaluation
// values each code; its tables are indexed by this number.
#pragma once

#include <array>
#include <cstdint>

#include "ai/line_shape.h"

namespace tengen {

// Multisets of `size` values out of `values`: C(values + size - 1, size).
constexpr int multiset_count(int values, int size) {
    long long n = 1;
    for (int i = 0; i < size; ++i) n = n * (values + i) / (i + 1);
    return static_cast<int>(n);
}

// Four values in ascending order, by five compare-exchanges (a sorting network: no loop, no
// branch on the data beyond the selects, so make's hot path can use it too).
constexpr std::array<int, 4> sorted4(std::array<int, 4> s) {
    auto order = [&s](int i, int j) {
        const int low = s[i] < s[j] ? s[i] : s[j];
        s[j] = s[i] < s[j] ? s[j] : s[i];
        s[i] = low;
    };
    order(0, 1);
    order(2, 3);
    order(0, 2);
    order(1, 3);
    order(1, 2);
    return s;
}

// The rank of four values out of `values` among all multisets, in lexicographic order of
// their sorted form; the same for every order of the four.
constexpr int multiset_rank(const std::array<int, 4>& values_in_any_order, int values) {
    const std::array<int, 4> s = sorted4(values_in_any_order);
    int rank = 0;
    int low = 0;
    for (int pos = 0; pos < 4; ++pos) {
        for (int v = low; v < s[pos]; ++v) rank += multiset_count(values - v, 3 - pos);
        low = s[pos];
    }
    return rank;
}

inline constexpr int kCellCodes = multiset_count(kLineClassCount, 4);
// The code of a cell that is no longer empty: the evaluation seam's "new code" for the cell a
// move fills, valued nothing.
inline constexpr int kNoCellCode = kCellCodes;

constexpr int cell_code(const std::array<int, 4>& classes) { return multiset_rank(classes, kLineClassCount); }

// The code of an empty cell with no stone within reach on any of its four lines: most of an
// early board's cells, and more of them the larger the board.
inline constexpr int kQuietCellCode = cell_code({kLcOne, kLcOne, kLcOne, kLcOne});

namespace detail {
// multiset_rank's sum, regrouped by sorted position: the rank of sorted s0 <= s1 <= s2 <= s3 is
// kRankTerms[0][s0] + kRankTerms[1][s1] + kRankTerms[2][s2] + kRankTerms[3][s3].
constexpr std::array<std::array<int, kLineClassCount>, 4> rank_terms() {
    // below[pos][x]: what values under x at sorted position pos add to the rank.
    std::array<std::array<int, kLineClassCount + 1>, 4> below{};
    for (int pos = 0; pos < 4; ++pos)
        for (int x = 0; x < kLineClassCount; ++x)
            below[pos][x + 1] = below[pos][x] + multiset_count(kLineClassCount - x, 3 - pos);
    std::array<std::array<int, kLineClassCount>, 4> terms{};
    for (int x = 0; x < kLineClassCount; ++x) {
        for (int pos = 0; pos < 3; ++pos) terms[pos][x] = below[pos][x] - below[pos + 1][x];
        terms[3][x] = below[3][x];
    }
    return terms;
}
inline constexpr auto kRankTerms = rank_terms();

inline constexpr int kOrderedQuadruples = kLineClassCount * kLineClassCount * kLineClassCount * kLineClassCount;
// The code of every ordered quadruple, by c0 + n (c1 + n (c2 + n c3)) for n classes: 77 KB.
// Built at start-up in cell_code.cpp: as a constant it would pass the compiler's evaluation
// limit, and a constexpr-capable initializer here made the compiler try (and give up) in every
// file that includes this header, about 13 s each.
std::array<std::uint16_t, kOrderedQuadruples> ordered_codes();
inline const auto kOrderedCodes = ordered_codes();
}  // namespace detail

// cell_code for the search's make: four classes as stored, their code read from a table of
// every order of four, where multiset_rank sorts and loops.
inline int cell_code_of(const std::uint8_t* classes) noexcept {
    return detail::kOrderedCodes[classes[0] +
                                 kLineClassCount *
                                     (classes[1] + kLineClassCount * (classes[2] + kLineClassCount * classes[3]))];
}

static_assert(cell_code({0, 0, 0, 0}) == 0);
static_assert(cell_code({kLineClassCount - 1, kLineClassCount - 1, kLineClassCount - 1, kLineClassCount - 1}) ==
              kCellCodes - 1);
static_assert(cell_code({1, 5, 3, 9}) == cell_code({9, 3, 5, 1}));

}  // namespace tengen
