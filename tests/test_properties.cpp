#define BOOST_TEST_MODULE properties
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "address_sanitized.h"
#include "engine/board.h"
#include "engine/zobrist.h"

using namespace tengen;

namespace {

// Winners from a scan of every maximal run on the board, read straight from the rules in
// docs/protocol.md; shares nothing with run_through/run_wins.
struct Winners {
    bool black = false;
    bool white = false;
};

bool rule_says_win(Rule rule, int k, int n, bool closed_both, Color c) {
    switch (rule) {
    case Rule::Freestyle:
        return n >= k;
    case Rule::Exact:
        return n == k;
    case Rule::Renju:
        return c == Color::Black ? n == k : n >= k;
    case Rule::Caro:
        return n > k || (n == k && !closed_both);
    case Rule::CaroExact:
        return n == k && !closed_both;
    }
    return false;
}

Winners reference_winners(const Board& b) {
    Winners w;
    for (int y = 0; y < b.height(); ++y)
        for (int x = 0; x < b.width(); ++x) {
            const Color c = b.at({x, y});
            if (c != Color::Black && c != Color::White) continue;
            for (Point d : kDirections) {
                if (b.at({x - d.x, y - d.y}) == c) continue;  // not the start of a run
                int n = 0;
                while (b.at({x + n * d.x, y + n * d.y}) == c) ++n;
                const Color enemy = c == Color::Black ? Color::White : Color::Black;
                const bool closed = b.at({x - d.x, y - d.y}) == enemy && b.at({x + n * d.x, y + n * d.y}) == enemy;
                if (rule_says_win(b.rule(), b.win_length(), n, closed, c))
                    (c == Color::Black ? w.black : w.white) = true;
            }
        }
    return w;
}

std::vector<Color> cells_of(const Board& b) {
    std::vector<Color> cells;
    for (int i = 0; i < b.area(); ++i) cells.push_back(b.at(b.point(i)));
    return cells;
}

std::uint64_t hash_from_scratch(const Board& b) {
    std::uint64_t h = b.side_to_move() == Color::White ? zobrist_white_to_move() : 0;
    for (int i = 0; i < b.area(); ++i)
        if (b.at(b.point(i)) != Color::Empty) h ^= zobrist_stone(b.point(i), b.at(b.point(i)));
    return h;
}

// A random empty point, usually near an existing stone so that lines and wins form.
Point random_move(const Board& b, std::mt19937& rng) {
    std::uniform_int_distribution<int> pick(0, b.area() - 1);
    if (!b.history().empty() && rng() % 10 < 7) {
        std::uniform_int_distribution<int> near(-2, 2);
        std::uniform_int_distribution<std::size_t> which(0, b.history().size() - 1);
        for (int tries = 0; tries < 8; ++tries) {
            const Point s = b.history()[which(rng)].at;
            const Point p{s.x + near(rng), s.y + near(rng)};
            if (b.is_empty(p)) return p;
        }
    }
    while (true) {
        const Point p = b.point(pick(rng));
        if (b.is_empty(p)) return p;
    }
}

const std::vector<GameConfig>& configs() {
    static const std::vector<GameConfig> all = [] {
        std::vector<GameConfig> v;
        const std::vector<std::array<int, 3>> shapes{{3, 3, 3}, {4, 4, 3},   {7, 4, 3},  {7, 4, 4},   {6, 6, 4},
                                                     {9, 9, 5}, {15, 15, 5}, {32, 5, 5}, {10, 10, 6}, {5, 12, 4}};
        for (auto [w, h, k] : shapes)
            for (Rule r : {Rule::Freestyle, Rule::Exact, Rule::Renju, Rule::Caro, Rule::CaroExact}) {
                GameConfig c{w, h, k, r};
                if (check_config(c).ok()) v.push_back(c);
            }
        return v;
    }();
    return all;
}

}  // namespace

