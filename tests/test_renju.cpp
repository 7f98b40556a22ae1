#define BOOST_TEST_MODULE renju
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/notation.h"
#include "engine/renju.h"
#include "ai/search_position.h"
#include "renju_oracle.h"

namespace tengen {
// Boost.Test prints checked values; found by argument-dependent lookup.
std::ostream& operator<<(std::ostream& os, Forbidden f) {
    const auto name = forbidden_name(f);
    return os << (name.empty() ? std::string_view("allowed") : name);
}
}  // namespace tengen

using namespace tengen;
using tengen::testing::drawing;
using tengen::testing::RenjuOracle;

namespace {

// A position drawn in ASCII: X black, O white, # wall, . empty, * the empty point asked
// about. The drawing is placed at `offset` on a renju board of the given size.
struct Diagram {
    const char* name;
    std::vector<std::string> rows;
    Forbidden expected;
    Point offset{3, 3};
    int size = 15;
};

struct Setup {
    Board board;
    Point probe = kNoPoint;
};

Setup set_up(const Diagram& d) {
    Setup s{Board(GameConfig{d.size, d.size, 5, Rule::Renju})};
    for (int y = 0; y < static_cast<int>(d.rows.size()); ++y)
        for (int x = 0; x < static_cast<int>(d.rows[static_cast<std::size_t>(y)].size()); ++x) {
            const Point p{d.offset.x + x, d.offset.y + y};
            switch (d.rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)]) {
            case 'X':
                s.board.make({p, Color::Black});
                break;
            case 'O':
                s.board.make({p, Color::White});
                break;
            case '#':
                s.board.make({p, Color::Wall});
                break;
            case '*':
                s.probe = p;
                break;
            default:
                break;
            }
        }
    BOOST_REQUIRE(s.probe != kNoPoint);
    BOOST_REQUIRE(s.board.status() == GameStatus::Ongoing);
    return s;
}

