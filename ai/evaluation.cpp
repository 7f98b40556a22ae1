#include "ai/evaluation.h"

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

bool evaluated_by_search(const SearchPosition& p) {
    const int us = p.side(), them = us ^ 1;
    if (p.empty_cells() == 0) return false;
    if (p.class_count(us, kClsFive) > 0 || p.class_count(them, kClsFive) > 0) return false;
    if (p.class_count(us, kClsFlexFour) > 0) return false;
    const bool renju_black = p.renju() && us == 0;
    if (p.four_cells(them) == 0 && !renju_black &&
        (p.class_count(us, kClsFourThree) > 0 || p.class_count(us, kClsDoubleThree) > 0))
        return false;
    return true;
}

}  // namespace tengen
