#define BOOST_TEST_MODULE arena
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

#ifdef TENGEN_PBRAIN_PATH
#include "brain_under_test.h"
#endif
#include "arena_test_support.h"
#include "tournament/child_process.h"
#include "tournament/brain_spec.h"
#include "tournament/finished_game.h"
#include "engine/notation.h"
#include "tournament/progress.h"
#include "tournament/referee.h"
#include "tournament/schedule.h"
#include "tournament/standings.h"

namespace fs = std::filesystem;
using namespace tengen;
using namespace tengen::testing;

namespace {

const std::string kArena = TENGEN_ARENA_PATH;

std::size_t line_count(const std::string& path) {
    const std::string text = read_text(path);
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

std::vector<int> game_numbers(const std::vector<nlohmann::json>& results) {
    std::vector<int> out;
    for (const auto& r : results) out.push_back(r.at("game").get<int>());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<int> range(int n) {
    std::vector<int> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = i;
    return v;
}

// Quick random games: a small board where four in a row wins.
std::vector<std::string> quick_match(const TempDir& dir, int games, const std::string& results,
                                     const std::string& random_args = "") {
    std::vector<std::string> args{"--engine", "name=a", "cmd=" + fake("random")};
    if (!random_args.empty()) args.push_back("arg=" + random_args);
    args.insert(args.end(), {"--engine", "name=b", "cmd=" + fake("random")});
    if (!random_args.empty()) args.push_back("arg=" + random_args);
    args.insert(args.end(), {"--each", "st=1", "--board", "7", "--k", "4", "--games", std::to_string(games),
                             "--results", dir / results});
    return args;
}

}  // namespace

BOOST_AUTO_TEST_CASE(misbehaving_brains_lose_with_the_right_reason_and_the_tournament_goes_on) {
    struct Case {
        std::string brain, arg, reason, said_contains;
    };
    const std::vector<Case> cases{
        {"crash", "", "crash", "exit status 3"},       {"hang", "", "time-forfeit", "no answer"},
        {"garbage", "", "protocol-error", "I resign"}, {"illegal", "", "illegal-move", ","},
        {"illegal", "off", "illegal-move", "15,0"},    {"late", "", "time-forfeit", "no answer"},
    };
    for (const Case& c : cases) {
        BOOST_TEST_CONTEXT("engine " << c.brain << " " << c.arg) {
            TempDir dir;
            std::vector<std::string> args{"--engine", "cmd=" + fake("random"), "--engine", "cmd=" + fake(c.brain)};
            if (!c.arg.empty()) args.push_back("arg=" + c.arg);
            args.insert(args.end(), {"--each", "st=0.2", "--tolerance", "1000", "--games", "4", "--results",
                                     dir / "r.jsonl", "--records", dir / "games"});
            const Run run = run_arena(args);
            BOOST_TEST(run.exit_code == 0, run.output);
            const auto results = read_results(dir / "r.jsonl");
            BOOST_TEST(game_numbers(results) == range(4), boost::test_tools::per_element());
            for (const auto& r : results) {
                const bool bad_is_black = r.at("black") == c.brain;
                BOOST_TEST(r.at("reason").get<std::string>() == c.reason);
                BOOST_TEST(r.at("result").get<std::string>() == (bad_is_black ? "white" : "black"));
                BOOST_TEST(r.at("loser_said").get<std::string>().find(c.said_contains) != std::string::npos,
                           r.at("loser_said"));
                // It misbehaves on its third move, so it played two legal ones first.
                const auto own_moves = r.at("moves").size() / 2;
                BOOST_TEST(own_moves >= 2u);
            }
            BOOST_TEST(fs::exists(dir / "games/game-000003.psq"));
            BOOST_TEST(run.output.find("Rank") != std::string::npos, run.output);
        }
    }
}

BOOST_AUTO_TEST_CASE(results_lines_carry_every_required_field) {
    TempDir dir;
    const Run run = run_arena(quick_match(dir, 4, "r.jsonl"));
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 4u);
    for (const auto& r : results) {
        for (const char* key : {"game", "round", "pair", "black", "white", "board", "k", "rule", "opening", "moves",
                                "result", "reason", "loser_said", "schedule", "arena_version", "date", "tc"})
            BOOST_TEST(r.contains(key), key);
        BOOST_TEST(r.at("arena_version") == TENGEN_VERSION);
        const std::string date = r.at("date");  // 2026-11-24T17:05:31Z
        BOOST_TEST((date.size() == 20 && date[4] == '-' && date[10] == 'T' && date.back() == 'Z'), date);
        BOOST_TEST(r.at("tc") == (nlohmann::json{{"black", "st=1"}, {"white", "st=1"}}));
        BOOST_TEST(r.at("board") == nlohmann::json::array({7, 7}));
        BOOST_TEST(r.at("k") == 4);
        BOOST_TEST(r.at("rule") == "freestyle");
        BOOST_TEST(r.at("pair") == r.at("game").get<int>() / 2);
        BOOST_TEST(r.at("schedule") == results.front().at("schedule"));
        for (const auto& m : r.at("moves")) {
            BOOST_TEST(m.contains("x"));
            BOOST_TEST(m.contains("y"));
            BOOST_TEST(m.contains("ms"));
        }
        const std::string reason = r.at("reason");
        BOOST_TEST((reason == "five" || reason == "full-board"), reason);
        BOOST_TEST((r.at("result") == "draw") == (reason == "full-board"));
    }
    // Colours swap within a pair.
    BOOST_TEST(results[0].at("black") == results[1].at("white"));
    BOOST_TEST(results[0].at("white") == results[1].at("black"));
}

BOOST_AUTO_TEST_CASE(openings_are_played_twice_then_transformed) {
    TempDir dir;
    {
        std::ofstream out(dir / "openings.txt");
        out << "# one opening, offsets from the centre d4 of a 7x7 board\n0,0, 1,1\n";
    }
    auto args = quick_match(dir, 4, "r.jsonl");
    args.insert(args.end(), {"--openings", "file=" + dir / "openings.txt", "transform=yes"});
    const Run run = run_arena(args);
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 4u);
    BOOST_TEST(results[0].at("opening") == "d4,e5");
    BOOST_TEST(results[1].at("opening") == "d4,e5");
    BOOST_TEST(results[2].at("opening") == results[3].at("opening"));
    BOOST_TEST(results[2].at("opening") != "d4,e5");
    for (const auto& r : results) {
        // moves hold only the brains' moves: never a point of the opening.
        const std::string opening = r.at("opening");
        for (const auto& m : r.at("moves")) {
            const std::string letters = to_letters({m.at("x").get<int>(), m.at("y").get<int>()});
            BOOST_TEST(opening.find(letters) == std::string::npos, letters);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_forbidden_renju_move_loses_for_black) {
    // Black has a1 b1 c1 e1 f1 and is to move: d1 would make six, an overline.
    TempDir dir;
    {
        std::ofstream out(dir / "openings.txt");
        out << "a1a7b1c7c1e7e1g7f1i7\n";
    }
    const Run run = run_arena({"--engine", "cmd=" + fake("scripted"), "arg=3,0", "--engine", "cmd=" + fake("random"),
                               "--each", "st=1", "--rule", "renju", "--games", "2", "--openings",
                               "file=" + dir / "openings.txt", "--results", dir / "r.jsonl"});
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 2u);
    BOOST_TEST(results[0].at("rule") == "renju");
    BOOST_TEST(results[0].at("black") == "scripted");
    BOOST_TEST(results[0].at("reason") == "forbidden-move");
    BOOST_TEST(results[0].at("result") == "white");
    BOOST_TEST(results[0].at("loser_said").get<std::string>().find("overline") != std::string::npos,
               results[0].at("loser_said"));
    // White has no forbidden points: the same move is accepted from it (unless random black
    // happened to take the point first).
    const auto& moves = results[1].at("moves");
    if (moves.empty()) {
        BOOST_TEST(results[1].at("reason") == "forbidden-move");  // random black took d1 itself
    } else if (!(moves[0].at("x") == 3 && moves[0].at("y") == 0)) {
        BOOST_REQUIRE(moves.size() >= 2u);
        BOOST_TEST(moves[1].at("x") == 3);
        BOOST_TEST(moves[1].at("y") == 0);
    }
}

BOOST_AUTO_TEST_CASE(match_clocks_and_the_protocol_log) {
    TempDir dir;
    const Run run = run_arena({"--engine", "cmd=" + fake("random"), "tc=5+0.1", "log=" + dir / "a.log", "threads=2",
                               "info=foo:bar", "--engine", "cmd=" + fake("random"), "--board", "7", "--k", "4",
                               "--games", "2", "--results", dir / "r.jsonl"});
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    // Two brains answer the same ABOUT: names are made unique.
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 2u);
    BOOST_TEST(results[0].at("black") == "random");
    BOOST_TEST(results[0].at("white") == "random-2");
    const std::string log = read_text(dir / "a.log");
    for (const char* expected :
         {"> START 7", "< OK", "> INFO timeout_match 5000", "> INFO timeout_turn 5000", "> INFO time_increment 100",
          "> INFO time_left 5000", "> INFO thread_num 2", "> INFO foo bar", "> INFO win_length 4", "> INFO rule 0",
          "> BEGIN", "> TURN", "< MESSAGE thinking"})
        BOOST_TEST(log.find(expected) != std::string::npos, expected);
    // Every line starts with a UTC timestamp.
    std::istringstream lines(log);
    std::string line;
    while (std::getline(lines, line)) {
        BOOST_TEST(line.size() > 24u);
        BOOST_TEST(line.substr(4, 1) == "-");
        BOOST_TEST(line.substr(10, 1) == "T");
    }
    // The other brain kept the default st=1 and no match clock.
    BOOST_TEST(log.find("> INFO timeout_turn 1000") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_slow_first_move_is_within_the_start_up_grace) {
    TempDir dir;
    const Run run = run_arena({"--engine", "cmd=" + fake("slow_start"), "--engine", "cmd=" + fake("random"), "--each",
                               "st=0.2", "--board", "9", "--games", "2", "--results", dir / "r.jsonl"});
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 2u);
    for (const auto& game : results) BOOST_TEST(game.at("reason") != "time-forfeit", game.dump());
}

