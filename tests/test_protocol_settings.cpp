// The brain protocol through the real binary: what INFO sets (time, depth, nodes, memory and
// the table, rules, Yixin-Board's settings) and the analysis lines the brain prints.
#define BOOST_TEST_MODULE protocol_settings
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include <signal.h>
#include <unistd.h>

#include "address_sanitized.h"
#include "protocol_test_support.h"
#include "protocol/brain_settings.h"

using tengen::Board;
using tengen::Color;
using tengen::GameConfig;
using tengen::Point;
using tengen::Rule;
using namespace std::chrono_literals;
using namespace tengen::testing;

BOOST_AUTO_TEST_SUITE(info)

BOOST_AUTO_TEST_CASE(info_never_answers_except_a_message_for_bad_values) {
    Brain brain;
    for (const char* good :
         {"INFO timeout_turn 1000", "INFO timeout_match 100000", "INFO time_left -50", "INFO time_left 2147483647",
          "INFO time_increment 100", "INFO max_memory 0", "INFO game_type 1", "INFO rule 3", "INFO evaluate 7,7",
          "INFO folder /tmp", "INFO thread_num 2", "INFO max_depth 10", "INFO max_node 100000", "INFO win_length 5",
          "INFO show_detail 0", "INFO some_future_key 12", "info TIMEOUT_TURN 900"})
        brain.send(good);
    BOOST_TEST(brain.pipe().drain(300ms).empty());
    for (const char* bad :
         {"INFO timeout_turn abc", "INFO timeout_turn -5", "INFO rule 12", "INFO rule 99", "INFO rule x",
          "INFO max_memory lots", "INFO win_length 2", "INFO show_detail 9", "INFO thread_num"}) {
        brain.send(bad);
        const auto line = brain.pipe().read_line(kAnswerTimeout);
        BOOST_REQUIRE(line);
        BOOST_TEST(line->rfind("MESSAGE", 0) == 0, bad);
    }
    BOOST_TEST(brain.pipe().drain(200ms).empty());
}

BOOST_AUTO_TEST_CASE(timeout_turn_zero_answers_quickly) {
    Brain brain;
    brain.start(15, 0);
    const auto t0 = SteadyClock::now();
    brain.begin();
    brain.turn(Point{0, 0});
    const long ms = elapsed_ms(t0);
    BOOST_TEST_MESSAGE("two moves at timeout_turn 0 took " << ms << " ms");
    BOOST_TEST(ms < 1500);  // typically a few ms each; slack for sanitizers on busy cores
}

BOOST_AUTO_TEST_CASE(max_depth_and_max_node_are_honoured) {
    Brain brain;
    brain.send("INFO max_depth 2");
    brain.start(15, 30000);
    const auto t0 = SteadyClock::now();
    brain.begin();
    BOOST_TEST(elapsed_ms(t0) < 10000);
    bool saw_summary = false;
    for (const auto& m : brain.messages()) {
        std::smatch match;
        if (std::regex_search(m, match, std::regex("^MESSAGE summary depth (\\d+) "))) {
            saw_summary = true;
            BOOST_TEST(std::stoi(match[1]) <= 2);
        }
    }
    BOOST_TEST(saw_summary);
    brain.send("INFO max_depth 0");
    brain.send("INFO max_node 2000");
    const auto t1 = SteadyClock::now();
    brain.turn(Point{0, 0});
    BOOST_TEST(elapsed_ms(t1) < 10000);
}

// Resident memory of a process in KiB, from /proc.
long resident_kib(pid_t pid) { return tengen::testing::proc_status_kib(pid, "VmRSS"); }
// The table is mapped at once but becomes resident only as the search touches it, so its
// size shows in the address space.
long mapped_kib(pid_t pid) { return tengen::testing::proc_status_kib(pid, "VmSize"); }
// User and system CPU the process has used, in ms (/proc/PID/stat fields 14 and 15).
long cpu_ms(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    std::istringstream fields(text.substr(text.rfind(')') + 2));  // after "pid (name) "
    std::string field;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 14) utime = std::stol(field);
        if (i == 15) stime = std::stol(field);
    }
    return (utime + stime) * 1000 / sysconf(_SC_CLK_TCK);
}

