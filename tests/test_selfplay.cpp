#define BOOST_TEST_MODULE selfplay
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/board.h"
#include "engine/notation.h"
#include "play_pipe.h"
#include "engine/renju.h"

using namespace tengen;
using tengen::testing::run_with_input;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) out.push_back(line);
    return out;
}

std::string selfplay(const std::string& rule, int size, int games, int jobs, int seed) {
    const auto run = run_with_input({TENGEN_PBRAIN_PATH, "selfplay", "--rule", rule, "--size", std::to_string(size),
                                     "--games", std::to_string(games), "--jobs", std::to_string(jobs), "--seed",
                                     std::to_string(seed), "--nodes", "300", "--opening-nodes", "300"},
                                    "", 120000);
    BOOST_REQUIRE(!run.timed_out);
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    return run.out;
}

// Replays every game on the engine's own Board: each move legal (and never forbidden for black
// in renju), the game over exactly at its last move, and the written result the board's.
void check_games(const std::string& output, int games, Rule rule) {
    const auto lines = lines_of(output);
    BOOST_REQUIRE_EQUAL(lines.size(), static_cast<std::size_t>(games));
    for (std::size_t n = 0; n < lines.size(); ++n) {
        const auto g = nlohmann::json::parse(lines[n]);
        BOOST_CHECK_EQUAL(g.at("game").get<int>(), static_cast<int>(n));
        const GameConfig config{g["board"][0].get<int>(), g["board"][1].get<int>(), g["k"].get<int>(), rule};
        Board board(config);
        const auto moves = parse_letter_sequence(g.at("moves").get<std::string>());
        BOOST_REQUIRE(moves.has_value());
        const int opening = g.at("opening_stones").get<int>();
        BOOST_CHECK_EQUAL(g.at("scores").size(), moves->size() - static_cast<std::size_t>(opening));
        BOOST_CHECK_EQUAL(g.at("best").size(), g.at("scores").size());
        for (std::size_t i = 0; i < moves->size(); ++i) {
            const Point p = (*moves)[i];
            BOOST_REQUIRE_MESSAGE(board.is_legal(p), "game " << n << " move " << i << " illegal");
            if (rule == Rule::Renju && board.side_to_move() == Color::Black)
                BOOST_CHECK_MESSAGE(!is_forbidden_for_black(board, p), "game " << n << " move " << i << " forbidden");
            board.play(p);
            if (i + 1 < moves->size()) BOOST_REQUIRE(!board.game_over());
        }
        const std::string result = g.at("result").get<std::string>();
        const std::string expected = board.status() == GameStatus::BlackWins   ? "black"
                                     : board.status() == GameStatus::WhiteWins ? "white"
                                                                               : "draw";
        BOOST_CHECK_EQUAL(result, expected);
        if (result == "draw") BOOST_CHECK(board.game_over());
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(same_seed_same_bytes_for_any_jobs) {
    const std::string one = selfplay("freestyle", 9, 4, 1, 7);
    const std::string two = selfplay("freestyle", 9, 4, 2, 7);
    BOOST_CHECK_EQUAL(one, two);
    BOOST_CHECK_NE(one, selfplay("freestyle", 9, 4, 2, 8));
}

BOOST_AUTO_TEST_CASE(freestyle_and_exact_games_are_legal_with_right_results) {
    check_games(selfplay("freestyle", 9, 3, 2, 1), 3, Rule::Freestyle);
    check_games(selfplay("exact", 9, 3, 2, 2), 3, Rule::Exact);
}

BOOST_AUTO_TEST_CASE(renju_games_never_play_forbidden_points) {
    check_games(selfplay("renju", 15, 3, 2, 3), 3, Rule::Renju);
}

BOOST_AUTO_TEST_CASE(bad_options_are_refused) {
    const auto run = run_with_input({TENGEN_PBRAIN_PATH, "selfplay", "--jobs", "0"}, "", 20000);
    BOOST_CHECK_EQUAL(run.exit_code, 2);
}

BOOST_AUTO_TEST_CASE(tuner_reads_generated_games) {
    const std::filesystem::path tuner =
        std::filesystem::path(TENGEN_PBRAIN_PATH).parent_path() / "tests" / "tengen-tune-eval-codes";
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(tuner), "build tengen-tune-eval-codes first");
    const auto stem = std::filesystem::temp_directory_path() / ("tengen-selfplay-" + std::to_string(::getpid()));
    const auto games = stem.string() + ".jsonl", table = stem.string() + ".h";
    {
        std::ofstream out(games);
        out << selfplay("freestyle", 15, 4, 2, 5);
    }
    const auto run =
        run_with_input({tuner.string(), games, "--epochs", "1", "--holdout", "0", "--out", table}, "", 120000);
    std::ifstream in(table);
    const std::string header((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::filesystem::remove(games);
    std::filesystem::remove(table);
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    // The header names how many positions it was fitted on: every game must have given some.
    const auto at = header.find(".jsonl: ");
    BOOST_REQUIRE(at != std::string::npos);
    const int positions = std::stoi(header.substr(at + 8));
    BOOST_TEST_MESSAGE(positions << " positions read");
    BOOST_CHECK_GT(positions, 40);
}
