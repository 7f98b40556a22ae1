#define BOOST_TEST_MODULE time_manager
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "ai/move_cost_meter.h"
#include "ai/time_manager.h"

using namespace tengen;

namespace {

TimeControl turn_only(std::int64_t turn) {
    TimeControl tc;
    tc.turn_ms = turn;
    tc.match_ms = 0;
    return tc;
}

TimeControl match_clock(std::int64_t match, std::int64_t left, std::int64_t increment = 0, int empty = 225) {
    TimeControl tc;
    tc.match_ms = match;
    tc.time_left_ms = left;
    tc.increment_ms = increment;
    tc.empty_points = empty;
    return tc;
}

void check_sane(const TimeBudget& b) {
    BOOST_TEST(b.hard_ms >= 1);
    BOOST_TEST(b.soft_ms >= 0);
    BOOST_TEST(b.soft_ms <= b.hard_ms);
}

}  // namespace

BOOST_AUTO_TEST_CASE(no_time_info_means_five_seconds_a_move) {
    const TimeBudget b = plan_move_time(TimeControl{});
    check_sane(b);
    BOOST_TEST(b.hard_ms < 5000);
    BOOST_TEST(b.hard_ms > 4000);
}

BOOST_AUTO_TEST_CASE(turn_only_stays_under_the_turn_with_a_margin) {
    for (std::int64_t turn : {1, 5, 30, 100, 200, 1000, 5000, 30000, 180000}) {
        const TimeBudget b = plan_move_time(turn_only(turn));
        check_sane(b);
        BOOST_TEST((b.hard_ms < turn || b.hard_ms == 1), "turn " << turn << " hard " << b.hard_ms);
        if (turn >= 100) BOOST_TEST(b.hard_ms >= turn / 2, "turn " << turn << " wastes time");
    }
    // A 100 ms turn leaves room for pipe I/O and process wake-up.
    BOOST_TEST(plan_move_time(turn_only(100)).hard_ms <= 80);
}

BOOST_AUTO_TEST_CASE(turn_zero_answers_at_once) {
    const TimeBudget b = plan_move_time(turn_only(0));
    check_sane(b);
    BOOST_TEST(b.hard_ms <= 50);
}

BOOST_AUTO_TEST_CASE(match_only_spreads_the_clock_over_the_game) {
    const TimeBudget b = plan_move_time(match_clock(180000, 180000));
    check_sane(b);
    BOOST_TEST(b.soft_ms <= 180000 / 10);
    BOOST_TEST(b.soft_ms >= 180000 / 60);
    BOOST_TEST(b.hard_ms <= 180000 / 5);
    // Less on the clock, less per move.
    const TimeBudget later = plan_move_time(match_clock(180000, 20000, 0, 150));
    BOOST_TEST(later.hard_ms < b.hard_ms);
    BOOST_TEST(later.hard_ms <= 20000 / 5);
}

BOOST_AUTO_TEST_CASE(match_without_time_left_uses_the_whole_match_clock) {
    TimeControl tc;
    tc.match_ms = 60000;
    const TimeBudget b = plan_move_time(tc);
    check_sane(b);
    BOOST_TEST(b.hard_ms <= 60000 / 5);
    BOOST_TEST(b.hard_ms >= 1000);
}

BOOST_AUTO_TEST_CASE(increment_adds_to_the_move) {
    const TimeBudget without = plan_move_time(match_clock(60000, 10000, 0));
    const TimeBudget with = plan_move_time(match_clock(60000, 10000, 2000));
    BOOST_TEST(with.soft_ms > without.soft_ms);
    BOOST_TEST(with.hard_ms <= 10000);
}

BOOST_AUTO_TEST_CASE(both_clocks_take_the_tighter) {
    TimeControl tc = match_clock(180000, 3000);
    tc.turn_ms = 5000;
    const TimeBudget b = plan_move_time(tc);
    check_sane(b);
    BOOST_TEST(b.hard_ms <= 3000 / 4);  // the match clock binds
    tc.time_left_ms = 170000;
    tc.turn_ms = 200;
    const TimeBudget c = plan_move_time(tc);
    BOOST_TEST(c.hard_ms < 200);  // the turn binds
}