BOOST_AUTO_TEST_CASE(incremental_status_matches_a_full_scan) {
    std::mt19937 rng(7);
    int games = 0, moves = 0;
    std::array<int, 4> endings{};
    for (int round = 0; round < 80; ++round)
        for (const GameConfig& c : configs()) {
            Board b(c);
            if (round % 4 == 3)  // a few walls, as the protocol's field 3
                for (int i = 0; i < 3; ++i) b.make({random_move(b, rng), Color::Wall});
            while (!b.game_over()) {
                const Point p = random_move(b, rng);
                const Color mover = b.side_to_move();
                const bool predicted = b.is_winning_move(p, mover);
                b.play(p);
                ++moves;
                const Winners w = reference_winners(b);
                BOOST_REQUIRE(!(w.black && w.white));
                GameStatus expected = GameStatus::Ongoing;
                if (w.black)
                    expected = GameStatus::BlackWins;
                else if (w.white)
                    expected = GameStatus::WhiteWins;
                else if (b.empty_count() == 0)
                    expected = GameStatus::Draw;
                BOOST_REQUIRE_MESSAGE(b.status() == expected, rule_name(c.rule) << " " << c.width << "x" << c.height
                                                                                << " k=" << c.win_length << " move "
                                                                                << b.placed_count());
                BOOST_REQUIRE_EQUAL(predicted, b.winner() == mover);
                BOOST_REQUIRE_EQUAL(b.hash(), hash_from_scratch(b));
            }
            if (auto who = b.winner()) {
                // The winning line: the winner's stones, straight, through the last move.
                const auto line = b.winning_line();
                BOOST_REQUIRE_GE(static_cast<int>(line.size()), c.win_length);
                BOOST_REQUIRE(std::find(line.begin(), line.end(), b.last_move()->at) != line.end());
                for (Point p : line) BOOST_REQUIRE(b.at(p) == *who);
                const Point d{line[1].x - line[0].x, line[1].y - line[0].y};
                for (std::size_t i = 1; i < line.size(); ++i)
                    BOOST_REQUIRE((Point{line[i].x - line[i - 1].x, line[i].y - line[i - 1].y}) == d);
            } else {
                BOOST_REQUIRE(b.winning_line().empty());
            }
            ++endings[static_cast<std::size_t>(b.status())];
            ++games;
        }
    BOOST_TEST_MESSAGE(games << " games, " << moves << " moves; black " << endings[1] << " white " << endings[2]
                             << " draws " << endings[3]);
    BOOST_CHECK_GT(games, 2000);
    BOOST_CHECK_GT(endings[1], 100);
    BOOST_CHECK_GT(endings[2], 100);
    BOOST_CHECK_GT(endings[3], 20);
}

BOOST_AUTO_TEST_CASE(make_then_unmake_restores_everything) {
    std::mt19937 rng(11);
    for (int round = 0; round < 20; ++round)
        for (const GameConfig& c : configs()) {
            Board b(c);
            std::vector<std::uint64_t> hashes{b.hash()};
            while (!b.game_over()) {
                // Try a few moves here and take each back: nothing may change.
                const auto cells = cells_of(b);
                const auto hash = b.hash();
                const auto side = b.side_to_move();
                for (int t = 0; t < 3; ++t) {
                    const Point p = random_move(b, rng);
                    b.make({p, rng() % 8 == 0 ? Color::Wall : b.side_to_move()});
                    b.unmake();
                    BOOST_REQUIRE_EQUAL(b.hash(), hash);
                    BOOST_REQUIRE(b.side_to_move() == side);
                    BOOST_REQUIRE(b.status() == GameStatus::Ongoing);
                    BOOST_REQUIRE(cells_of(b) == cells);
                }
                b.play(random_move(b, rng));
                hashes.push_back(b.hash());
            }
            // Unwinding the whole game passes every earlier hash and ends empty.
            while (b.placed_count() > 0) {
                BOOST_REQUIRE_EQUAL(b.hash(), hashes[static_cast<std::size_t>(b.placed_count())]);
                b.unmake();
            }
            BOOST_REQUIRE_EQUAL(b.hash(), 0u);
            BOOST_REQUIRE(b.status() == GameStatus::Ongoing);
            const auto cells = cells_of(b);
            BOOST_REQUIRE(std::all_of(cells.begin(), cells.end(), [](Color x) { return x == Color::Empty; }));
        }
}

