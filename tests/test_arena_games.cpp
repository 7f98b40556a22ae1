// tengen-arena playing matches, through the real binary: misbehaving brains lose for the right
// reason, every results field, openings, renju, clocks, start-up, and the adjudication of
// games on the scores brains report.
#define BOOST_TEST_MODULE arena_games
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
#include "engine/notation.h"

namespace fs = std::filesystem;
using namespace tengen;
using namespace tengen::testing;

BOOST_AUTO_TEST_SUITE(match_play)

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

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(adjudication)

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
// Four in a row on 5x5 between two brains: a draw, called as soon as no line of four can
// still be filled by one colour, long before the board is full (a dead board can only end
// drawn, so without the rule the same game fills the board).
BOOST_AUTO_TEST_CASE(a_game_no_one_can_still_win_is_drawn_before_the_board_fills) {
    TempDir dir;
    const auto play = [&](const std::string& results, bool dead) {
        // clang-format off
        std::vector<std::string> args{"--engine", "cmd=" TENGEN_PBRAIN_PATH, "depth=6",
                                      "--engine", "cmd=" TENGEN_PBRAIN_PATH, "depth=6",
                                      "--each", "st=5", "--board", "5", "--k", "4", "--games", "2",
                                      "--results", dir / results};
        // clang-format on
        if (dead) args.push_back("--adjudicate-dead");
        const Run run = run_arena(args);
        BOOST_TEST(run.exit_code == 0, run.output);
        return read_results(dir / results);
    };
    const auto adjudicated = play("dead.jsonl", true);
    BOOST_REQUIRE_EQUAL(adjudicated.size(), 2u);
    for (const auto& r : adjudicated) {
        BOOST_TEST(r.at("result") == "draw", r.dump());
        BOOST_TEST(r.at("reason") == "adjudicated", r.dump());
        BOOST_TEST(r.at("adjudication").get<std::string>().starts_with("dead: "), r.dump());
        BOOST_TEST(r.at("moves").size() < 25u, r.dump());
    }
    for (const auto& r : play("full.jsonl", false)) BOOST_TEST(r.at("reason") == "full-board", r.dump());
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

BOOST_AUTO_TEST_SUITE_END()
