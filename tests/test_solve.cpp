#define BOOST_TEST_MODULE solve
#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <unistd.h>
#include <map>
#include <string>
#include <vector>

#include "ai/exact_solver.h"
#include "engine/notation.h"
#include "run_program.h"
#include "engine/renju.h"

using namespace tengen;

namespace {

Board position(int w, int h, int k, const std::string& letters, Rule rule = Rule::Freestyle) {
    Board board(GameConfig{w, h, k, rule});
    const auto moves = parse_letter_sequence(letters);
    BOOST_REQUIRE(moves.has_value());
    for (const Point p : *moves) board.play(p);
    return board;
}

// A parent's score from a child's: the sign flips and a won/lost game is one ply longer.
Score from_child(Score child) { return child > 0 ? -child + 1 : child < 0 ? -child - 1 : 0; }

// Plain tic-tac-toe minimax on its own arrays, written independently of Board and the solver.
struct TicTacToe {
    std::array<int, 9> cells{};  // 0 empty, 1 first player, 2 second player
    static constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                         {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    bool has_line(int who) const {
        for (const auto& l : kLines)
            if (cells[l[0]] == who && cells[l[1]] == who && cells[l[2]] == who) return true;
        return false;
    }
    int stones() const {
        int n = 0;
        for (int c : cells) n += c != 0;
        return n;
    }
    // Score for the side to move, in the solver's units (mate_in / mated_in / 0).
    Score minimax() {
        const int to_move = stones() % 2 == 0 ? 1 : 2;
        if (has_line(3 - to_move)) return mated_in(0);
        if (stones() == 9) return 0;
        Score best = -kInfinite;
        for (int i = 0; i < 9; ++i) {
            if (cells[i] != 0) continue;
            cells[i] = to_move;
            best = std::max(best, from_child(minimax()));
            cells[i] = 0;
        }
        return best;
    }
};

// Every position reachable in play (stopping at a win or a full board), once each.
void collect(Board& board, std::map<std::vector<int>, std::vector<Point>>& seen, std::vector<Point>& moves,
             int max_stones = 1 << 20) {
    std::vector<int> key;
    for (int i = 0; i < board.area(); ++i) key.push_back(static_cast<int>(board.at(board.point(i))));
    if (!seen.emplace(key, moves).second) return;
    if (board.game_over() || board.placed_count() >= max_stones) return;
    for (int i = 0; i < board.area(); ++i) {
        const Point p = board.point(i);
        if (!board.is_empty(p)) continue;
        board.play(p);
        moves.push_back(p);
        collect(board, seen, moves, max_stones);
        moves.pop_back();
        board.unmake();
    }
}

Score solved_score(ExactSolver& solver, const Board& board) {
    const SolveResult r = solver.solve(board);
    BOOST_REQUIRE(r.value != SolveValue::Unknown);
    BOOST_REQUIRE(r.distance_exact);
    return r.score;
}

// Over every position up to `plies` stones: the solver's value is the best of its children's.
void check_consistency(const GameConfig& config, int plies) {
    ExactSolver solver(std::size_t{16} << 20);
    Board board(config);
    std::map<std::vector<int>, std::vector<Point>> seen;
    std::vector<Point> moves;
    collect(board, seen, moves, plies);
    int checked = 0;
    for (const auto& [key, line] : seen) {
        if (static_cast<int>(line.size()) > plies) continue;
        Board b(config);
        for (const Point p : line) b.play(p);
        const Score score = solved_score(solver, b);
        if (b.game_over()) continue;
        Score best = -kInfinite;
        for (int i = 0; i < b.area(); ++i) {
            const Point p = b.point(i);
            if (!b.is_empty(p)) continue;
            b.play(p);
            best = std::max(best, from_child(solved_score(solver, b)));
            b.unmake();
        }
        BOOST_TEST(score == best);
        ++checked;
    }
    BOOST_TEST(checked > 0);
}

}  // namespace

BOOST_AUTO_TEST_CASE(tic_tac_toe_is_a_draw) {
    ExactSolver solver;
    const SolveResult r = solver.solve(Board(GameConfig{3, 3, 3, Rule::Freestyle}));
    BOOST_TEST(solve_value_name(r.value) == "draw");
    BOOST_TEST(r.score == kDrawScore);
    BOOST_TEST(r.seconds < 1.0);
    // The move it names keeps the draw.
    Board b(GameConfig{3, 3, 3, Rule::Freestyle});
    b.play(r.best);
    BOOST_TEST(solve_value_name(solver.solve(b).value) == "draw");
}

BOOST_AUTO_TEST_CASE(four_by_four_three_in_a_row_is_a_first_player_win) {
    ExactSolver solver;
    Board b(GameConfig{4, 4, 3, Rule::Freestyle});
    const SolveResult r = solver.solve(b);
    BOOST_TEST(solve_value_name(r.value) == "win");
    BOOST_TEST(r.distance_exact);
    BOOST_TEST(r.distance == 5);  // the third stone wins: no faster win exists
    BOOST_TEST(r.seconds < 1.0);
    // The named move keeps the win, one ply shorter for the opponent's loss.
    b.play(r.best);
    const SolveResult after = solver.solve(b);
    BOOST_TEST(solve_value_name(after.value) == "loss");
    BOOST_TEST(after.distance == 4);
}

BOOST_AUTO_TEST_CASE(known_tic_tac_toe_openings) {
    ExactSolver solver;
    auto value = [&](const std::string& moves) {
        return std::string(solve_value_name(solver.solve(position(3, 3, 3, moves)).value));
    };
    BOOST_TEST(value("a1b1") == "win");   // corner, then an adjacent edge: the first player wins
    BOOST_TEST(value("b2b1") == "win");   // centre, then an edge
    BOOST_TEST(value("b2a1") == "draw");  // centre, then a corner
    BOOST_TEST(value("a1b2") == "draw");  // corner, then the centre
    // Two in a row with the third point free: win at once, and the solver names it.
    const SolveResult now = solver.solve(position(3, 3, 3, "a1a2b1b2"));
    BOOST_TEST(solve_value_name(now.value) == "win");
    BOOST_TEST(now.distance == 1);
    BOOST_TEST(to_letters(now.best) == "c1");
    // A finished game: the side to move has lost, with no move to make.
    const SolveResult over = solver.solve(position(3, 3, 3, "a1a2b1b2c1"));
    BOOST_TEST(solve_value_name(over.value) == "loss");
    BOOST_TEST(over.distance == 0);
    BOOST_TEST((over.best == kNoPoint));
}

BOOST_AUTO_TEST_CASE(small_boards_with_known_values) {
    ExactSolver solver;
    auto value = [&](int w, int h, int k) {
        return std::string(solve_value_name(solver.solve(Board(GameConfig{w, h, k, Rule::Freestyle})).value));
    };
    BOOST_TEST(value(4, 3, 3) == "win");  // k = 3 is won on any board larger than 3x3
    BOOST_TEST(value(3, 5, 3) == "win");
    BOOST_TEST(value(4, 4, 4) == "draw");
    BOOST_TEST(value(5, 5, 4) == "draw");  // C. Y. Lee, quoted in Winning Ways
}

BOOST_AUTO_TEST_CASE(limits_leave_the_value_unknown) {
    ExactSolver solver;
    SolveLimits limits;
    limits.max_nodes = 500;
    const SolveResult r = solver.solve(Board(GameConfig{5, 5, 4, Rule::Freestyle}), limits);
    BOOST_TEST(solve_value_name(r.value) == "unknown");
    BOOST_TEST(r.stopped);
    BOOST_TEST(r.nodes <= 501u);
}

BOOST_AUTO_TEST_CASE(every_tic_tac_toe_position_matches_a_plain_minimax) {
    const GameConfig config{3, 3, 3, Rule::Freestyle};
    Board board(config);
    std::map<std::vector<int>, std::vector<Point>> seen;
    std::vector<Point> moves;
    collect(board, seen, moves);
    BOOST_TEST(seen.size() == 5478u);

    ExactSolver solver(std::size_t{16} << 20);
    int mismatches = 0, consistent = 0;
    for (const auto& [key, line] : seen) {
        TicTacToe game;
        for (int i = 0; i < 9; ++i) game.cells[i] = key[i];
        Board b(config);
        for (const Point p : line) b.play(p);
        const Score score = solved_score(solver, b);
        if (score != game.minimax()) ++mismatches;
        if (b.game_over()) continue;
        // The value is the best of the children's values, as the solver itself gives them.
        Score best = -kInfinite;
        for (int i = 0; i < 9; ++i) {
            const Point p = b.point(i);
            if (!b.is_empty(p)) continue;
            b.play(p);
            best = std::max(best, from_child(solved_score(solver, b)));
            b.unmake();
        }
        if (best == score)
            ++consistent;
        else
            ++mismatches;
        // The named move keeps the value.
        const SolveResult r = solver.solve(b);
        b.play(r.best);
        BOOST_TEST(from_child(solved_score(solver, b)) == score);
        b.unmake();
    }
    BOOST_TEST(mismatches == 0);
    BOOST_TEST(consistent > 4000);
}

BOOST_AUTO_TEST_CASE(other_rules_are_consistent_on_small_boards) {
    check_consistency(GameConfig{4, 4, 3, Rule::Exact}, 3);
    check_consistency(GameConfig{4, 4, 3, Rule::Caro}, 3);
    check_consistency(GameConfig{4, 4, 3, Rule::CaroExact}, 3);
}

BOOST_AUTO_TEST_CASE(the_solve_command_reports_value_move_distance_and_size) {
    const std::string bin = TENGEN_PBRAIN_PATH;
    const auto win = testing::run_program({bin, "solve", "--width", "4", "--height", "4", "--k", "3"});
    BOOST_TEST(win.exit_code == 0);
    BOOST_TEST(win.output.find("value: win for black") != std::string::npos);
    BOOST_TEST(win.output.find("best move: ") != std::string::npos);
    BOOST_TEST(win.output.find("distance: 5 plies") != std::string::npos);
    BOOST_TEST(win.output.find("nodes: ") != std::string::npos);
    const auto draw = testing::run_program({bin, "solve", "--size", "3", "--k", "3"});
    BOOST_TEST(draw.output.find("value: draw") != std::string::npos);
    const auto pos = testing::run_program({bin, "solve", "--size", "3", "--k", "3", "--position", "a1 b1"});
    BOOST_TEST(pos.output.find("2 stones, black to move") != std::string::npos);
    BOOST_TEST(pos.output.find("value: win for black") != std::string::npos);
    // Numbers read as play reads them: column,row from 1, so "1,1;2,1" is a1 b1. The last
    // line is the wall time, which differs between any two runs.
    const auto numeric = testing::run_program({bin, "solve", "--size", "3", "--k", "3", "--position", "1,1;2,1"});
    auto without_time = [](const std::string& out) { return out.substr(0, out.find("time: ")); };
    BOOST_TEST(numeric.output.find("time: ") != std::string::npos);
    BOOST_TEST(without_time(numeric.output) == without_time(pos.output));
    const auto zero_based = testing::run_program({bin, "solve", "--size", "3", "--k", "3", "--position", "0,0"});
    BOOST_TEST(zero_based.exit_code == 2);
    const auto unknown = testing::run_program({bin, "solve", "--size", "5", "--k", "4", "--max-nodes", "100"});
    BOOST_TEST(unknown.output.find("value: unknown") != std::string::npos);
    const auto bad = testing::run_program({bin, "solve", "--size", "3", "--k", "3", "--position", "a1a1"});
    BOOST_TEST(bad.exit_code == 2);
}

BOOST_AUTO_TEST_CASE(renju_forbids_the_double_four_that_wins_in_freestyle) {
    // Black a4 b4 c4 and d1 d2 d3: d4 makes two fours at once.
    const std::string moves = "a4a1b4c1c4b3d1e2d2a5d3c5";
    ExactSolver solver(std::size_t{16} << 20);
    const SolveResult free = solver.solve(position(5, 5, 5, moves));
    BOOST_TEST(solve_value_name(free.value) == "win");
    BOOST_TEST(free.distance == 3);
    BOOST_TEST(to_letters(free.best) == "d4");

    Board renju = position(5, 5, 5, moves, Rule::Renju);
    BOOST_TEST((renju_forbidden(renju, *parse_letters("d4")) == Forbidden::DoubleFour));
    const SolveResult r = solver.solve(renju);
    BOOST_TEST(solve_value_name(r.value) != "unknown");
    BOOST_TEST(to_letters(r.best) != "d4");
    BOOST_TEST((r.value != SolveValue::Win || r.distance > 3));
}

// The three front ends read points alike (engine/notation.h): letters, or column,row from 1.
BOOST_AUTO_TEST_CASE(people_notation_reads_letters_and_numbers_from_one_alike) {
    const auto letters = parse_person_points("h8 i9j10;k11,l12");
    BOOST_TEST_REQUIRE(letters.ok());
    BOOST_REQUIRE(letters->size() == 5u);
    BOOST_TEST(((*letters)[0] == Point{7, 7}));
    BOOST_TEST(((*letters)[4] == Point{11, 11}));
    const auto numbers = parse_person_points("8,8 9,9;10, 10");
    BOOST_TEST_REQUIRE(numbers.ok());
    BOOST_REQUIRE(numbers->size() == 3u);
    BOOST_TEST(((*numbers)[0] == Point{7, 7}));
    BOOST_TEST((parse_person_point("8,8") == parse_person_point("h8")));
    BOOST_TEST((parse_person_point("0,3") == Point{-1, 2}));  // off the board, for the caller to say
    for (const char* bad : {"h", "8,8,8", "h8 9", "??"}) {
        BOOST_TEST_INFO(bad);
        BOOST_TEST(!parse_person_points(bad).ok());
        BOOST_TEST(parse_person_points(bad).error().find("h8") != std::string::npos);  // names the forms
    }
    BOOST_TEST(!parse_person_point("h8 i9"));  // one point only
}

BOOST_AUTO_TEST_CASE(solve_under_renju_without_k_says_what_to_add) {
    const auto run = testing::run_program({TENGEN_PBRAIN_PATH, "solve", "--rule", "renju"},
                                          testing::RunOptions().stderr_into_output());
    BOOST_TEST(run.exit_code == 2);
    BOOST_TEST(run.output.find("add --k 5") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bench_reads_positions_in_both_forms_alike) {
    const std::string dir = std::filesystem::temp_directory_path() / ("tengen-notation-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string letters = dir + "/letters.txt", numbers = dir + "/numbers.txt";
    std::ofstream(letters) << "h8 i9 h9 h10\n";
    std::ofstream(numbers) << "8,8 9,9 8,9 8,10\n";
    // The node count line alone: the lines after it are timings, which differ between runs.
    auto total = [](const std::string& out) {
        const std::size_t at = out.find("Total nodes:");
        return at == std::string::npos ? std::string{} : out.substr(at, out.find('\n', at) - at);
    };
    const auto a = testing::run_program({TENGEN_PBRAIN_PATH, "bench", "--depth", "4", "--positions", letters});
    const auto b = testing::run_program({TENGEN_PBRAIN_PATH, "bench", "--depth", "4", "--positions", numbers});
    BOOST_TEST(a.exit_code == 0);
    BOOST_TEST(b.exit_code == 0);
    BOOST_TEST(!total(a.output).empty());
    BOOST_TEST(total(a.output) == total(b.output));
    std::ofstream(numbers) << "8,8 zz\n";
    const auto bad = testing::run_program({TENGEN_PBRAIN_PATH, "bench", "--positions", numbers},
                                          testing::RunOptions().stderr_into_output());
    BOOST_TEST(bad.exit_code == 2);
    BOOST_TEST(bad.output.find("h8 i9") != std::string::npos);
    std::filesystem::remove_all(dir);
}
