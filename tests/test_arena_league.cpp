// `tengen-arena league` run as users run it: the real binary, its embedded Gomocup leagues and
// fake brains, with clocks scaled down so a league takes seconds.
#define BOOST_TEST_MODULE arena_league
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

#include "arena_test_support.h"

using namespace tengen;
using namespace tengen::testing;

namespace {

const std::filesystem::path kLeagueDir =
    std::filesystem::path(TENGEN_TEST_DATA_DIR) / ".." / ".." / "tournament" / "leagues";

// Runs from a fresh directory of its own, so nothing is found beside the binary's sources.
Run run_league(std::vector<std::string> args, const std::filesystem::path& dir) {
    args.insert(args.begin(), "league");
    return run_arena(args, dir.string(), std::chrono::seconds(240));
}

// A line that starts with start and holds every one of parts, in order.
bool has_line_with(const std::string& output, const std::string& start, const std::vector<std::string>& parts) {
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind(start, 0) != 0) continue;
        std::size_t at = 0;
        bool all = true;
        for (const std::string& part : parts) {
            at = line.find(part, at);
            if (at == std::string::npos) {
                all = false;
                break;
            }
            at += part.size();
        }
        if (all) return true;
    }
    return false;
}
bool has_line_with(const std::string& output, const std::string& start, const std::string& also) {
    return has_line_with(output, start, std::vector<std::string>{also});
}

}  // namespace

BOOST_AUTO_TEST_CASE(list_names_every_league_with_gomocups_conditions) {
    TempDir dir("league-list");
    const Run run = run_league({"--list"}, dir.path);
    BOOST_TEST_MESSAGE(run.output);
    BOOST_TEST(run.exit_code == 0);
    BOOST_TEST(has_line_with(run.output, "freestyle-20 ", "20x20 freestyle, tc=180/30 (a game 180 s, a move 30 s)"),
               run.output);
    BOOST_TEST(has_line_with(run.output, "freestyle-20-final ", "20x20 freestyle, tc=1000/300"), run.output);
    BOOST_TEST(has_line_with(run.output, "freestyle-15 ", "15x15 freestyle, tc=180/30"), run.output);
    BOOST_TEST(has_line_with(run.output, "standard ", "15x15 exact, tc=180/30"), run.output);
    BOOST_TEST(has_line_with(run.output, "renju ", "15x15 renju, tc=1000/300"), run.output);
    BOOST_TEST(has_line_with(run.output, "renju ", "a draw after 200 moves"), run.output);
    BOOST_TEST(has_line_with(run.output, "caro ", "caro"), run.output);
    BOOST_TEST(has_line_with(run.output, "fastgame ", "20x20 freestyle, tc=120/5 (a game 120 s, a move 5 s)"),
               run.output);
    BOOST_TEST(has_line_with(run.output, "fastgame ", "memory 350 MiB"), run.output);
}

BOOST_AUTO_TEST_CASE(print_gives_the_repositorys_file_from_any_directory) {
    TempDir dir("league-print");
    for (const auto& entry : std::filesystem::directory_iterator(kLeagueDir)) {
        const std::string name = entry.path().stem().string();
        const Run run = run_league({"--print", name}, dir.path);
        BOOST_TEST(run.exit_code == 0, name);
        BOOST_TEST(run.output == read_text(entry.path()), name);
        BOOST_TEST(nlohmann::json::parse(run.output).is_object(), name);
    }
}

BOOST_AUTO_TEST_CASE(an_unknown_league_is_an_error_that_lists_the_known_ones) {
    TempDir dir("league-unknown");
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"freestyle-21", "--engine", "cmd=" + fake("random"), "--engine",
                                   "cmd=" + fake("random")},
          std::vector<std::string>{"--print", "freestyle-21"}}) {
        const Run run = run_league(args, dir.path);
        BOOST_TEST(run.exit_code == 2, run.output);
        BOOST_TEST(run.output.find("unknown league 'freestyle-21'") != std::string::npos, run.output);
        BOOST_TEST(run.output.find("freestyle-20, freestyle-20-final") != std::string::npos, run.output);
        BOOST_TEST(run.output.find("renju") != std::string::npos, run.output);
    }
    BOOST_TEST(std::filesystem::is_empty(dir.path));
}

