// The evaluation seam: what the search position tells its evaluator and what the search asks
// of it. The position owns one evaluator and drives it from make, unmake and set_from; the
// search asks it for a score (evaluate_position, ai/evaluation.h). Which evaluator is a
// compile-time choice, so make's per-cell notification is a direct, inlined call.
#pragma once

#include <concepts>

#include "ai/score.h"
#include "ai/table_evaluator.h"
#include "engine/types.h"

namespace tengen {

class SearchPosition;

// An incremental evaluation of a search position. Its calls, in the position's order:
// - refresh(p) in set_from, once every empty cell's codes are known (p.cell_code_at): state
//   from scratch, no saved states;
// - push() at the start of each make (before any code changes), then code_changed(cell,
//   colour, old, new) for each cell and colour whose code the move changed, the moved-on
//   cell included (its new code is kNoCellCode);
// - pop() in unmake: back to the state before the matching push (saved states or reverse
//   deltas, the evaluator's choice);
// - evaluate(p) from the search, the side to move's score.
// state() is what make and refresh must agree on: the tests compare it after a random walk
// with the state a fresh set_from builds.
template <class E>
concept PositionEvaluator = std::constructible_from<E, const GameConfig&> &&
    requires(E e, const E ce, const SearchPosition& p, int cell, int colour, int old_code, int new_code) {
    e.refresh(p);
    e.push();
    e.code_changed(cell, colour, old_code, new_code);
    e.pop();
    { ce.evaluate(p) } -> std::same_as<Score>;
    { ce.state() == ce.state() } -> std::convertible_to<bool>;
};

// The evaluator every search position uses.
using SearchEvaluator = TableEvaluator;
static_assert(PositionEvaluator<SearchEvaluator>);

}  // namespace tengen
