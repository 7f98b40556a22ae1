#define BOOST_TEST_MODULE evaluation
#include <boost/test/unit_test.hpp>

#include <array>
#include <random>
#include <vector>

#include "engine/board.h"
#include "ai/cell_code.h"
#include "ai/cell_pattern.h"
#include "ai/evaluation.h"
#include "engine/notation.h"
#include "ai/search_position.h"
#include "search_fixtures.h"

using namespace tengen;

namespace {

Point at(const char* letters) { return *parse_letters(letters); }

// A position whose last move is `last`, played onto `stones` by `mover`: the same final
// stones can so be reached with either side to move.
SearchPosition after_move(const std::vector<const char*>& black, const std::vector<const char*>& white, Color mover,
                          const char* last) {
    const GameConfig c{};
    Board b(c);
    for (const char* s : black) b.make({at(s), Color::Black});
    for (const char* s : white) b.make({at(s), Color::White});
    b.set_side_to_move(mover);
    SearchPosition p(c);
    p.set_from(b);
    p.make(p.cell_of(at(last)));
    return p;
}

// Black's view of the stones: black h8 i8 (+ extra), white a15 o1, with black or white to move.
struct Pair {
    Score black_to_move;  // from black's view
    Score white_to_move;  // from black's view
};
Pair black_view(std::vector<const char*> black_line) {
    // Black to move: white's far stone o1 came last.
    SearchPosition b_to_move = after_move(black_line, {"a15"}, Color::White, "o1");
    // White to move: black's last line stone came last.
    const char* last = black_line.back();
    black_line.pop_back();
    SearchPosition w_to_move = after_move(black_line, {"a15", "o1"}, Color::Black, last);
    return {evaluate_position(b_to_move), -evaluate_position(w_to_move)};
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_side_to_move_values_its_own_shapes_more_than_the_side_that_just_moved) {
    // The same stones: black's line and white's two stones far away in corners.
    for (const auto& line : {std::vector<const char*>{"h8", "i8"}, std::vector<const char*>{"h8", "i9"},
                             std::vector<const char*>{"h8", "i8", "k8"}, std::vector<const char*>{"h8", "i8", "j8"}}) {
        const Pair v = black_view(line);
        // The same number of black stones near the centre, too far apart to share a line
        // (six points between any two): no shape at all. (Edge stones would test codes the
        // fitted tables never saw: training positions start from central openings.)
        std::vector<const char*> apart{"e5", "k11", "e11"};
        apart.resize(line.size());
        const Pair scattered = black_view(apart);
        BOOST_TEST_INFO("black stones " << line.size() << ", last " << line.back());
        BOOST_TEST(v.black_to_move > v.white_to_move);
        // The line is black's asset whoever is to move (the fitted tables may still give
        // the side to move the better game, so no sign is asserted).
        BOOST_TEST(v.white_to_move > scattered.white_to_move);
        BOOST_TEST(v.black_to_move > scattered.black_to_move);
    }
}

BOOST_AUTO_TEST_CASE(a_longer_line_scores_higher) {
    BOOST_TEST(black_view({"h8", "i8", "j8"}).black_to_move > black_view({"h8", "i8"}).black_to_move);
    BOOST_TEST(black_view({"h8", "i8", "j8"}).white_to_move > black_view({"h8", "i8"}).white_to_move);
}

BOOST_AUTO_TEST_CASE(tempo_potentials_stay_incremental_under_make_and_unmake) {
    // Along the walk, the potentials seen at each stone count of the current line: a move must
    // remember the ones before it as its previous, and a take-back must return to them.
    std::mt19937 rng(5);
    for (Rule rule : {Rule::Freestyle, Rule::Exact, Rule::Renju, Rule::Caro, Rule::CaroExact}) {
        const GameConfig c{11, 9, 5, rule};
        Board b(c);
        SearchPosition incremental(c);
        incremental.set_from(b);
        using Potentials = std::array<int, 4>;  // colour by role
        auto potentials = [](const SearchPosition& p, bool previous) {
            Potentials out{};
            for (int colour = 0; colour < 2; ++colour)
                for (int role = 0; role < 2; ++role) {
                    const auto& tables = p.evaluator().tables();
                    out[static_cast<std::size_t>(2 * colour + role)] =
                        previous ? tables.previous_tempo_potential(colour, role == 0)
                                 : tables.tempo_potential(colour, role == 0);
                }
            return out;
        };
        std::vector<Potentials> seen{potentials(incremental, false)};  // by stone count
        int moves = 0, take_backs = 0;
        test::random_walk(
            b, incremental, rng, 50,
            [&](const Board& board, const SearchPosition& p) {
                const std::size_t stones = static_cast<std::size_t>(p.stones());
                if (stones >= seen.size()) {
                    ++moves;
                    BOOST_TEST_REQUIRE((potentials(p, true) == seen[stones - 1]));
                    seen.resize(stones + 1);
                } else {
                    ++take_backs;
                    BOOST_TEST_REQUIRE((potentials(p, false) == seen[stones]));
                    seen.resize(stones + 1);
                }
                SearchPosition fresh(c);
                fresh.set_from(board);
                BOOST_TEST_REQUIRE((potentials(fresh, false) == potentials(p, false)));
                seen[stones] = potentials(p, false);
            },
            test::WalkOptions().taking_back(4));
        BOOST_TEST(moves > 0);
        BOOST_TEST(take_backs > 0);
    }
}

BOOST_AUTO_TEST_CASE(the_evaluators_incremental_state_after_a_random_walk_equals_a_fresh_set_from) {
    // The seam's promise: whatever make and unmake told the evaluator, its state is the one
    // set_from builds from scratch for the same stones and side to move.
    std::mt19937 rng(23);
    for (Evaluation evaluation : {Evaluation::Tables, Evaluation::Network})
        for (Rule rule : {Rule::Freestyle, Rule::Exact, Rule::Renju, Rule::Caro, Rule::CaroExact}) {
            for (int k : {4, 5, 6}) {
                if (rule == Rule::Renju && k != 5) continue;
                const GameConfig c{13, 11, k, rule};
                const EvaluatorChoice choice{evaluation};
                Board b(c);
                SearchPosition incremental(c, choice);
                incremental.set_from(b);
                const auto empty_board = incremental.evaluator().state();
                int moved_off_empty = 0;
                test::random_walk(b, incremental, rng, 150, [&](const Board& board, const SearchPosition& p) {
                    SearchPosition fresh(c, choice);
                    fresh.set_from(board);
                    BOOST_TEST_INFO("evaluator " << static_cast<int>(evaluation) << ", rule " << static_cast<int>(rule)
                                                 << ", k " << k << ", stones " << p.stones());
                    BOOST_TEST_REQUIRE((p.evaluator().state() == fresh.evaluator().state()));
                    moved_off_empty += p.evaluator().state() != empty_board;
                });
                BOOST_TEST(moved_off_empty > 0);  // the walk compared states that had something in them
            }
        }
}

BOOST_AUTO_TEST_CASE(the_hash_after_a_move_is_known_before_the_move_is_made) {
    std::mt19937 rng(11);
    for (Rule rule : {Rule::Freestyle, Rule::Renju, Rule::Caro}) {
        const GameConfig c{13, 10, 5, rule};
        Board b(c);
        SearchPosition p(c);
        p.set_from(b);
        std::uniform_int_distribution<int> x(0, c.width - 1), y(0, c.height - 1);
        for (int step = 0; step < 60 && !b.game_over(); ++step) {
            const Point at_point{x(rng), y(rng)};
            if (!b.is_legal(at_point)) continue;
            const int cell = p.cell_of(at_point);
            const std::uint64_t before = p.hash();
            const std::uint64_t predicted = p.hash_after(cell);
            BOOST_TEST_REQUIRE(predicted != before);
            b.play(at_point);
            p.make(cell);
            BOOST_TEST_REQUIRE(p.hash() == predicted);
            if (step % 5 == 4) {
                b.unmake();
                p.unmake();
                BOOST_TEST_REQUIRE(p.hash() == before);
            }
        }
    }
}

namespace {

// A freestyle search position with these stones.
SearchPosition freestyle_position(const std::vector<const char*>& black, const std::vector<const char*>& white) {
    const GameConfig c{};
    Board b(c);
    for (const char* s : black) b.make({at(s), Color::Black});
    for (const char* s : white) b.make({at(s), Color::White});
    SearchPosition p(c);
    p.set_from(b);
    return p;
}

// The pattern black gets at `cell` in a freestyle position, from the engine's own shapes.
CellPattern black_pattern_at(const std::vector<const char*>& black, const std::vector<const char*>& white,
                             const char* cell) {
    const SearchPosition p = freestyle_position(black, white);
    std::array<int, 4> shapes{};
    for (int d = 0; d < 4; ++d) shapes[d] = p.shape(p.cell_of(at(cell)), 0, d);
    return cell_pattern(shapes, false);
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_cell_pattern_is_the_strongest_combination_of_its_four_shapes) {
    // A closed four along the row (white d8 blocks) and an open two up the column at h8.
    BOOST_TEST(black_pattern_at({"e8", "f8", "g8", "h9"}, {"d8"}, "h8") == kPatFourPlus);
    // Without the column stone it is a four alone; with two in the column, a four-three.
    BOOST_TEST(black_pattern_at({"e8", "f8", "g8"}, {"d8"}, "h8") == kPatFour);
    BOOST_TEST(black_pattern_at({"e8", "f8", "g8", "h9", "h10"}, {"d8"}, "h8") == kPatFourThree);
    // An open three and an open two; two open twos; two closed threes.
    BOOST_TEST(black_pattern_at({"f8", "g8", "h9"}, {}, "h8") == kPatThreePlus);
    BOOST_TEST(black_pattern_at({"g8", "h9"}, {}, "h8") == kPatDoubleTwo);
    BOOST_TEST(black_pattern_at({"f8", "g8", "h9", "h10"}, {"e8", "h11"}, "h8") == kPatDoubleClosedThree);

    // The order among the shapes does not matter; the strongest rule wins.
    const std::array<int, 4> four_two{kTwo, kDead, kFour, kOne};
    BOOST_TEST(cell_pattern(four_two, false) == kPatFourPlus);
    BOOST_TEST(cell_pattern({kFour, kThree, kTwo, kOne}, false) == kPatFourThree);
    BOOST_TEST(cell_pattern({kFour, kFour, kOne, kOne}, false) == kPatFlexFour);
    BOOST_TEST(cell_pattern({kThree, kThreeClosed, kOne, kOne}, false) == kPatThreePlus);
    BOOST_TEST(cell_pattern({kThreeClosed, kTwo, kOne, kOne}, false) == kPatClosedThreePlusTwo);
    BOOST_TEST(cell_pattern({kThreeClosed, kTwoClosed, kOne, kOne}, false) == kPatNone);
    BOOST_TEST(cell_pattern({kFive, kDoubleFour, kOne, kOne}, true) == kPatFive);
    // Renju black: two fours are forbidden, not a flex four; a double three stays a double
    // three (it may be forbidden) even beside a four.
    BOOST_TEST(cell_pattern({kFour, kFour, kOne, kOne}, true) == kPatForbid);
    BOOST_TEST(cell_pattern({kOverline, kTwo, kOne, kOne}, true) == kPatForbid);
    BOOST_TEST(cell_pattern({kThree, kThree, kFour, kOne}, true) == kPatDoubleThree);
    BOOST_TEST(cell_pattern({kThree, kThree, kFour, kOne}, false) == kPatFourThree);
}

namespace {

// Black's line class at `cell` along the row (direction 0), in a freestyle position.
LineClass black_row_class_at(const std::vector<const char*>& black, const std::vector<const char*>& white,
                             const char* cell) {
    const SearchPosition p = freestyle_position(black, white);
    return p.line_class(p.cell_of(at(cell)), 0, 0);
}

}  // namespace

BOOST_AUTO_TEST_CASE(line_classes_count_the_cells_that_lift_a_line_one_level) {
    // h8 joins g8 into an open two in the middle of an empty row: four cells make it an open
    // three (e8, f8, i8, j8).
    BOOST_TEST(black_row_class_at({"g8"}, {}, "h8") == kLcTwo4);
    // With white on d8 and k8 only f8 and i8 still make an open three.
    BOOST_TEST(black_row_class_at({"g8"}, {"d8", "k8"}, "h8") == kLcTwo2);
    // f8 g8 h8 in an empty row: e8 and i8 both make an open four.
    BOOST_TEST(black_row_class_at({"f8", "g8"}, {}, "h8") == kLcThree2);
    // With white on c8 and k8 both still do: the four e8-h8 has d8 and i8 empty, the four
    // f8-i8 has e8 and j8 empty.
    BOOST_TEST(black_row_class_at({"f8", "g8"}, {"c8", "k8"}, "h8") == kLcThree2);
    // White on d8 and j8: e8 gives a four e8-h8 closed at d8 (not open), i8 gives f8-i8 with
    // e8 open and j8 white: no open four at all. A closed three.
    BOOST_TEST(black_row_class_at({"f8", "g8"}, {"d8", "j8"}, "h8") == kLcThreeClosed);
    // White on c8 and j8: only e8 makes an open four (d8 and i8 empty), i8 does not.
    BOOST_TEST(black_row_class_at({"f8", "g8"}, {"c8", "j8"}, "h8") == kLcThree1);
    // Every class agrees with the coarser shape the search's threat logic reads.
    BOOST_TEST(shape_of(kLcTwo3) == kTwo);
    BOOST_TEST(shape_of(kLcThree1) == kThree);
    BOOST_TEST(shape_of(kLcThree2) == kThree);
}

BOOST_AUTO_TEST_CASE(a_cell_code_ignores_the_order_of_directions_and_numbers_every_set_once) {
    std::vector<int> seen(kCellCodes, 0);
    for (int a = 0; a < kLineClassCount; ++a)
        for (int b = a; b < kLineClassCount; ++b)
            for (int c = b; c < kLineClassCount; ++c)
                for (int d = c; d < kLineClassCount; ++d) {
                    const int code = cell_code({a, b, c, d});
                    BOOST_TEST_REQUIRE(code >= 0);
                    BOOST_TEST_REQUIRE(code < kCellCodes);
                    ++seen[code];
                    BOOST_TEST_REQUIRE(cell_code({d, b, a, c}) == code);
                    BOOST_TEST_REQUIRE(cell_code({c, d, b, a}) == code);
                }
    for (int n : seen) BOOST_TEST_REQUIRE(n == 1);
}

BOOST_AUTO_TEST_CASE(the_make_paths_cell_code_agrees_with_the_reference_for_every_order) {
    // cell_code_of reads a table of every order, built by sorting and ranking by terms; each of
    // the 38,416 ordered class quadruples must get the code cell_code gives its set, or the
    // search reads another cell's values.
    std::array<std::uint8_t, 4> q{};
    int checked = 0;
    for (int a = 0; a < kLineClassCount; ++a)
        for (int b = 0; b < kLineClassCount; ++b)
            for (int c = 0; c < kLineClassCount; ++c)
                for (int d = 0; d < kLineClassCount; ++d) {
                    q = {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b), static_cast<std::uint8_t>(c),
                         static_cast<std::uint8_t>(d)};
                    BOOST_TEST_REQUIRE(cell_code_of(q.data()) == cell_code({a, b, c, d}));
                    ++checked;
                }
    BOOST_TEST(checked == kLineClassCount * kLineClassCount * kLineClassCount * kLineClassCount);
}

BOOST_AUTO_TEST_CASE(the_threat_mask_names_each_sides_threats) {
    // Black to move with an open three (g8 h8 i8 open on both sides): black can make an open
    // four, which the search scores as a mate, and a four. White has nothing.
    const GameConfig c{};
    Board b(c);
    for (const char* s : {"g8", "h8", "i8"}) b.make({at(s), Color::Black});
    for (const char* s : {"a1", "o15", "a15"}) b.make({at(s), Color::White});
    b.set_side_to_move(Color::White);
    SearchPosition p(c);
    p.set_from(b);
    // White to move: black's open three is "their open three" and "their four".
    const ThreatBits t = threat_bits(threat_mask(p));
    BOOST_TEST(t.their_open_three);
    BOOST_TEST(t.their_four);
    BOOST_TEST(!t.our_four);
    BOOST_TEST(!t.our_open_three);
    BOOST_TEST(threat_mask_of(t) == threat_mask(p));
    BOOST_TEST(threat_variant(p) == 0);
}

BOOST_AUTO_TEST_CASE(renju_values_each_colour_with_its_own_tables) {
    // Data of one rule must not move another's values: renju black, renju white and the
    // symmetric rules each have their own mode and threat variant.
    for (Rule r : {Rule::Freestyle, Rule::Exact, Rule::Caro, Rule::CaroExact})
        for (int colour = 0; colour < 2; ++colour) BOOST_TEST(eval_mode(r, colour) == 0);
    BOOST_TEST(eval_mode(Rule::Renju, 0) == 1);
    BOOST_TEST(eval_mode(Rule::Renju, 1) == 2);

    GameConfig c{};
    c.rule = Rule::Renju;
    Board b(c);
    b.make({at("h8"), Color::Black});
    SearchPosition p(c);
    p.set_from(b);
    BOOST_TEST(threat_variant(p) == 2);  // white to move
    b.make({at("h9"), Color::White});
    p.set_from(b);
    BOOST_TEST(threat_variant(p) == 1);  // black to move
}