BOOST_AUTO_TEST_CASE(what_a_league_fixes_cannot_be_given) {
    TempDir dir("league-fixed");
    const std::string a = "cmd=" + fake("random");
    const Run rule = run_league({"renju", "--engine", a, "--engine", a, "--rule", "freestyle"}, dir.path);
    BOOST_TEST(rule.exit_code == 2, rule.output);
    BOOST_TEST(rule.output.find("--rule is the league's to set") != std::string::npos, rule.output);
    const Run clock = run_league({"renju", "--engine", a, "st=1", "--engine", a}, dir.path);
    BOOST_TEST(clock.exit_code == 2, clock.output);
    BOOST_TEST(clock.output.find("the league sets the clocks") != std::string::npos, clock.output);
    BOOST_TEST(std::filesystem::is_empty(dir.path));
}

BOOST_AUTO_TEST_CASE(leagues_send_their_scaled_clocks_rule_and_board_and_end_in_one_table) {
    TempDir dir("league-play");
    const std::string log = (dir.path / "first.log").string();
    const std::vector<std::string> args{"renju",
                                        "freestyle-20",
                                        "--scale",
                                        "0.01",
                                        "--engine",
                                        "cmd=" + fake("random"),
                                        "log=" + log,
                                        "--engine",
                                        "cmd=" + fake("random"),
                                        "--games",
                                        "2",
                                        "--results-dir",
                                        (dir.path / "out").string()};
    const Run run = run_league(args, dir.path);
    BOOST_TEST_MESSAGE(run.output);
    BOOST_TEST(run.exit_code == 0);

    // Renju is played at 1000 s / 300 s, freestyle-20 at 180 s / 30 s; a hundredth of each.
    const std::string sent = read_text(log);
    for (const char* line :
         {"INFO timeout_turn 3000", "INFO timeout_match 10000", "INFO rule 4", "START 15", "INFO timeout_turn 300",
          "INFO timeout_match 1800", "INFO rule 0", "START 20", "INFO max_memory 367001600"})
        BOOST_TEST(sent.find(std::string("> ") + line) != std::string::npos, line);
    for (const char* unscaled : {"INFO timeout_turn 30000", "INFO timeout_turn 300000", "INFO timeout_match 180000"})
        BOOST_TEST(sent.find(std::string(unscaled) + "\n") == std::string::npos, unscaled);

    const auto renju = read_results((dir.path / "out" / "renju-scale0.01.jsonl").string());
    const auto freestyle = read_results((dir.path / "out" / "freestyle-20-scale0.01.jsonl").string());
    BOOST_TEST(renju.size() == 2u);
    BOOST_TEST(freestyle.size() == 2u);
    for (const auto& g : renju) {
        BOOST_TEST(g.at("rule") == "renju");
        BOOST_TEST(g.at("board") == nlohmann::json::array({15, 15}));
        BOOST_TEST(g.at("tc").at("black") == "tc=10/3");
    }
    for (const auto& g : freestyle) {
        BOOST_TEST(g.at("rule") == "freestyle");
        BOOST_TEST(g.at("board") == nlohmann::json::array({20, 20}));
        BOOST_TEST(g.at("tc").at("white") == "tc=1.8/0.3");
    }

    // The table: a line per brain per league, after every league's own standings.
    const auto table = run.output.find("Leagues played (clocks x0.01):");
    BOOST_REQUIRE(table != std::string::npos);
    const std::string tail = run.output.substr(table);
    BOOST_TEST(has_line_with(tail, "League ", "Time forfeits"), tail);
    for (const char* brain : {" random ", " random-2 "}) {
        BOOST_TEST(has_line_with(tail, "renju ", {"15x15 renju tc=10/3 350MiB draw@200 ", brain, " 2 ", "%"}), tail);
        BOOST_TEST(has_line_with(tail, "freestyle-20 ", {"20x20 freestyle tc=1.8/0.3 350MiB ", brain, " 2 ", "%"}),
                   tail);
    }

    // The same command again resumes: nothing new is played, the table is printed again.
    const Run again = run_league(args, dir.path);
    BOOST_TEST(again.exit_code == 0, again.output);
    BOOST_TEST(read_results((dir.path / "out" / "renju-scale0.01.jsonl").string()).size() == 2u);
    BOOST_TEST(again.output.find("Leagues played (clocks x0.01):") != std::string::npos, again.output);
}
