// tengen-arena's results files: a killed or interrupted run resumes, one file per running arena,
// a full disk, shards and merge, and the SPRT and live progress read off the results.
#define BOOST_TEST_MODULE arena_results
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
#include "tournament/finished_game.h"
#include "tournament/progress.h"
#include "tournament/standings.h"

namespace fs = std::filesystem;
using namespace tengen;
using namespace tengen::testing;

BOOST_AUTO_TEST_SUITE(results_files)

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

BOOST_AUTO_TEST_CASE(two_shards_merged_cover_the_full_schedule_once) {
    TempDir dir;
    const int games = 8;
    auto shard0 = quick_match(dir, games, "s0.jsonl");
    shard0.insert(shard0.end(), {"--shard", "0/2"});
    auto shard1 = quick_match(dir, games, "s1.jsonl");
    shard1.insert(shard1.end(), {"--shard", "1/2"});
    BOOST_REQUIRE_EQUAL(run_arena(shard0).exit_code, 0);
    BOOST_REQUIRE_EQUAL(run_arena(shard1).exit_code, 0);
    for (const auto& [file, shard] : {std::pair{"s0.jsonl", 0}, std::pair{"s1.jsonl", 1}}) {
        const auto part = read_results(dir / file);
        BOOST_TEST(part.size() == static_cast<std::size_t>(games / 2));
        for (const auto& r : part) BOOST_TEST(r.at("pair").get<int>() % 2 == shard);
    }
    const Run merged = run_arena({"merge", dir / "s0.jsonl", dir / "s1.jsonl", "--out", dir / "all.jsonl"});
    BOOST_TEST(merged.exit_code == 0, merged.output);
    BOOST_TEST(merged.output.find("8 games") != std::string::npos, merged.output);
    BOOST_TEST(game_numbers(read_results(dir / "all.jsonl")) == range(games), boost::test_tools::per_element());

    // Merging a file twice counts its games once.
    const Run twice = run_arena({"merge", dir / "s0.jsonl", dir / "s0.jsonl"});
    BOOST_TEST(twice.output.find("4 games") != std::string::npos, twice.output);
}

BOOST_AUTO_TEST_CASE(merge_pools_runs_of_other_settings_only_on_request_and_refuses_missing_files) {
    TempDir dir;
    BOOST_REQUIRE_EQUAL(run_arena(quick_match(dir, 2, "one.jsonl")).exit_code, 0);
    auto two_rounds = quick_match(dir, 2, "two.jsonl");
    two_rounds.insert(two_rounds.end(), {"--rounds", "2"});
    BOOST_REQUIRE_EQUAL(run_arena(two_rounds).exit_code, 0);

    const Run refused = run_arena({"merge", dir / "one.jsonl", dir / "two.jsonl"});
    BOOST_TEST(refused.exit_code == 2);
    BOOST_TEST(refused.output.find("--pool") != std::string::npos, refused.output);

    const Run pooled = run_arena({"merge", dir / "one.jsonl", dir / "two.jsonl", "--pool", "--out", dir / "p.jsonl"});
    BOOST_TEST(pooled.exit_code == 0, pooled.output);
    BOOST_TEST(pooled.output.find("6 games, pooled from 2 runs") != std::string::npos, pooled.output);
    BOOST_TEST(pooled.output.find("(3 pairs)") != std::string::npos,
               pooled.output);  // no pair mixed with another run's
    BOOST_TEST(game_numbers(read_results(dir / "p.jsonl")) == range(6), boost::test_tools::per_element());

    const Run missing = run_arena({"merge", dir / "one.jsonl", dir / "nonexistent.jsonl"});
    BOOST_TEST(missing.exit_code == 2);
    BOOST_TEST(missing.output.find("no such file") != std::string::npos, missing.output);
}

