#define BOOST_TEST_MODULE board
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "engine/board.h"
#include "engine/zobrist.h"

using namespace tengen;

namespace {

Point step(Point p, Point d, int i) { return {p.x + i * d.x, p.y + i * d.y}; }

GameConfig config(int w, int h, int k, Rule r) { return GameConfig{w, h, k, r}; }

// Plays the given stones with explicit colours ('X' black, 'O' white, '#' wall) from rows
// of a diagram; returns the board.
Board from_rows(const GameConfig& c, const std::vector<std::string>& rows) {
    Board b(c);
    for (int y = 0; y < static_cast<int>(rows.size()); ++y)
        for (int x = 0; x < static_cast<int>(rows[y].size()); ++x) {
            const char ch = rows[y][x];
            if (ch == 'X')
                b.make({{x, y}, Color::Black});
            else if (ch == 'O')
                b.make({{x, y}, Color::White});
            else if (ch == '#')
                b.make({{x, y}, Color::Wall});
        }
    return b;
}

// Does a stone of colour c at p win on the board from the diagram? Checks is_winning_move
// against what make() then decides, and that unmake() puts the game back.
bool completes_win(Board& b, Point p, Color c) {
    const bool predicted = b.is_winning_move(p, c);
    const auto hash = b.hash();
    b.make({p, c});
    const bool won = b.winner() == c;
    BOOST_CHECK_EQUAL(predicted, won);
    b.unmake();
    BOOST_CHECK(b.status() == GameStatus::Ongoing);
    BOOST_CHECK_EQUAL(b.hash(), hash);
    return won;
}

}  // namespace

BOOST_AUTO_TEST_CASE(rejects_unplayable_configs) {
    for (GameConfig bad :
         {config(2, 15, 3, Rule::Freestyle), config(15, 33, 5, Rule::Freestyle), config(33, 33, 5, Rule::Exact),
          config(15, 15, 2, Rule::Freestyle), config(7, 4, 8, Rule::Caro), config(15, 15, 4, Rule::Renju),
          config(15, 15, 6, Rule::Renju), config(4, 15, 5, Rule::Renju), config(0, 0, 5, Rule::Freestyle),
          config(-5, 15, 5, Rule::Freestyle)}) {
        BOOST_CHECK(!check_config(bad).ok());
        BOOST_CHECK_THROW(Board{bad}, std::invalid_argument);
    }
    for (GameConfig good :
         {config(3, 3, 3, Rule::Freestyle), config(32, 32, 5, Rule::Renju), config(32, 5, 32, Rule::Exact),
          config(5, 5, 5, Rule::Renju), config(7, 4, 7, Rule::CaroExact)}) {
        BOOST_CHECK(check_config(good).ok());
        BOOST_CHECK_NO_THROW(Board{good});
    }
}

BOOST_AUTO_TEST_CASE(off_board_reads_as_wall) {
    Board b(config(7, 4, 4, Rule::Freestyle));
    BOOST_CHECK(b.at({-1, 0}) == Color::Wall);
    BOOST_CHECK(b.at({7, 0}) == Color::Wall);
    BOOST_CHECK(b.at({0, 4}) == Color::Wall);
    BOOST_CHECK(b.at({0, -1}) == Color::Wall);
    BOOST_CHECK(b.at({6, 3}) == Color::Empty);
    BOOST_CHECK(!b.is_empty({7, 3}));
    BOOST_CHECK(!b.is_legal({-1, 2}));
    BOOST_CHECK_EQUAL(b.index({3, 2}), 17);
    BOOST_CHECK(b.point(17) == (Point{3, 2}));
}