BOOST_AUTO_TEST_CASE(nearly_empty_and_negative_clocks_never_plan_past_them) {
    for (std::int64_t left : {1000, 300, 100, 50, 20, 5, 1}) {
        const TimeBudget b = plan_move_time(match_clock(180000, left));
        check_sane(b);
        BOOST_TEST(b.hard_ms < left + 1, "left " << left << " hard " << b.hard_ms);
        if (left >= 20) BOOST_TEST(b.hard_ms <= left * 3 / 4, "left " << left << " hard " << b.hard_ms);
    }
    for (std::int64_t left : {0, -1, -5000}) {
        const TimeBudget b = plan_move_time(match_clock(180000, left));
        check_sane(b);
        BOOST_TEST(b.hard_ms <= 1);
    }
}

BOOST_AUTO_TEST_CASE(unlimited_values_fall_back_to_the_turn) {
    TimeControl tc;
    tc.turn_ms = 2000;
    tc.match_ms = 0;
    tc.time_left_ms = 2147483647;
    const TimeBudget b = plan_move_time(tc);
    BOOST_TEST(b.hard_ms == plan_move_time(turn_only(2000)).hard_ms);
}

BOOST_AUTO_TEST_CASE(grid_of_clocks_never_exceeds_either_limit) {
    const std::vector<std::optional<std::int64_t>> turns{std::nullopt, 0, 1, 10, 100, 1000, 10000};
    const std::vector<std::int64_t> lefts{-1000, 0, 1, 10, 50, 100, 1000, 10000, 100000};
    for (auto turn : turns)
        for (auto left : lefts)
            for (int empty : {1, 2, 9, 100, 225, 1024}) {
                TimeControl tc = match_clock(200000, left, 100, empty);
                tc.turn_ms = turn;
                const TimeBudget b = plan_move_time(tc);
                check_sane(b);
                if (turn && *turn > 0) BOOST_TEST(b.hard_ms <= std::max<std::int64_t>(1, *turn - 1));
                if (left > 0) BOOST_TEST(b.hard_ms <= left);
            }
}

BOOST_AUTO_TEST_CASE(move_timer_follows_the_injected_clock) {
    std::int64_t now = 1000;
    MoveTimer timer({50, 120}, [&now] { return now; });
    BOOST_TEST(timer.elapsed_ms() == 0);
    BOOST_TEST(!timer.soft_expired());
    now += 49;
    BOOST_TEST(!timer.soft_expired());
    now += 1;
    BOOST_TEST(timer.soft_expired());
    BOOST_TEST(!timer.hard_expired());
    now += 70;
    BOOST_TEST(timer.hard_expired());
    BOOST_TEST(timer.elapsed_ms() == 120);
}

BOOST_AUTO_TEST_CASE(waiting_before_the_search_is_charged_to_the_turn_and_the_clock) {
    TimeControl tc;
    tc.turn_ms = 1000;
    tc.time_left_ms = 60000;
    tc.match_ms = 180000;
    charge_waiting_time(tc, 300);
    BOOST_TEST(*tc.turn_ms == 700);
    BOOST_TEST(*tc.time_left_ms == 59700);
    BOOST_TEST(*tc.match_ms == 180000);  // the match's length is no clock that runs

    charge_waiting_time(tc, 5000);  // past the whole turn: still a turn, of 1 ms
    BOOST_TEST(*tc.turn_ms == 1);
    BOOST_TEST(*tc.time_left_ms == 54700);

    TimeControl unlimited;
    unlimited.turn_ms = 0;  // answer at once stays so
    unlimited.time_left_ms = 2147483647;
    charge_waiting_time(unlimited, 300);
    BOOST_TEST(*unlimited.turn_ms == 0);
    BOOST_TEST(*unlimited.time_left_ms == 2147483647);

    TimeControl untouched;
    untouched.turn_ms = 500;
    charge_waiting_time(untouched, 0);
    charge_waiting_time(untouched, -20);  // a clock that went backwards charges nothing
    BOOST_TEST(*untouched.turn_ms == 500);
    BOOST_TEST(!untouched.time_left_ms.has_value());
}

