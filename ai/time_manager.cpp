#include "ai/time_manager.h"

#include <algorithm>
#include <limits>

namespace tengen {
namespace {

constexpr std::int64_t kUnlimited = 2147483647;  // Gomocup's "no limit" for time_left
constexpr std::int64_t kDefaultTurnMs = 5000;    // a shell pipe that says nothing about time
constexpr std::int64_t kFastTurnMs = 20;         // timeout_turn 0: think briefly

// Time lost outside the search: pipe I/O, the manager's and our process wake-up, the
// last iteration's unwinding. Grows with the budget, since long budgets tolerate it easily
// and short ones cannot spare a fixed 100 ms.
// Below 150 ms a fifth of the budget is margin enough: a fixed 15 ms floor would leave
// 40% of a 50 ms turn unused.
std::int64_t safety_margin(std::int64_t budget_ms) {
    const std::int64_t scaled = std::clamp<std::int64_t>(budget_ms / 10 + 15, 15, 150);
    return std::min(scaled, std::max<std::int64_t>(budget_ms / 5, 1));
}

// Budget for one move when only the per-turn ceiling applies.
TimeBudget turn_budget(std::int64_t turn_ms) {
    if (turn_ms == 0) return {kFastTurnMs / 2, kFastTurnMs};
    const std::int64_t hard = std::max<std::int64_t>(1, turn_ms - safety_margin(turn_ms));
    // No new iteration past 80% of the hard limit. One started earlier often does not
    // finish, but its first root moves (the previous best, then any move proven better)
    // still count; stopping at 55% played measurably weaker at 50 ms turns (SPRT, +46 nElo
    // together with the smaller margin above).
    return {hard * 80 / 100, hard};
}

// Every move costs clock time outside the search too (the manager's I/O and ours, waking up,
// the machine's scheduling), even one answered at once. A game may still last every empty
// point, half of them our moves, so that many moves' cost (TimeControl::move_cost_ms) is kept
// back from what the plan spreads: a clock spent down to its safety margin alone ran out in
// long games at 18 s a game, answering at depth 1 in 20 to 50 ms a move on a busy machine. At
// 10 ms a move and 180 s it is 1.1 s of the first move's clock (0.6%); at 18 s, 6%.

// Budget for one move from the remaining match clock: spread it over the moves still to
// come, keep a reserve, and never plan past what is left.
TimeBudget clock_budget(std::int64_t left_ms, std::int64_t increment_ms, std::int64_t move_cost_ms, int empty_points) {
    if (left_ms <= 0) return {0, 1};  // already out of time: answer with the first move found
    const std::int64_t own_moves_left = std::max(1, (empty_points + 1) / 2);
    const std::int64_t moves_to_come = std::clamp<std::int64_t>(own_moves_left, 1, 25);
    // The increment comes back every move, so it pays for its share of the moves' cost.
    const std::int64_t reserve = std::max<std::int64_t>(0, own_moves_left * (move_cost_ms - increment_ms));
    // When the reserve is all there is, the move is answered at once (hard 1 ms below).
    const std::int64_t margin = std::max(std::min(safety_margin(left_ms), left_ms / 4), reserve);
    const std::int64_t usable = std::max<std::int64_t>(0, left_ms - margin);
    std::int64_t soft = usable / moves_to_come + increment_ms * 9 / 10;
    // The hard stop may overrun the average when the move is hard, but never spends more
    // than a fifth of the clock (or all that is usable when the clock is nearly empty).
    std::int64_t hard = std::min(usable, std::max(soft * 3, usable / 5));
    soft = std::min(soft, hard);
    return {std::max<std::int64_t>(0, soft), std::max<std::int64_t>(1, hard)};
}

}  // namespace

void charge_waiting_time(TimeControl& time, std::int64_t waited_ms) noexcept {
    if (waited_ms <= 0) return;
    if (time.turn_ms && *time.turn_ms > 0) time.turn_ms = std::max<std::int64_t>(*time.turn_ms - waited_ms, 1);
    if (time.time_left_ms && *time.time_left_ms < kUnlimited) *time.time_left_ms -= waited_ms;
}

TimeBudget plan_move_time(const TimeControl& raw) {
    TimeControl tc = raw;
    for (std::optional<std::int64_t>* clock : {&tc.turn_ms, &tc.match_ms, &tc.time_left_ms})
        if (*clock) **clock = saturate_clock_ms(**clock);
    tc.increment_ms = std::max<std::int64_t>(0, saturate_clock_ms(tc.increment_ms));
    tc.move_cost_ms = std::clamp<std::int64_t>(tc.move_cost_ms, 0, 60'000);
    const bool turn_given = tc.turn_ms.has_value() && *tc.turn_ms >= 0;
    const bool match_limited = tc.match_ms.has_value() && *tc.match_ms > 0 && *tc.match_ms < kUnlimited;
    // time_left counts only when a match clock is running (or none was announced at all).
    const bool left_given =
        tc.time_left_ms.has_value() && *tc.time_left_ms < kUnlimited && (match_limited || !tc.match_ms.has_value());
    if (!turn_given && !left_given && !match_limited) {
        TimeBudget unset = turn_budget(kDefaultTurnMs);
        unset.saving_pays = true;
        return unset;
    }

    TimeBudget budget{std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::max()};
    auto tighten = [&budget](TimeBudget b) {
        budget.soft_ms = std::min(budget.soft_ms, b.soft_ms);
        budget.hard_ms = std::min(budget.hard_ms, b.hard_ms);
    };
    if (turn_given) tighten(turn_budget(*tc.turn_ms));
    bool clock_can_run_out = false;
    if (left_given || match_limited) {
        // Before the first time_left arrives, the whole match clock is what is left.
        const std::int64_t left = left_given ? *tc.time_left_ms : *tc.match_ms;
        tighten(clock_budget(left, std::max<std::int64_t>(0, tc.increment_ms), tc.move_cost_ms, tc.empty_points));
        // A clock that would pay the full turn for every move we can still make never runs
        // out: time this move saves is then lost as surely as under a bare per-turn limit.
        clock_can_run_out = true;
        if (turn_given && *tc.turn_ms > 0) {
            const std::int64_t own_moves_left = std::max(1, (tc.empty_points + 1) / 2);
            clock_can_run_out = left < *tc.turn_ms * own_moves_left;
        }
    }
    if (tc.first_search_of_process)
        budget.hard_ms = std::max<std::int64_t>(1, budget.hard_ms - std::min(kStartUpAllowanceMs, budget.hard_ms / 4));
    budget.soft_ms = std::min(budget.soft_ms, budget.hard_ms);
    budget.saving_pays = clock_can_run_out;
    return budget;
}

TimeSource steady_clock_ms() {
    return [] {
        using namespace std::chrono;
        return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
    };
}

MoveTimer::MoveTimer(TimeBudget budget, TimeSource clock)
    : budget_(budget), clock_(std::move(clock)), start_ms_(clock_()) {}

std::int64_t MoveTimer::elapsed_ms() const { return clock_() - start_ms_; }
bool MoveTimer::soft_expired() const { return elapsed_ms() >= budget_.soft_ms; }
bool MoveTimer::hard_expired() const { return elapsed_ms() >= budget_.hard_ms; }

}  // namespace tengen
