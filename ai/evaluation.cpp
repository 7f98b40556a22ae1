#include "evaluation.h"

#include <algorithm>

namespace tengen {
namespace {

// Fitted with the cell values of search_position.cpp (kEvalWeights, same command and data).
constexpr int kTempo = -14;             // the side to move, all else equal (the averaging
                                        // already credits it: this only corrects the sum)
constexpr int kTheirThreeNoFour = -34;  // they can make an open four and we have no four

}  // namespace

Score evaluate_position(const SearchPosition& p) {
    const int us = p.side(), them = us ^ 1;
    // Now we are to move and they have just moved; before the last move the roles were swapped.
    const int now = p.tempo_potential(us, true) - p.tempo_potential(them, false);
    const int before = p.previous_tempo_potential(us, false) - p.previous_tempo_potential(them, true);
    int v = (now + before) / 2 + kTempo;
    const bool their_three = p.class_count(them, kClsFlexFour) > 0;
    const bool their_fours = p.four_cells(them) > 0;
    const bool we_black_renju = p.renju() && us == 0;
    // Hand-set, not fitted: off freestyle-like rules these positions are static wins in five
    // that never reach the evaluation; they matter for renju black, whose threes may be forbidden.
    if (p.class_count(us, kClsFourThree) > 0 && !their_fours) v += 600;
    if (!we_black_renju && p.class_count(us, kClsDoubleThree) > 0 && !their_three && !their_fours) v += 300;
    if (their_three && p.four_cells(us) == 0) v += kTheirThreeNoFour;
    return std::clamp(v, -20000, 20000);
}

}  // namespace tengen