BOOST_AUTO_TEST_CASE(max_memory_sizes_the_table_and_the_default_is_256_mib) {
    for (const long max_memory : {0L, 64L << 20}) {
        Brain brain;
        brain.send("INFO max_memory " + std::to_string(max_memory));
        brain.send("INFO timeout_turn 100");
        BOOST_REQUIRE_EQUAL(brain.ask("START 15"), "OK");
        brain.send("BEGIN");
        brain.answer();
        const long kib = resident_kib(brain.pipe().pid());
        BOOST_TEST_MESSAGE("max_memory " << max_memory << ": resident " << kib / 1024 << " MiB, mapped "
                                         << mapped_kib(brain.pipe().pid()) / 1024 << " MiB");
        if (max_memory == 0) {
            BOOST_TEST(mapped_kib(brain.pipe().pid()) > 256 * 1024);  // the 256 MiB default table is there
        } else {
            BOOST_TEST(kib > 0);
            BOOST_TEST(kib < max_memory / 1024 * 5 / 4);  // slack for sanitizer shadow memory
        }
    }
}

// INFO max_memory after START (every manager sends it there, just before the first move)
// shrinks the table at once but grows it only at the next START/RESTART, so the first move's
// clock never pays for a big allocation.
BOOST_AUTO_TEST_CASE(max_memory_after_start_shrinks_at_once_and_grows_at_the_next_start) {
    Brain brain;
    brain.send("INFO max_memory " + std::to_string(64L << 20));
    brain.send("INFO timeout_turn 100");
    BOOST_REQUIRE_EQUAL(brain.ask("START 15"), "OK");
    const long small_kib = resident_kib(brain.pipe().pid());
    brain.send("INFO max_memory " + std::to_string(192L << 20));  // a 175 MiB table: later
    brain.send("BEGIN");
    brain.answer();
    const long after_info_kib = resident_kib(brain.pipe().pid());
    const long after_info_mapped_kib = mapped_kib(brain.pipe().pid());
    BOOST_REQUIRE_EQUAL(brain.ask("RESTART"), "OK");
    const long grown_mapped_kib = mapped_kib(brain.pipe().pid());
    // A helper thread maps the new table in without a search asking for it, within the limit.
    long grown_kib = resident_kib(brain.pipe().pid());
    for (auto deadline = std::chrono::steady_clock::now() + 60s;
         grown_kib < 150 * 1024 && std::chrono::steady_clock::now() < deadline;
         grown_kib = resident_kib(brain.pipe().pid()))
        std::this_thread::sleep_for(20ms);
    brain.send("INFO max_memory " + std::to_string(32L << 20));  // a 15 MiB table: now
    brain.send("YXSHOWFORBID");                                  // any answer: the INFO before it is done
    brain.answer();
    const long shrunk_kib = resident_kib(brain.pipe().pid());
    BOOST_TEST_MESSAGE("resident MiB: " << small_kib / 1024 << " at START, " << after_info_kib / 1024
                                        << " after the bigger max_memory, " << grown_kib / 1024 << " after RESTART, "
                                        << shrunk_kib / 1024 << " after the smaller one");
    BOOST_TEST(after_info_kib < 64 * 1024 * 5 / 4);  // still the 47 MiB table (slack for sanitizers)
    // The 175 MiB table replaces the 47 MiB one at RESTART, not at the INFO before the move.
    BOOST_TEST(grown_mapped_kib - after_info_mapped_kib > 120 * 1024);
    BOOST_TEST(grown_kib >= 150 * 1024);
    BOOST_TEST(grown_kib < 192 * 1024 * 5 / 4);
#if !defined(TENGEN_ADDRESS_SANITIZED)           // ASan keeps freed blocks resident in its quarantine
    BOOST_TEST(shrunk_kib < 64 * 1024 * 5 / 4);  // back under the new limit at once
#endif
    brain.send("END");
    BOOST_TEST(brain.pipe().wait_exit(2s).value_or(-1) == 0);
}

BOOST_AUTO_TEST_CASE(rule_changes_apply_at_once_on_an_empty_board) {
    Brain brain;
    brain.start();
    brain.send("INFO rule 4");  // renju, on the empty board: at once
    brain.send("BOARD");
    brain.send("7,5,1");
    brain.send("7,6,1");
    brain.send("5,7,1");
    brain.send("6,7,1");
    for (const char* p : {"0,0,2", "14,0,2", "0,14,2", "14,14,2"}) brain.send(p);
    brain.send("YXBOARD");  // a command inside the block drops it; send a proper one
    for (const char* p : {"7,5,1", "7,6,1", "5,7,1", "6,7,1", "0,0,2", "14,0,2", "0,14,2", "14,14,2"}) brain.send(p);
    brain.send("DONE");
    const std::string forbid = brain.ask("YXSHOWFORBID");
    BOOST_TEST(forbid.find("0707") != std::string::npos, forbid);
    // Not empty now: a rule change waits for the next START or RESTART.
    brain.send("INFO rule 0");
    BOOST_TEST(brain.ask("YXSHOWFORBID") == forbid);
    BOOST_TEST(brain.ask("RESTART") == "OK");
    BOOST_TEST(brain.ask("YXSHOWFORBID") == "FORBID .");
}