// GomocupJudge times a brain's first move from the process's start (it suspends the brain
// before START is even read): under Wine that start cost fastgame's first move 5,477 ms of a
// 5,000 ms turn with 1,000 ms of grace, the search alone 4,845 ms of it.
BOOST_AUTO_TEST_CASE(a_process_first_search_keeps_time_back_for_its_unseen_start) {
    for (TimeControl tc : {turn_only(200), turn_only(5000), turn_only(30000), match_clock(180000, 180000),
                           match_clock(100000, 100000)}) {
        tc.turn_ms = tc.turn_ms.value_or(5000);
        const TimeBudget later = plan_move_time(tc);
        tc.first_search_of_process = true;
        const TimeBudget first = plan_move_time(tc);
        check_sane(first);
        const std::int64_t kept = later.hard_ms - first.hard_ms;
        BOOST_TEST(kept == std::min(later.hard_ms / 4, kStartUpAllowanceMs), "turn " << *tc.turn_ms);
        BOOST_TEST(first.soft_ms <= later.soft_ms);
        BOOST_TEST(first.saving_pays == later.saving_pays);
    }
    TimeControl fastgame = match_clock(100000, 100000);
    fastgame.turn_ms = 5000;
    fastgame.first_search_of_process = true;
    // The replayed first move: 4,845 ms of search plus the rest, 632 ms, the start. Now 1,212 ms less.
    BOOST_TEST(plan_move_time(fastgame).hard_ms + 632 <= 5000 - 500);
    fastgame.turn_ms = 0;  // as fast as possible stays so
    BOOST_TEST(plan_move_time(fastgame).hard_ms <= 50);
}

// Under Piskvork and Wine on a busy machine each move cost 20 to 70 ms of the clock beyond
// the brain's own 2 to 7 ms, and both brains ran out of an 18 s clock in a 200-move renju
// game: the fixed 10 ms reserve was a quarter of it. The meter learns it from the clock.
BOOST_AUTO_TEST_CASE(the_move_cost_is_learnt_from_what_the_clock_loses_beyond_the_move) {
    MoveCostMeter meter;
    BOOST_TEST(meter.cost_ms() == MoveCostMeter::kMinMoveCostMs);  // nothing seen yet
    std::int64_t left = 18000;
    // One slow move among them: GomocupJudge times a process's first move from its start, and
    // the session does not count that move (on_move_answered is not called for it).
    for (const std::int64_t extra : {600, 40, 45, 30, 900, 50}) {
        meter.on_move_asked(left, 0);
        if (extra != 600) meter.on_move_answered(300);
        left -= 300 + extra;
        if (extra == 45) {
            meter.on_move_asked(left, 0);  // two costs seen so far: not yet evidence
            BOOST_TEST(meter.cost_ms() == MoveCostMeter::kMinMoveCostMs);
            meter.on_move_answered(0);
            left -= 30;  // the cost of 30 above, seen from this move
        }
    }
    meter.on_move_asked(left, 0);
    BOOST_TEST(meter.cost_ms() == 40);  // the median of 40 45 30 30 900 50: the 900 does not set it

    // The increment comes back with every move; it is no cost.
    MoveCostMeter with_increment;
    std::int64_t clock = 10000;
    for (int move = 0; move < 4; ++move) {
        with_increment.on_move_asked(clock, 1000);
        with_increment.on_move_answered(500);
        clock += 1000 - 500 - 60;
    }
    BOOST_TEST(with_increment.cost_ms() == 60);

    // A clock that never moves, an unlimited one, a takeback's rise and a pause teach nothing.
    MoveCostMeter blind;
    for (const std::int64_t given : {5000, 5000, 5000, 2147483647, 2147483647, 4000, 6000, 7000, 1000})
        blind.on_move_asked(given, 0), blind.on_move_answered(0);
    BOOST_TEST(blind.cost_ms() == MoveCostMeter::kMinMoveCostMs);
    blind.on_move_asked(std::nullopt, 0);
    BOOST_TEST(blind.cost_ms() == MoveCostMeter::kMinMoveCostMs);

    meter.reset();  // a new game
    BOOST_TEST(meter.cost_ms() == MoveCostMeter::kMinMoveCostMs);
}

