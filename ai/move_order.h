// The codes of a learned move ordering. A cell's four line shapes for one colour, taken as an
// unordered set (which direction holds which shape does not matter), form one of kOrderCodes
// codes. tengen-tune-order fits an attack value per code of the mover and a defence value per
// code of the opponent against chosen moves (a search's refutations, from selfplay --cutoffs,
// or the moves of recorded games) and writes them as ai/move_order_weights.h. The search orders
// freestyle moves by the finer codes of the evaluation's line classes (tengen-tune-order
// --fine, ai/cell_code.h); these coarser ones fitted no better than the hand-set order.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "ai/cell_code.h"
#include "engine/types.h"

namespace tengen {

inline constexpr int kOrderCodes = multiset_count(kShapeCount, 4);

// The code of a cell's four shapes; the same for every order of the four.
constexpr int order_code(const std::array<int, 4>& shapes) { return multiset_rank(shapes, kShapeCount); }

static_assert(order_code({0, 0, 0, 0}) == 0);
static_assert(order_code({kShapeCount - 1, kShapeCount - 1, kShapeCount - 1, kShapeCount - 1}) == kOrderCodes - 1);
static_assert(order_code({1, 2, 3, 4}) == order_code({4, 3, 2, 1}));

// The ordering's nearness terms, one per bucket of a candidate's Chebyshev distance to a stone
// (the opponent's last, our own last): 1, 2, 3, 4, farther, and kNoStoneBucket when there is no
// such stone yet. The tuner and the search bucket alike through this.
inline constexpr int kNearnessBuckets = 6;
inline constexpr int kNoStoneBucket = kNearnessBuckets - 1;
constexpr int nearness_bucket(Point cell, Point stone) { return std::min(chebyshev_distance(cell, stone), 5) - 1; }

}  // namespace tengen