BOOST_AUTO_TEST_CASE(gomoku_games_send_no_win_length_to_brains_that_do_not_know_it) {
    // Rapfi reads the value of an unknown INFO key as a command and then misses a TURN, so
    // the arena sends Tengen's own win_length key only when k differs from gomoku's 5.
    TempDir dir;
    const Run run = run_arena({"--engine", "cmd=" + fake("random"), "log=" + dir / "a.log", "--engine",
                               "cmd=" + fake("random"), "--board", "9", "--games", "2", "--results", dir / "r.jsonl"});
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    const std::string log = read_text(dir / "a.log");
    BOOST_TEST(log.find("> INFO rule 0") != std::string::npos);
    BOOST_TEST(log.find("win_length") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_brain_that_cannot_start_is_named_and_the_arena_fails) {
    TempDir dir;
    const Run run = run_arena({"--engine", "name=ghost", "cmd=" + dir / "no-such-engine", "--engine",
                               "cmd=" + fake("random"), "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code != 0);
    BOOST_TEST(run.output.find("ghost") != std::string::npos, run.output);
    BOOST_TEST(run.output.find("cannot start") != std::string::npos, run.output);
    BOOST_TEST(read_results(dir / "r.jsonl").empty());

    const Run bad_dir = run_arena({"--engine", "cmd=" + fake("random"), "dir=" + dir / "missing", "--engine",
                                   "cmd=" + fake("random"), "--results", dir / "r.jsonl"});
    BOOST_TEST(bad_dir.exit_code != 0);
    BOOST_TEST(bad_dir.output.find("cannot enter directory") != std::string::npos, bad_dir.output);
}

BOOST_AUTO_TEST_CASE(a_rectangular_board_is_started_with_rectstart) {
    TempDir dir;
    fs::create_directories(dir / "work");
    const Run run = run_arena({"--engine", "cmd=" + fake("random"), "dir=" + dir / "work", "log=" + dir / "a.log",
                               "--engine", "cmd=" + fake("random"), "--board", "8x6", "--k", "4", "--games", "2",
                               "--results", dir / "r.jsonl"});
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    BOOST_TEST(read_text(dir / "a.log").find("> RECTSTART 8,6") != std::string::npos);
    for (const auto& r : read_results(dir / "r.jsonl")) {
        BOOST_TEST(r.at("board") == nlohmann::json::array({8, 6}));
        for (const auto& m : r.at("moves")) BOOST_TEST((m.at("x") < 8 && m.at("y") < 6));
    }
}

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
    const int status = std::system(command.c_str());
    BOOST_TEST(WIFEXITED(status));
    BOOST_TEST(WEXITSTATUS(status) == 0);
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
    ChildProcess shell;
    BOOST_REQUIRE(shell.start({"sh", "-c", command}, "", ChildProcess::Stderr::Stdout).ok());
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    std::string output, line;
    while (shell.read_line(line, deadline) == ChildProcess::ReadStatus::Line) output += line + "\n";
    BOOST_REQUIRE(shell.wait_exit(deadline));
    BOOST_TEST(shell.exit_code().value_or(-1) == 3, output);
    BOOST_TEST(output.find("could not save game") != std::string::npos, output);
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
    ChildProcess shell;
    BOOST_REQUIRE(shell.start({"sh", "-c", command}, dir.path.string(), ChildProcess::Stderr::Stdout).ok());
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    std::string output, line;
    while (shell.read_line(line, deadline) == ChildProcess::ReadStatus::Line) output += line + "\n";
    BOOST_REQUIRE(shell.wait_exit(deadline));
    BOOST_TEST_REQUIRE(shell.exit_code().value_or(-1) == 0,
                       "GNU parallel (Debian package parallel, installed by .ci/run) failed: " << output);
    const Run merged = run_arena(
        {"merge", dir / "shard0.jsonl", dir / "shard1.jsonl", dir / "shard2.jsonl", "--out", dir / "all.jsonl"});
    BOOST_TEST(merged.exit_code == 0, merged.output);
    BOOST_TEST(merged.output.find(std::to_string(games) + " games") != std::string::npos, merged.output);
    BOOST_TEST(game_numbers(read_results(dir / "all.jsonl")) == range(games), boost::test_tools::per_element());
}

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

#ifdef TENGEN_PBRAIN_PATH
BOOST_AUTO_TEST_CASE(smoke_match_between_two_configurations_of_tengen) {
    TempDir dir;
    const Run run =
        run_arena({"--engine", "cmd=" TENGEN_PBRAIN_PATH, "threads=1", "--engine", "cmd=" TENGEN_PBRAIN_PATH, "depth=2",
                   "--each", "st=0.05", "memory=16777216", "--board", "9", "--games", "2", "--draw-after", "40",
                   "--tolerance", "3000", "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 2u);
    for (const auto& r : results) {
        const std::string reason = r.at("reason");
        BOOST_TEST((reason == "five" || reason == "full-board" || reason == "adjudicated"), reason << " " << r.dump());
    }
    // Both say the same ABOUT name; the second gets a suffix.
    BOOST_TEST(results[0].at("black") != results[0].at("white"));
    BOOST_TEST(results[0].at("white").get<std::string>().find("-2") != std::string::npos);
}
#endif

BOOST_AUTO_TEST_CASE(a_brain_that_reports_a_hopeless_score_is_adjudicated_lost) {
    TempDir dir;
    // "loser" reports -900 on every move, "winner" +900: with count=3, twosided, the game ends
    // on the loser's first move that has three of its own and three of the winner's behind it,
    // long before random play could fill the board or make five.
    const Run run = run_arena({"--engine",  "cmd=" + fake("scoring"),
                               "arg=-900",  "name=loser",
                               "--engine",  "cmd=" + fake("scoring"),
                               "arg=900",   "name=winner",
                               "--each",    "st=1",
                               "--board",   "15",
                               "--games",   "2",
                               "--resign",  "score=600",
                               "count=3",   "twosided=true",
                               "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 2u);
    for (const auto& r : results) {
        BOOST_TEST(r.at("reason") == "adjudicated", r.dump());
        const std::string winner_colour = r.at("black") == "winner" ? "black" : "white";
        BOOST_TEST(r.at("result") == winner_colour, r.dump());
        BOOST_TEST(r.at("adjudication").get<std::string>().find("resign") != std::string::npos, r.dump());
        // Playing first, its fourth move (7 in all: the winner needs three too); second, its third (6).
        const std::size_t expected = r.at("black") == "loser" ? 7u : 6u;
        BOOST_TEST(r.at("moves").size() == expected, r.dump());
        BOOST_TEST(r.at("moves")[0].at("score").is_number_integer(), r.dump());
    }
    // Without the opponent's agreement twosided holds the game: here the opponent says nothing.
    const Run silent = run_arena({"--engine",  "cmd=" + fake("scoring"),
                                  "arg=-900",  "name=loser",
                                  "--engine",  "cmd=" + fake("scoring"),
                                  "arg=none",  "name=quiet",
                                  "--each",    "st=1",
                                  "--board",   "7",
                                  "--k",       "4",
                                  "--games",   "2",
                                  "--resign",  "score=600",
                                  "count=3",   "twosided=true",
                                  "--results", dir / "s.jsonl"});
    BOOST_TEST(silent.exit_code == 0, silent.output);
    for (const auto& r : read_results(dir / "s.jsonl")) BOOST_TEST(r.at("reason") != "adjudicated", r.dump());
    // One-sided (the default), the loser's own third hopeless score is enough.
    const Run one_sided = run_arena({"--engine", "cmd=" + fake("scoring"), "arg=-900", "name=loser", "--engine",
                                     "cmd=" + fake("scoring"), "arg=none", "name=quiet", "--each", "st=1", "--games",
                                     "2", "--resign", "score=600", "count=3", "--results", dir / "o.jsonl"});
    BOOST_TEST(one_sided.exit_code == 0, one_sided.output);
    for (const auto& r : read_results(dir / "o.jsonl")) {
        BOOST_TEST(r.at("reason") == "adjudicated", r.dump());
        BOOST_TEST(r.at("moves").size() == (r.at("black") == "loser" ? 5u : 6u), r.dump());
    }
}

BOOST_AUTO_TEST_CASE(a_win_the_arena_proves_by_fours_ends_the_game) {
    // Black to move holds an open three (f8 g8 h8): a four makes an open four, a proof of
    // three plies. With --adjudicate-proven the game ends before anyone moves.
    TempDir dir;
    {
        std::ofstream out(dir / "openings.txt");
        out << "f8a1g8a15h8o1\n";
    }
    const Run run = run_arena({"--engine", "cmd=" + fake("random"), "name=a", "--engine", "cmd=" + fake("random"),
                               "name=b", "--each", "st=1", "--games", "2", "--openings", "file=" + dir / "openings.txt",
                               "--adjudicate-proven", "nodes=5000", "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 2u);
    for (const auto& r : results) {
        BOOST_TEST(r.at("reason") == "adjudicated", r.dump());
        BOOST_TEST(r.at("result") == "black", r.dump());
        BOOST_TEST(r.at("moves").empty(), r.dump());
        const std::string why = r.at("adjudication");
        BOOST_TEST(why.find("proven: black wins by fours: ") == 0u, why);
        BOOST_TEST((why.find("e8") != std::string::npos || why.find("i8") != std::string::npos), why);
    }
    // Without it the same opening is played out on the board.
    const Run played = run_arena({"--engine", "cmd=" + fake("random"), "name=a", "--engine", "cmd=" + fake("random"),
                                  "name=b", "--each", "st=1", "--games", "2", "--openings",
                                  "file=" + dir / "openings.txt", "--results", dir / "p.jsonl"});
    BOOST_TEST(played.exit_code == 0, played.output);
    for (const auto& r : read_results(dir / "p.jsonl")) BOOST_TEST(r.at("reason") != "adjudicated", r.dump());
    // A bad budget is refused.
    const Run bad = run_arena({"--engine", "cmd=" + fake("random"), "--engine", "cmd=" + fake("random"),
                               "--adjudicate-proven", "nodes=0", "--results", dir / "b.jsonl"});
    BOOST_TEST(bad.exit_code != 0);
    BOOST_TEST(bad.output.find("--adjudicate-proven") != std::string::npos, bad.output);
}

BOOST_AUTO_TEST_CASE(brains_that_agree_the_game_is_level_are_adjudicated_a_draw) {
    TempDir dir;
    const Run run = run_arena({"--engine", "cmd=" + fake("scoring"), "arg=10", "name=a", "--engine",
                               "cmd=" + fake("scoring"), "arg=-20", "name=b", "--each", "st=1", "--games", "2",
                               "--draw", "score=30", "count=2", "after=8", "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 2u);
    for (const auto& r : results) {
        BOOST_TEST(r.at("result") == "draw", r.dump());
        BOOST_TEST(r.at("reason") == "adjudicated", r.dump());
        // It ends at the first move where both hold: from ply 8 on (opening stones counted),
        // and once each brain has two level scores (four brain moves).
        const std::string opening = r.at("opening").get<std::string>();
        const int opening_plies =
            opening.empty() ? 0 : static_cast<int>(std::count(opening.begin(), opening.end(), ',')) + 1;
        BOOST_TEST(static_cast<int>(r.at("moves").size()) == std::max(4, 8 - opening_plies), r.dump());
        BOOST_TEST(r.at("adjudication").get<std::string>().find("draw") != std::string::npos, r.dump());
    }
    // A score outside the band keeps the game going: with +-5 the same brains play on.
    const Run strict = run_arena({"--engine",     "cmd=" + fake("scoring"),
                                  "arg=10",       "name=a",
                                  "--engine",     "cmd=" + fake("scoring"),
                                  "arg=-20",      "name=b",
                                  "--each",       "st=1",
                                  "--board",      "7",
                                  "--k",          "4",
                                  "--games",      "2",
                                  "--draw",       "score=5",
                                  "count=2",      "--results",
                                  dir / "s.jsonl"});
    BOOST_TEST(strict.exit_code == 0, strict.output);
    for (const auto& r : read_results(dir / "s.jsonl")) BOOST_TEST(r.at("reason") != "adjudicated", r.dump());
    // Bad values are refused before anything starts.
    const Run bad = run_arena({"--engine", "cmd=" + fake("scoring"), "--engine", "cmd=" + fake("scoring"), "--resign",
                               "score=-1", "count=2", "--results", dir / "t.jsonl"});
    BOOST_TEST(bad.exit_code != 0);
    BOOST_TEST(bad.output.find("--resign") != std::string::npos, bad.output);
}

#ifdef TENGEN_PBRAIN_PATH
BOOST_AUTO_TEST_CASE(each_move_records_the_depth_and_score_its_brain_reported) {
    // Tengen prints a summary line (depth, eval) before each move; the random brain prints
    // nothing. The results line and the SGF carry what each said, and no more.
    TempDir dir;
    const Run run = run_arena({"--engine",     "cmd=" TENGEN_PBRAIN_PATH,
                               "name=tengen",  "threads=1",
                               "--engine",     "cmd=" + fake("random"),
                               "name=random",  "--each",
                               "st=0.1",       "memory=16777216",
                               "--board",      "9",
                               "--games",      "2",
                               "--tolerance",  "3000",
                               "--sgf",        "--records",
                               dir / "games",  "--results",
                               dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 2u);
    int tengen_moves = 0;
    for (const auto& r : results) {
        const bool tengen_black = r.at("black") == "tengen";
        const auto& moves = r.at("moves");
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const bool by_tengen = (i % 2 == 0) == tengen_black;
            const auto& m = moves[i];
            if (!by_tengen) {
                BOOST_TEST(!m.contains("depth"), m.dump());
                BOOST_TEST(!m.contains("score"), m.dump());
                BOOST_TEST(!m.contains("mate"), m.dump());
                continue;
            }
            ++tengen_moves;
            BOOST_TEST(m.contains("depth"), m.dump());
            BOOST_TEST((m.contains("score") != m.contains("mate")), m.dump());
            if (m.contains("mate")) BOOST_TEST(m.at("mate").get<int>() != 0, m.dump());
        }
    }
    BOOST_TEST(tengen_moves > 0);
    // The game Tengen won ends with its proven win or a five it saw coming: a winning
    // side's last reported score is never a loss.
    for (const auto& r : results) {
        if (r.at("reason") != "five" || r.at("result") == "draw") continue;
        const auto& moves = r.at("moves");
        const auto& last = moves.back();
        if (last.contains("mate")) BOOST_TEST(last.at("mate").get<int>() > 0, r.dump());
    }
    const std::string sgf = read_text((fs::path(dir / "games") / "game-000000.sgf").string());
    BOOST_TEST(sgf.find("C[depth ") != std::string::npos, sgf);

    // merge reads the new fields back.
    const Run merged = run_arena({"merge", dir / "r.jsonl"});
    BOOST_TEST(merged.exit_code == 0, merged.output);
}
#endif

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

// In-process checks of the pieces the command line relies on.

BOOST_AUTO_TEST_CASE(schedule_numbers_games_rounds_and_pairs_as_documented) {
    ScheduleOptions o;
    o.games = 200;
    const auto games = build_schedule(o);
    BOOST_REQUIRE_EQUAL(games.size(), 200u);
    BOOST_TEST(games[17].round == 0);
    BOOST_TEST(games[17].pair == 8);
    BOOST_TEST(games[16].opening == games[17].opening);
    BOOST_TEST(games[16].black == games[17].white);

    ScheduleOptions rr;
    rr.kind = TournamentKind::RoundRobin;
    rr.brains = 3;
    rr.games = 2;
    rr.rounds = 2;
    const auto all = build_schedule(rr);
    BOOST_REQUIRE_EQUAL(all.size(), 12u);
    BOOST_TEST(all[6].round == 1);
    BOOST_TEST(all[11].pair == 5);
    std::set<std::pair<int, int>> met;
    for (const auto& g : all) met.insert({std::min(g.black, g.white), std::max(g.black, g.white)});
    BOOST_TEST(met.size() == 3u);
    // Every pairing of a round meets the same openings.
    BOOST_TEST(all[0].opening == all[2].opening);

    const auto shard = parse_shard("1/3");
    BOOST_REQUIRE(shard);
    BOOST_TEST(shard->contains(games[2]));
    BOOST_TEST(!shard->contains(games[4]));
    BOOST_TEST(!parse_shard("3/3"));
    BOOST_TEST(!parse_shard("x"));

    ScheduleOptions odd;
    odd.games = 3;
    BOOST_TEST(!check_schedule(odd).ok());
}

BOOST_AUTO_TEST_CASE(without_colour_swapped_pairs_colours_balance_over_the_event) {
    auto blacks = [](const ScheduleOptions& o) {
        std::map<int, int> count;
        for (const auto& g : build_schedule(o)) ++count[g.black];
        return count;
    };
    ScheduleOptions match;
    match.repeat = false;
    match.games = 3;
    match.rounds = 2;
    BOOST_TEST(blacks(match)[0] == 3);  // not 4 of 6
    BOOST_TEST(blacks(match)[1] == 3);

    ScheduleOptions rr;
    rr.kind = TournamentKind::RoundRobin;
    rr.brains = 3;
    rr.repeat = false;
    rr.games = 1;
    for (const auto& [brain, n] : blacks(rr))
        BOOST_TEST(n == 1, "engine " << brain << " has black " << n << " times of 2");
}

BOOST_AUTO_TEST_CASE(brain_tokens_follow_arena_md) {
    auto parsed = parse_brain_spec({"cmd=/bin/e", "arg=-x", "arg=y", "tc=60/5+0.5", "info=foo:bar"},
                                   {"st=0.2", "memory=1000", "arg=default", "info=foo:baz", "info=a:b"});
    BOOST_REQUIRE_MESSAGE(parsed, parsed.error());
    const BrainSpec& e = *parsed;
    BOOST_TEST(e.args == (std::vector<std::string>{"-x", "y"}), boost::test_tools::per_element());
    BOOST_TEST(e.clock.match_ms == 60000);
    BOOST_TEST(e.clock.turn_ms == 5000);  // the brain's own tc replaces the st of --each whole
    BOOST_TEST(e.clock.increment_ms == 500);
    BOOST_TEST(*e.memory == 1000);
    const auto lines = e.info_lines();
    BOOST_TEST((std::find(lines.begin(), lines.end(), "INFO foo bar") != lines.end()));
    BOOST_TEST((std::find(lines.begin(), lines.end(), "INFO a b") != lines.end()));
    BOOST_TEST((std::find(lines.begin(), lines.end(), "INFO time_increment 500") != lines.end()));

    auto plain = parse_brain_spec({"cmd=x"}, {});
    BOOST_REQUIRE_MESSAGE(plain, plain.error());
    BOOST_TEST(plain->clock.turn_ms == 1000);  // st=1 by default
    BOOST_TEST(plain->clock.match_ms == 0);

    auto tc = parse_brain_spec({"cmd=x", "tc=10+0.1"}, {});
    BOOST_REQUIRE_MESSAGE(tc, tc.error());
    BOOST_TEST(tc->clock.turn_ms == 10000);

    BOOST_TEST(!parse_brain_spec({"name=x"}, {}));
    BOOST_TEST(!parse_brain_spec({"cmd=x", "speed=9"}, {}));
    BOOST_TEST(!parse_brain_spec({"cmd=x", "st=fast"}, {}));
    BOOST_TEST(!parse_brain_spec({"cmd=x", "tc=1/"}, {}));

    auto windows = parse_brain_spec({"cmd=pbrain-x.exe", "wine=yes"}, {});
    BOOST_REQUIRE_MESSAGE(windows, windows.error());
    BOOST_TEST(windows->wine);
    BOOST_TEST(!plain->wine);
    BOOST_TEST(!parse_brain_spec({"cmd=x", "wine=maybe"}, {}));
}

BOOST_AUTO_TEST_CASE(other_runners_spellings_and_contradictory_time_controls) {
    // c-gomoku-cli's turn-time-only clock, its maxmemory and thread, cutechess-cli's option.
    auto parsed =
        parse_brain_spec({"cmd=x", "tc=0/0.1", "maxmemory=5000", "thread=2", "option.strength=7", "tolerance=300"}, {});
    BOOST_REQUIRE_MESSAGE(parsed, parsed.error());
    const BrainSpec& e = *parsed;
    BOOST_TEST(e.clock.turn_ms == 100);
    BOOST_TEST(e.clock.match_ms == 0);
    BOOST_TEST(*e.memory == 5000);
    BOOST_TEST(*e.threads == 2);
    BOOST_TEST(*e.tolerance_ms == 300);
    const auto lines = e.info_lines();
    for (const char* expected : {"INFO timeout_turn 100", "INFO timeout_match 0", "INFO max_memory 5000",
                                 "INFO thread_num 2", "INFO strength 7"})
        BOOST_TEST((std::find(lines.begin(), lines.end(), expected) != lines.end()), expected);

    auto refused = [](std::vector<std::string> tokens, std::vector<std::string> each, const std::string& why) {
        auto r = parse_brain_spec(tokens, each);
        BOOST_REQUIRE(!r);
        BOOST_TEST(r.error().find(why) != std::string::npos, r.error());
    };
    // No time at all is never sent.
    refused({"cmd=x", "st=0"}, {}, "st needs seconds above 0");
    refused({"cmd=x", "tc=0"}, {}, "0/T");
    refused({"cmd=x", "tc=0/0"}, {}, "with T above 0");
    // Two time controls at one level contradict each other; across levels the brain's wins.
    refused({"cmd=x", "st=1", "tc=10+0.1"}, {}, "st and tc both");
    refused({"cmd=x"}, {"tc=10", "st=0.5"}, "--each: st and tc both");
    refused({"cmd=x", "option.=1"}, {}, "option.KEY=VALUE needs a KEY");
    auto over_each = parse_brain_spec({"cmd=x", "st=0.5"}, {"tc=10+0.1"});
    BOOST_REQUIRE_MESSAGE(over_each, over_each.error());
    BOOST_TEST(over_each->clock.turn_ms == 500);
    BOOST_TEST(over_each->clock.match_ms == 0);
}

BOOST_AUTO_TEST_CASE(a_time_control_is_written_as_its_key_reads_and_survives_a_merge) {
    BrainClock turn;
    turn.turn_ms = 200;
    BOOST_TEST(time_control_text(turn) == "st=0.2");
    auto clock = parse_time_control("60/5+0.25");
    BOOST_REQUIRE(clock);
    BOOST_TEST(time_control_text(*clock) == "tc=60/5+0.25");
    BOOST_TEST(time_control_text(*parse_time_control("10")) == "tc=10");
    BOOST_TEST(time_control_text(*parse_time_control("0/1.5")) == "st=1.5");

    FinishedGame g;
    g.black = "a";
    g.white = "b";
    g.arena_version = "9.9.9";
    g.date = "2026-11-24T17:05:31Z";
    g.black_tc = "st=0.2";
    g.white_tc = "tc=60/5+0.25";
    const auto back = from_json_line(to_json_line(g));
    BOOST_REQUIRE(back);
    BOOST_TEST(back->arena_version == g.arena_version);
    BOOST_TEST(back->date == g.date);
    BOOST_TEST(back->black_tc == g.black_tc);
    BOOST_TEST(back->white_tc == g.white_tc);
}

BOOST_AUTO_TEST_CASE(a_config_file_holds_the_whole_tournament_and_the_command_line_overrides_it) {
    TempDir dir;
    const nlohmann::json config = {
        {"engine", {{{"name", "a"}, {"cmd", fake("random")}}, {{"name", "b"}, {"cmd", fake("random")}, {"tc", "0/1"}}}},
        {"each", {{"st", 1}, {"option.style", "calm"}}},
        {"board", "7"},
        {"k", 4},
        {"games", 2},
        {"repeat", true},
        {"sgf", true},
        {"records", dir / "games"},
        {"results", dir / "r.jsonl"}};
    std::ofstream(dir / "t.json") << config.dump(2);
    const Run run = run_arena({"--config", dir / "t.json"});
    BOOST_TEST(run.exit_code == 0, run.output);
    auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 2u);
    BOOST_TEST(results[0].at("k") == 4);
    BOOST_TEST(results[0].at("board") == nlohmann::json::array({7, 7}));
    BOOST_TEST(results[0].at("black") == "a");
    BOOST_TEST(fs::exists(fs::path(dir / "games") / "game-000000.sgf"));

    // The command line wins over the file: here it grows the match.
    const Run more = run_arena({"--config", dir / "t.json", "--games", "4"});
    BOOST_TEST(more.exit_code == 0, more.output);
    BOOST_TEST(read_results(dir / "r.jsonl").size() == 4u);

    for (const auto& [text, why] :
         {std::pair{R"({"gamez": 3})", "unknown option \"gamez\""},
          std::pair{R"({"engine": {"cmd": "x"}})", "must be a list of engines"},
          std::pair{R"({"sgf": "yes"})", "is a switch"}, std::pair{"[1, 2", "not valid JSON"}}) {
        std::ofstream(dir / "bad.json") << text;
        const Run bad = run_arena({"--config", dir / "bad.json"});
        BOOST_TEST(bad.exit_code == 2);
        BOOST_TEST(bad.output.find(why) != std::string::npos, bad.output);
    }
}

BOOST_AUTO_TEST_CASE(single_dash_options_as_other_runners_write_them) {
    TempDir dir;
    const Run run = run_arena({"-engine", "name=a", "cmd=" + fake("random"), "-engine", "name=b",
                               "cmd=" + fake("random"), "-each", "tc=0/1", "-board", "7", "-k", "4", "-games", "2",
                               "-rule", "freestyle", "-results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    BOOST_TEST(read_results(dir / "r.jsonl").size() == 2u);
}

BOOST_AUTO_TEST_CASE(standings_count_points_and_pairs) {
    auto game = [](int n, std::string black, std::string white, Winner w) {
        FinishedGame g;
        g.game = n;
        g.pair = n / 2;
        g.black = std::move(black);
        g.white = std::move(white);
        g.outcome.winner = w;
        return g;
    };
    const std::vector<FinishedGame> games{game(0, "a", "b", Winner::Black), game(1, "b", "a", Winner::Black),
                                          game(2, "a", "b", Winner::Black), game(3, "b", "a", Winner::White),
                                          game(4, "a", "b", Winner::Draw)};
    const Standings s = compute_standings(games, {"a", "b"}, SprtParams{});
    BOOST_REQUIRE(s.head_to_head);
    BOOST_TEST(s.rows[0].name == "a");
    BOOST_TEST(s.rows[0].points == 3.5);
    BOOST_TEST(s.head_to_head->wdl.wins == 3);
    BOOST_TEST(s.head_to_head->wdl.losses == 1);
    BOOST_TEST(s.head_to_head->wdl.draws == 1);
    // Pair 0: win + loss (WL), pair 1: two wins (WW); pair 2 is incomplete.
    BOOST_TEST(s.head_to_head->penta.buckets[2] == 1);
    BOOST_TEST(s.head_to_head->penta.buckets[4] == 1);
    BOOST_TEST(s.head_to_head->penta.pairs() == 2);
    const std::string table = format_standings(s);
    BOOST_TEST(table.find("SPRT") != std::string::npos);
    BOOST_TEST(table.find("nan") == std::string::npos);

    // Two games of a pair from different openings (--repeat=false) are no pentanomial sample.
    auto unpaired = games;
    unpaired.push_back(game(6, "a", "b", Winner::Black));
    unpaired.push_back(game(7, "b", "a", Winner::Black));
    unpaired[6].opening = {{7, 7}};
    BOOST_TEST(pair_buckets(unpaired, "a", "b").pairs() == 2);
}

BOOST_AUTO_TEST_CASE(default_tolerance_is_one_second_for_clocks_and_less_for_short_turns) {
    BrainClock st;
    st.turn_ms = 50;
    BOOST_TEST(default_tolerance_ms(st) == 200);
    st.turn_ms = 500;
    BOOST_TEST(default_tolerance_ms(st) == 500);
    const auto tc = parse_time_control("60+1");
    BOOST_REQUIRE(tc);
    BOOST_TEST(default_tolerance_ms(*tc) == 1000);
    BOOST_TEST(start_command(GameConfig{}) == "START 15");
    BOOST_TEST(start_command(GameConfig{20, 15, 5, Rule::Freestyle}) == "RECTSTART 20,15");
}

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

namespace {

// A match of two swap2 fakes: each answers three stones with to_three and five with to_five,
// and reports its own score (a: 11, b: 22) so each move's author shows in the results.
std::vector<nlohmann::json> swap2_match(const TempDir& dir, const std::string& a_three, const std::string& a_five,
                                        const std::string& b_three, const std::string& b_five,
                                        std::string* output = nullptr) {
    const Run run = run_arena({"--engine",
                               "name=a",
                               "cmd=" + fake("swap2"),
                               "arg=" + a_three,
                               "arg=" + a_five,
                               "arg=11",
                               "--engine",
                               "name=b",
                               "cmd=" + fake("swap2"),
                               "arg=" + b_three,
                               "arg=" + b_five,
                               "arg=22",
                               "--each",
                               "st=1",
                               "--swap2",
                               "--board",
                               "9",
                               "--games",
                               "2",
                               "--results",
                               dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    if (output) *output = run.output;
    return read_results(dir / "r.jsonl");
}

std::size_t opening_stones(const nlohmann::json& r) {
    const std::string opening = r.at("opening");
    return opening.empty() ? 0 : static_cast<std::size_t>(std::count(opening.begin(), opening.end(), ',') + 1);
}

// Every move after the opening came from the brain the results line names for its colour.
void check_move_authors(const nlohmann::json& r) {
    const std::size_t opening = opening_stones(r);
    const auto& moves = r.at("moves");
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const bool black = (opening + i) % 2 == 0;
        const std::string author = r.at(black ? "black" : "white");
        BOOST_TEST(moves[i].at("score").get<int>() == (author == "a" ? 11 : 22), r.dump());
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(swap2_games_give_the_colours_the_brains_chose_and_record_the_choices) {
    {
        // Game 0: a proposes, b keeps white with a fourth stone. Game 1: b proposes, a swaps.
        TempDir dir;
        std::string output;
        const auto results = swap2_match(dir, "swap", "swap", "one", "swap", &output);
        BOOST_REQUIRE_EQUAL(results.size(), 2u);
        BOOST_TEST(results[0].at("black") == "a");
        BOOST_TEST(results[0].at("swap2").at("proposer") == "a");
        BOOST_TEST(results[0].at("swap2").at("answers").size() == 2u);
        BOOST_TEST(results[0].at("swap2").at("answers")[1] != "swap");
        BOOST_TEST(opening_stones(results[0]) == 4u);
        BOOST_TEST(results[1].at("swap2").at("proposer") == "b");
        BOOST_TEST(results[1].at("swap2").at("answers")[1] == "swap");
        BOOST_TEST(results[1].at("black") == "a");  // a swapped: it took black, b plays the fourth
        for (const auto& r : results) check_move_authors(r);
        // The two games are one pair (each brain proposed once) in the standings.
        BOOST_TEST(output.find("(1 pairs)") != std::string::npos, output);
    }
    {
        // Both place two more; then a (game 0's proposer) places the sixth and keeps white, b
        // (game 1's proposer) swaps to black.
        TempDir dir;
        const auto results = swap2_match(dir, "two", "one", "two", "swap");
        BOOST_REQUIRE_EQUAL(results.size(), 2u);
        BOOST_TEST(results[0].at("swap2").at("proposer") == "a");
        BOOST_TEST(results[0].at("swap2").at("answers").size() == 3u);
        BOOST_TEST(results[0].at("white") == "a");
        BOOST_TEST(opening_stones(results[0]) == 6u);
        BOOST_TEST(results[1].at("swap2").at("proposer") == "b");
        BOOST_TEST(results[1].at("swap2").at("answers")[2] == "swap");
        BOOST_TEST(results[1].at("black") == "b");
        for (const auto& r : results) check_move_authors(r);
        // The lines read back (resume, merge) with the choices intact.
        for (const auto& r : results) {
            const auto back = from_json_line(r.dump());
            BOOST_REQUIRE(back);
            BOOST_REQUIRE(back->outcome.swap2);
            BOOST_TEST(nlohmann::json::parse(to_json_line(*back)) == r);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_wrong_swap2_answer_loses_for_the_brain_that_gave_it) {
    {
        // b answers three stones with four: b, the responder, loses; a is black until decided.
        TempDir dir;
        const auto results = swap2_match(dir, "one", "swap", "bad", "swap");
        BOOST_REQUIRE_EQUAL(results.size(), 2u);
        BOOST_TEST(results[0].at("result") == "black");
        BOOST_TEST(results[0].at("black") == "a");
        BOOST_TEST(results[0].at("reason") == "protocol-error");
        BOOST_TEST(results[0].at("loser_said").get<std::string>().find("expects") != std::string::npos,
                   results[0].dump());
    }
    {
        // A brain without swap2 answers UNKNOWN and loses at once, not on time.
        TempDir dir;
        const Run run =
            run_arena({"--engine", "name=plain", "cmd=" + fake("random"), "--engine", "name=b", "cmd=" + fake("swap2"),
                       "--each", "st=5", "--swap2", "--board", "9", "--games", "2", "--results", dir / "r.jsonl"});
        BOOST_TEST(run.exit_code == 0, run.output);
        const auto results = read_results(dir / "r.jsonl");
        BOOST_REQUIRE_EQUAL(results.size(), 2u);
        BOOST_TEST(results[0].at("reason") == "protocol-error");
        BOOST_TEST(results[0].at("white") == "b");
        BOOST_TEST(results[0].at("result") == "white");
        BOOST_TEST(results[0].at("moves").size() == 0u);
    }
    const Run with_book = run_arena({"--engine", "cmd=" + fake("swap2"), "--engine", "cmd=" + fake("swap2"), "--swap2",
                                     "--openings", "file=/dev/null"});
    BOOST_TEST(with_book.exit_code == 2);
    BOOST_TEST(with_book.output.find("--swap2") != std::string::npos, with_book.output);
    const Run tic_tac_toe = run_arena({"--engine", "cmd=" + fake("swap2"), "--engine", "cmd=" + fake("swap2"),
                                       "--swap2", "--board", "3", "--k", "3"});
    BOOST_TEST(tic_tac_toe.exit_code == 2);
    BOOST_TEST(tic_tac_toe.output.find("--swap2 needs") != std::string::npos, tic_tac_toe.output);
}

#ifdef TENGEN_PBRAIN_PATH
BOOST_AUTO_TEST_CASE(tengen_plays_swap2_games_through_the_arena) {
    TempDir dir;
    const Run run = run_arena({"--engine", "cmd=" TENGEN_PBRAIN_PATH, "name=t1", "nodes=3000", "--engine",
                               "cmd=" TENGEN_PBRAIN_PATH, "name=t2", "nodes=1000", "--each", "st=5", "threads=1",
                               "memory=16777216", "--swap2", "--games", "2", "--results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 2u);
    for (const auto& r : results) {
        BOOST_TEST(r.contains("swap2"), r.dump());
        const std::string reason = r.at("reason");
        BOOST_TEST((reason == "five" || reason == "full-board"), r.dump());  // no one misbehaved
        const std::size_t stones = opening_stones(r);
        BOOST_TEST((stones >= 3 && stones <= 6), r.dump());
    }
}
#endif

namespace {

// The page as headless Chromium (Debian's chromium, installed by .ci/run) renders it, scripts
// run: its DOM.
std::string rendered_dom(const TempDir& dir, const std::string& url) {
    ChildProcess browser;
    const Status started = browser.start({"chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                          "--user-data-dir=" + dir / "chromium-profile", "--dump-dom", url},
                                         "", ChildProcess::Stderr::Null);
    BOOST_REQUIRE_MESSAGE(started.ok(),
                          "cannot start chromium (Debian package chromium, installed by .ci/run): " << started.error());
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
    std::string dom, line;
    while (browser.read_line(line, deadline) == ChildProcess::ReadStatus::Line) dom += line + "\n";
    if (!browser.wait_exit(deadline)) browser.kill();
    return dom;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_html_report_shows_the_standings_the_plots_and_any_game_on_a_board_in_a_browser) {
    TempDir dir;
    // Random players: some wins for each side, so the Elo is defined somewhere on the way.
    const Run match = run_arena(quick_match(dir, 24, "r.jsonl"));
    BOOST_REQUIRE_MESSAGE(match.exit_code == 0, match.output);
    const Run report =
        run_arena({"report", dir / "r.jsonl", "--html", dir / "report.html", "--sprt", "elo0=0", "elo1=20"});
    BOOST_REQUIRE_MESSAGE(report.exit_code == 0, report.output);
    BOOST_TEST(report.output.find("24 games") != std::string::npos, report.output);

    // Self-contained: nothing is fetched (the only address is SVG's namespace name).
    const std::string page = read_text(dir / "report.html");
    BOOST_TEST(occurrences(page, "http") == occurrences(page, "http://www.w3.org/2000/svg"));
    BOOST_TEST(page.find(" src=") == std::string::npos);
    BOOST_TEST(page.find("<link") == std::string::npos);

    const auto results = read_results(dir / "r.jsonl");
    const nlohmann::json* game = nullptr;
    for (const auto& r : results)
        if (r.at("game") == 3) game = &r;
    BOOST_REQUIRE(game);
    const std::size_t total = game->at("moves").size();
    const std::size_t shown = std::min<std::size_t>(2, total);
    const std::string dom =
        rendered_dom(dir, "file://" + dir / "report.html" + "#game=3&move=" + std::to_string(shown));

    // The replay shows game 3 after two brain moves: its caption, and exactly those stones.
    const std::string caption = "Game 3: " + game->at("black").get<std::string>() + " (black) vs " +
                                game->at("white").get<std::string>() + " (white), freestyle; move " +
                                std::to_string(shown) + " of " + std::to_string(total);
    BOOST_TEST(dom.find(caption) != std::string::npos, dom.substr(0, 3000));
    BOOST_TEST(dom.find("data-stones=\"" + std::to_string(shown) + "\"") != std::string::npos);
    BOOST_TEST(occurrences(dom, "class=\"stone ") == shown);
    // Standings with both brains, the crosstable, both plots drawn, the games listed.
    BOOST_TEST(dom.find("<td class=\"engine\">a</td>") != std::string::npos);
    BOOST_TEST(dom.find("<td class=\"engine\">b</td>") != std::string::npos);
    BOOST_TEST(dom.find("id=\"crosstable\"") != std::string::npos);
    for (const char* plot : {"id=\"elo-plot\"", "id=\"llr-plot\""}) {
        const auto at = dom.find(plot);
        BOOST_REQUIRE(at != std::string::npos);
        BOOST_TEST(dom.find("class=\"series\"", at) < dom.find("</svg>", at), plot);
    }
    BOOST_TEST(dom.find("elo0=0 elo1=20") != std::string::npos);
    BOOST_TEST(occurrences(dom, "class=\"game-link\"") >= 24u);
    BOOST_TEST(dom.find("id=\"openings\"") != std::string::npos);

    // The last move by default, with how the game ended.
    const std::string whole = rendered_dom(dir, "file://" + dir / "report.html" + "#game=3");
    BOOST_TEST(whole.find("move " + std::to_string(total) + " of " + std::to_string(total) + "; " +
                          game->at("result").get<std::string>()) != std::string::npos);
    BOOST_TEST(occurrences(whole, "class=\"stone ") == total);
}

BOOST_AUTO_TEST_CASE(the_html_report_of_three_brains_has_the_crosstable_and_joint_ratings) {
    TempDir dir;
    const Run match = run_arena({"--engine",
                                 "name=a",
                                 "cmd=" + fake("random"),
                                 "--engine",
                                 "name=b",
                                 "cmd=" + fake("random"),
                                 "--engine",
                                 "name=c",
                                 "cmd=" + fake("random"),
                                 "--tournament",
                                 "round-robin",
                                 "--each",
                                 "st=1",
                                 "--board",
                                 "7",
                                 "--k",
                                 "4",
                                 "--games",
                                 "2",
                                 "--results",
                                 dir / "r.jsonl"});
    BOOST_REQUIRE_MESSAGE(match.exit_code == 0, match.output);
    const Run report = run_arena({"report", dir / "r.jsonl", "--html", dir / "report.html"});
    BOOST_REQUIRE_MESSAGE(report.exit_code == 0, report.output);
    const std::string page = read_text(dir / "report.html");
    BOOST_TEST(page.find("Joint ratings") != std::string::npos);
    BOOST_TEST(occurrences(page, "class=\"series\"") == 3u);  // one rating line per brain
    BOOST_TEST(page.find("<th>c</th>") != std::string::npos);
    const Run help = run_arena({"report", "--help"});
    BOOST_TEST(help.exit_code == 0);
    BOOST_TEST(help.output.find("--html") != std::string::npos, help.output);
    const Run missing = run_arena({"report", dir / "nothing.jsonl", "--html", dir / "x.html"});
    BOOST_TEST(missing.exit_code == 2);
    BOOST_TEST(missing.output.find("no such file") != std::string::npos, missing.output);
}