BOOST_AUTO_TEST_CASE(a_costlier_move_keeps_more_of_the_clock_back) {
    TimeControl cheap = match_clock(18000, 18000, 0, 225);
    TimeControl costly = cheap;
    costly.move_cost_ms = 40;
    const TimeBudget a = plan_move_time(cheap), b = plan_move_time(costly);
    check_sane(b);
    // 113 moves of ours may remain: 1,130 ms kept back at 10 ms, 4,520 at 40.
    BOOST_TEST(a.soft_ms == (18000 - 1130) / 25);
    BOOST_TEST(b.soft_ms == (18000 - 4520) / 25);
    costly.move_cost_ms = 400;  // more than the clock holds for the moves to come: at once
    BOOST_TEST(plan_move_time(costly).hard_ms == 1);
}

BOOST_AUTO_TEST_CASE(steady_clock_is_monotonic) {
    const TimeSource clock = steady_clock_ms();
    const std::int64_t a = clock();
    const std::int64_t b = clock();
    BOOST_TEST(b >= a);
}

BOOST_AUTO_TEST_CASE(stopping_early_pays_only_with_a_running_clock_or_no_limit) {
    BOOST_TEST(!plan_move_time(turn_only(1000)).saving_pays);  // unspent turn time is lost
    BOOST_TEST(plan_move_time(match_clock(180000, 90000)).saving_pays);
    TimeControl both = match_clock(180000, 90000);
    both.turn_ms = 5000;
    BOOST_TEST(plan_move_time(both).saving_pays);
    BOOST_TEST(plan_move_time(TimeControl{}).saving_pays);  // a person at a shell pipe
    TimeControl unlimited_match = turn_only(1000);
    unlimited_match.match_ms = 0;  // 0: no match limit, so only the turn limit counts
    BOOST_TEST(!plan_move_time(unlimited_match).saving_pays);
}

BOOST_AUTO_TEST_CASE(a_clock_that_cannot_run_out_before_the_turns_do_is_not_saved_for) {
    // 1 s turns and 200 s left: 113 moves of ours at most on an empty 15x15 board need 113 s.
    TimeControl roomy = match_clock(1000000, 200000);
    roomy.turn_ms = 1000;
    BOOST_TEST(!plan_move_time(roomy).saving_pays);
    // The same clock with 100 s left could run out: saving for later moves pays again.
    TimeControl tight = roomy;
    tight.time_left_ms = 100000;
    BOOST_TEST(plan_move_time(tight).saving_pays);
    // Fewer moves to come make a smaller clock roomy: 40 empty points, 20 moves of ours.
    tight.empty_points = 40;
    BOOST_TEST(!plan_move_time(tight).saving_pays);
    // A clock far longer than any game (as a manager without a match limit may send one).
    TimeControl endless = match_clock(100000000, 100000000);
    endless.turn_ms = 1000;
    BOOST_TEST(!plan_move_time(endless).saving_pays);
    // Turns "as fast as possible" (timeout_turn 0) leave the clock's rule as it was.
    TimeControl instant = match_clock(180000, 90000);
    instant.turn_ms = 0;
    BOOST_TEST(plan_move_time(instant).saving_pays);
}

// A game that fills the board under Gomocup's clock at a tenth (18 s, 3 s a move): every move
// takes its whole soft budget plus the time a move costs outside the search (I/O, waking up),
// and the clock never runs out, down to the last empty point. The plan keeps 10 ms a possible
// move back for that cost; a longer cost is a busier machine than the plan is made for.
BOOST_AUTO_TEST_CASE(a_game_to_the_last_point_never_runs_the_clock_out) {
    for (const std::int64_t cost : {0, 5, 10}) {
        for (const std::int64_t increment : {0, 100}) {
            std::int64_t left = 18000;
            for (int empty = 225; empty > 0; empty -= 2) {
                TimeControl tc = match_clock(18000, left, increment, empty);
                tc.turn_ms = 3000;
                const TimeBudget b = plan_move_time(tc);
                check_sane(b);
                left -= b.soft_ms + cost;
                BOOST_TEST_REQUIRE(left >= 0, "cost " << cost << " ms, increment " << increment << ": out of time with "
                                                      << empty << " points empty");
                left += increment;
            }
        }
    }
}

// The reserve is small beside a real clock: the first move of a 180 s game still gets about a
// 25th of it.
BOOST_AUTO_TEST_CASE(the_reserve_for_a_long_game_costs_little_of_a_long_clock) {
    const TimeBudget first = plan_move_time(match_clock(180000, 180000));
    BOOST_TEST(first.soft_ms >= (180000 - 2000) / 25);
}