BOOST_AUTO_TEST_CASE(transpositions_hash_alike) {
    std::mt19937 rng(5);
    int compared = 0;
    for (int round = 0; round < 300; ++round) {
        const GameConfig c{15, 15, 5, Rule::Freestyle};
        Board b(c);
        const int plies = 4 + static_cast<int>(rng() % 30);
        while (!b.game_over() && b.placed_count() < plies) b.play(random_move(b, rng));
        if (b.game_over()) continue;
        // Replay the same stones in another order, colour by colour, keeping turns alternate.
        std::vector<Point> blacks, whites;
        for (const Move& m : b.history()) (m.color == Color::Black ? blacks : whites).push_back(m.at);
        std::shuffle(blacks.begin(), blacks.end(), rng);
        std::shuffle(whites.begin(), whites.end(), rng);
        Board other(c);
        for (std::size_t i = 0; i < blacks.size(); ++i) {
            other.play(blacks[i]);
            if (i < whites.size()) other.play(whites[i]);
        }
        BOOST_REQUIRE(cells_of(other) == cells_of(b));
        BOOST_REQUIRE(other.side_to_move() == b.side_to_move());
        BOOST_REQUIRE_EQUAL(other.hash(), b.hash());
        // And a different side to move is a different position.
        other.set_side_to_move(opponent(other.side_to_move()));
        BOOST_REQUIRE_NE(other.hash(), b.hash());
        ++compared;
    }
    BOOST_CHECK_GT(compared, 200);
}

namespace {

struct Perft {
    std::vector<long long> nodes;  // sequences reaching each depth, index 1..
    long long first_wins = 0, second_wins = 0, draws = 0;
};

void perft(Board& b, int depth, int max_depth, Perft& out) {
    if (b.game_over()) {
        if (b.status() == GameStatus::BlackWins)
            ++out.first_wins;
        else if (b.status() == GameStatus::WhiteWins)
            ++out.second_wins;
        else
            ++out.draws;
        return;
    }
    if (depth == max_depth) return;
    for (int i = 0; i < b.area(); ++i) {
        const Point p = b.point(i);
        if (!b.is_empty(p)) continue;
        b.play(p);
        ++out.nodes[static_cast<std::size_t>(depth + 1)];
        perft(b, depth + 1, max_depth, out);
        b.unmake();
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(tic_tac_toe_perft) {
    Board b(GameConfig{3, 3, 3, Rule::Freestyle});
    Perft p;
    p.nodes.assign(10, 0);
    perft(b, 0, 9, p);
    const std::vector<long long> expected{0, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
    BOOST_CHECK_EQUAL_COLLECTIONS(p.nodes.begin() + 1, p.nodes.end(), expected.begin() + 1, expected.end());
    BOOST_CHECK_EQUAL(p.first_wins + p.second_wins + p.draws, 255168);
    BOOST_CHECK_EQUAL(p.first_wins, 131184);
    BOOST_CHECK_EQUAL(p.second_wins, 77904);
    BOOST_CHECK_EQUAL(p.draws, 46080);
}

BOOST_AUTO_TEST_CASE(gomoku_perft) {
    Board b(GameConfig{15, 15, 5, Rule::Freestyle});
#if defined(TENGEN_ADDRESS_SANITIZED)
    const int depth = 2;  // depth 3 (11 million moves) is for the optimised build
#else
    const int depth = 3;
#endif
    Perft p;
    p.nodes.assign(static_cast<std::size_t>(depth + 1), 0);
    perft(b, 0, depth, p);
    const std::vector<long long> expected{0, 225, 50400, 11239200};
    for (int d = 1; d <= depth; ++d)
        BOOST_CHECK_EQUAL(p.nodes[static_cast<std::size_t>(d)], expected[static_cast<std::size_t>(d)]);
    BOOST_CHECK_EQUAL(b.placed_count(), 0);
    BOOST_CHECK_EQUAL(b.hash(), 0u);
}
