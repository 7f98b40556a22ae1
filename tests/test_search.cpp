#define BOOST_TEST_MODULE search
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <chrono>
#include <random>
#include <sstream>
#include <thread>

#include "search_fixtures.h"
#include "ai/bench.h"
#include "engine/renju.h"
#include "ai/line_shape.h"
#include "ai/search_position.h"
#include "ai/searcher.h"
#include "ai/transposition_table.h"

using namespace tengen;
using tengen::test::board_with;
using tengen::test::depth_limit;

namespace {

// A random ongoing position: n random moves near the centre, none of them ending the game.
Board random_position(const GameConfig& config, int n, std::mt19937& rng) {
    Board b(config);
    std::uniform_int_distribution<int> dx(-4, 4);
    int guard = 0;
    while (b.placed_count() < n && guard++ < 10000) {
        const Point p{config.width / 2 + dx(rng), config.height / 2 + dx(rng)};
        if (!b.is_legal(p)) continue;
        if (b.is_winning_move(p, b.side_to_move())) continue;
        b.play(p);
    }
    return b;
}

// 15x15 freestyle positions from games written one a line (`h8 i9 ...`).
std::vector<BenchPosition> freestyle_games(const char* lines) {
    std::istringstream games(lines);
    auto positions = parse_positions(games, "games", GameConfig{15, 15, 5, Rule::Freestyle});
    BOOST_TEST_REQUIRE(positions.ok());
    return *positions;
}

// Two middlegames from tests/data/middlegames whose depth-10 searches reach the singular test.
constexpr const char* kTwoMiddlegames =
    "i6 k11 e7 i11 j11 j10 i9 k9 l8 k10 k12 i10 h10 l10 m10 m9 j12 h12 g13 n9 l9 n8 o7 n7\n"
    "j6 i8 h10 j9 g9 i11 k7 l8 i7 h8 j8 i9 k9 h6 k6 k8 l7 j7 m8 j5\n";

}  // namespace

BOOST_AUTO_TEST_CASE(empty_board_plays_the_centre) {
    Searcher s(std::size_t{4} << 20);
    const SearchResult r = s.search(Board(GameConfig{15, 15, 5, Rule::Freestyle}), depth_limit(4));
    BOOST_TEST((r.best == Point{7, 7}));
    const SearchResult r2 = s.search(Board(GameConfig{20, 10, 5, Rule::Renju}), depth_limit(4));
    BOOST_TEST(
        (r2.best == Point{9, 4} || r2.best == Point{10, 5} || r2.best == Point{9, 5} || r2.best == Point{10, 4}));
}

BOOST_AUTO_TEST_CASE(takes_an_immediate_win_and_blocks_one) {
    Searcher s(std::size_t{4} << 20);
    // Black h8 i8 j8 k8 (open four is not needed: one end blocked by white g8).
    const GameConfig c{15, 15, 5, Rule::Freestyle};
    Board win = board_with(c, {{7, 7}, {6, 7}, {8, 7}, {0, 0}, {9, 7}, {0, 2}, {10, 7}, {0, 4}});
    SearchResult r = s.search(win, depth_limit(6));
    BOOST_TEST((r.best == Point{11, 7}));
    BOOST_TEST(r.score == mate_in(1));
    // White to move must block the same four.
    Board block = board_with(c, {{7, 7}, {6, 7}, {8, 7}, {0, 0}, {9, 7}, {0, 2}, {10, 7}});
    r = s.search(block, depth_limit(6));
    BOOST_TEST((r.best == Point{11, 7}));
}

BOOST_AUTO_TEST_CASE(max_depth_is_respected) {
    Searcher s(std::size_t{8} << 20);
    const Board b = board_with({}, {{7, 7}, {8, 8}, {7, 8}, {7, 9}, {6, 9}, {8, 7}});
    int deepest = 0;
    const SearchResult r =
        s.search(b, depth_limit(4), [&](const SearchInfo& i) { deepest = std::max(deepest, i.depth); });
    BOOST_TEST(r.depth == 4);
    BOOST_TEST(deepest == 4);
    BOOST_TEST(b.is_legal(r.best));
}