// Every line of exactly k that fits, in all four directions, from every start point (so every
// edge and corner), completed at its first, middle or last stone, wins; k - 1 does not.
BOOST_AUTO_TEST_CASE(k_in_a_row_wins_everywhere) {
    const std::vector<std::pair<int, int>> sizes{{3, 3}, {7, 4}, {4, 7}, {32, 32}, {32, 5}, {15, 15}};
    int lines_checked = 0;
    for (auto [w, h] : sizes)
        for (int k = 3; k <= 6; ++k) {
            if (k > std::max(w, h)) continue;
            for (Rule rule : {Rule::Freestyle, Rule::Exact, Rule::Caro, Rule::CaroExact}) {
                Board b(config(w, h, k, rule));
                for (int y = 0; y < h; ++y)
                    for (int x = 0; x < w; ++x)
                        for (Point d : kDirections) {
                            const Point start{x, y};
                            if (!b.on_board(step(start, d, k - 1))) continue;
                            // The big board is sampled: its every line is the same code path.
                            if (w * h > 200 && (x * 7 + y * 3) % 5 != 0 && x != 0 && y != 0 && x != w - 1 && y != h - 1)
                                continue;
                            for (int last : {0, k / 2, k - 1}) {
                                const Color c = (x + y + last) % 2 ? Color::White : Color::Black;
                                for (int i = 0; i < k; ++i)
                                    if (i != last) b.make({step(start, d, i), c});
                                BOOST_REQUIRE(b.status() == GameStatus::Ongoing);
                                BOOST_REQUIRE(b.is_winning_move(step(start, d, last), c));
                                b.make({step(start, d, last), c});
                                BOOST_REQUIRE(b.winner() == c);
                                auto line = b.winning_line();
                                std::sort(line.begin(), line.end());
                                std::vector<Point> expected;
                                for (int i = 0; i < k; ++i) expected.push_back(step(start, d, i));
                                std::sort(expected.begin(), expected.end());
                                BOOST_REQUIRE(line == expected);
                                for (int i = 0; i < k; ++i) b.unmake();
                                BOOST_REQUIRE_EQUAL(b.placed_count(), 0);
                                BOOST_REQUIRE_EQUAL(b.hash(), 0u);
                                ++lines_checked;
                            }
                        }
            }
        }
    BOOST_TEST_MESSAGE("lines checked: " << lines_checked);
    BOOST_CHECK_GT(lines_checked, 10000);
}

BOOST_AUTO_TEST_CASE(short_runs_and_gaps_do_not_win) {
    Board b = from_rows(config(15, 15, 5, Rule::Freestyle), {"XXXX.O", "XX.XX", "OOO#O"});
    BOOST_CHECK(b.status() == GameStatus::Ongoing);
    BOOST_CHECK(!completes_win(b, {5 - 0, 1}, Color::Black));  // XX.XX. + X: still a gap
    BOOST_CHECK(completes_win(b, {2, 1}, Color::Black));       // XXXXX
    BOOST_CHECK(completes_win(b, {4, 0}, Color::Black));
    BOOST_CHECK(!completes_win(b, {5, 2}, Color::White));  // a wall splits OOO#OO
}

BOOST_AUTO_TEST_CASE(overlines_follow_each_rule) {
    // XXX.XX: filling the gap makes six for black; the same shape for white one row lower.
    const std::vector<std::string> rows{"XXX.XX", "", "OOO.OO"};
    struct Case {
        Rule rule;
        bool black_six_wins;
        bool white_six_wins;
    };
    for (Case c : {Case{Rule::Freestyle, true, true}, Case{Rule::Exact, false, false}, Case{Rule::Renju, false, true},
                   Case{Rule::Caro, true, true}, Case{Rule::CaroExact, false, false}}) {
        BOOST_TEST_CONTEXT("rule " << rule_name(c.rule)) {
            Board b = from_rows(config(15, 15, 5, c.rule), rows);
            BOOST_CHECK_EQUAL(completes_win(b, {3, 0}, Color::Black), c.black_six_wins);
            BOOST_CHECK_EQUAL(completes_win(b, {3, 2}, Color::White), c.white_six_wins);
        }
    }
    // Overlines along a diagonal with k = 3 too: four in a row.
    for (Rule rule : {Rule::Freestyle, Rule::Exact, Rule::Caro, Rule::CaroExact}) {
        Board b = from_rows(config(7, 4, 3, rule), {"X", ".X", "..", "...X"});
        const bool overline_wins = rule == Rule::Freestyle || rule == Rule::Caro;
        BOOST_CHECK_EQUAL(completes_win(b, {2, 2}, Color::Black), overline_wins);
    }
}

