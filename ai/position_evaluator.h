// The evaluation seam: what the search position tells its evaluator and what the search asks
// of it. The position owns one evaluator and drives it from make, unmake and set_from; the
// search asks it for a score (evaluate_position, ai/evaluation.h). Two evaluators stand behind
// it, the learned tables and the value network, chosen when a search's positions are made
// (EvaluatorChoice): each per-cell notification is one predictable branch and a direct call.
#pragma once

#include <concepts>
#include <optional>

#include "ai/evaluator_choice.h"
#include "ai/network_evaluator.h"
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
concept PositionEvaluator = requires(E e, const E ce, const SearchPosition& p, int cell, int colour, int old_code,
                                     int new_code) {
    e.refresh(p);
    e.push();
    e.code_changed(cell, colour, old_code, new_code);
    e.pop();
    { ce.evaluate(p) } -> std::same_as<Score>;
    { ce.state() == ce.state() } -> std::convertible_to<bool>;
};
static_assert(PositionEvaluator<TableEvaluator>);
static_assert(PositionEvaluator<NetworkEvaluator>);

// The evaluator every search position uses: the chosen one of the two.
class SearchEvaluator {
public:
    struct State {
        TableEvaluator::State tables;
        NetworkEvaluator::State network;
        bool operator==(const State&) const = default;
    };

    explicit SearchEvaluator(const GameConfig& config, EvaluatorChoice choice = {});

    void refresh(const SearchPosition& p) { network_ ? network_->refresh(p) : tables_.refresh(p); }
    void push() { network_ ? network_->push() : tables_.push(); }
    void pop() { network_ ? network_->pop() : tables_.pop(); }
    void code_changed(int cell, int colour, int old_code, int new_code) noexcept {
        if (network_)
            network_->code_changed(cell, colour, old_code, new_code);
        else
            tables_.code_changed(cell, colour, old_code, new_code);
    }
    Score evaluate(const SearchPosition& p) const noexcept {
        return network_ ? network_->evaluate(p) : tables_.evaluate(p);
    }
    State state() const { return {tables_.state(), network_ ? network_->state() : NetworkEvaluator::State{}}; }

    // What evaluates: Network only where it was chosen and the build has one for the rule.
    Evaluation evaluation() const noexcept { return network_ ? Evaluation::Network : Evaluation::Tables; }
    // The tables' sums, kept only while the tables evaluate.
    const TableEvaluator& tables() const noexcept { return tables_; }
    // The network while it evaluates, else null: the move ordering reads its policy head.
    const NetworkEvaluator* network() const noexcept { return network_ ? &*network_ : nullptr; }

private:
    TableEvaluator tables_;
    std::optional<NetworkEvaluator> network_;
};
static_assert(PositionEvaluator<SearchEvaluator>);

}  // namespace tengen
