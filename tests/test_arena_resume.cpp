// tengen-arena's results file as the record of a run: a killed or interrupted run resumes from
// it without replaying or losing a game, one file per running arena, a full disk, another
// schedule's file refused, and a finished match grown by a larger --games.
#define BOOST_TEST_MODULE arena_resume
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
#include "tournament/child_process.h"

namespace fs = std::filesystem;
using namespace tengen;
using namespace tengen::testing;

BOOST_AUTO_TEST_SUITE(resume)

BOOST_AUTO_TEST_CASE(a_killed_run_resumes_without_replaying_or_losing_a_game) {
    TempDir dir;
    const int games = 24;
    auto args = quick_match(dir, games, "r.jsonl", "delay=4");
    args.insert(args.end(), {"--concurrency", "2"});
    {
        std::vector<std::string> argv{kArena};
        argv.insert(argv.end(), args.begin(), args.end());
        ChildProcess arena;
        BOOST_REQUIRE(arena.start(argv, "").ok());
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
        while (line_count(dir / "r.jsonl") < 5 && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        arena.kill();
    }
    const auto before = read_results(dir / "r.jsonl");
    BOOST_TEST_REQUIRE(before.size() >= 5u);
    BOOST_TEST_REQUIRE(before.size() < static_cast<std::size_t>(games), "the run finished before it was killed");
    const std::string prefix = read_text(dir / "r.jsonl");

    // A torn last line, as if the arena had died mid-write.
    {
        std::ofstream out(dir / "r.jsonl", std::ios::app);
        out << R"({"game": 23, "round": 0, "pa)";
    }
    const Run rerun = run_arena(args);
    BOOST_TEST(rerun.exit_code == 0, rerun.output);
    BOOST_TEST(rerun.output.find("torn") != std::string::npos, rerun.output);
    const auto after = read_results(dir / "r.jsonl");
    BOOST_TEST(game_numbers(after) == range(games), boost::test_tools::per_element());
    // Finished games are kept as they were, never replayed.
    BOOST_TEST(read_text(dir / "r.jsonl").substr(0, prefix.size()) == prefix);

    // A third run finds nothing to do.
    const Run third = run_arena(args);
    BOOST_TEST(third.exit_code == 0);
    BOOST_TEST(read_results(dir / "r.jsonl").size() == static_cast<std::size_t>(games));
}

