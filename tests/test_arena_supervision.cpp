// How tengen-arena supervises the brains it starts, through the real binary: nothing they
// start outlives them, fair play and pondering, lingering and flooding brains, crashes, memory
// and CPU limits; and our Windows build under Wine.
#define BOOST_TEST_MODULE arena_supervision
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arena_test_support.h"
#include "brain_under_test.h"
#include "tournament/referee.h"

namespace fs = std::filesystem;
using namespace tengen;
using namespace tengen::testing;

BOOST_AUTO_TEST_SUITE(supervision)

BOOST_AUTO_TEST_CASE(nothing_a_brain_starts_outlives_it) {
    // The brain forks a helper that never exits (as a wrapper script's real brain would
    // keep running): the arena runs each brain in a process group of its own and kills the
    // whole group when the brain is done, so no helper survives the run.
    TempDir dir;
    const std::string pid_file = dir / "helpers.txt";
    ::setenv("FAKE_CHILD_PID_FILE", pid_file.c_str(), 1);
    const Run run = run_arena({"--engine", "cmd=" + fake("forks_child"), "--engine", "cmd=" + fake("random"), "--each",
                               "st=0.2", "--games", "2", "--results", dir / "r.jsonl"});
    ::unsetenv("FAKE_CHILD_PID_FILE");
    BOOST_TEST(run.exit_code == 0, run.output);
    std::ifstream in(pid_file);
    std::vector<pid_t> helpers;
    for (pid_t pid; in >> pid;) helpers.push_back(pid);
    BOOST_TEST_REQUIRE(!helpers.empty());  // at least one brain process ran and forked
    for (const pid_t pid : helpers) {
        // Killed: no such process, or a zombie its new parent has not reaped yet. Give the
        // signal a moment on a busy machine.
        auto dead = [](pid_t p) {
            if (::kill(p, 0) != 0 && errno == ESRCH) return true;
            std::ifstream stat("/proc/" + std::to_string(p) + "/stat");
            std::string pid_field, name, state;
            stat >> pid_field >> name >> state;
            return state == "Z" || state == "X";
        };
        bool gone = false;
        for (int i = 0; i < 200 && !gone; ++i) {
            gone = dead(pid);
            if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        BOOST_TEST(gone, "helper " << pid << " still runs");
        if (!gone) ::kill(pid, SIGKILL);
    }
}

// The CPU time the "ponders" brain reports having used while its opponent was to move, from
// the protocol log of a short match against Tengen thinking 0.3 s a move.
std::vector<long> cpu_while_waiting(const std::vector<std::string>& extra) {
    TempDir dir;
    std::vector<std::string> args{"--engine",
                                  "cmd=" + fake("ponders"),
                                  "log=" + dir / "ponders.log",
                                  "--engine",
                                  "cmd=" + std::string(TENGEN_PBRAIN_PATH),
                                  "st=0.3",
                                  "--each",
                                  "st=1",
                                  "--games",
                                  "2",
                                  "--draw-after",
                                  "12",
                                  "--results",
                                  dir / "r.jsonl"};
    args.insert(args.end(), extra.begin(), extra.end());
    const Run run = run_arena(args);
    BOOST_TEST(run.exit_code == 0, run.output);
    std::vector<long> out;
    std::istringstream log(read_text(dir / "ponders.log"));
    for (std::string line; std::getline(log, line);) {
        const auto at = line.find("MESSAGE ponder_cpu_ms ");
        if (at != std::string::npos) out.push_back(std::stol(line.substr(at + 22)));
    }
    return out;
}

// Disabled in the suite's run: ctest runs it alone (arena_fair_play_cpu), since it compares
// CPU time the pondering brain gets, which other tests on two cores would take from it.
BOOST_AUTO_TEST_CASE(the_brain_not_to_move_is_stopped_unless_pondering_is_allowed, *boost::unit_test::disabled()) {
    const auto fair = cpu_while_waiting({});
    const auto free = cpu_while_waiting({"--pondering"});
    BOOST_TEST_REQUIRE(fair.size() >= 6u);
    BOOST_TEST_REQUIRE(free.size() >= 6u);
    // Stopped, it burns nothing while Tengen thinks, only its grace (10 ms after its answer,
    // 10 ms after it is continued); allowed, it burns most of Tengen's 0.3 s whenever Tengen
    // uses it (forced replies come at once, so the largest wait is the one compared).
    const long fair_max = *std::max_element(fair.begin(), fair.end());
    const long free_max = *std::max_element(free.begin(), free.end());
    BOOST_TEST(fair_max < 80, "a stopped engine used " << fair_max << " ms of CPU while waiting");
    // Allowed, it gets whatever core Tengen leaves free: about 250 ms on an idle machine, less
    // on a busy one, but always far more than a stopped brain.
    BOOST_TEST(
        free_max >= std::max<long>(90, 3 * fair_max),
        "a pondering engine used at most " << free_max << " ms of CPU while waiting (stopped: " << fair_max << ")");
}

// fake-lingers, like Rapfi, prints its move before it has finished with it, keeps busy a few
// milliseconds of its own running time more, and drops a command that arrives meanwhile
// (answering ERROR). Stopped right after its answer and prompted right after it was continued,
// it lost on time under default fair play; given its grace to run on both sides of the stop,
// it plays every game out.
BOOST_AUTO_TEST_CASE(a_brain_still_finishing_its_move_is_never_prompted_into_a_time_loss) {
    TempDir dir;
    const Run run =
        run_arena({"--engine", "cmd=" + fake("random"), "--engine", "cmd=" + fake("lingers"), "--each", "st=0.2",
                   "--tolerance", "1000", "--board", "7", "--k", "4", "--games", "6", "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_TEST(game_numbers(results) == range(6), boost::test_tools::per_element());
    for (const auto& r : results) {
        BOOST_TEST(r.at("reason").get<std::string>() != "time-forfeit", r.dump());
        BOOST_TEST(r.at("loser_said").get<std::string>().empty(), r.dump());
    }
}

// A brain that lingers far past any grace drops the next command and never answers it: the
// time forfeit's loser_said carries the ERROR line it printed instead.
BOOST_AUTO_TEST_CASE(a_time_forfeit_records_the_error_line_the_brain_printed_meanwhile) {
    TempDir dir;
    const Run run = run_arena({"--engine", "cmd=" + fake("random"), "--engine", "cmd=" + fake("lingers"), "arg=300",
                               "--each", "st=0.2", "--tolerance", "500", "--board", "7", "--k", "4", "--games", "2",
                               "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_TEST_REQUIRE(results.size() == 2u);
    for (const auto& r : results) {
        BOOST_TEST(r.at("reason").get<std::string>() == "time-forfeit", r.dump());
        BOOST_TEST(r.at("result").get<std::string>() == (r.at("black") == "lingers" ? "white" : "black"));
        const std::string said = r.at("loser_said");
        BOOST_TEST(said.find("no answer to the move within") == 0u, said);
        BOOST_TEST(said.find("; it said: ERROR Unknown command: ") != std::string::npos, said);
    }
}

BOOST_AUTO_TEST_CASE(a_brains_flood_and_escape_sequences_are_cut_and_made_printable) {
    TempDir dir;
    const Run run = run_arena({"--engine", "cmd=" + fake("floods"), "--engine", "cmd=" + fake("random"), "--each",
                               "st=0.5", "--games", "2", "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0);
    BOOST_TEST(run.output.find('\x1b') == std::string::npos);  // nothing reaches the terminal raw
    BOOST_TEST(run.output.size() < 20000u, "the arena printed " << run.output.size() << " bytes");
    const auto results = read_results(dir / "r.jsonl");
    BOOST_TEST_REQUIRE(results.size() == 2u);
    for (const auto& r : results) {
        const std::string said = r.at("loser_said").get<std::string>();
        BOOST_TEST(r.at("reason").get<std::string>() == "protocol-error");
        BOOST_TEST(said.size() <= kMaxLoserSaid + 3, said.size());
        for (char c : said) BOOST_TEST((c >= 0x20 && c < 0x7f), said);
    }
    BOOST_TEST(fs::file_size(dir / "r.jsonl") < 4000u);
}

BOOST_AUTO_TEST_CASE(resuming_with_a_rebuilt_brain_is_refused) {
    TempDir dir;
    const std::string brain = dir / "engine";
    fs::copy_file(fake("random"), brain);
    fs::permissions(brain, fs::perms::owner_all);
    const std::vector<std::string> args{"--engine",  "cmd=" + brain, "--engine", "cmd=" + fake("random"),
                                        "--each",    "st=0.2",       "--games",  "2",
                                        "--results", dir / "r.jsonl"};
    BOOST_TEST(run_arena(args).exit_code == 0);
    // The same command on the same binary resumes (nothing left to play) ...
    BOOST_TEST(run_arena(args).exit_code == 0);
    // ... but once the binary changes, its games are another brain's.
    std::ofstream(brain, std::ios::app | std::ios::binary) << '\n';
    const Run rebuilt = run_arena(args);
    BOOST_TEST(rebuilt.exit_code == 2, rebuilt.output);
    BOOST_TEST(rebuilt.output.find("rebuilt engine") != std::string::npos, rebuilt.output);
    BOOST_TEST(line_count(dir / "r.jsonl") == 2u);
}

BOOST_AUTO_TEST_CASE(a_crashed_brains_stderr_goes_to_its_file_and_its_last_line_into_loser_said) {
    TempDir dir;
    const Run run =
        run_arena({"--engine", "cmd=" + fake("traceback"), "stderr=" + dir / "traceback.err", "--engine",
                   "cmd=" + fake("random"), "--each", "st=0.5", "--games", "2", "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    BOOST_TEST(read_text(dir / "traceback.err").find("Traceback (most recent call last)") != std::string::npos);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_TEST_REQUIRE(results.size() == 2u);
    for (const auto& r : results) {
        BOOST_TEST(r.at("reason").get<std::string>() == "crash");
        const std::string said = r.at("loser_said").get<std::string>();
        BOOST_TEST(said.find("exit status 1") != std::string::npos, said);
        BOOST_TEST(said.find("ZeroDivisionError: division by zero") != std::string::npos, said);
    }
}

BOOST_AUTO_TEST_CASE(losses_by_reason_move_times_and_disqualification_are_reported) {
    TempDir dir;
    const std::vector<std::string> args{"--engine",  "name=crasher",   "cmd=" + fake("crash"),
                                        "--engine",  "name=steady",    "cmd=" + fake("random"),
                                        "--each",    "st=0.3",         "--games",
                                        "4",         "--max-failures", "25",
                                        "--results", dir / "r.jsonl"};
    const Run run = run_arena(args);
    BOOST_TEST(run.exit_code == 0, run.output);
    BOOST_TEST(run.output.find("crasher: losses 4 crash;") != std::string::npos, run.output);
    BOOST_TEST(run.output.find("steady: losses none;") != std::string::npos, run.output);
    BOOST_TEST(run.output.find("crasher: DISQUALIFIED: 4 time forfeits and crashes in 4 games") != std::string::npos,
               run.output);
    BOOST_TEST(run.output.find("steady: DISQUALIFIED") == std::string::npos, run.output);
    BOOST_TEST(run.output.find("ms on average") != std::string::npos, run.output);
    // merge reports the same from the file alone.
    const Run merged = run_arena({"merge", dir / "r.jsonl", "--max-failures", "25"});
    BOOST_TEST(merged.exit_code == 0, merged.output);
    BOOST_TEST(merged.output.find("crasher: losses 4 crash;") != std::string::npos, merged.output);
    BOOST_TEST(merged.output.find("crasher: DISQUALIFIED") != std::string::npos, merged.output);
}

BOOST_AUTO_TEST_CASE(memory_past_the_limit_loses_and_cpu_time_is_recorded) {
    TempDir dir;
    // The hog's child holds 256 MiB against memory=64 MiB; Tengen stays inside the same limit.
    const Run run = run_arena({"--engine", "cmd=" + fake("hog"), "--engine", "cmd=" + std::string(TENGEN_PBRAIN_PATH),
                               "--each", "st=3", "memory=67108864", "--games", "2", "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_TEST_REQUIRE(results.size() == 2u);
    for (const auto& r : results) {
        const bool hog_black = r.at("black") == "hog";
        BOOST_TEST(r.at("reason").get<std::string>() == "memory-limit", r.dump());
        BOOST_TEST(r.at("result").get<std::string>() == (hog_black ? "white" : "black"));
        BOOST_TEST(r.at("loser_said").get<std::string>().find("resident memory") != std::string::npos);
        for (const auto& m : r.at("moves")) {
            BOOST_TEST(m.contains("cpu_ms"));
            if (m.contains("cpu_ms")) BOOST_TEST(m.at("cpu_ms").get<int>() >= 0);
        }
    }
}

BOOST_AUTO_TEST_CASE(memory_is_held_to_the_limit_only_once_the_brain_has_been_told_it) {
    // big_start holds 128 MiB while it answers START (its own default, the limit not yet sent)
    // and gives it back at INFO max_memory: within memory=32 MiB from then on, it plays.
    TempDir dir;
    const Run run =
        run_arena({"--engine", "cmd=" + fake("big_start"), "--engine", "cmd=" + fake("random"), "--each", "st=1",
                   "memory=33554432", "--board", "7", "--k", "4", "--games", "2", "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_TEST_REQUIRE(results.size() == 2u);
    for (const auto& r : results) {
        BOOST_TEST(r.at("reason").get<std::string>() != "memory-limit", r.dump());
        BOOST_TEST(!r.at("moves").empty(), r.dump());
    }
}

BOOST_AUTO_TEST_CASE(a_crash_is_a_crash_even_while_its_child_holds_the_output) {
    TempDir dir;
    const Run run = run_arena({"--engine", "cmd=" + fake("crash_leaving_child"), "--engine", "cmd=" + fake("random"),
                               "--each", "st=2", "--games", "2", "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_TEST_REQUIRE(results.size() == 2u);
    for (const auto& r : results) {
        BOOST_TEST(r.at("reason").get<std::string>() == "crash", r.dump());
        BOOST_TEST(r.at("loser_said").get<std::string>().find("exit status 3") != std::string::npos);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(wine)

#ifdef TENGEN_PBRAIN_PATH
using tengen::testing::BrainPipe;

// The `wine` tests (registered when a Windows build is given) name the .exe in
// TENGEN_TEST_BRAIN and give the arena a Wine prefix of its own in WINEPREFIX.
boost::test_tools::assertion_result windows_brain_given(boost::unit_test::test_unit_id) {
    const char* exe = std::getenv("TENGEN_TEST_BRAIN");
    const char* prefix = std::getenv("WINEPREFIX");
    boost::test_tools::assertion_result given(exe && *exe && prefix && *prefix);
    given.message() << "no Windows build under test (TENGEN_TEST_BRAIN and WINEPREFIX unset)";
    return given;
}

// This process and the ones that started it (they may carry WINEPREFIX too, e.g. a shell).
std::set<std::string> self_and_ancestors() {
    std::set<std::string> pids;
    for (std::string pid = std::to_string(::getpid()); pid != "0" && pids.insert(pid).second;) {
        const std::string stat = read_text("/proc/" + pid + "/stat");
        const auto after_name = stat.rfind(')');  // "PID (comm) STATE PPID ..."
        if (after_name == std::string::npos) break;
        std::istringstream fields(stat.substr(after_name + 1));
        std::string state;
        fields >> state >> pid;
    }
    return pids;
}

// Processes whose environment names this Wine prefix: the brains and Wine's own helpers.
std::vector<std::string> processes_in_wine_prefix(const std::string& prefix) {
    std::vector<std::string> found;
    const std::set<std::string> ours = self_and_ancestors();
    const std::string wanted = "WINEPREFIX=" + prefix;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        const std::string pid = entry.path().filename().string();
        if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
        if (ours.count(pid)) continue;
        const std::string environment = read_text("/proc/" + pid + "/environ");
        std::size_t at = 0;
        while (at < environment.size()) {
            const std::size_t end = std::min(environment.find('\0', at), environment.size());
            if (environment.compare(at, end - at, wanted) == 0) {
                found.push_back(pid + " " + read_text("/proc/" + pid + "/comm"));
                break;
            }
            at = end + 1;
        }
    }
    return found;
}

// Our own Windows build under Wine against the native brain: a manager's whole exchange,
// games long enough for many moves each. One thread per brain and two games at once keep
// the thinking brains within two cores; the tolerance and start-up timeout leave room for
// Wine's slower start and a busy machine. No move may be late or malformed, and nothing of
// Wine may outlive the run.
BOOST_AUTO_TEST_CASE(windows_build_under_wine_plays_the_native_brain_cleanly,
                     *boost::unit_test::precondition(windows_brain_given)) {
    const std::string exe = std::getenv("TENGEN_TEST_BRAIN");
    const std::string prefix = std::getenv("WINEPREFIX");
    TempDir dir;
    // A Windows process left in the prefix before the match, as a crashed brain's helper
    // would be: the arena owns the prefix, so it must end this one too.
    BrainPipe leftover;
    BOOST_REQUIRE(leftover.send("ABOUT"));
    BOOST_REQUIRE(leftover.read_answer(std::chrono::seconds(30)));
    const Run run = run_arena({"--engine",
                               "name=windows",
                               "cmd=" + exe,
                               "wine=yes",
                               "--engine",
                               "name=native",
                               "cmd=" TENGEN_PBRAIN_PATH,
                               "--each",
                               "st=0.3",
                               "memory=33554432",
                               "threads=1",
                               "--board",
                               "15",
                               "--games",
                               "4",
                               "--concurrency",
                               "2",
                               "--draw-after",
                               "40",
                               "--tolerance",
                               "1000",
                               "--start-timeout",
                               "30000",
                               "--results",
                               dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 4u);
    std::size_t windows_moves = 0;
    for (const auto& r : results) {
        const std::string reason = r.at("reason");
        BOOST_TEST((reason == "five" || reason == "full-board" || reason == "adjudicated"), r.dump());
        windows_moves += r.at("moves").size() / 2;
    }
    BOOST_TEST_MESSAGE("the Windows build played " << windows_moves << " moves");
    BOOST_TEST(windows_moves >= 16u);
    BOOST_TEST(leftover.wait_exit(std::chrono::seconds(2)).has_value(),
               "the Wine process started before the match survived it");
    std::vector<std::string> left;
    for (int tries = 0; tries < 10; ++tries) {
        left = processes_in_wine_prefix(prefix);
        if (left.empty()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    BOOST_TEST(left.empty(), "still running in the arena's Wine prefix: " << left.size() << " processes, first "
                                                                          << (left.empty() ? "" : left.front()));
}
#endif

BOOST_AUTO_TEST_SUITE_END()
