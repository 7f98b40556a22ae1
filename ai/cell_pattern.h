// The combination of a cell's four line shapes for one colour, as one category: a cell where
// a four meets an open two is worth more than the sum of its lines says (the two becomes a
// three with tempo), two closed threes make a double-four threat, and so on. The evaluation
// gives every category a fitted bonus on top of its shape sum; the engine computes it once
// per shape combination when its tables are built, the tuner calls it on the same shapes.
#pragma once

#include <array>
#include <cstdint>

#include "ai/line_shape.h"

namespace tengen {

// Mutually exclusive, taken by the first rule that matches in this order.
enum CellPattern : std::uint8_t {
    kPatNone = 0,            // none of the below
    kPatForbid,              // renju black: overline or double four here (worth nothing)
    kPatFive,                // wins now
    kPatFlexFour,            // an open four or two fours: wins next move
    kPatFourThree,           // a four and an open three
    kPatFourPlus,            // a four and a closed three or an open two on another line
    kPatFour,                // a four alone
    kPatDoubleThree,         // two open threes (renju black: whatever else, as its class)
    kPatThreePlus,           // an open three and a closed three or an open two
    kPatThree,               // an open three alone
    kPatDoubleClosedThree,   // two closed threes: two fours next move
    kPatClosedThreePlusTwo,  // a closed three and an open two
    kPatDoubleTwo,           // two open twos
    kPatternCount
};

// shapes: the cell's LineShape in each of the four directions; renju_black: the colour is
// renju's black, whose overlines and double fours are forbidden and whose double threes are
// judged as such before anything else (as the engine's CellClass does).
constexpr CellPattern cell_pattern(const std::array<int, 4>& shapes, bool renju_black) {
    int five = 0, open_four = 0, four = 0, three = 0, closed_three = 0, two = 0, bad = 0;
    for (int s : shapes) {
        five += s == kFive;
        open_four += s == kOpenFour;
        four += s == kFour;
        three += s == kThree;
        closed_three += s == kThreeClosed;
        two += s == kTwo;
        bad += s == kOverline || s == kDoubleFour;
    }
    if (five) return kPatFive;
    if (renju_black) {
        if (bad || open_four + four >= 2) return kPatForbid;
        if (three >= 2) return kPatDoubleThree;
    }
    if (open_four || four >= 2) return kPatFlexFour;
    if (four && three) return kPatFourThree;
    if (four && (closed_three || two)) return kPatFourPlus;
    if (four) return kPatFour;
    if (three >= 2) return kPatDoubleThree;
    if (three && (closed_three || two)) return kPatThreePlus;
    if (three) return kPatThree;
    if (closed_three >= 2) return kPatDoubleClosedThree;
    if (closed_three && two) return kPatClosedThreePlusTwo;
    if (two >= 2) return kPatDoubleTwo;
    return kPatNone;
}

constexpr const char* cell_pattern_name(CellPattern p) {
    constexpr const char* names[kPatternCount] = {
        "None",        "Forbid",    "Five",  "FlexFour",          "FourThree",          "FourPlus", "Four",
        "DoubleThree", "ThreePlus", "Three", "DoubleClosedThree", "ClosedThreePlusTwo", "DoubleTwo"};
    return p < kPatternCount ? names[p] : "?";
}

}  // namespace tengen