BOOST_AUTO_TEST_CASE(merge_refuses_two_different_games_under_one_number_and_names_them) {
    TempDir dir;
    // The same schedule played twice: the same numbers, other games (random moves, times).
    BOOST_REQUIRE_EQUAL(run_arena(quick_match(dir, 4, "a.jsonl")).exit_code, 0);
    BOOST_REQUIRE_EQUAL(run_arena(quick_match(dir, 4, "b.jsonl")).exit_code, 0);
    const Run clash = run_arena({"merge", dir / "a.jsonl", dir / "b.jsonl"});
    BOOST_TEST(clash.exit_code == 2, clash.output);
    BOOST_TEST(clash.output.find("4 game numbers hold different games") != std::string::npos, clash.output);
    BOOST_TEST(clash.output.find("game 0 (" + (dir / "a.jsonl") + ": ") != std::string::npos, clash.output);
    BOOST_TEST(clash.output.find("; " + (dir / "b.jsonl") + ": ") != std::string::npos, clash.output);
    BOOST_TEST(clash.output.find("Rank") == std::string::npos, clash.output);  // no standings
    const Run report = run_arena({"report", dir / "a.jsonl", dir / "b.jsonl", "--html", dir / "r.html"});
    BOOST_TEST(report.exit_code == 2, report.output);

    // The same game in two files (a copy of a's first two lines) counts once.
    const std::string a = read_text(dir / "a.jsonl");
    std::ofstream(dir / "copy.jsonl") << a.substr(0, a.find('\n', a.find('\n') + 1) + 1);
    const Run same = run_arena({"merge", dir / "a.jsonl", dir / "copy.jsonl"});
    BOOST_TEST(same.exit_code == 0, same.output);
    BOOST_TEST(same.output.find("4 games") != std::string::npos, same.output);
}

// Only a last line without its newline is a torn line (an arena killed mid-write): dropped
// with a warning. A complete line that is no result, or a file that is no results file, is an
// error that names the line and the field, in the arena's words.
BOOST_AUTO_TEST_CASE(merge_and_report_refuse_a_file_that_is_not_results_and_name_the_bad_field) {
    TempDir dir;
    BOOST_REQUIRE_EQUAL(run_arena(quick_match(dir, 2, "r.jsonl")).exit_code, 0);
    const std::string good = read_text(dir / "r.jsonl");
    const std::string first = good.substr(0, good.find('\n'));
    auto without = [&](const std::string& key) {
        auto j = nlohmann::ordered_json::parse(first);
        j.erase(key);
        return j.dump();
    };
    auto with = [&](const std::string& key, const nlohmann::ordered_json& value) {
        auto j = nlohmann::ordered_json::parse(first);
        j[key] = value;
        return j.dump();
    };
    struct Case {
        std::string name, text, says;  // says: "" for a file that reads (with a warning)
    };
    const std::vector<Case> cases{
        {"words.jsonl", "hello world\n", "line 1 is not a game result (not a JSON object)"},
        {"words-cut.jsonl", "hello world", "line 1 is not a game result (nor the start of one cut off)"},
        {"config.jsonl", "{\"engine\": [{\"cmd\": \"x\"}]}", "line 1 is not a game result"},
        {"no-black.jsonl", without("black") + "\n", "line 1 is not a game result (field black is missing)"},
        {"said-number.jsonl", good + with("loser_said", 5) + "\n",
         "line 3 is not a game result (field loser_said is not a string)"},
        {"move-without-y.jsonl", with("moves", nlohmann::ordered_json::array({{{"x", 1}}})) + "\n",
         "line 1 is not a game result (field moves[0].y is missing)"},
        {"board-text.jsonl", with("board", "7x7") + "\n", "line 1 is not a game result (field board is not a list)"},
        {"torn.jsonl", good + R"({"game": 2, "round": 0, "pa)", ""},
    };
    for (const Case& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            std::ofstream(dir / c.name, std::ios::binary) << c.text;
            const Run merged = run_arena({"merge", dir / c.name});
            const Run report = run_arena({"report", dir / c.name, "--html", dir / "r.html"});
            for (const Run* run : {&merged, &report}) {
                BOOST_TEST(run->output.find("json.exception") == std::string::npos, run->output);
                if (c.says.empty()) {
                    BOOST_TEST(run->exit_code == 0, run->output);
                    BOOST_TEST(run->output.find("ignored a torn last line of") != std::string::npos, run->output);
                } else {
                    BOOST_TEST(run->exit_code == 2, run->output);
                    BOOST_TEST(run->output.find((dir / c.name) + " " + c.says) != std::string::npos, run->output);
                }
            }
            if (c.says.empty()) BOOST_TEST(merged.output.find("2 games") != std::string::npos, merged.output);
        }
    }
}

