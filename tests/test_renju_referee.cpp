// Renju as Gomocup's referee judges it. The referee's rule (docs/renju-crosscheck.md), read
// slowly and plainly by the test oracle (renju_oracle.h), and both of our judges, the rules
// module (renju_forbidden: YXSHOWFORBID, play, the arena's referee, the root guard) and the
// search's incremental one (SearchPosition::is_forbidden), must agree on every empty point of
// 50,000 random legal positions and on drawings of the referee's hard shapes. test_renju.cpp
// runs the other 50,000 positions of the 100,000 (crowded ones, with walls).
#define BOOST_TEST_MODULE renju_referee
#include <boost/test/unit_test.hpp>

#include <array>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/renju.h"
#include "ai/search_position.h"
#include "renju_oracle.h"

using namespace tengen;
using tengen::testing::drawing;
using tengen::testing::RenjuOracle;

namespace {

// ------------------------------------------------------------------ positions

// A legal renju position with black to move: black and white alternate, black never on a
// point forbidden to it, no five of either colour. The stones are crowded into a window so
// that black's lines meet often; white is spread over a wider one so they stay open.
Board random_position(std::mt19937& rng, int size) {
    Board b(GameConfig{size, size, 5, Rule::Renju});
    std::uniform_int_distribution<int> window_side(5, std::min(size, 9));
    const int side = window_side(rng);
    std::uniform_int_distribution<int> origin(0, size - side);
    const int ox = origin(rng), oy = origin(rng);
    std::uniform_int_distribution<int> in_window(0, side - 1);
    std::uniform_int_distribution<int> anywhere(0, size - 1);
    std::uniform_int_distribution<int> pairs(3, 14);
    const int target = 2 * pairs(rng);
    for (int tries = 0; tries < target * 8 && b.placed_count() < target; ++tries) {
        const Color c = b.placed_count() % 2 == 0 ? Color::Black : Color::White;
        const bool wide = c == Color::White && in_window(rng) % 3 == 0;
        const Point p = wide ? Point{anywhere(rng), anywhere(rng)} : Point{ox + in_window(rng), oy + in_window(rng)};
        if (!b.is_empty(p) || b.is_winning_move(p, c)) continue;
        if (c == Color::Black && renju_forbidden(b, p) != Forbidden::None) continue;
        b.make({p, c});
    }
    if (b.placed_count() % 2 == 1) b.unmake();
    return b;
}

// Both judges of ours on one point.
struct OurJudges {
    bool rules_module;
    bool search;
};

OurJudges judge(const Board& b, SearchPosition& search, Point p) {
    return {renju_forbidden(b, p) != Forbidden::None, search.is_forbidden(search.cell_of(p))};
}

SearchPosition& search_for(std::map<int, SearchPosition>& cache, int size) {
    return cache.try_emplace(size, GameConfig{size, size, 5, Rule::Renju}).first->second;
}

// A drawing on a renju board: X black, O white, . empty, * the point asked about.
struct Shape {
    const char* name;
    std::vector<std::string> rows;
    bool forbidden;
};

Board board_of(const Shape& s, Point& probe) {
    Board b(GameConfig{15, 15, 5, Rule::Renju});
    probe = kNoPoint;
    for (int y = 0; y < static_cast<int>(s.rows.size()); ++y)
        for (int x = 0; x < static_cast<int>(s.rows[static_cast<std::size_t>(y)].size()); ++x) {
            const Point p{3 + x, 3 + y};
            const char c = s.rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
            if (c == 'X') b.make({p, Color::Black});
            if (c == 'O') b.make({p, Color::White});
            if (c == '*') probe = p;
        }
    return b;
}

}  // namespace