// max_memory below what the process needs: the table cannot shrink past 1 MiB, so the process
// will be larger than asked, and the manager is told what it gets. Enough memory: no word.
BOOST_AUTO_TEST_CASE(max_memory_below_the_floor_gets_a_message_saying_what_is_used) {
    Brain brain;
    brain.send("INFO max_memory 1000000");
    const auto said = brain.pipe().drain(300ms);
    BOOST_REQUIRE_EQUAL(said.size(), 1u);
    BOOST_TEST(
        std::regex_match(said[0], std::regex("MESSAGE INFO max_memory 1000000 is below this brain's floor of \\d+ MiB "
                                             "\\(.*\\): it plays with a 1 MiB table and one search thread")),
        said[0]);
    BOOST_TEST(brain.ask("START 15") == "OK");
    brain.send("INFO max_memory 67108864");
    BOOST_TEST(brain.pipe().drain(300ms).empty());
}

// Yixin-Board's YXSHOWINFO answers set its sliders: MAX_THREAD_NUM the threads, MAX_HASH_SIZE
// an exponent k for hash_size 2^k KiB (it used to say 12052, half the machine in MiB, and the
// GUI's 1 << 12052 is nonsense). k is the largest table the brain would really make.
BOOST_AUTO_TEST_CASE(yxshowinfo_reports_the_threads_and_the_largest_table_as_an_exponent) {
    Brain brain;
    auto show = [&] {
        brain.send("YXSHOWINFO");
        const auto threads = brain.pipe().read_line(kAnswerTimeout), hash = brain.pipe().read_line(kAnswerTimeout);
        std::smatch t, h;
        BOOST_REQUIRE(threads && std::regex_match(*threads, t, std::regex(R"(MESSAGE INFO MAX_THREAD_NUM (\d+))")));
        BOOST_REQUIRE(hash && std::regex_match(*hash, h, std::regex(R"(MESSAGE INFO MAX_HASH_SIZE (\d+))")));
        return std::pair<long, int>(std::stol(t[1]), std::stoi(h[1]));
    };
    auto kib = [](int k) { return std::int64_t{1} << k; };
    const auto [threads, k] = show();
    BOOST_TEST(threads == static_cast<long>(std::max(std::thread::hardware_concurrency(), 1u)));
    const std::int64_t half_kib = std::int64_t{sysconf(_SC_PHYS_PAGES)} * sysconf(_SC_PAGE_SIZE) / 2 / 1024;
    BOOST_TEST(k <= 30);  // the GUI computes 1 << k in an int
    BOOST_TEST(kib(k) <= half_kib);
    BOOST_TEST((k == 30 || kib(k + 1) > half_kib));
    // Under max_memory, the table max_memory leaves.
    brain.send("INFO max_memory 67108864");
    const auto [threads_then, k_then] = show();
    const auto table_kib = static_cast<std::int64_t>(tengen::hash_bytes_for(67108864, 1) / 1024);
    BOOST_TEST(kib(k_then) <= table_kib);
    BOOST_TEST(kib(k_then + 1) > table_kib);
    BOOST_TEST(threads_then == threads);
}

