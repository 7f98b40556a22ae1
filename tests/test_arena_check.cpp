// `tengen-arena check` run as users run it: the real binary against the real brain and
// against small misbehaving ones, reading its PASS/FAIL lines, summary and exit status.
#define BOOST_TEST_MODULE arena_check
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "arena_test_support.h"

using namespace tengen;
using namespace tengen::testing;

namespace {

Run run_check(std::vector<std::string> args) {
    args.insert(args.begin(), "check");
    return run_arena(args, "", std::chrono::seconds(120));
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
    BOOST_TEST(has_line_starting(run.output, "FAIL timeout-turn-100ms (fatal): BEGIN"));
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
    BOOST_TEST(has_line_starting(greedy.output,
                                 "FAIL renju-no-forbidden-point (fatal): BOARD (renju, black to move): answered '8,7'"),
               greedy.output);
    BOOST_TEST(has_line_starting(greedy.output, "PASS max-memory-honoured"), greedy.output);
    // Like Rapfi, the fake brains read board lines until DONE.
    BOOST_TEST(has_line_starting(greedy.output, "FAIL forgotten-done (minor)"), greedy.output);
    const Run hog = run_check({"--engine", "cmd=" + fake("hog")});
    BOOST_TEST(hog.exit_code == 1);
    BOOST_TEST(has_line_starting(hog.output, "FAIL max-memory-honoured (fatal): INFO max_memory 64 MiB"), hog.output);
}

BOOST_AUTO_TEST_CASE(the_misbehaving_brains_get_the_verdicts_they_earn) {
    // Crashes on its second move with a traceback: the first check that needs two moves fails.
    const Run traceback = run_check({"--engine", "cmd=" + fake("traceback")});
    BOOST_TEST(traceback.exit_code == 1);
    BOOST_TEST(
        has_line_starting(traceback.output,
                          "FAIL lower-case-commands (minor): turn 0,0: answered the process ended (exit status 1"),
        traceback.output);
    // Floods its second answer with escape sequences: named, and nothing raw reaches the report.
    const Run floods = run_check({"--engine", "cmd=" + fake("floods")});
    BOOST_TEST(floods.exit_code == 1);
    BOOST_TEST(
        has_line_starting(floods.output, "FAIL lower-case-commands (minor): turn 0,0: answered '?]0;retitled??[2JAAAA"),
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

BOOST_AUTO_TEST_CASE(a_freestyle_organiser_gets_only_freestyles_probes_and_minor_failures_pass) {
    // fake-random plays any rule's moves but, like Rapfi, waits for a DONE that never comes (a
    // nicety): fit for a freestyle event on 20x20, and no other rule's probe is run.
    const Run run = run_check({"--rule", "freestyle", "--board", "20", "--engine", "cmd=" + fake("random")});
    BOOST_TEST_MESSAGE(run.output);
    BOOST_TEST(run.exit_code == 0, run.output);
    BOOST_TEST(has_line_starting(run.output, "probes for: freestyle on 20x20"), run.output);
    BOOST_TEST(has_line_starting(run.output, "PASS rule-freestyle-20"), run.output);
    BOOST_TEST(has_line_starting(run.output, "FAIL forgotten-done (minor)"), run.output);
    BOOST_TEST(has_line_starting(run.output, "checked: "), run.output);
    BOOST_TEST(run.output.find("; 0 fatal, 1 minor failures") != std::string::npos, run.output);
    for (const char* other : {"rule-caro", "rule-renju", "rule-exact", "renju-no-forbidden-point", "swap2"})
        BOOST_TEST(run.output.find(other) == std::string::npos, other);
    // The same brain under the whole battery: it has no swap2, a fatal failure.
    const Run all = run_check({"--engine", "cmd=" + fake("random")});
    BOOST_TEST(all.exit_code == 1, all.output);
    BOOST_TEST(has_line_starting(all.output, "FAIL swap2 (fatal): SWAP2BOARD with 0 stones: answered 'UNKNOWN"),
               all.output);
}

BOOST_AUTO_TEST_CASE(the_swap2_probe_asks_zero_three_and_five_stones_and_judges_the_counts) {
    const std::string brain = "cmd=" + fake("swap2");
    const Run good = run_check({"--rule", "freestyle", "--swap2", "--engine", brain, "arg=two", "arg=one"});
    BOOST_TEST(good.exit_code == 0, good.output);
    BOOST_TEST(has_line_starting(good.output, "PASS swap2"), good.output);
    const Run swaps = run_check({"--rule", "freestyle", "--swap2", "--engine", brain});
    BOOST_TEST(has_line_starting(swaps.output, "PASS swap2"), swaps.output);
    // Four stones to three, then four stones to five: each a fatal failure naming the step.
    const Run bad_three = run_check({"--rule", "freestyle", "--swap2", "--engine", brain, "arg=bad"});
    BOOST_TEST(bad_three.exit_code == 1, bad_three.output);
    BOOST_TEST(has_line_starting(bad_three.output, "FAIL swap2 (fatal): SWAP2BOARD with 3 stones: answered '"),
               bad_three.output);
    BOOST_TEST(bad_three.output.find("expected SWAP, one stone or two") != std::string::npos, bad_three.output);
    const Run bad_five = run_check({"--rule", "freestyle", "--swap2", "--engine", brain, "arg=two", "arg=bad"});
    BOOST_TEST(bad_five.exit_code == 1, bad_five.output);
    BOOST_TEST(has_line_starting(bad_five.output, "FAIL swap2 (fatal): SWAP2BOARD with 5 stones: answered '"),
               bad_five.output);
    BOOST_TEST(bad_five.output.find("expected SWAP or one stone") != std::string::npos, bad_five.output);
}

BOOST_AUTO_TEST_CASE(a_renju_event_probes_renju_on_15_and_a_bad_rule_is_refused) {
    const Run greedy = run_check({"--rule", "renju", "--engine", "cmd=" + fake("greedy")});
    BOOST_TEST(greedy.exit_code == 1, greedy.output);
    BOOST_TEST(has_line_starting(greedy.output, "PASS rule-renju-15"), greedy.output);
    BOOST_TEST(has_line_starting(greedy.output, "FAIL renju-no-forbidden-point (fatal)"), greedy.output);
    BOOST_TEST(greedy.output.find("rule-caro") == std::string::npos, greedy.output);
    const Run bad = run_check({"--rule", "gomoku-ish", "--engine", "cmd=" + fake("random")});
    BOOST_TEST(bad.exit_code == 2, bad.output);
    BOOST_TEST(bad.output.find("unknown --rule 'gomoku-ish'") != std::string::npos, bad.output);
}
