#include "ai/evaluation.h"

#include <algorithm>

#include "ai/eval_tables.h"

namespace tengen {

int threat_mask(const SearchPosition& p) {
    const int us = p.side(), them = us ^ 1;
    ThreatBits t{};
    t.our_four_three = p.class_count(us, kClsFourThree) > 0;
    t.our_four = p.four_cells(us) > 0;
    t.our_double_three = p.class_count(us, kClsDoubleThree) > 0;
    t.our_open_three = p.class_count(us, kClsThree) > 0;
    t.their_open_three = p.class_count(them, kClsFlexFour) > 0;
    t.their_four_three = p.class_count(them, kClsFourThree) > 0;
    t.their_four = p.four_cells(them) > 0;
    t.their_double_three = p.class_count(them, kClsDoubleThree) > 0;
    t.their_three = p.class_count(them, kClsThree) > 0;
    return threat_mask_of(t);
}

int threat_variant(const SearchPosition& p) { return eval_mode(p.config().rule, p.side()); }

Score evaluate_position(const SearchPosition& p) {
    const int us = p.side(), them = us ^ 1;
    // Now we are to move and they have just moved; before the last move the roles were swapped.
    const int now = p.tempo_potential(us, true) - p.tempo_potential(them, false);
    const int before = p.previous_tempo_potential(us, false) - p.previous_tempo_potential(them, true);
    const int v = (now + before) / 2 + kThreatEval[threat_variant(p)][threat_mask(p)];
    return std::clamp(v, -20000, 20000);
}

}  // namespace tengen