// docs/tournaments.md's recipe for running shards past one machine, with this machine as the only
// host (GNU parallel's ':'), then merged.
BOOST_AUTO_TEST_CASE(shards_run_by_gnu_parallel_merge_into_the_whole_schedule) {
    TempDir dir;
    const int games = 12;
    std::string command = "parallel --will-cite --sshlogin : --workdir " + dir.path.string() +
                          " --return 'shard{}.jsonl' '" + kArena + " --engine name=a cmd=" + fake("random") +
                          " --engine name=b cmd=" + fake("random") + " --each st=1 --board 7 --k 4 --games " +
                          std::to_string(games) + " --shard {}/3 --results shard{}.jsonl > shard{}.log' ::: 0 1 2";
    const ProgramRun shell =
        run_program({"sh", "-c", command},
                    RunOptions().in(dir.path.string()).stderr_into_output().within(std::chrono::seconds(120)));
    BOOST_REQUIRE(!shell.timed_out);
    BOOST_TEST_REQUIRE(shell.exit_code == 0,
                       "GNU parallel (Debian package parallel, installed by .ci/run) failed: " << shell.output);
    const Run merged = run_arena(
        {"merge", dir / "shard0.jsonl", dir / "shard1.jsonl", dir / "shard2.jsonl", "--out", dir / "all.jsonl"});
    BOOST_TEST(merged.exit_code == 0, merged.output);
    BOOST_TEST(merged.output.find(std::to_string(games) + " games") != std::string::npos, merged.output);
    BOOST_TEST(game_numbers(read_results(dir / "all.jsonl")) == range(games), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(sprt_and_progress)

BOOST_AUTO_TEST_CASE(the_sprt_stops_a_decided_match) {
    // crash loses every game: with wide bounds the test decides long before 200 games.
    TempDir dir;
    const Run run =
        run_arena({"--engine", "cmd=" + fake("random"), "--engine", "cmd=" + fake("crash"), "--each", "st=1", "--games",
                   "200", "--sprt", "elo0=0", "elo1=200", "alpha=0.1", "beta=0.1", "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto n = read_results(dir / "r.jsonl").size();
    BOOST_TEST(n < 200u);
    BOOST_TEST(n >= 2u);
    BOOST_TEST(run.output.find("H1 accepted") != std::string::npos, run.output);
    // The LLR as it goes: on every game's progress line, not only in the final standings.
    std::istringstream lines(run.output);
    std::size_t with_llr = 0;
    for (std::string line; std::getline(lines, line);)
        if (line.starts_with("game ") && line.find(", LLR ") != std::string::npos) ++with_llr;
    BOOST_TEST(with_llr == n, run.output);
}

namespace {

// What a terminal shows of the live progress: each line as it stands after the last
// "clear the line" the arena wrote on it.
std::vector<std::string> screen_lines(const std::string& written) {
    std::vector<std::string> screen;
    std::istringstream in(written);
    for (std::string line; std::getline(in, line);) {
        const auto cleared = line.rfind("\r\033[K");
        screen.push_back(cleared == std::string::npos ? line : line.substr(cleared + 4));
    }
    return screen;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_live_progress_keeps_every_games_result_on_screen_and_shows_the_llr) {
    std::ostringstream out;
    ProgressReporter progress(out, true, 4, 0, "a");
    std::vector<FinishedGame> games(2);
    games[0].black = games[1].white = "a";
    games[0].white = games[1].black = "b";
    games[1].game = 1;
    games[0].outcome.winner = Winner::Black;
    games[0].outcome.reason = EndReason::Five;
    games[1].outcome.winner = Winner::White;
    games[1].outcome.reason = EndReason::TimeForfeit;
    games[1].outcome.loser_said = "no answer to the move within 300 ms";
    const SprtParams sprt;
    for (std::size_t played = 1; played <= games.size(); ++played) {
        const std::vector<FinishedGame> so_far(games.begin(), games.begin() + static_cast<long>(played));
        progress.game_finished(games[played - 1], compute_standings(so_far, {"a", "b"}, sprt));
    }
    progress.finish();
    const auto screen = screen_lines(out.str());
    BOOST_TEST_REQUIRE(screen.size() == 3u, out.str());
    BOOST_TEST(screen[0] == "game 0 (round 0, pair 0): a - b: black by five");
    BOOST_TEST(screen[1] ==
               "game 1 (round 0, pair 0): b - a: white by time-forfeit (no answer to the move within 300 ms)");
    BOOST_TEST(screen[2].starts_with("2/4 games, a W-L-D 2-0-0"), screen[2]);
    BOOST_TEST(screen[2].find(", LLR ") != std::string::npos, screen[2]);
}

BOOST_AUTO_TEST_CASE(help_shows_the_documented_example) {
    const Run run = run_arena({"--help"});
    BOOST_TEST(run.exit_code == 0);
    BOOST_TEST(run.output.find("--engine name=new cmd=build/pbrain-tengen") != std::string::npos);
    BOOST_TEST(run.output.find("--sprt elo0=0 elo1=10 alpha=0.05 beta=0.05") != std::string::npos);
    BOOST_TEST(run.output.find("tolerance") != std::string::npos);
    const Run version = run_arena({"--version"});
    BOOST_TEST(version.exit_code == 0);
    BOOST_TEST(version.output == "tengen-arena " TENGEN_VERSION "\n");
}

BOOST_AUTO_TEST_SUITE_END()