BOOST_AUTO_TEST_CASE(max_nodes_is_never_exceeded) {
    const Board b = board_with({}, {{7, 7}, {8, 8}, {7, 8}, {7, 9}, {6, 9}, {8, 7}});
    for (int threads : {1, 2}) {
        for (std::uint64_t budget : {1ull, 100ull, 5000ull, 60000ull}) {
            Searcher s(std::size_t{8} << 20);
            SearchLimits l;
            l.infinite = true;
            l.max_nodes = budget;
            l.threads = threads;
            std::uint64_t reported = 0;
            const SearchResult r = s.search(b, l, [&](const SearchInfo& i) { reported = std::max(reported, i.nodes); });
            BOOST_TEST(r.nodes <= budget);
            BOOST_TEST(reported <= budget);
            BOOST_TEST(b.is_legal(r.best));
        }
    }
}

BOOST_AUTO_TEST_CASE(stop_returns_promptly_with_a_legal_move) {
    Searcher s(std::size_t{16} << 20);
    const Board b = board_with({}, {{7, 7}, {8, 8}, {7, 8}, {7, 9}, {6, 9}, {8, 7}});
    SearchLimits l;
    l.infinite = true;
    s.start(b, l);
    BOOST_TEST(s.running());
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    const auto t0 = std::chrono::steady_clock::now();
    s.stop();
    const SearchResult r = s.wait();
    const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
    BOOST_TEST(waited.count() < 1000);
    BOOST_TEST(!s.running());
    BOOST_TEST(b.is_legal(r.best));
}

BOOST_AUTO_TEST_CASE(finishes_within_the_turn_time) {
    Searcher s(std::size_t{16} << 20);
    const Board b = board_with({}, {{7, 7}, {8, 8}, {7, 8}, {7, 9}, {6, 9}, {8, 7}});
    for (int threads : {1, 2}) {
        SearchLimits l;
        l.time.turn_ms = 300;
        l.threads = threads;
        const auto t0 = std::chrono::steady_clock::now();
        const SearchResult r = s.search(b, l);
        const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
        BOOST_TEST(took.count() < 1500);
        BOOST_TEST(b.is_legal(r.best));
        BOOST_TEST(r.depth >= 1);
    }
}

BOOST_AUTO_TEST_CASE(transposition_table_round_trip) {
    TranspositionTable tt(std::size_t{1} << 20);
    const std::uint64_t key = 0x123456789ABCDEFull;
    tt.store(key, score_to_tt(mate_in(9), 4), -77, 112, 7, Bound::Lower);
    TTHit hit;
    BOOST_TEST(tt.probe(key, hit));
    BOOST_TEST(score_from_tt(hit.score, 4) == mate_in(9));
    BOOST_TEST(score_from_tt(hit.score, 2) == mate_in(7));  // the same mate seen two plies nearer the root
    BOOST_TEST(hit.eval == -77);
    BOOST_TEST(hit.move == 112);
    BOOST_TEST(hit.depth == 7);
    BOOST_TEST((hit.bound == Bound::Lower));
    BOOST_TEST(!tt.probe(key ^ 1, hit));
    tt.clear();
    BOOST_TEST(!tt.probe(key, hit));
}

// A node once on the principal variation marks its entry (late moves below it are reduced
// less); the mark shares the move's field and must not change the move, even the last cell of
// the largest board, nor a kept move when a later store names none.
BOOST_AUTO_TEST_CASE(transposition_table_keeps_the_pv_mark_apart_from_the_move) {
    TranspositionTable tt(std::size_t{1} << 20);
    const std::uint64_t key = 0xFEDCBA9876543210ull;
    TTHit hit;
    tt.store(key, 10, 5, 32 * 32 - 1, 6, Bound::Exact, /*pv=*/true);
    BOOST_TEST(tt.probe(key, hit));
    BOOST_TEST(hit.move == 32 * 32 - 1);
    BOOST_TEST(hit.pv);
    tt.store(key, -3, 5, -1, 6, Bound::Upper, /*pv=*/false);
    BOOST_TEST(tt.probe(key, hit));
    BOOST_TEST(hit.move == 32 * 32 - 1);  // a fail-low keeps the move an earlier visit found
    BOOST_TEST(!hit.pv);
    tt.store(key ^ 2, 0, 0, -1, 1, Bound::Lower, /*pv=*/true);
    BOOST_TEST(tt.probe(key ^ 2, hit));
    BOOST_TEST(hit.move == -1);
    BOOST_TEST(hit.pv);
    tt.store(key ^ 4, 0, 0, 0, 1, Bound::Lower);
    BOOST_TEST(tt.probe(key ^ 4, hit));
    BOOST_TEST(hit.move == 0);
    BOOST_TEST(!hit.pv);
}

