// `tengen-arena check` run as users run it: the real binary against the real brain and
// against small misbehaving ones, reading its PASS/FAIL lines, summary and exit status.
#define BOOST_TEST_MODULE arena_check
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "tournament/child_process.h"

using namespace tengen;

namespace {

const std::string kArena = TENGEN_ARENA_PATH;
std::string fake(const std::string& name) { return std::string(TENGEN_FAKE_ENGINE_DIR) + "/fake-" + name; }

struct Run {
    int exit_code = -1;
    std::string output;
};

Run run_check(const std::vector<std::string>& args) {
    std::vector<std::string> argv{kArena, "check"};
    argv.insert(argv.end(), args.begin(), args.end());
    ChildProcess p;
    const Status started = p.start(argv, "", ChildProcess::Stderr::Stdout);
    BOOST_REQUIRE_MESSAGE(started.ok(), started.error());
    Run run;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    std::string line;
    while (p.read_line(line, deadline) == ChildProcess::ReadStatus::Line) run.output += line + "\n";
    if (!p.wait_exit(deadline)) p.kill();
    run.exit_code = p.exit_code().value_or(-1);
    return run;
}

bool has_line_starting(const std::string& output, const std::string& prefix) {
    return output.find("\n" + prefix) != std::string::npos || output.rfind(prefix, 0) == 0;
}

}  // namespace

#ifdef TENGEN_PBRAIN_PATH
// Disabled in the suite's run: ctest runs it alone (arena_check_tengen), since the battery
// times answers to 100 ms as Gomocup does, and other tests on two cores would be timed with it.
BOOST_AUTO_TEST_CASE(tengen_passes_every_check_and_the_json_says_so, *boost::unit_test::disabled()) {
    const std::string json =
        (std::filesystem::temp_directory_path() / ("check-" + std::to_string(::getpid()) + ".json")).string();
    const Run run = run_check({"--engine", std::string("cmd=") + TENGEN_PBRAIN_PATH, "--json", json});
    BOOST_TEST_MESSAGE(run.output);
    BOOST_TEST(run.exit_code == 0);
    BOOST_TEST(run.output.find("FAIL") == std::string::npos);
    BOOST_TEST(has_line_starting(run.output, "PASS rule-renju"));
    BOOST_TEST(has_line_starting(run.output, "PASS forgotten-done"));
    const auto j = nlohmann::json::parse(std::ifstream(json));
    std::filesystem::remove(json);
    BOOST_TEST(j.at("passed") == j.at("total"));
    BOOST_TEST(j.at("total").get<int>() >= 15);
    BOOST_TEST(run.output.find("checked: " + std::to_string(j.at("total").get<int>()) + "/") != std::string::npos);
}
#endif

BOOST_AUTO_TEST_CASE(a_brain_slow_on_its_first_move_fails_the_time_checks_by_name) {
    const Run run = run_check({"--engine", "cmd=" + fake("slow_start")});
    BOOST_TEST_MESSAGE(run.output);
    BOOST_TEST(run.exit_code == 1);
    BOOST_TEST(has_line_starting(run.output, "FAIL timeout-turn-100ms: BEGIN"));
    BOOST_TEST(has_line_starting(run.output, "PASS start-within-1s"));
}

BOOST_AUTO_TEST_CASE(a_brain_that_cannot_start_exits_2) {
    const Run run = run_check({"--engine", "cmd=/nonexistent/engine"});
    BOOST_TEST(run.exit_code == 2);
    BOOST_TEST(run.output.find("cannot start") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_brain_that_ignores_renju_or_its_memory_limit_is_named) {
    const Run greedy = run_check({"--engine", "cmd=" + fake("greedy")});
    BOOST_TEST(greedy.exit_code == 1);
    BOOST_TEST(
        has_line_starting(greedy.output, "FAIL renju-no-forbidden-point: BOARD (renju, black to move): answered '8,7'"),
        greedy.output);
    BOOST_TEST(has_line_starting(greedy.output, "PASS max-memory-honoured"), greedy.output);
    // Like Rapfi, the fake brains read board lines until DONE.
    BOOST_TEST(has_line_starting(greedy.output, "FAIL forgotten-done"), greedy.output);
    const Run hog = run_check({"--engine", "cmd=" + fake("hog")});
    BOOST_TEST(hog.exit_code == 1);
    BOOST_TEST(has_line_starting(hog.output, "FAIL max-memory-honoured: INFO max_memory 64 MiB"), hog.output);
}

BOOST_AUTO_TEST_CASE(the_misbehaving_brains_get_the_verdicts_they_earn) {
    // Crashes on its second move with a traceback: the first check that needs two moves fails.
    const Run traceback = run_check({"--engine", "cmd=" + fake("traceback")});
    BOOST_TEST(traceback.exit_code == 1);
    BOOST_TEST(has_line_starting(traceback.output,
                                 "FAIL lower-case-commands: turn 0,0: answered the process ended (exit status 1"),
               traceback.output);
    // Floods its second answer with escape sequences: named, and nothing raw reaches the report.
    const Run floods = run_check({"--engine", "cmd=" + fake("floods")});
    BOOST_TEST(floods.exit_code == 1);
    BOOST_TEST(has_line_starting(floods.output, "FAIL lower-case-commands: turn 0,0: answered '?]0;retitled??[2JAAAA"),
               floods.output);
    BOOST_TEST(floods.output.find('\x1b') == std::string::npos);
    // Thinking on the opponent's time or forking a helper breaks no protocol rule the battery
    // can see from one side: both play every probe (the arena's fair play handles them).
    for (const char* brain : {"ponders", "forks_child"}) {
        const Run r = run_check({"--engine", "cmd=" + fake(brain)});
        BOOST_TEST(has_line_starting(r.output, "PASS timeout-turn-100ms"), r.output);
        BOOST_TEST(has_line_starting(r.output, "PASS end-exits"), r.output);
    }
}