// The referee's hard shapes, each judged by the oracle and by both of our judges.
BOOST_AUTO_TEST_CASE(hard_shapes) {
    const std::vector<Shape> shapes{
        // A three whose straight-four point would make a five in another line: that point does
        // not count, so the line is no three and the cross below is a single three.
        {"three whose four point makes five",
         {".......", "..X.X..", "..X.X..", ".X.X*..", "..X....", "..X....", "......."},
         false},
        {"control: the same four point free of the five makes the line a three",
         {".......", "....X..", "....X..", ".X.X*..", "..X....", "..X....", "......."},
         true},
        {"two fours in one line X.XXX.X", {"X.X*X.X"}, true},
        {"two fours in one line XX.XX.XX", {"XX.*X.XX"}, true},
        {"two fours in one line XXX.X.XXX", {"XXX.*.XXX"}, true},
        {"X.XXX.X with the stone at its end is one four", {"X.XXX.*"}, false},
        {"an open four .XXXX. is one four", {".XXX*."}, false},
        {"recursive false three: the four point is itself a double three",
         {"........", "..X.....", "..X.....", ".X.X*...", ".X..X...", "X...X...", "........"},
         false},
        {"control: the four point with one three only is allowed",
         {"........", "..X.....", "..X.....", ".X.X*...", ".X..X...", "....X...", "........"},
         true},
        {"false three: its four point is an overline",
         {"..X.....", "..X.X...", "..X.X...", ".X.X*...", "..X.....", "..X.....", "........"},
         false},
        {"overline", {"XXX*XX"}, true},
        {"overline and five: five wins", {"....X", "....X", "XXXX*", "....X", "....X", "....X"}, false},
        {"plain double three", {".......", "...X...", "...X...", ".XX*...", "......."}, true},
    };
    std::map<int, SearchPosition> searches;
    for (const Shape& s : shapes) {
        BOOST_TEST_CONTEXT(s.name) {
            Point probe;
            const Board b = board_of(s, probe);
            BOOST_REQUIRE(probe != kNoPoint);
            RenjuOracle referee(b);
            BOOST_CHECK_EQUAL(referee.forbidden(probe) != Forbidden::None, s.forbidden);
            SearchPosition& search = search_for(searches, 15);
            search.set_from(b);
            const OurJudges ours = judge(b, search, probe);
            BOOST_CHECK_EQUAL(ours.rules_module, s.forbidden);
            BOOST_CHECK_EQUAL(ours.search, s.forbidden);
        }
    }
}

// 50,000 random legal positions from a fixed seed, every empty point, black to move.
BOOST_AUTO_TEST_CASE(agrees_with_the_referee_on_random_positions) {
    std::mt19937 rng(12);
    std::map<int, SearchPosition> searches;
    long points = 0, forbidden = 0;
    int failures = 0;
    constexpr int kPositions = 50000;
    for (int n = 0; n < kPositions && failures < 5; ++n) {
        const int size = n % 8 == 0 ? 15 : n % 8 < 4 ? 11 : 9;  // mostly small boards: time
        const Board b = random_position(rng, size);
        RenjuOracle referee(b);
        SearchPosition& search = search_for(searches, size);
        search.set_from(b);
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x) {
                const Point p{x, y};
                if (!b.is_empty(p)) continue;
                const bool expected = referee.forbidden(p) != Forbidden::None;
                const OurJudges ours = judge(b, search, p);
                ++points;
                forbidden += expected;
                if (ours.rules_module != expected || ours.search != expected) {
                    ++failures;
                    BOOST_ERROR("position " << n << " point " << x << "," << y << ": referee " << expected
                                            << ", renju_forbidden " << ours.rules_module << ", search " << ours.search
                                            << "\n"
                                            << drawing(b, p));
                }
            }
    }
    BOOST_TEST_MESSAGE("points " << points << ", forbidden " << forbidden);
    BOOST_CHECK_EQUAL(failures, 0);
    // The positions must hold enough forbidden points for the agreement to mean something.
    BOOST_CHECK_GT(forbidden, 5000);
}

// A position from the cross-check tool (seed 2 --no-black-five, position 2591) whose
// reading recurses eight stones deep: the search's judge gives up at a depth of its own,
// and must still agree here.
BOOST_AUTO_TEST_CASE(a_deep_recursion) {
    const std::vector<std::array<int, 3>> stones{
        {8, 3, 1}, {4, 2, 2},  {10, 3, 1}, {9, 2, 2},  {7, 4, 1},  {0, 3, 2}, {8, 4, 1},  {12, 4, 2}, {6, 5, 1},
        {4, 6, 2}, {12, 5, 1}, {8, 8, 2},  {12, 6, 1}, {12, 8, 2}, {7, 7, 1}, {11, 9, 2}, {6, 8, 1},  {13, 13, 2}};
    Board b(GameConfig{15, 15, 5, Rule::Renju});
    for (const auto& s : stones) b.make({{s[0], s[1]}, s[2] == 1 ? Color::Black : Color::White});
    RenjuOracle referee(b);
    std::map<int, SearchPosition> searches;
    SearchPosition& search = search_for(searches, 15);
    search.set_from(b);
    int forbidden = 0;
    for (int y = 0; y < 15; ++y)
        for (int x = 0; x < 15; ++x) {
            const Point p{x, y};
            if (!b.is_empty(p)) continue;
            const bool expected = referee.forbidden(p) != Forbidden::None;
            const OurJudges ours = judge(b, search, p);
            forbidden += expected;
            BOOST_TEST_CONTEXT("point " << x << "," << y) {
                BOOST_CHECK_EQUAL(ours.rules_module, expected);
                BOOST_CHECK_EQUAL(ours.search, expected);
            }
        }
    BOOST_TEST_MESSAGE("forbidden " << forbidden);
}