// The learned move ordering was fitted on freestyle five-in-a-row searches; every other rule
// and length keeps the hand-set one (the mover's value twice, the opponent's once), and the
// incremental values match a fresh scan either way.
BOOST_AUTO_TEST_CASE(learned_order_only_where_it_was_fitted) {
    std::mt19937 rng(11);
    for (Rule rule : {Rule::Freestyle, Rule::Exact, Rule::Renju, Rule::Caro, Rule::CaroExact}) {
        for (int k : {4, 5}) {
            if (rule == Rule::Renju && k != 5) continue;
            const GameConfig c{15, 15, k, rule};
            const bool learned = rule == Rule::Freestyle && k == 5;
            Board b(c);
            SearchPosition incremental(c);
            incremental.set_from(b);
            BOOST_TEST(incremental.learned_order() == learned);
            int differs = 0;
            test::random_walk(
                b, incremental, rng, 30,
                [&](const Board& board, const SearchPosition& p) {
                    SearchPosition fresh(c);
                    fresh.set_from(board);
                    for (int y = 0; y < c.height; ++y)
                        for (int x = 0; x < c.width; ++x) {
                            const int cell = p.cell_of({x, y});
                            if (!p.empty(cell)) continue;
                            for (int colour = 0; colour < 2; ++colour) {
                                const int attack = p.order_attack(cell, colour);
                                const int defence = p.order_defence(cell, colour);
                                BOOST_TEST_REQUIRE(attack == fresh.order_attack(cell, colour));
                                BOOST_TEST_REQUIRE(defence == fresh.order_defence(cell, colour));
                                const int hand_set = p.order_value(cell, colour);
                                if (!learned) {
                                    BOOST_TEST_REQUIRE(attack == 2 * hand_set);
                                    BOOST_TEST_REQUIRE(defence == hand_set);
                                }
                                differs += attack != 2 * hand_set || defence != hand_set;
                            }
                        }
                },
                test::WalkOptions().in_area(4, 10, 4, 10).taking_back(0));
            if (learned) BOOST_TEST(differs > 0);
        }
    }
}

BOOST_AUTO_TEST_CASE(incremental_patterns_match_a_fresh_scan) {
    std::mt19937 rng(7);
    for (Rule rule : {Rule::Freestyle, Rule::Exact, Rule::Renju, Rule::Caro, Rule::CaroExact}) {
        for (int k : {3, 4, 5, 6}) {
            if (rule == Rule::Renju && k != 5) continue;
            const GameConfig c{11, 9, k, rule};
            Board b(c);
            SearchPosition incremental(c);
            incremental.set_from(b);
            test::random_walk(
                b, incremental, rng, 40,
                [&](const Board& board, const SearchPosition& p) {
                    SearchPosition fresh(c);
                    fresh.set_from(board);
                    BOOST_TEST_REQUIRE(fresh.hash() == p.hash());
                    for (int colour = 0; colour < 2; ++colour) {
                        BOOST_TEST_REQUIRE(fresh.potential(colour) == p.potential(colour));
                        BOOST_TEST_REQUIRE(fresh.four_cells(colour) == p.four_cells(colour));
                        for (int cl = 0; cl < kClassCount; ++cl)
                            BOOST_TEST_REQUIRE(fresh.class_count(colour, CellClass(cl)) ==
                                               p.class_count(colour, CellClass(cl)));
                    }
                },
                test::WalkOptions().taking_back(5));
        }
    }
}

