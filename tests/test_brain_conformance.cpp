// What managers rely on, through the real binary: START answered at once whatever the table
// size, END answering every line before it and then exiting (also with an output pipe nobody
// reads), BOARD judging only the final position outside renju, clocks from any INFO value,
// and max_memory bounding the whole process.
#define BOOST_TEST_MODULE brain_conformance
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <set>
#include <utility>
#include <string>
#include <thread>

#include "address_sanitized.h"
#include "brain_under_test.h"
#include "protocol/text_parse.h"

using tengen::testing::BrainPipe;
using namespace std::chrono_literals;
using SteadyClock = std::chrono::steady_clock;

namespace {

constexpr auto kAnswerTimeout = 20s;  // sanitizer builds on two busy cores

long elapsed_ms(SteadyClock::time_point since) {
    return static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - since).count());
}

bool is_move(const std::optional<std::string>& line) { return line && tengen::parse_point(*line).has_value(); }

}  // namespace

// START used to allocate and clear its table before answering: 1.3 to 2.8 s for the default
// 256 MiB, 86 s at the largest max_memory. Now the table's memory comes zeroed from the OS
// and is mapped only when used. The tight figure (a few ms) is in the README's benchmarks;
// the bound here leaves room for sanitizer builds on busy machines.
BOOST_AUTO_TEST_CASE(start_restart_and_rectstart_answer_at_once_at_any_max_memory) {
    for (const std::string memory : {"0", "1000000000", "9223372036854775807"}) {
        BrainPipe brain;
        // The process is up before the clock starts (under Wine, starting it alone can take
        // a second): what is timed is the brain's own work.
        brain.send("ABOUT");
        BOOST_REQUIRE(brain.read_answer(kAnswerTimeout));
        brain.send("INFO max_memory " + memory);
        for (const std::string command : {"START 15", "RESTART", "RECTSTART 20,12", "START 20"}) {
            const auto t0 = SteadyClock::now();
            brain.send(command);
            const auto answer = brain.read_answer(kAnswerTimeout);
            const long ms = elapsed_ms(t0);
            BOOST_TEST_MESSAGE("max_memory " << memory << ", " << command << ": OK after " << ms << " ms");
            BOOST_TEST(answer.value_or("") == "OK");
            BOOST_TEST(ms < 1000);
        }
        // The first move keeps its budget: a 300 ms turn is answered in time.
        brain.send("INFO timeout_turn 300");
        const auto t0 = SteadyClock::now();
        brain.send("BEGIN");
        BOOST_TEST(is_move(brain.read_answer(kAnswerTimeout)));
        BOOST_TEST(elapsed_ms(t0) < 2000);
        brain.send("END");
        BOOST_TEST(brain.wait_exit(5s).value_or(-1) == 0);
    }
}

// The README's own example, byte for byte: with the default table and no INFO at all.
BOOST_AUTO_TEST_CASE(the_readme_pipe_example_prints_ok_and_a_move) {
    BrainPipe brain;
    brain.send_raw("START 15\nBEGIN\nEND\n");
    brain.close_stdin();
    BOOST_TEST(brain.read_answer(kAnswerTimeout).value_or("") == "OK");
    BOOST_TEST(is_move(brain.read_answer(kAnswerTimeout)));
    BOOST_TEST(brain.wait_exit(5s).value_or(-1) == 0);
}

