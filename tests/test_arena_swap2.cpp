// Swap2 openings through tengen-arena: the colours the brains chose, a wrong answer, and Tengen
// playing swap2 games.
#define BOOST_TEST_MODULE arena_swap2
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

namespace fs = std::filesystem;
using namespace tengen;
using namespace tengen::testing;

BOOST_AUTO_TEST_SUITE(swap2_games)

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

BOOST_AUTO_TEST_SUITE_END()