BOOST_AUTO_TEST_CASE(caro_blocked_both_ends) {
    // Exactly five closed by white at both ends: caro and caro-exact say no win.
    const std::vector<std::string> blocked{"OXX.XXO"};
    // One end open: a win.
    const std::vector<std::string> one_open{".XX.XXO"};
    // The edge is not a block: XXXX at the left edge closed by white on the right.
    const std::vector<std::string> edge{"XX.XXO"};
    // A wall is not an opponent stone either.
    const std::vector<std::string> wall{"#XX.XXO"};
    // Six closed at both ends: caro says win (a longer line always wins), caro-exact no.
    const std::vector<std::string> six{"OXXX.XXO"};
    struct Case {
        Rule rule;
        bool blocked, one_open, edge, wall, six;
    };
    for (Case c :
         {Case{Rule::Caro, false, true, true, true, true}, Case{Rule::CaroExact, false, true, true, true, false},
          Case{Rule::Freestyle, true, true, true, true, true}, Case{Rule::Exact, true, true, true, true, false}}) {
        BOOST_TEST_CONTEXT("rule " << rule_name(c.rule)) {
            auto check = [&](const std::vector<std::string>& rows, Point p, bool expected) {
                Board b = from_rows(config(15, 15, 5, c.rule), rows);
                BOOST_CHECK_EQUAL(completes_win(b, p, Color::Black), expected);
            };
            check(blocked, {3, 0}, c.blocked);
            check(one_open, {3, 0}, c.one_open);
            check(edge, {2, 0}, c.edge);
            check(wall, {3, 0}, c.wall);
            check(six, {4, 0}, c.six);
        }
    }
    // k = 3 on a 7x4 board: closed by white at both ends no, by the edge yes.
    Board b = from_rows(config(7, 4, 3, Rule::Caro), {"", "..OX.XO"});
    BOOST_CHECK(!completes_win(b, {4, 1}, Color::Black));
    Board b2 = from_rows(config(7, 4, 3, Rule::Caro), {"", "...X.XO"});
    BOOST_CHECK(completes_win(b2, {4, 1}, Color::Black));
    Board b3 = from_rows(config(7, 4, 3, Rule::Caro), {"O", ".X", "..", "...X"});
    BOOST_CHECK(completes_win(b3, {2, 2}, Color::Black));  // the corner's edge closes nothing
    // Anti-diagonal: white below-left, the top edge above-right: still a caro-exact win.
    Board b4 = from_rows(config(7, 4, 3, Rule::CaroExact), {"", "...X", "..X", ".O"});
    BOOST_CHECK(completes_win(b4, {4, 0}, Color::Black));
    BOOST_CHECK(!completes_win(b4, {4, 0}, Color::White));
}

BOOST_AUTO_TEST_CASE(run_through_reports_ends_and_caps) {
    Board b = from_rows(config(15, 15, 5, Rule::Freestyle), {"OXX.XX#", "XXXXXXXXXXX"});
    LineRun r = run_through(b, {3, 0}, {1, 0}, Color::Black, 5);
    BOOST_CHECK_EQUAL(r.length, 5);
    BOOST_CHECK(r.closed_before);
    BOOST_CHECK(!r.closed_after);  // a wall is not an opponent stone
    r = run_through(b, {11, 1}, {1, 0}, Color::Black, 3);
    BOOST_CHECK_EQUAL(r.length, 4);  // capped at 3 on the left
    BOOST_CHECK(!r.closed_before);   // the cap stopped the walk
    r = run_through(b, {3, 0}, {0, 1}, Color::White, 5);
    BOOST_CHECK_EQUAL(r.length, 1);
    BOOST_CHECK(r.closed_after);  // black below is white's opponent
}