// The search position reads each cell's windows out of per-direction strings of 2-bit cells,
// with three ways to read them by the tables' reach; here each window is built from the board
// cell by cell instead, for reaches on each side of those boundaries (k - 1 in freestyle, k in
// exact; renju's colours differ by one), through make and unmake.
BOOST_AUTO_TEST_CASE(every_line_class_matches_its_window_read_from_the_board) {
    std::mt19937 rng(19);
    const std::array<Point, 4> steps{Point{1, 0}, Point{0, 1}, Point{1, 1}, Point{1, -1}};
    struct Case {
        Rule rule;
        int k;
    };
    for (const Case& tc :
         {Case{Rule::Freestyle, 3}, Case{Rule::Renju, 5}, Case{Rule::Freestyle, 8}, Case{Rule::Exact, 8},
          Case{Rule::Freestyle, 15}, Case{Rule::Exact, 15}, Case{Rule::Caro, 20}}) {
        const GameConfig c{32, 21, tc.k, tc.rule};
        Board b(c);
        SearchPosition position(c);
        position.set_from(b);
        std::array<ShapeTable, 2> reference{ShapeTable(line_rule_for(c, kCellBlack), kCellBlack),
                                            ShapeTable(line_rule_for(c, kCellWhite), kCellWhite)};
        auto code_at = [&](int x, int y) -> std::uint64_t {
            if (x < 0 || y < 0 || x >= c.width || y >= c.height) return kCellWall;
            return static_cast<std::uint64_t>(b.at({x, y}));
        };
        // Stones near the centre, so that long windows meet both stones and the board's edges.
        int played = 0, step = 0;
        test::random_walk(
            b, position, rng, 60,
            [&](const Board& board, const SearchPosition& walked) {
                played = std::max(played, walked.stones());
                if (step++ % 3 != 0) return;
                for (int cy = 0; cy < c.height; ++cy)
                    for (int cx = 0; cx < c.width; ++cx) {
                        if (!board.is_empty({cx, cy})) continue;
                        for (int colour = 0; colour < 2; ++colour) {
                            ShapeTable& table = reference[static_cast<std::size_t>(colour)];
                            const int span = table.span();
                            for (int d = 0; d < 4; ++d) {
                                const Point s = steps[static_cast<std::size_t>(d)];
                                std::uint64_t before = 0, after = 0;
                                for (int j = 0; j < span; ++j) {
                                    const int back = span - j;  // the farthest cell first
                                    before |= code_at(cx - back * s.x, cy - back * s.y) << (2 * j);
                                    after |= code_at(cx + (j + 1) * s.x, cy + (j + 1) * s.y) << (2 * j);
                                }
                                BOOST_TEST_REQUIRE(walked.line_class(walked.cell_of({cx, cy}), colour, d) ==
                                                       table.lookup(before, after),
                                                   "rule " << static_cast<int>(tc.rule) << " k " << tc.k << " at " << cx
                                                           << "," << cy << " colour " << colour << " dir " << d);
                            }
                        }
                    }
            },
            test::WalkOptions().in_area(8, 23, 4, 16).taking_back(4));
        BOOST_TEST(played > 20);  // the most stones on the board at once
    }
}

BOOST_AUTO_TEST_CASE(forbidden_points_agree_with_the_rules_module) {
    std::mt19937 rng(11);
    const GameConfig c{15, 15, 5, Rule::Renju};
    int forbidden_seen = 0;
    for (int game = 0; game < 60; ++game) {
        Board b = random_position(c, 10 + game % 20, rng);
        SearchPosition sp(c);
        sp.set_from(b);
        for (int y = 0; y < 15; ++y)
            for (int x = 0; x < 15; ++x) {
                if (!b.is_empty({x, y})) continue;
                const bool rules = renju_forbidden(b, {x, y}) != Forbidden::None;
                forbidden_seen += rules;
                BOOST_TEST_REQUIRE(sp.is_forbidden(sp.cell_of({x, y})) == rules, "at " << x << "," << y);
            }
    }
    BOOST_TEST(forbidden_seen > 0);
}

BOOST_AUTO_TEST_CASE(renju_black_never_plays_a_forbidden_point) {
    std::mt19937 rng(5);
    const GameConfig c{15, 15, 5, Rule::Renju};
    Searcher s(std::size_t{8} << 20);
    for (int game = 0; game < 30; ++game) {
        Board b = random_position(c, 2 * (6 + game % 12), rng);  // black to move
        if (b.side_to_move() != Color::Black || b.game_over()) continue;
        const SearchResult r = s.search(b, depth_limit(3));
        BOOST_TEST_REQUIRE(b.is_legal(r.best));
        BOOST_TEST((renju_forbidden(b, r.best) == Forbidden::None));
    }
}