const std::vector<Diagram>& diagrams() {
    static const std::vector<Diagram> all{
        // ---- double three
        {"3-3 cross", {".......", "...X...", "...X...", ".XX*...", "......."}, Forbidden::DoubleThree},
        {"3-3 split threes",
         {".......", "...X...", ".......", ".X.*X..", "...X...", "......."},
         Forbidden::DoubleThree},
        {"3-3 on the diagonals", {".......", ".X...X.", "..X.X..", "...*...", "......."}, Forbidden::DoubleThree},
        {"3-3-3", {".......", ".X.X.X.", "..XXX..", "...*...", "......."}, Forbidden::DoubleThree},
        {"3-3 with white two away on one side", {"....X..", "....X..", "..XX*.O", "......."}, Forbidden::DoubleThree},
        {"3-3 one empty point from the edge",
         {".....", ".....", "...X.", "...X.", ".XX*.", "....."},
         Forbidden::DoubleThree,
         {0, 0}},
        // ---- threes that are not open
        {"XX* against the edge is no three", {"...X.", "...X.", "XX*..", ".....", "....."}, Forbidden::None, {0, 1}},
        {"wall blocks a three", {"....X..", "....X..", "#XX*...", "......."}, Forbidden::None},
        {"white blocks a three", {"....X..", "....X..", "OXX*...", "......."}, Forbidden::None},
        {"white two away on both sides", {".....X..", ".....X..", "O.XX*.O.", "........"}, Forbidden::None},
        {"a three whose fours only make overlines",
         {".....X...", ".....X...", "X..XX*..X", "........."},
         Forbidden::None},
        {"control: without the far stone it is a three",
         {".....X...", ".....X...", "...XX*..X", "........."},
         Forbidden::DoubleThree},
        {"5x5 has no room for a straight four",
         {".....", ".X...", "..X..", "XX*..", "....."},
         Forbidden::None,
         {0, 0},
         5},
        // ---- fake threes: the straight-four point is itself forbidden
        {"fake three: its only four point is an overline",
         {"..X.....", "..X.X...", "..X.X...", ".X.X*...", "..X.....", "..X.....", "........"},
         Forbidden::None},
        {"fake three: its only four point is a double four",
         {"..X.....", "..X.X...", "..X.X...", ".X.X*...", "........", "........", "........"},
         Forbidden::None},
        {"control: the same three with a free four point is real",
         {"........", "....X...", "....X...", ".X.X*...", "........", "........", "........"},
         Forbidden::DoubleThree},
        {"fake three: its four point is a real double three (recursion)",
         {"........", "..X.....", "..X.....", ".X.X*...", ".X..X...", "X...X...", "........"},
         Forbidden::None},
        {"control: the four point with only one three is allowed",
         {"........", "..X.....", "..X.....", ".X.X*...", ".X..X...", "....X...", "........"},
         Forbidden::DoubleThree},
        {"a three with one forbidden and one free four point is real",
         {".X......", ".X..X...", ".X..X...", "..XX*...", ".X......", ".X......", "........"},
         Forbidden::DoubleThree},
        // ---- Gomocup's referee (GomocupJudge's check_forbid.py, after Piskvork) counts a
        // straight-four point where black would also make a five (in another line) as spent
        // on the five: the line is no open three. Each of these was checked with the referee.
        {"a three whose only four point also makes a five is no three",
         {".......", "..X.X..", "..X.X..", ".X.X*..", "..X....", "..X....", "......."},
         Forbidden::None,
         {3, 4}},
        {"control: that four point as a double four instead of a five: a fake three",
         {".......", "..X.X..", "..X.X..", ".X.X*..", "..X....", ".......", "......."},
         Forbidden::None,
         {3, 4}},
        {"the recursion meets the same case: the four point's own three is no three, so the four"
         " point is allowed and the outer three real",
         {"......O...", ".....X....", "..........", ".....OO...", "..X.OX....", ".X...X..X.", "..XOOX.XX.",
          "...X.XXX..", "O.....X.X.", "...O...*..", "....OXX..O", ".........O"},
         Forbidden::DoubleThree,
         {5, 2}},
        // ---- double four
        {"4-4 cross", {"...X...", "...X...", "...X...", "XXX*...", "......."}, Forbidden::DoubleFour},
        {"4-4 of closed fours",
         {"....O..", "....X..", "....X..", "....X..", "OXXX*..", "......."},
         Forbidden::DoubleFour},
        {"4-4 on the diagonals", {"X.....X", ".X...X.", "..X.X..", "...*...", "......."}, Forbidden::DoubleFour},
        {"one-line 4-4 X.XXX.X", {"X.X*X.X"}, Forbidden::DoubleFour},
        {"one-line 4-4 XX.XX.XX", {"XX.*X.XX"}, Forbidden::DoubleFour},
        {"one-line 4-4 XXX.X.XXX", {"XXX.*.XXX"}, Forbidden::DoubleFour},
        {"one-line 4-4 on a diagonal",
         {"X......", ".......", "..X....", "...*...", "....X..", ".......", "......X"},
         Forbidden::DoubleFour},
        {"4-4 on a 5x5 board", {"...X.", "...X.", "...X.", "XXX*.", "....."}, Forbidden::DoubleFour, {0, 0}, 5},
        {"a straight four alone is allowed", {".XXX*."}, Forbidden::None},
        {"a four completing only into six is no four",
         {"....X..", "....X..", "....X..", "OXXX*.X", "......."},
         Forbidden::None},
        // ---- four-three and other allowed shapes
        {"4-3 is allowed", {".......", "...X...", "...X...", "XXX*...", "......."}, Forbidden::None},
        {"4-3 with a split three", {"...X...", ".......", "...X...", "XXX*...", "......."}, Forbidden::None},
        {"a lone three is allowed", {".XX*..."}, Forbidden::None},
        // ---- overline and five
        {"overline", {"XXX*XX"}, Forbidden::Overline},
        {"overline on a diagonal",
         {"X......", ".X.....", "..*....", "...X...", "....X..", ".....X."},
         Forbidden::Overline},
        {"overline against the edge", {"XX*XXX"}, Forbidden::Overline, {0, 0}},
        {"exactly five next to a gap is a five", {"X.XX*XX"}, Forbidden::None},
        {"five beats double four",
         {"...X...", "...X...", "...X...", ".......", "XXXX*..", "..X....", ".X....."},
         Forbidden::None,
         {3, 3}},
        {"control: the same double four without the five",
         {"....X...", "....X...", "....X...", "........", ".XXX*...", "...X....", "..X....."},
         Forbidden::DoubleFour},
        {"five beats overline", {"....X", "....X", "XXXX*", "....X", "....X", "....X"}, Forbidden::None},
        {"five beats double three", {"..X..", "...X.", "XXXX*", "....X", "....X"}, Forbidden::None},
    };
    return all;
}

}  // namespace

// A necessary condition for any forbidden point, written from the rule (not renju.cpp's own
// screen): two lines each holding two more black stones within four points (two threes or
// fours across lines need them), or one line holding four more within five (a one-line
// double four, an overline).
bool enough_black_nearby(const Board& b, Point p) {
    int busy_lines = 0;
    for (Point d : kDirections) {
        int near = 0, far = 0;
        for (int t = -5; t <= 5; ++t) {
            if (t == 0 || b.at({p.x + t * d.x, p.y + t * d.y}) != Color::Black) continue;
            ++far;
            if (t >= -4 && t <= 4) ++near;
        }
        if (far >= 4) return true;
        if (near >= 2) ++busy_lines;
    }
    return busy_lines >= 2;
}