// A manager's clock runs from its command to the answer it reads, at the shortest turn
// managers use and at a common one (under Wine too: the Windows build's promise is the same).
// The typical answer, as the manager sees it, must come within the turn. A single one may be
// late by the machine's scheduling (a search thread waiting for a core while other processes
// run: 103 ms at a 100 ms turn was seen with the whole suite running beside other work),
// never by more than kSchedulingSlack. Disabled in the suite's run: ctest runs it on its own
// (brain_answer_times, wine_answer_times), since beside the other tests on two cores a search
// thread waited 230 ms for a core.
BOOST_AUTO_TEST_CASE(moves_arrive_within_the_turn_at_100_ms_and_1_s, *boost::unit_test::disabled()) {
    constexpr long kSchedulingSlack = 100;
    for (const auto& [turn_ms, moves] : {std::pair{100L, 4}, std::pair{1000L, 2}}) {
        BrainPipe brain;
        for (const std::string& line :
             std::vector<std::string>{"INFO max_memory 33554432", "INFO timeout_match 1000000",
                                      "INFO time_left 1000000", "INFO timeout_turn " + std::to_string(turn_ms)})
            brain.send(line);
        brain.send("START 15");
        BOOST_REQUIRE_EQUAL(brain.read_answer(kAnswerTimeout).value_or(""), "OK");
        std::set<std::pair<int, int>> taken;
        // Our stones go along the top row, far from the brain's centre play; a taken point is
        // skipped.
        int next_x = 0;
        std::vector<long> seen;
        for (int i = 0; i < moves; ++i) {
            std::string command = "BEGIN";
            if (i > 0) {
                while (taken.count({next_x, 0})) ++next_x;
                taken.insert({next_x, 0});
                command = "TURN " + std::to_string(next_x) + ",0";
            }
            const auto t0 = SteadyClock::now();
            brain.send(command);
            std::vector<std::string> messages;
            const auto answer = brain.read_answer(kAnswerTimeout, &messages);
            const long ms = elapsed_ms(t0);
            BOOST_REQUIRE(is_move(answer));
            const auto p = tengen::parse_point(*answer);
            BOOST_TEST(taken.insert({p->x, p->y}).second, "the brain played on a taken point: " << *answer);
            std::string summary = "no search";  // e.g. a forced move
            for (const auto& m : messages)
                if (m.rfind("MESSAGE summary ", 0) == 0) summary = m;
            BOOST_TEST(ms < turn_ms + kSchedulingSlack,
                       command << " at a " << turn_ms << " ms turn answered after " << ms << " ms (" << summary << ")");
            seen.push_back(ms);
        }
        std::sort(seen.begin(), seen.end());
        const long median = seen[seen.size() / 2];
        BOOST_TEST_MESSAGE("timeout_turn " << turn_ms << ": answers after " << seen.front() << ".." << seen.back()
                                           << " ms, median " << median);
        BOOST_TEST(median < turn_ms, "median answer " << median << " ms at a " << turn_ms << " ms turn");
        brain.send("END");
        BOOST_TEST(brain.wait_exit(5s).value_or(-1) == 0);
    }
}

// Managers send a game's first move as soon as START's OK is read (c-gomoku-cli and
// GomocupJudge with their INFO lines in between), while the helper thread is still mapping the
// fresh table in. The search's own state used to be made inside that first move, and beside
// the mapping it took 25 to 126 ms: a 100 ms turn overrun in most games on a virtual machine.
// Fresh brains, freestyle and renju (whose INFO rule remakes that state after START). An empty
// board's first move needs no search, so its answer time is the brain's own overhead: each
// within the turn plus kSchedulingSlack, the median within kOverheadMs (it is 3 to 8 ms here
// now; it was 38 to 87 ms). Run alone (see brain_first_move_times), like the test above.
BOOST_AUTO_TEST_CASE(a_games_first_move_straight_after_start_keeps_a_100_ms_turn, *boost::unit_test::disabled()) {
    constexpr long kTurnMs = 100;
    constexpr long kSchedulingSlack = 100;
    constexpr long kOverheadMs = 25;
    std::vector<long> seen;
    for (int game = 0; game < 8; ++game) {
        BrainPipe brain;
        brain.send("START 15");
        BOOST_REQUIRE_EQUAL(brain.read_answer(kAnswerTimeout).value_or(""), "OK");
        std::vector<std::string> lines{"INFO timeout_turn " + std::to_string(kTurnMs), "INFO timeout_match 1000000",
                                       "INFO time_left 1000000"};
        if (game % 2 == 1) lines.insert(lines.end(), {"INFO max_memory 83886080", "INFO rule 4"});
        for (const auto& line : lines) brain.send(line);
        const auto t0 = SteadyClock::now();
        brain.send("BEGIN");
        const auto answer = brain.read_answer(kAnswerTimeout);
        const long ms = elapsed_ms(t0);
        BOOST_TEST(is_move(answer));
        BOOST_TEST(ms < kTurnMs + kSchedulingSlack, "game " << game << ": BEGIN answered after " << ms << " ms");
        seen.push_back(ms);
        brain.send("END");
        BOOST_TEST(brain.wait_exit(5s).value_or(-1) == 0);
    }
    std::sort(seen.begin(), seen.end());
    BOOST_TEST_MESSAGE("BEGIN straight after START: " << seen.front() << ".." << seen.back() << " ms, median "
                                                      << seen[seen.size() / 2]);
    BOOST_TEST(seen[seen.size() / 2] < kOverheadMs);
}

BOOST_AUTO_TEST_CASE(end_after_a_pause_still_answers_start_first) {
    BrainPipe brain;
    brain.send_raw("START 15\n");
    std::this_thread::sleep_for(500ms);
    brain.send_raw("END\n");
    BOOST_TEST(brain.read_answer(kAnswerTimeout).value_or("") == "OK");
    BOOST_TEST(brain.wait_exit(5s).value_or(-1) == 0);
}

