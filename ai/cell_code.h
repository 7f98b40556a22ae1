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

// The rank of four values out of `values` among all multisets, in lexicographic order of
// their sorted form; the same for every order of the four.
constexpr int multiset_rank(std::array<int, 4> s, int values) {
    auto swap_if = [&](int i, int j) {
        if (s[i] > s[j]) {
            const int t = s[i];
            s[i] = s[j];
            s[j] = t;
        }
    };
    swap_if(0, 1);
    swap_if(2, 3);
    swap_if(0, 2);
    swap_if(1, 3);
    swap_if(1, 2);
    int rank = 0;
    int low = 0;
    for (int pos = 0; pos < 4; ++pos) {
        for (int v = low; v < s[pos]; ++v) rank += multiset_count(values - v, 3 - pos);
        low = s[pos];
    }
    return rank;
}

inline constexpr int kCellCodes = multiset_count(kLineClassCount, 4);

constexpr int cell_code(const std::array<int, 4>& classes) { return multiset_rank(classes, kLineClassCount); }

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
}  // namespace detail

// cell_code for the search's make: four classes as stored, sorted by five compare-exchanges
// and ranked by four lookups in a small table, where multiset_rank loops.
inline int cell_code_of(const std::uint8_t* classes) noexcept {
    int a = classes[0], b = classes[1], c = classes[2], d = classes[3];
    auto order = [](int& x, int& y) {
        const int low = x < y ? x : y;
        y = x < y ? y : x;
        x = low;
    };
    order(a, b);
    order(c, d);
    order(a, c);
    order(b, d);
    order(b, c);
    return detail::kRankTerms[0][a] + detail::kRankTerms[1][b] + detail::kRankTerms[2][c] + detail::kRankTerms[3][d];
}

static_assert(cell_code({0, 0, 0, 0}) == 0);
static_assert(cell_code({kLineClassCount - 1, kLineClassCount - 1, kLineClassCount - 1, kLineClassCount - 1}) ==
              kCellCodes - 1);
static_assert(cell_code({1, 5, 3, 9}) == cell_code({9, 3, 5, 1}));

}  // namespace tengen