// INFO hash_size is Yixin-Board's table size in KiB (its protocol: "at most [value] KB hash
// memory"); it takes the default's place, and under max_memory it can only make the table
// smaller. Seen in resident memory once the helper thread has mapped the table in (the
// address space is no measure: glibc reserves 64 MiB arenas for threads as it likes).
BOOST_AUTO_TEST_CASE(hash_size_is_the_tables_size_in_kib) {
    auto resident_after_start = [](std::initializer_list<const char*> infos) {
        Brain brain;
        for (const char* info : infos) brain.send(info);
        BOOST_REQUIRE_EQUAL(brain.ask("START 15"), "OK");
        BOOST_REQUIRE_EQUAL(brain.ask("YXSHOWFORBID"), "FORBID .");
        // Settled: the same for half a second.
        long kib = resident_kib(brain.pipe().pid()), last = -1;
        for (auto deadline = SteadyClock::now() + 30s; kib != last && SteadyClock::now() < deadline;) {
            last = kib;
            std::this_thread::sleep_for(500ms);
            kib = resident_kib(brain.pipe().pid());
        }
        return kib;
    };
    const long one_mib = resident_after_start({"INFO hash_size 1024"});
    const long big = resident_after_start({"INFO hash_size 131072"});  // 128 MiB
    const long capped = resident_after_start({"INFO max_memory 67108864", "INFO hash_size 131072"});
    const long smaller = resident_after_start({"INFO max_memory 67108864", "INFO hash_size 16384"});  // 16 MiB
    BOOST_TEST_MESSAGE("resident MiB: hash_size 1 MiB " << one_mib / 1024 << ", 128 MiB " << big / 1024
                                                        << ", 128 MiB under max_memory 64 MiB " << capped / 1024
                                                        << ", 16 MiB under it " << smaller / 1024);
    BOOST_TEST(std::abs(big - one_mib - 127 * 1024) < 8 * 1024);
    const long max_memory_table_kib = static_cast<long>(tengen::hash_bytes_for(67108864, 1) / 1024);
    BOOST_TEST(std::abs(capped - one_mib - (max_memory_table_kib - 1024)) < 8 * 1024);
    BOOST_TEST(std::abs(smaller - one_mib - 15 * 1024) < 8 * 1024);
}

// INFO pondering (Yixin-Board sends 0 or 1 at start-up): this brain does not ponder, so 1 is
// answered with a MESSAGE saying so and the brain stays idle on the opponent's time.
// caution_factor, a setting of Yixin's own search that Yixin's protocol leaves out, is
// ignored without a word. Neither changes anything else: the game goes on.
BOOST_AUTO_TEST_CASE(pondering_one_is_declined_and_caution_factor_ignored) {
    Brain brain;
    brain.start();
    brain.send("INFO pondering 0");
    brain.send("INFO caution_factor 4");
    BOOST_TEST(brain.pipe().drain(300ms).empty());
    brain.send("INFO pondering 1");
    const auto said = brain.pipe().drain(300ms);
    BOOST_REQUIRE_EQUAL(said.size(), 1u);
    BOOST_TEST(said[0] == "MESSAGE INFO pondering 1: this brain does not ponder; it thinks only when it is to move");
    brain.begin();
    const long before = cpu_ms(brain.pipe().pid());
    std::this_thread::sleep_for(600ms);
    const long idle = cpu_ms(brain.pipe().pid()) - before;
    BOOST_TEST_MESSAGE("CPU on the opponent's time: " << idle << " ms in 600 ms");
    BOOST_TEST(idle < 150);
    std::mt19937 rng(3);
    brain.turn(random_empty(brain.game(), rng));
}

// INFO show_detail, Yixin-Board's choice of analysis lines (docs/protocol-output.md's table):
// 0 none but the summary; 1 depth and REALTIME lines; 2 depth lines and the INFO block; 3 all.
BOOST_AUTO_TEST_CASE(show_detail_selects_the_analysis_lines) {
    for (const int detail : {0, 1, 2, 3}) {
        Brain brain;
        brain.start(15, 300);
        brain.send("INFO show_detail " + std::to_string(detail));
        brain.send_board({{7, 7, 1}, {8, 8, 2}, {6, 6, 1}, {9, 9, 2}});
        int depth = 0, realtime = 0, block = 0, summary = 0;
        while (true) {
            const auto line = brain.pipe().read_line(kAnswerTimeout);
            BOOST_REQUIRE(line);
            if (tengen::parse_point(*line)) break;
            depth += line->rfind("MESSAGE depth ", 0) == 0;
            realtime += line->rfind("MESSAGE REALTIME BEST ", 0) == 0;
            block += *line == "INFO PV DONE";
            summary += line->rfind("MESSAGE summary ", 0) == 0;
            BOOST_TEST((is_message(*line) || line->rfind("INFO ", 0) == 0), *line);
        }
        BOOST_TEST_CONTEXT("show_detail " << detail) {
            BOOST_TEST((depth > 0) == (detail != 0));
            BOOST_TEST((realtime > 0) == (detail == 1 || detail == 3));
            BOOST_TEST((block > 0) == (detail == 2 || detail == 3));
            BOOST_TEST(summary == 1);
        }
    }
}

