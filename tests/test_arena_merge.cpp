// Results files put together and read: shards merged into the whole schedule (GNU parallel's
// recipe too), runs of other settings pooled only on request, files that are no results
// refused by name; and the SPRT and live progress read off the results.
#define BOOST_TEST_MODULE arena_merge
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
#include "tournament/finished_game.h"
#include "tournament/progress.h"
#include "tournament/standings.h"

namespace fs = std::filesystem;
using namespace tengen;
using namespace tengen::testing;

BOOST_AUTO_TEST_SUITE(merge)

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
