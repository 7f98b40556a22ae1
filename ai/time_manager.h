// The time manager: turns the clocks a manager sends into a per-move budget with a safety
// margin. Pure functions of their inputs plus an injected clock, so tests need no sleeping.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

namespace tengen {

// What the manager told us; nullopt = not given. time_left may legitimately be negative
// (already over), and 2147483647 means unlimited.
struct TimeControl {
    std::optional<std::int64_t> turn_ms;       // INFO timeout_turn; 0 = move as fast as possible
    std::optional<std::int64_t> match_ms;      // INFO timeout_match; 0 = no limit
    std::optional<std::int64_t> time_left_ms;  // INFO time_left
    std::int64_t increment_ms = 0;             // INFO time_increment
    int empty_points = 225;                    // empty points left: a game cannot last longer than this
    // The process has not answered a search yet. A manager may time its first move from the
    // moment it started the process: GomocupJudge writes START and the first move's commands
    // at once and suspends the brain until it asks for the move, so what the process spent
    // before it could read a line (Wine's start: 0.6 s warm, more with a cold prefix) is on
    // that move's clock and the brain cannot see it.
    bool first_search_of_process = false;
    // What each move costs on the manager's clock beyond the search (its I/O and ours, waking
    // up, the machine's scheduling), kept back for every move of ours the game may still have.
    // The brain measures it from the clock (MoveCostMeter); 10 ms when nothing is known.
    std::int64_t move_cost_ms = 10;
};

// soft: start no new iteration after it (the search may stop earlier when the move is
// stable or proven). hard: stop at once, answer the best move so far. Both are measured from
// the moment the command arrived; hard already includes the safety margin.
struct TimeBudget {
    std::int64_t soft_ms = 0;
    std::int64_t hard_ms = 0;
    // Time not spent on this move is worth keeping: a match clock runs that could run out (it
    // goes to later moves), or no limit was given at all (a person is waiting). Under a bare
    // per-turn limit, or a clock that holds the full turn for every move still to come, it is
    // simply lost, so the search should not stop early just because its move is stable.
    bool saving_pays = false;
};

// Clocks are kept within +-1e12 ms (31 years): no sum or product of them overflows, and
// 2147483647, Gomocup's "unlimited", keeps its meaning. plan_move_time applies it to every
// input; callers that compute with clocks first (the brain charging its waiting time) apply
// it when they read them.
inline constexpr std::int64_t kMaxClockMs = 1'000'000'000'000;
constexpr std::int64_t saturate_clock_ms(std::int64_t ms) noexcept {
    return ms < -kMaxClockMs ? -kMaxClockMs : ms > kMaxClockMs ? kMaxClockMs : ms;
}

// On a process's first search the hard limit keeps back a quarter of itself, at most
// kStartUpAllowanceMs, for that unseen start (a 5 s turn stops by 3.64 s, not 4.85 s).
inline constexpr std::int64_t kStartUpAllowanceMs = 2000;
TimeBudget plan_move_time(const TimeControl& tc);

// The manager's clock for a move starts when its command arrives; what a front end spent
// since (on earlier lines, before the search began) is charged here: taken off the turn (never
// below 1 ms, which would read as "answer at once") and off a limited time_left, so the
// search's budget, counted from its own start, ends when the manager's does.
void charge_waiting_time(TimeControl& time, std::int64_t waited_ms) noexcept;

// A monotonic millisecond clock; tests inject a fake one.
using TimeSource = std::function<std::int64_t()>;
TimeSource steady_clock_ms();

// Deadlines for one move, measured on an injected clock from a start instant.
class MoveTimer {
public:
    MoveTimer(TimeBudget budget, TimeSource clock);
    std::int64_t elapsed_ms() const;
    bool soft_expired() const;  // no new iteration
    bool hard_expired() const;  // stop now
    const TimeBudget& budget() const noexcept { return budget_; }

private:
    TimeBudget budget_;
    TimeSource clock_;
    std::int64_t start_ms_;
};

}  // namespace tengen