BOOST_AUTO_TEST_CASE(renju_with_another_k_plays_exact_and_says_so) {
    Brain brain;
    brain.send("INFO rule 4");
    brain.send("INFO win_length 4");
    brain.send("START 15");
    std::vector<std::string> messages;
    const auto reply = brain.pipe().read_answer(kAnswerTimeout, &messages);
    BOOST_TEST(*reply == "OK");
    BOOST_REQUIRE_EQUAL(messages.size(), 1u);
    BOOST_TEST(messages[0].find("exact") != std::string::npos, messages[0]);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(analysis)

BOOST_AUTO_TEST_CASE(depth_lines_and_one_summary_line_per_move) {
    Brain brain;
    brain.start(15, 500);
    const Point move = brain.begin();
    const std::regex depth_line(
        R"(^MESSAGE depth \d+-\d+ eval [-+M0-9]+ nodes \S+ nps \S+ time \d+\.\ds pv( [a-z]\d+)*$)");
    const std::regex summary(
        R"(^MESSAGE summary depth (\d+) eval ([-+M0-9]+) nodes (\d+) time (\d+) best (\d+),(\d+)( pv( [a-z]\d+)+)?$)");
    int depth_lines = 0, summaries = 0;
    for (const auto& m : brain.messages()) {
        BOOST_TEST(is_message(m));
        if (std::regex_match(m, depth_line)) ++depth_lines;
        std::smatch match;
        if (std::regex_match(m, match, summary)) {
            ++summaries;
            BOOST_TEST(std::stoi(match[5]) == move.x);
            BOOST_TEST(std::stoi(match[6]) == move.y);
        }
    }
    BOOST_TEST(depth_lines >= 1);
    BOOST_TEST(summaries == 1);
    // At most a few depth lines a second.
    BOOST_TEST(depth_lines <= 2 + 500 / 250);
}

// "340", "+M7", "-M6" as a number on one scale (a win in fewer plies is more); nullopt for
// anything else, such as the "-M-1" an unscored root move used to print.
std::optional<int> score_value(const std::string& text) {
    static const std::regex form(R"(^([-+]?)(M?)(\d{1,5})$)");
    std::smatch m;
    if (!std::regex_match(text, m, form)) return std::nullopt;
    const int n = std::stoi(m[3]);
    if (m[2].length() == 0) return n < 29000 ? std::optional<int>(m[1] == "-" ? -n : n) : std::nullopt;
    if (m[1].length() == 0 || n < 1 || n > 1000) return std::nullopt;
    return m[1] == "+" ? 30000 - n : -30000 + n;
}

// YXNBEST n (Yixin-Board's "n best"): n ranked lines before the move, every move different
// and on an empty point, every score a real one, best first: the answered move is rank 1.
// The position is one of issue 54's: a 300 ms turn ends mid-iteration, which used to print
// unscored moves ("eval -M-1") and the answer twice, and YXNBEST 1 printed no line at all.
BOOST_AUTO_TEST_CASE(yxnbest_ranks_n_different_moves_with_real_scores_best_first) {
    Brain brain;
    brain.start(15, 300);
    const std::vector<std::array<int, 3>> stones = {{7, 7, 1}, {8, 8, 2}, {6, 6, 1}, {9, 9, 2}};
    brain.send_board(stones, "YXBOARD");
    const std::regex nbest(R"(^MESSAGE nbest (\d+) move (\d+),(\d+) eval (\S+)$)");
    std::string answer;
    for (int n = 1; n <= 10; ++n) {
        answer = brain.ask("YXNBEST " + std::to_string(n));
        const auto move = tengen::parse_point(answer);
        BOOST_REQUIRE_MESSAGE(move, "not a move: " << answer);
        std::vector<Point> ranked;
        std::vector<int> scores;
        for (const auto& line : brain.messages()) {
            std::smatch m;
            if (!std::regex_match(line, m, nbest)) continue;
            BOOST_TEST(std::stoi(m[1]) == static_cast<int>(ranked.size()) + 1, line);
            const Point p{std::stoi(m[2]), std::stoi(m[3])};
            BOOST_TEST(brain.game().is_legal(p), line);
            BOOST_TEST((std::find(ranked.begin(), ranked.end(), p) == ranked.end()), "repeated: " << line);
            const auto score = score_value(m[4]);
            BOOST_TEST(score.has_value(), "not a score: " << line);
            ranked.push_back(p);
            scores.push_back(score.value_or(0));
        }
        BOOST_TEST_CONTEXT("YXNBEST " << n) {
            BOOST_TEST(static_cast<int>(ranked.size()) == n);
            BOOST_TEST((!ranked.empty() && ranked.front() == *move), "rank 1 is not the answer " << answer);
            BOOST_TEST(std::is_sorted(scores.rbegin(), scores.rend()), "scores not best first");
        }
    }
    BOOST_TEST(brain.ask("PLAY " + answer) == answer);  // nothing was played: the point is still free
}

BOOST_AUTO_TEST_SUITE_END()
