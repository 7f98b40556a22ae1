// The learned table evaluation behind the evaluation seam (ai/position_evaluator.h): a value
// per cell code and role for every empty cell, summed incrementally as codes change, and the
// learned value of the threat mask.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "ai/score.h"
#include "engine/types.h"

namespace tengen {

class SearchPosition;

class TableEvaluator {
public:
    // Both roles' values of a code, or their sums, in one integer: just_moved * 2^32 + to_move.
    // A change of code is then one subtraction and one addition for both roles. The sums stay
    // exact: the to-move part of a sum stays inside +-2^31 (kMaxSum), so it is the sum's low 32
    // bits read as signed, and what is left is the just-moved part times 2^32.
    using Packed = std::int64_t;
    static constexpr Packed pack(int to_move, int just_moved) noexcept {
        return static_cast<Packed>(just_moved) * (Packed{1} << 32) + to_move;
    }
    static constexpr int to_move_part(Packed p) noexcept {
        return static_cast<std::int32_t>(static_cast<std::uint32_t>(p));
    }
    static constexpr int just_moved_part(Packed p) noexcept { return static_cast<int>((p - to_move_part(p)) >> 32); }
    // Every cell of the largest board at the largest value a table can hold.
    static constexpr long long kMaxSum = 32LL * 32 * 32768;
    static_assert(kMaxSum < (1LL << 31));

    // Per colour, the sums over empty cells of the colour's values in both roles: to move
    // values its cells as the side to move's, just moved as the side's that has just moved.
    // Both roles are kept for both colours because they swap every move.
    using State = std::array<Packed, 2>;

    explicit TableEvaluator(const GameConfig& config);

    // From scratch, from every empty cell's codes; drops the saved states.
    void refresh(const SearchPosition& p);
    // Before a move changes any code: the state to return to on pop.
    void push() { saved_.push_back(state_); }
    void pop() {
        state_ = saved_.back();
        saved_.pop_back();
    }
    // A colour's code at an empty cell changed (kNoCellCode: the cell was just filled).
    void code_changed(int /*cell*/, int colour, int old_code, int new_code) noexcept {
        state_[colour] += by_code_[colour][new_code] - by_code_[colour][old_code];
    }

    // The sums averaged over this position and the one before the last move, to damp the
    // odd/even swing, plus the threat mask's value. Meant for positions where nobody holds a
    // five and the side to move has no flex four (the search scores those as mates);
    // elsewhere it still returns a finite score.
    Score evaluate(const SearchPosition& p) const noexcept;

    const State& state() const noexcept { return state_; }
    int tempo_potential(int colour, bool to_move) const noexcept { return part(state_[colour], to_move); }
    // The same before the last move (equal to tempo_potential() at the root of the record).
    int previous_tempo_potential(int colour, bool to_move) const noexcept { return part(previous()[colour], to_move); }

private:
    static int part(Packed p, bool to_move) noexcept { return to_move ? to_move_part(p) : just_moved_part(p); }
    const State& previous() const noexcept { return saved_.empty() ? state_ : saved_.back(); }

    std::array<const Packed*, 2> by_code_{};  // each colour's mode's values, kNoCellCode's 0 included
    State state_{};
    std::vector<State> saved_;  // one a ply, the state before that ply's move
};

}  // namespace tengen