// 50,000 random crowded positions from a fixed seed, walls among the stones and black free to
// stand on points forbidden to it: every empty point is judged by renju.cpp (which
// YXSHOWFORBID, play and the arena's referee use), by the search's own incremental check
// (SearchPosition::is_forbidden, which decides what the search may play), and, where the rule
// allows a forbidden point at all, by the oracle (renju_oracle.h). All three must agree
// everywhere, on the kind of each forbidden point too. test_renju_referee.cpp runs the other
// 50,000 positions of the 100,000: legal games' positions, against the same oracle.
BOOST_AUTO_TEST_CASE(agrees_with_a_naive_reading_on_random_positions) {
    std::mt19937 rng(20261123);
    std::array<int, 4> seen{};
    long points = 0, judged = 0;
    int forbidden_four_points = 0, five_four_points = 0;
    constexpr int kPositions = 50000;
    // One search position per board size, reused: set_from() replaces everything in it.
    SearchPosition search9(GameConfig{9, 9, 5, Rule::Renju}), search15(GameConfig{15, 15, 5, Rule::Renju});
    for (int round = 0; round < kPositions; ++round) {
        const int size = round % 5 == 0 ? 9 : 15;
        const GameConfig config{size, size, 5, Rule::Renju};
        Board b(config);
        const int lo = size == 9 ? 0 : 3, hi = size == 9 ? 8 : 11;
        std::uniform_int_distribution<int> coord(lo, hi);
        std::uniform_real_distribution<double> u(0, 1);
        const double black_share = 0.55 + 0.3 * u(rng);
        const int stones = 14 + round % 30;
        for (int i = 0; i < stones * 3 && b.placed_count() < stones; ++i) {
            const Point p{coord(rng), coord(rng)};
            const double r = u(rng);
            const Color c = r < 0.03 ? Color::Wall : r < black_share ? Color::Black : Color::White;
            if (!b.is_empty(p) || (c != Color::Wall && b.is_winning_move(p, c))) continue;
            b.make({p, c});
        }
        BOOST_REQUIRE(!b.game_over());
        SearchPosition& search = size == 9 ? search9 : search15;
        search.set_from(b);
        RenjuOracle naive(b);
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x) {
                const Point p{x, y};
                if (!b.is_empty(p)) continue;
                const Forbidden fast = renju_forbidden(b, p);
                const bool in_search = search.is_forbidden(search.cell_of(p));
                ++seen[static_cast<std::size_t>(fast)];
                ++points;
                Forbidden slow = Forbidden::None;
                if (enough_black_nearby(b, p)) {
                    slow = naive.forbidden(p);
                    ++judged;
                }
                if (fast != slow || in_search != (fast != Forbidden::None)) {
                    BOOST_ERROR("position " << round << " point " << x << "," << y << ": renju.cpp " << fast
                                            << ", naive " << slow << ", search "
                                            << (in_search ? "forbidden" : "allowed") << "\n"
                                            << drawing(b, p));
                    return;
                }
            }
        forbidden_four_points += naive.forbidden_four_points;
        five_four_points += naive.five_four_points;
    }
    BOOST_TEST_MESSAGE(kPositions << " positions, " << points << " points (" << judged << " read naively): allowed "
                                  << seen[0] << ", 3-3 " << seen[1] << ", 4-4 " << seen[2] << ", overline " << seen[3]
                                  << "; four points found forbidden " << forbidden_four_points
                                  << ", four points making a five " << five_four_points);
    // The positions must exercise every kind and both recursive cases, or agreement proves little.
    BOOST_CHECK_GT(forbidden_four_points, 1000);
    BOOST_CHECK_GT(five_four_points, 100);
    for (int n : seen) BOOST_CHECK_GT(n, 1000);
}

BOOST_AUTO_TEST_CASE(forbidden_points_of_drawn_positions) {
    BOOST_CHECK_GE(diagrams().size(), 30u);
    for (const Diagram& d : diagrams()) {
        BOOST_TEST_CONTEXT(d.name) {
            Setup s = set_up(d);
            const auto hash = s.board.hash();
            const auto stones = s.board.placed_count();
            BOOST_CHECK_EQUAL(renju_forbidden(s.board, s.probe), d.expected);
            BOOST_CHECK_EQUAL(is_forbidden_for_black(s.board, s.probe), d.expected != Forbidden::None);
            // The check must leave the position exactly as it was.
            BOOST_CHECK_EQUAL(s.board.hash(), hash);
            BOOST_CHECK_EQUAL(s.board.placed_count(), stones);
            BOOST_CHECK(s.board.at(s.probe) == Color::Empty);
        }
    }
}

