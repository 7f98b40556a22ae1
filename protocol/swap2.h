// The swap2 opening (SWAP2BOARD): which stones to place, or whether to swap, chosen from
// search evaluations. Simple on purpose: aim for balance when placing, take the better side
// when choosing, and when a choice is too close to call, place two more stones evenly and
// let the opponent choose.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"
#include "ai/player.h"

namespace tengen {

// Searches one position through the player (its answer is a point the side to move may play,
// kNoPoint when the game is over); the session supplies it so stop requests work as for a
// normal move.
using PositionSearch = std::function<Answer(const Board&, std::int64_t budget_ms)>;

struct Swap2Decision {
    std::string answer;         // "x,y x,y x,y", "SWAP", "x,y" or "x,y x,y"
    std::vector<Point> placed;  // the stones the answer adds (empty for SWAP)
};

// stones: the opening so far in move order, black first (0, 3 or 5 of them; checked by the
// caller). budget_ms: the whole decision's time. A reason string when nothing can be placed.
Result<Swap2Decision> decide_swap2(const Board& opening, std::int64_t budget_ms, const PositionSearch& search);

// Margin (evaluation units) by which black must lead before we swap to take it after three stones.
inline constexpr Score kSwapMargin = 100;
// After three stones, when black leads but by less than kSwapMargin the evaluation is too close
// to call: we place the 4th and 5th stones as evenly as we can and leave the choice of colour
// to the opponent. White ahead or level: we play white's 4th stone.
inline constexpr int kFifthStoneCandidates = 6;

}  // namespace tengen