BOOST_AUTO_TEST_CASE(ctrl_c_prints_the_standings_and_the_command_that_resumes) {
    TempDir dir;
    const int games = 24;
    const auto args = quick_match(dir, games, "r.jsonl", "delay=20");
    std::vector<std::string> argv{kArena};
    argv.insert(argv.end(), args.begin(), args.end());
    ChildProcess arena;
    BOOST_REQUIRE(arena.start(argv, "", ChildProcess::Stderr::Stdout).ok());
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (line_count(dir / "r.jsonl") < 3 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    BOOST_REQUIRE(::kill(arena.pid(), SIGINT) == 0);
    std::string output, line;
    while (arena.read_line(line, deadline) == ChildProcess::ReadStatus::Line) output += line + "\n";
    BOOST_REQUIRE(arena.wait_exit(deadline));
    BOOST_TEST(arena.exit_code().value_or(-1) == 130, output);
    BOOST_TEST(output.find("interrupted (SIGINT)") != std::string::npos, output);
    BOOST_TEST(output.find("Elo") != std::string::npos, output);  // the standings
    const std::size_t saved = read_results(dir / "r.jsonl").size();
    BOOST_TEST(output.find(std::to_string(saved) + " games are saved") != std::string::npos, output);
    BOOST_TEST_REQUIRE(saved < static_cast<std::size_t>(games), "the run finished before it was interrupted");
    // The hint is the command itself: run as printed, it plays the rest and nothing twice.
    const auto hint = output.find("To resume:\n  ");
    BOOST_REQUIRE(hint != std::string::npos);
    const std::string command = output.substr(hint + 13, output.find('\n', hint + 13) - hint - 13);
    BOOST_TEST(command.rfind(kArena, 0) == 0, command);
    const ProgramRun resumed = run_program({"sh", "-c", command}, RunOptions().stderr_into_output());
    BOOST_TEST(resumed.exit_code == 0, resumed.output);
    BOOST_TEST(game_numbers(read_results(dir / "r.jsonl")) == range(games), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(two_arenas_never_share_a_results_file) {
    TempDir dir;
    // Another process holds the file, as a running arena does.
    const std::string path = dir / "r.jsonl";
    const int holder = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    BOOST_REQUIRE(holder >= 0);
    BOOST_REQUIRE(::flock(holder, LOCK_EX) == 0);
    const Run second = run_arena(quick_match(dir, 2, "r.jsonl"));
    BOOST_TEST(second.exit_code == 2);
    BOOST_TEST(second.output.find("another tengen-arena is already playing into") != std::string::npos, second.output);
    BOOST_TEST(read_text(path).empty());
    ::close(holder);
    BOOST_TEST(run_arena(quick_match(dir, 2, "r.jsonl")).exit_code == 0);
    BOOST_TEST(read_results(path).size() == 2u);
}

BOOST_AUTO_TEST_CASE(a_full_disk_stops_the_run_with_whole_lines_only_and_the_run_resumes) {
    TempDir dir;
    const int games = 8;
    const auto args = quick_match(dir, games, "r.jsonl");
    // The file may not grow past 2 KiB (about one result line): the second append fails part
    // way through, as on a disk that fills up. SIGXFSZ is ignored so write() reports EFBIG.
    std::string command = "trap '' XFSZ; ulimit -f 4; exec";
    for (const std::string& a : std::vector<std::string>{kArena}) command += " '" + a + "'";
    for (const std::string& a : args) command += " '" + a + "'";
    const ProgramRun shell =
        run_program({"sh", "-c", command}, RunOptions().stderr_into_output().within(std::chrono::seconds(120)));
    BOOST_REQUIRE(!shell.timed_out);
    BOOST_TEST(shell.exit_code == 3, shell.output);
    BOOST_TEST(shell.output.find("could not save game") != std::string::npos, shell.output);
    const std::string text = read_text(dir / "r.jsonl");
    BOOST_TEST((text.empty() || text.back() == '\n'), "a partial line was left: " << text);
    const std::size_t saved = read_results(dir / "r.jsonl").size();  // every line parses
    BOOST_TEST(saved < static_cast<std::size_t>(games));
    // Space again: the same command resumes and the file holds every game once.
    const Run rerun = run_arena(args);
    BOOST_TEST(rerun.exit_code == 0, rerun.output);
    BOOST_TEST(rerun.output.find("torn") == std::string::npos, rerun.output);
    BOOST_TEST(game_numbers(read_results(dir / "r.jsonl")) == range(games), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_results_file_of_another_schedule_is_refused) {
    TempDir dir;
    BOOST_REQUIRE_EQUAL(run_arena(quick_match(dir, 2, "r.jsonl")).exit_code, 0);
    const std::string before = read_text(dir / "r.jsonl");
    auto other_rule = quick_match(dir, 2, "r.jsonl");
    other_rule.insert(other_rule.end(), {"--rule", "exact"});
    const Run other = run_arena(other_rule);
    BOOST_TEST(other.exit_code == 2);
    BOOST_TEST(other.output.find("another schedule") != std::string::npos, other.output);
    BOOST_TEST(read_text(dir / "r.jsonl") == before);
}

BOOST_AUTO_TEST_CASE(a_finished_match_grows_with_a_larger_games_and_never_shrinks) {
    TempDir dir;
    BOOST_REQUIRE_EQUAL(run_arena(quick_match(dir, 4, "r.jsonl")).exit_code, 0);
    const std::string before = read_text(dir / "r.jsonl");
    const Run more = run_arena(quick_match(dir, 8, "r.jsonl"));
    BOOST_TEST(more.exit_code == 0, more.output);
    BOOST_TEST(more.output.find("4 games already in") != std::string::npos, more.output);
    BOOST_TEST(game_numbers(read_results(dir / "r.jsonl")) == range(8), boost::test_tools::per_element());
    BOOST_TEST(read_text(dir / "r.jsonl").substr(0, before.size()) == before);  // played games stand as they were
    const auto all = read_results(dir / "r.jsonl");
    BOOST_TEST(all[4].at("schedule") == all[0].at("schedule"));
    const Run fewer = run_arena(quick_match(dir, 6, "r.jsonl"));
    BOOST_TEST(fewer.exit_code == 2);
    BOOST_TEST(fewer.output.find("never shrink it") != std::string::npos, fewer.output);

    // Three brains: more games per pairing renumber the later pairings, so it is refused.
    auto round_robin = [&](int games) {
        std::vector<std::string> args;
        for (const char* name : {"a", "b", "c"})
            args.insert(args.end(), {"--engine", std::string("name=") + name, "cmd=" + fake("random")});
        args.insert(args.end(), {"--tournament", "round-robin", "--each", "st=1", "--board", "7", "--k", "4", "--games",
                                 std::to_string(games), "--results", dir / "rr.jsonl"});
        return run_arena(args);
    };
    BOOST_REQUIRE_EQUAL(round_robin(2).exit_code, 0);
    const Run grown = round_robin(4);
    BOOST_TEST(grown.exit_code == 2);
    BOOST_TEST(grown.output.find("one pairing and one round") != std::string::npos, grown.output);
}

BOOST_AUTO_TEST_SUITE_END()
