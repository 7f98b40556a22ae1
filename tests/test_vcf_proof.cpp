// The referee's proof of a win by continuous fours: found where one exists, and every line it
// gives, replayed on the board, is a forced win ending in five.
#define BOOST_TEST_MODULE vcf_proof
#include <boost/test/unit_test.hpp>

#include "engine/board.h"
#include "engine/notation.h"
#include "ai/vcf_proof.h"

using namespace tengen;

namespace {

Board position(Rule rule, std::initializer_list<Point> black, std::initializer_list<Point> white, Color to_move) {
    GameConfig config;
    config.rule = rule;
    Board b(config);
    for (Point p : black) b.place_unjudged({p, Color::Black});
    for (Point p : white) b.place_unjudged({p, Color::White});
    b.judge_whole_board();
    b.set_side_to_move(to_move);
    return b;
}

// Replays the line: every defender move is the only block of the attacker's four, and the
// attacker's last stone wins.
void check_line(Board b, const std::vector<Point>& line) {
    const Color attacker = b.side_to_move();
    BOOST_REQUIRE(!line.empty());
    BOOST_REQUIRE(line.size() % 2 == 1);
    for (std::size_t i = 0; i < line.size(); ++i) {
        BOOST_REQUIRE_MESSAGE(b.is_legal(line[i]), "move " << i << " " << to_letters(line[i]));
        b.play(line[i]);
        if (i + 1 < line.size()) BOOST_REQUIRE(!b.game_over());
    }
    BOOST_TEST(b.game_over());
    BOOST_TEST((b.winner() == attacker));
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_four_that_makes_an_open_four_wins) {
    // Black: three in row 5 open at both ends; a fourth makes an open four.
    const Board b = position(Rule::Freestyle, {{5, 5}, {6, 5}, {7, 5}, {2, 10}}, {{10, 10}, {11, 12}, {3, 3}, {0, 14}},
                             Color::Black);
    const auto proof = prove_vcf(b, 100000);
    BOOST_REQUIRE(proof.has_value());
    BOOST_TEST(proof->line.size() == 3u);
    check_line(b, proof->line);
}

BOOST_AUTO_TEST_CASE(a_chain_of_fours_ending_in_a_four_three) {
    // White to move has two broken threes that share no point; black has nothing. Fours along
    // one, blocked, lead to the other: a longer chain the proof must walk.
    const Board b = position(Rule::Freestyle, {{0, 0}, {14, 0}, {0, 14}, {14, 14}, {1, 1}},
                             {{4, 7}, {5, 7}, {7, 7}, {8, 3}, {8, 4}, {8, 6}}, Color::White);
    const auto proof = prove_vcf(b, 200000);
    BOOST_REQUIRE(proof.has_value());
    BOOST_TEST(proof->line.size() >= 3u);
    check_line(b, proof->line);
}

BOOST_AUTO_TEST_CASE(no_fours_no_proof_and_caro_never_proves) {
    const Board quiet = position(Rule::Freestyle, {{7, 7}, {9, 9}}, {{8, 8}, {5, 9}}, Color::Black);
    BOOST_TEST(!prove_vcf(quiet, 100000).has_value());
    const Board caro =
        position(Rule::Caro, {{5, 5}, {6, 5}, {7, 5}, {2, 10}}, {{10, 10}, {11, 12}, {3, 3}, {0, 14}}, Color::Black);
    BOOST_TEST(!prove_vcf(caro, 100000).has_value());
}

BOOST_AUTO_TEST_CASE(the_defender_s_own_five_comes_first) {
    // Black could make an open four, but white has four in a row with a free end: white's
    // five comes first, so there is no proof for black.
    const Board b = position(Rule::Freestyle, {{5, 5}, {6, 5}, {7, 5}, {2, 10}, {14, 14}},
                             {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {12, 12}}, Color::Black);
    BOOST_TEST(!prove_vcf(b, 100000).has_value());
}

BOOST_AUTO_TEST_CASE(renju_black_never_proves_through_a_forbidden_point) {
    // The only black four would be an overline point: no proof.
    const Board b = position(Rule::Renju, {{0, 7}, {1, 7}, {2, 7}, {4, 7}, {5, 7}, {10, 2}},
                             {{7, 7}, {14, 0}, {14, 2}, {14, 4}, {14, 6}, {14, 13}}, Color::Black);
    const auto proof = prove_vcf(b, 100000);
    if (proof) check_line(b, proof->line);  // any proof found must still be a real win
    BOOST_TEST(!proof.has_value());
}