// A manager that stopped reading: the brain's writes block on the full pipe. END must still
// end the process within a second.
BOOST_AUTO_TEST_CASE(end_exits_within_a_second_while_the_output_pipe_is_full) {
    BrainPipe brain;
    // The clock starts once the brain is surely running: under Wine a process can take seconds
    // to start when the Wine server starts with it, and that is not END's time.
    brain.send("START 15");
    BOOST_REQUIRE(brain.read_answer(kAnswerTimeout).value_or("") == "OK");
    std::string flood;
    for (int i = 0; i < 4000; ++i) flood += "ABOUT\n";  // ~500 KB of answers, far over a pipe's 64 KiB
    brain.send_raw(flood);
    std::this_thread::sleep_for(300ms);  // the writer is now blocked
    const auto t0 = SteadyClock::now();
    brain.send_raw("END\n");
    const auto code = brain.wait_exit(5s);
    const long ms = elapsed_ms(t0);
    BOOST_TEST_MESSAGE("END with a full pipe: gone after " << ms << " ms");
    BOOST_TEST(code.value_or(-1) == 0);
    BOOST_TEST(ms < 1500);  // the promise is 1 s; slack for a loaded machine
}

// Outside renju a BOARD block's order is not history: only the final position is judged.
BOOST_AUTO_TEST_CASE(board_judges_only_the_final_position_outside_renju) {
    struct Case {
        int rule;
        std::vector<std::string> stones;  // x,y,field
    };
    const std::vector<Case> cases{
        // Exact five: black's overline 0,0..5,0 listed in sorted order is no win; the engine
        // is white (the opponent has one stone more).
        {1, {"0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2", "5,0,2", "0,5,1", "2,5,1", "4,5,1", "6,5,1", "8,5,1"}},
        // Caro: the opponent's five 3,3..7,3 closed at both ends by our stones listed last.
        {8, {"3,3,2", "4,3,2", "5,3,2", "6,3,2", "7,3,2", "0,9,1", "9,9,1", "2,3,1", "8,3,1"}},
    };
    for (const Case& c : cases) {
        BrainPipe brain;
        brain.send("INFO max_memory 16777216");
        brain.send("INFO timeout_turn 200");
        brain.send("INFO rule " + std::to_string(c.rule));
        brain.send("START 15");
        BOOST_REQUIRE(brain.read_answer(kAnswerTimeout).value_or("") == "OK");
        brain.send("BOARD");
        for (const std::string& s : c.stones) brain.send(s);
        brain.send("DONE");
        const auto answer = brain.read_answer(kAnswerTimeout);
        BOOST_TEST_INFO("rule " << c.rule);
        BOOST_TEST(is_move(answer), "answer: " << answer.value_or("(none)"));
        brain.send("END");
        BOOST_TEST(brain.wait_exit(5s).value_or(-1) == 0);
    }
    // A real five in the final position is still refused, whatever the order.
    BrainPipe brain;
    brain.send("INFO max_memory 16777216");
    brain.send("START 15");
    BOOST_REQUIRE(brain.read_answer(kAnswerTimeout).value_or("") == "OK");
    brain.send("BOARD");
    for (const char* s : {"4,0,2", "0,0,2", "3,0,2", "1,0,2", "2,0,2", "0,5,1", "2,5,1", "4,5,1", "6,5,1"})
        brain.send(s);
    brain.send("DONE");
    BOOST_TEST(brain.read_answer(kAnswerTimeout).value_or("").rfind("ERROR", 0) == 0);
}

// Clocks at the edges of int64 saturate instead of overflowing; a clock far below zero means
// answer at once (it used to wrap round and think the default 5 s).
BOOST_AUTO_TEST_CASE(extreme_clock_values_saturate) {
    BrainPipe brain;
    brain.send("INFO max_memory 16777216");
    brain.send("INFO timeout_turn 9223372036854775807");
    brain.send("INFO timeout_match 100000000");
    brain.send("INFO time_increment 9223372036854775807");
    brain.send("INFO time_left -9223372036854775808");
    brain.send("START 15");
    BOOST_REQUIRE(brain.read_answer(kAnswerTimeout).value_or("") == "OK");
    const auto t0 = SteadyClock::now();
    brain.send("BEGIN");
    BOOST_TEST(is_move(brain.read_answer(kAnswerTimeout)));
    brain.send("TURN 3,3");
    BOOST_TEST(is_move(brain.read_answer(kAnswerTimeout)));
    const long ms = elapsed_ms(t0);
    BOOST_TEST_MESSAGE("two moves with time_left at its minimum: " << ms << " ms");
    BOOST_TEST(ms < 2000);
    brain.send("END");
    BOOST_TEST(brain.wait_exit(5s).value_or(-1) == 0);
}