BOOST_AUTO_TEST_CASE(unmake_restores_status_and_turn) {
    Board b(config(15, 15, 5, Rule::Freestyle));
    BOOST_CHECK(b.side_to_move() == Color::Black);
    const std::vector<Point> moves{{7, 7}, {0, 0}, {8, 7}, {0, 1}, {9, 7}, {0, 2}, {10, 7}, {0, 3}};
    std::vector<std::uint64_t> hashes{b.hash()};
    for (Point p : moves) {
        BOOST_REQUIRE(b.is_legal(p));
        b.play(p);
        hashes.push_back(b.hash());
    }
    BOOST_CHECK(b.side_to_move() == Color::Black);
    BOOST_CHECK(!b.is_legal({7, 7}));
    BOOST_CHECK(!b.is_winning_move({7, 7}, Color::Black));   // occupied
    BOOST_CHECK(!b.is_winning_move({15, 7}, Color::Black));  // off the board
    BOOST_CHECK(b.is_winning_move({11, 7}, Color::Black));
    BOOST_CHECK(!b.is_winning_move({11, 7}, Color::White));
    b.play({11, 7});
    BOOST_CHECK(b.status() == GameStatus::BlackWins);
    BOOST_CHECK(b.game_over());
    BOOST_CHECK(!b.is_legal({5, 5}));
    BOOST_CHECK(b.last_move() == (Move{{11, 7}, Color::Black}));
    b.unmake();
    BOOST_CHECK(b.status() == GameStatus::Ongoing);
    for (int i = static_cast<int>(moves.size()); i > 0; --i) {
        BOOST_CHECK_EQUAL(b.hash(), hashes[static_cast<std::size_t>(i)]);
        b.unmake();
    }
    BOOST_CHECK_EQUAL(b.hash(), hashes[0]);
    BOOST_CHECK(!b.last_move().has_value());
    BOOST_CHECK(b.side_to_move() == Color::Black);
}

BOOST_AUTO_TEST_CASE(hash_includes_side_to_move_and_walls_keep_the_turn) {
    Board b(config(15, 15, 5, Rule::Freestyle));
    b.make({{3, 3}, Color::Wall});
    BOOST_CHECK(b.side_to_move() == Color::Black);
    BOOST_CHECK_EQUAL(b.hash(), zobrist_stone({3, 3}, Color::Wall));
    b.play({7, 7});
    const auto white_to_move = b.hash();
    b.set_side_to_move(Color::Black);
    BOOST_CHECK_NE(b.hash(), white_to_move);
    BOOST_CHECK_EQUAL(b.hash() ^ zobrist_white_to_move(), white_to_move);
    b.set_side_to_move(Color::White);
    BOOST_CHECK_EQUAL(b.hash(), white_to_move);
    BOOST_CHECK_NE(zobrist_stone({7, 7}, Color::Black), zobrist_stone({7, 7}, Color::White));
    BOOST_CHECK_NE(zobrist_stone({7, 7}, Color::Black), zobrist_stone({7, 8}, Color::Black));
}

BOOST_AUTO_TEST_CASE(full_board_without_win_is_a_draw) {
    // X O X / X O O / O X X, played alternately: no line, so the last stone draws.
    Board b(config(3, 3, 3, Rule::Freestyle));
    for (Point p : std::vector<Point>{{0, 0}, {1, 0}, {2, 0}, {1, 1}, {0, 1}, {2, 1}, {1, 2}, {0, 2}}) {
        b.play(p);
        BOOST_REQUIRE(b.status() == GameStatus::Ongoing);
    }
    BOOST_CHECK_EQUAL(b.empty_count(), 1);
    b.play({2, 2});
    BOOST_CHECK(b.status() == GameStatus::Draw);
    BOOST_CHECK(!b.winner().has_value());
    BOOST_CHECK(b.winning_line().empty());
    b.unmake();
    BOOST_CHECK(b.status() == GameStatus::Ongoing);

    // A last stone that completes a line is a win, not a draw.
    Board w(config(3, 3, 3, Rule::Freestyle));
    for (Point p : std::vector<Point>{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}, {2, 1}}) w.play(p);
    BOOST_REQUIRE(w.status() == GameStatus::Ongoing);
    w.play({2, 2});
    BOOST_CHECK(w.status() == GameStatus::BlackWins);
}