BOOST_AUTO_TEST_CASE(occupied_points_and_other_rules) {
    Setup s = set_up({"3-3", {".......", "...X...", "...X...", ".XX*...", "......."}, Forbidden::DoubleThree});
    BOOST_CHECK_EQUAL(renju_forbidden(s.board, {s.probe.x - 1, s.probe.y}), Forbidden::None);  // a stone
    BOOST_CHECK_EQUAL(renju_forbidden(s.board, {-1, 4}), Forbidden::None);                     // off the board

    // The same stones under freestyle: renju_forbidden still answers, the rule check does not.
    Board free(GameConfig{15, 15, 5, Rule::Freestyle});
    for (const Move& m : s.board.history()) free.make(m);
    BOOST_CHECK_EQUAL(renju_forbidden(free, s.probe), Forbidden::DoubleThree);
    BOOST_CHECK(!is_forbidden_for_black(free, s.probe));
}

BOOST_AUTO_TEST_CASE(black_with_only_forbidden_points_left_cannot_play) {
    // A game of our own SPRT that filled the board: its last empty point, l15, is an overline
    // for black, who is to move. Renju leaves black no move; the referee calls it a draw.
    const std::string game =
        "i5 i9 g8 h8 i6 h7 g7 h6 h9 g5 i7 i8 g6 k8 h5 f7 l8 j9 k7 j6 j10 l9 k9 i11 i10 k10 l11 j11 m7 n6 "
        "m8 h11 g10 g9 h10 f10 g11 m6 l7 j7 k6 j5 j8 n9 j4 i3 k4 l4 m5 n11 m10 n7 n8 f12 f11 e11 d12 i12 "
        "h13 g12 h12 f6 h4 f8 f9 f4 f5 e3 d2 c9 g4 i4 d10 d13 m9 m11 k3 k5 e2 f3 h3 e7 d8 e6 h2 h1 f2 g2 "
        "l2 m1 e4 d6 c5 d3 c3 c2 e1 g3 n4 l6 c7 e8 e9 d9 c10 j13 b7 d5 c4 c6 b6 a5 d4 a4 b10 e10 b5 b4 "
        "k11 j12 e13 j14 j15 c11 k14 j1 l12 l13 k13 k12 k1 m3 n2 f13 e14 n14 n15 d11 b11 n10 o6 b13 i15 "
        "o7 g14 h15 n5 c14 a3 k2 c12 f14 n12 n1 a12 a8 a11 a13 f1 b12 o10 d1 a6 m13 c15 e5 o2 n3 d15 e15 "
        "m15 o12 b9 o3 o15 a1 k15 b1 c1 g1 i1 l1 o1 a2 b2 i2 j2 m2 b3 j3 l3 m4 o4 l5 o5 a7 d7 c8 o8 a9 o9 "
        "a10 l10 o11 e12 m12 c13 g13 i13 n13 o13 a14 b14 d14 l14 i14 g15 h14 b15 m14 o14 a15 f15 b8 ";
    Board board(GameConfig{15, 15, 5, Rule::Renju});
    Board free(GameConfig{15, 15, 5, Rule::Freestyle});
    std::vector<Point> stones;
    for (std::size_t at = 0; at < game.size();) {
        const std::size_t end = game.find(' ', at);
        const auto p = parse_letters(std::string_view(game).substr(at, end - at));
        BOOST_REQUIRE(p);
        stones.push_back(*p);
        at = end + 1;
    }
    BOOST_REQUIRE_EQUAL(stones.size(), 224u);
    for (std::size_t i = 0; i + 1 < stones.size(); ++i) {
        BOOST_REQUIRE(side_to_move_can_play(board));
        board.play(stones[i]);
        free.play(stones[i]);
    }
    BOOST_REQUIRE(board.status() == GameStatus::Ongoing);
    BOOST_REQUIRE(board.side_to_move() == Color::White);
    BOOST_TEST(side_to_move_can_play(board));  // white may play either of the two points left
    board.play(stones.back());
    free.play(stones.back());
    BOOST_REQUIRE(board.side_to_move() == Color::Black);
    BOOST_REQUIRE_EQUAL(board.empty_count(), 1);
    const Point last = *parse_letters("l15");
    BOOST_TEST(board.is_empty(last));
    BOOST_TEST(renju_forbidden(board, last) == Forbidden::Overline);
    BOOST_TEST(!side_to_move_can_play(board));
    BOOST_TEST(side_to_move_can_play(free));  // in freestyle the same point is a move
    free.play(last);
    BOOST_TEST(!side_to_move_can_play(free));  // a full board
}

BOOST_AUTO_TEST_CASE(names) {
    BOOST_CHECK_EQUAL(forbidden_name(Forbidden::None), "");
    BOOST_CHECK_EQUAL(forbidden_name(Forbidden::DoubleThree), "double three");
    BOOST_CHECK_EQUAL(forbidden_name(Forbidden::DoubleFour), "double four");
    BOOST_CHECK_EQUAL(forbidden_name(Forbidden::Overline), "overline");
}