// max_memory is the whole process's: 64 threads under 64 MiB used to reach 111 MB.
BOOST_AUTO_TEST_CASE(max_memory_bounds_the_whole_process_with_many_threads) {
    for (const int rule : {0, 4}) {
        BrainPipe brain;
        brain.send("INFO max_memory 67108864");
        brain.send("INFO thread_num 64");
        brain.send("INFO rule " + std::to_string(rule));
        brain.send("INFO timeout_turn 1500");
        brain.send("START 15");
        BOOST_REQUIRE(brain.read_answer(kAnswerTimeout).value_or("") == "OK");
        brain.send("BOARD");
        for (const char* s : {"7,7,1", "8,8,2", "6,6,1", "9,9,2"}) brain.send(s);
        brain.send("DONE");
        BOOST_TEST(is_move(brain.read_answer(kAnswerTimeout)));
        const long peak = tengen::testing::proc_status_kib(brain.pid(), "VmHWM");
        BOOST_TEST_MESSAGE("rule " << rule << ", 64 threads under 64 MiB: peak resident " << peak / 1024 << " MiB");
#if !defined(TENGEN_ADDRESS_SANITIZED)  // ASan's shadow and quarantine are not the program's
        BOOST_TEST(peak > 0);
        BOOST_TEST(peak < 64 * 1024);
#endif
        brain.send("END");
        BOOST_TEST(brain.wait_exit(5s).value_or(-1) == 0);
    }
}

// bench's nodes per second is the node count over the time spent searching, not over the
// set-up of each position's table and worker as well.
BOOST_AUTO_TEST_CASE(bench_reports_nodes_per_second_of_search_time) {
    BrainPipe bench({"bench", "--depth", "5"});
    long nodes = -1, nps = -1;
    double searching = -1, all = -1;
    while (auto line = bench.read_line(60s)) {
        if (line->rfind("Total nodes: ", 0) == 0) nodes = std::stol(line->substr(13));
        if (line->rfind("Nodes/second: ", 0) == 0) nps = std::stol(line->substr(14));
        if (line->rfind("Time: ", 0) == 0)
            std::sscanf(line->c_str(), "Time: %lf s searching, %lf s in all", &searching, &all);
    }
    BOOST_TEST(bench.wait_exit(5s).value_or(-1) == 0);
    BOOST_REQUIRE(nodes > 0);
    BOOST_REQUIRE(searching > 0);
    BOOST_TEST(searching <= all);
    // The times are printed to the millisecond: nodes/s must fit the search time within that
    // rounding (and not the total, set-up included).
    const double slowest = static_cast<double>(nodes) / (searching + 0.0005);
    const double fastest = static_cast<double>(nodes) / std::max(searching - 0.0005, 1e-6);
    BOOST_TEST(static_cast<double>(nps) >= slowest - 1);
    BOOST_TEST(static_cast<double>(nps) <= fastest + 1);
}

// The bench's node count is a fingerprint of the search: a build for another system (the
// Windows .exe under Wine) must search exactly as the native one does.
boost::test_tools::assertion_result another_build_under_test(boost::unit_test::test_unit_id) {
    const char* runner = std::getenv("TENGEN_TEST_BRAIN_RUNNER");
    boost::test_tools::assertion_result given(runner && *runner);
    given.message() << "only the native brain is under test";
    return given;
}

long bench_total_nodes(tengen::testing::EnginePipe& bench) {
    long nodes = -1;
    while (auto line = bench.read_line(120s))
        if (line->rfind("Total nodes: ", 0) == 0) nodes = std::stol(line->substr(13));
    BOOST_TEST(bench.wait_exit(5s).value_or(-1) == 0);
    return nodes;
}

BOOST_AUTO_TEST_CASE(bench_counts_the_same_nodes_as_the_native_build,
                     *boost::unit_test::precondition(another_build_under_test)) {
    // The default (the network in freestyle up to 20x20), the tables and the value network built into each
    // (its vector kernels, where the CPU has them, give the portable code's numbers on any
    // compiler).
    for (const std::vector<std::string>& evaluator :
         {std::vector<std::string>{}, std::vector<std::string>{"--evaluator", "tables"},
          std::vector<std::string>{"--evaluator", "network"}}) {
        std::vector<std::string> args{"bench"};
        args.insert(args.end(), evaluator.begin(), evaluator.end());
        BrainPipe other(args);
        const long other_nodes = bench_total_nodes(other);
        tengen::testing::EnginePipe native(TENGEN_PBRAIN_PATH, args);
        const long native_nodes = bench_total_nodes(native);
        BOOST_TEST_MESSAGE("bench " << (evaluator.empty() ? "auto" : evaluator[1]) << ": " << other_nodes
                                    << " nodes under test, " << native_nodes << " native");
        BOOST_REQUIRE(native_nodes > 0);
        BOOST_TEST(other_nodes == native_nodes);
    }
}
