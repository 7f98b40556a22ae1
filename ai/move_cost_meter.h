// What a move costs on the manager's clock beyond the brain's own time for it: the manager's
// I/O and timing, process wake-ups, Wine. The time manager keeps that much back for every move
// the game may still have (TimeControl::move_cost_ms); this learns it from the clock itself.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace tengen {

class MoveCostMeter {
public:
    // A move is asked for with the clock as the manager last gave it (nullopt or unlimited:
    // no clock to learn from). The drop since the previous move, less what that move took the
    // brain and plus the increment, is that move's cost.
    void on_move_asked(std::optional<std::int64_t> time_left_ms, std::int64_t increment_ms);
    // The brain answered, `own_ms` after the command arrived. Not called for a move whose
    // cost is no evidence: a process's first, which a manager may time from the process's
    // start (TimeControl::first_search_of_process).
    void on_move_answered(std::int64_t own_ms);
    // A new game: what the last one's clock said is no evidence for this one.
    void reset();

    // The median of the last kWindow costs seen (the lower one of an even count), at least
    // kMinMoveCostMs, once kMinSamples are in: one slow move (the machine swapping, a
    // manager's pause) must not take the clock's reserve with it.
    std::int64_t cost_ms() const;

    static constexpr std::int64_t kMinMoveCostMs = 10;
    static constexpr std::size_t kWindow = 15;
    static constexpr std::size_t kMinSamples = 3;
    static constexpr std::int64_t kMaxCostMs = 1000;  // past this it is a pause, not a cost

private:
    std::optional<std::int64_t> last_left_ms_;  // the clock when the last move was asked for
    std::optional<std::int64_t> last_own_ms_;   // what that move took the brain, once answered
    std::vector<std::int64_t> costs_;           // the last kWindow costs, oldest first
};

}  // namespace tengen
