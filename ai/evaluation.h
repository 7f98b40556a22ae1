// The static evaluation of a search position, from the side to move's view: the inputs every
// evaluator shares (each colour's tables, the threat mask) and the search's one call.
#pragma once

#include "ai/cell_code.h"
#include "ai/score.h"
#include "ai/search_position.h"

namespace tengen {

// Which big threats each side holds, as the bits of one index into the evaluation's learned
// table of tempo values: "we can make a four-three and they have an open three" is one entry.
inline constexpr int kThreatMasks = 512;
// Which tables a colour's cells are valued with. Renju is not symmetric (black's threes may be
// forbidden, white may overline), so each renju colour has its own; the other rules share [0],
// and data of one rule cannot move another's values.
inline constexpr int kEvalModes = 3;  // [0] every rule but renju, [1] renju black, [2] renju white
constexpr int eval_mode(Rule rule, int colour) { return rule != Rule::Renju ? 0 : colour == 0 ? 1 : 2; }
inline constexpr int kThreatVariants = kEvalModes;  // the side to move's mode
// The mode whose cells follow renju black's restrictions (forbidden points, no overline).
constexpr bool is_renju_black_mode(int mode) { return mode == eval_mode(Rule::Renju, 0); }

struct ThreatBits {
    bool our_four_three;    // the side to move has a cell making a four and an open three
    bool our_four;          // ... a cell making a four
    bool our_double_three;  // ... a cell making two open threes
    bool our_open_three;    // ... a cell making an open three
    bool their_open_three;  // the opponent has a cell making an open four (an open three on the board)
    bool their_four_three;
    bool their_four;
    bool their_double_three;
    bool their_three;  // the opponent has a cell making an open three
};

constexpr int threat_mask_of(const ThreatBits& t) {
    return t.our_four_three | t.our_four << 1 | t.our_double_three << 2 | t.our_open_three << 3 |
           t.their_open_three << 4 | t.their_four_three << 5 | t.their_four << 6 | t.their_double_three << 7 |
           t.their_three << 8;
}

constexpr ThreatBits threat_bits(int mask) {
    return {(mask & 1) != 0,  (mask & 2) != 0,  (mask & 4) != 0,   (mask & 8) != 0,  (mask & 16) != 0,
            (mask & 32) != 0, (mask & 64) != 0, (mask & 128) != 0, (mask & 256) != 0};
}

int threat_mask(const SearchPosition& p);
int threat_variant(const SearchPosition& p);

// Whether the search takes the evaluator's score for this position: not when the board is
// full, a five is on the board to make, the side to move has a flex four, or it has a
// four-three or double three that wins by force (the search scores those as mates). What the
// evaluations are fitted and judged on.
bool evaluated_by_search(const SearchPosition& p);

// An evaluator's refresh from scratch: every empty cell's code for both colours, told as a
// change from kNoCellCode (an evaluator whose state starts at zero then holds the full sums).
template <class Evaluator>
void tell_every_code(const SearchPosition& p, Evaluator& e) {
    for (int y = 0; y < p.height(); ++y)
        for (int x = 0; x < p.width(); ++x) {
            const int cell = p.cell_of({x, y});
            if (!p.empty(cell)) continue;
            for (int c = 0; c < 2; ++c) e.code_changed(cell, c, kNoCellCode, p.cell_code_at(cell, c));
        }
}

// The side to move's score from the position's evaluator (ai/position_evaluator.h).
inline Score evaluate_position(const SearchPosition& p) { return p.evaluator().evaluate(p); }

}  // namespace tengen