BOOST_AUTO_TEST_CASE(every_rule_size_and_k_gives_a_legal_move) {
    std::mt19937 rng(3);
    Searcher s(std::size_t{4} << 20);
    const std::vector<GameConfig> configs = {
        {3, 3, 3, Rule::Freestyle}, {4, 4, 3, Rule::Exact},       {7, 5, 4, Rule::Caro},
        {5, 5, 5, Rule::Renju},     {32, 32, 5, Rule::CaroExact}, {10, 20, 6, Rule::Freestyle},
        {12, 12, 9, Rule::Exact},   {32, 3, 32, Rule::Freestyle},
    };
    for (const GameConfig& c : configs) {
        Board b = random_position(c, std::min(4, c.width * c.height / 3), rng);
        if (c.width >= 5 && c.height >= 5 && b.is_empty({0, 0})) b.make({{0, 0}, Color::Wall});
        const SearchResult r = s.search(b, depth_limit(4));
        BOOST_TEST(b.is_legal(r.best), rule_name(c.rule) << " " << c.width << "x" << c.height << " k" << c.win_length);
    }
}

BOOST_AUTO_TEST_CASE(tic_tac_toe_never_loses) {
    const GameConfig c{3, 3, 3, Rule::Freestyle};
    Searcher engine(std::size_t{1} << 20);
    std::mt19937 rng(1);
    for (int game = 0; game < 24; ++game) {
        const Color engine_colour = game % 2 == 0 ? Color::Black : Color::White;
        const bool self_play = game % 6 == 5;
        Board b(c);
        while (!b.game_over()) {
            Point p;
            if (b.side_to_move() == engine_colour || self_play) {
                p = engine.search(b, depth_limit(9)).best;
            } else {
                std::vector<Point> legal;
                for (int i = 0; i < 9; ++i)
                    if (b.is_legal(b.point(i))) legal.push_back(b.point(i));
                p = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
            }
            BOOST_TEST_REQUIRE(b.is_legal(p));
            b.play(p);
        }
        if (self_play)
            BOOST_TEST((b.status() == GameStatus::Draw));
        else
            BOOST_TEST((b.winner() != std::optional<Color>(opponent(engine_colour))));
    }
}

BOOST_AUTO_TEST_CASE(bench_is_deterministic) {
    const BenchReport a = run_bench(3);
    const BenchReport b = run_bench(3);
    BOOST_TEST(a.lines.size() >= 20u);
    BOOST_TEST(a.lines.size() == bench_positions().size());  // every position is well-formed
    BOOST_TEST(a.total_nodes == b.total_nodes);
    BOOST_TEST(a.total_nodes > 0u);
    for (std::size_t i = 0; i < a.lines.size(); ++i) BOOST_TEST(a.lines[i].nodes == b.lines[i].nodes);
}

// Depth 10 on these two middlegames reaches the singular test (from depth 6): its search at the
// same ply, with the TT move left out, must keep the result reproducible and the move legal
// (and, under the sanitizers, touch nothing out of bounds).
BOOST_AUTO_TEST_CASE(deep_searches_are_deterministic_and_legal) {
    const std::vector<BenchPosition> positions = freestyle_games(kTwoMiddlegames);
    const BenchReport a = run_bench(10, positions);
    const BenchReport b = run_bench(10, positions);
    BOOST_TEST_REQUIRE(a.lines.size() == 2u);
    BOOST_TEST_REQUIRE(b.lines.size() == 2u);
    for (std::size_t i = 0; i < a.lines.size(); ++i) {
        BOOST_TEST(a.lines[i].depth == 10);
        BOOST_TEST(a.lines[i].nodes == b.lines[i].nodes);
        BOOST_TEST((a.lines[i].best == b.lines[i].best));
        BOOST_TEST(a.lines[i].score == b.lines[i].score);
        const std::optional<Board> board = bench_board(positions[i]);
        BOOST_TEST_REQUIRE(board.has_value());
        BOOST_TEST(board->is_legal(a.lines[i].best));
    }
}

// The singular test leaves the TT move out of a same-ply search and must put it back. A move
// still left out when a search ends would be skipped at that ply in the next one, so a search
// after another (table cleared) must match the same search in a fresh searcher.
BOOST_AUTO_TEST_CASE(a_deep_search_leaves_no_move_excluded_for_the_next) {
    const std::vector<BenchPosition> positions = freestyle_games(kTwoMiddlegames);
    const std::optional<Board> first = bench_board(positions[0]);
    const std::optional<Board> second = bench_board(positions[1]);
    BOOST_TEST_REQUIRE((first && second));
    SearchLimits limits = depth_limit(10);
    limits.threads = 1;

    Searcher fresh(std::size_t{16} << 20);
    const SearchResult alone = fresh.search(*second, limits);

    Searcher reused(std::size_t{16} << 20);
    reused.search(*first, limits);
    reused.clear_hash();
    const SearchResult after = reused.search(*second, limits);

    BOOST_TEST(after.nodes == alone.nodes);
    BOOST_TEST((after.best == alone.best));
    BOOST_TEST(after.score == alone.score);
}

