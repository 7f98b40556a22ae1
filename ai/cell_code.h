// A cell's four line classes for one colour, taken as an unordered set (which direction
// holds which class does not matter), numbered 0 .. kCellCodes-1. The learned evaluation
// values each code; its tables are indexed by this number.
#pragma once

#include <array>

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

static_assert(cell_code({0, 0, 0, 0}) == 0);
static_assert(cell_code({kLineClassCount - 1, kLineClassCount - 1, kLineClassCount - 1, kLineClassCount - 1}) ==
              kCellCodes - 1);
static_assert(cell_code({1, 5, 3, 9}) == cell_code({9, 3, 5, 1}));

}  // namespace tengen