// Under a node limit the root threat solvers get a share of it, as they get a share of a
// short turn's time: in these middlegames they used to spend all of 20,000 nodes on proofs
// that failed and answered from depth 0.
BOOST_AUTO_TEST_CASE(a_node_limit_leaves_the_search_most_of_its_budget) {
    const std::vector<BenchPosition> positions = freestyle_games(
        "j7 k9 e8 k10 k7 i7 j8 i9 i8 k11 k8 h8 j10 j6 g9 k6\n"
        "j11 h8 f5 h7 k10 i12 i10 k12 h11 j10 k11 i11 h12 g7 k9 k8 f13 g12 h13 h14 h9 h10\n"
        "k9 h7 i7 h6 h8 j6 k6 j4 k8 k7 i8 l8 i5 i6 j5 h5 l5 j7 h4 l7 f6\n"
        "i11 e8 k6 e9 j5 l7 k5 l5 l4 i7 k7 k4 l8 k8 j6 i5 j3 j4 k3 i3\n");
    for (const BenchPosition& position : positions) {
        const std::optional<Board> board = bench_board(position);
        BOOST_TEST_REQUIRE(board.has_value());
        Searcher searcher(std::size_t{16} << 20);
        SearchLimits limits;
        limits.max_nodes = 20000;
        limits.threads = 1;
        const SearchResult r = searcher.search(*board, limits);
        BOOST_TEST(r.nodes <= 20000u);
        BOOST_TEST(r.depth >= 4, position.name << " reached depth " << r.depth);
        BOOST_TEST(board->is_legal(r.best));
    }
}

BOOST_AUTO_TEST_CASE(bench_reads_a_positions_file_and_names_a_bad_line) {
    const GameConfig config{15, 15, 5, Rule::Freestyle};
    std::istringstream good("# two games\nh8 i9 h9\n\n  h8 i7 j6 i8\r\n");
    const auto parsed = parse_positions(good, "games.txt", config);
    BOOST_TEST_REQUIRE(parsed.ok());
    BOOST_TEST_REQUIRE(parsed->size() == 2u);
    BOOST_TEST((*parsed)[0].name == "games.txt:2");
    BOOST_TEST((*parsed)[1].name == "games.txt:4");
    const BenchReport report = run_bench(2, *parsed);
    BOOST_TEST_REQUIRE(report.lines.size() == 2u);
    BOOST_TEST(report.lines[1].depth == 2);
    BOOST_TEST(report.total_nodes == report.lines[0].nodes + report.lines[1].nodes);

    std::istringstream occupied("h8 i9\nh8 h8\n");  // the second line plays on a stone
    const auto bad = parse_positions(occupied, "bad.txt", config);
    BOOST_TEST(!bad.ok());
    BOOST_TEST(bad.error().find("bad.txt:2") != std::string::npos);
    std::istringstream garbage("h8 ??\n");
    BOOST_TEST(!parse_positions(garbage, "g.txt", config).error().empty());
}

BOOST_AUTO_TEST_CASE(multipv_reports_distinct_moves_best_first) {
    Searcher s(std::size_t{8} << 20);
    const Board b = board_with({}, {{7, 7}, {8, 8}, {7, 8}, {7, 9}, {6, 9}, {8, 7}});
    SearchLimits l = depth_limit(4);
    l.multipv = 3;
    std::vector<int> indices;
    const SearchResult r = s.search(b, l, [&](const SearchInfo& i) { indices.push_back(i.multipv_index); });
    BOOST_TEST_REQUIRE(r.best_moves.size() == 3u);
    BOOST_TEST((r.best_moves[0].move == r.best));
    BOOST_TEST((r.best_moves[0].move != r.best_moves[1].move));
    BOOST_TEST((r.best_moves[1].move != r.best_moves[2].move));
    BOOST_TEST(r.best_moves[0].score >= r.best_moves[1].score);
    BOOST_TEST(r.best_moves[1].score >= r.best_moves[2].score);
    BOOST_TEST(std::count(indices.begin(), indices.end(), 2) >= 1);
}
