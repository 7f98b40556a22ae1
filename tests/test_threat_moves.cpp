// Against an opponent's four-three point the search must find a defence, and must still
// see an attack the threat cannot outrun (its block being our own four). These guard any
// narrowing of move generation at such nodes (see search-notes.md section 3).
#define BOOST_TEST_MODULE threat_moves
#include <boost/test/unit_test.hpp>

#include <initializer_list>
#include <string_view>

#include "engine/notation.h"
#include "ai/score.h"
#include "ai/searcher.h"

using namespace tengen;

namespace {

// Black stones, then white stones, in letters ("h8"); the side to move follows the counts.
Board position(Rule rule, std::initializer_list<std::string_view> black,
               std::initializer_list<std::string_view> white) {
    Board b(GameConfig{15, 15, 5, rule});
    for (std::string_view s : black) b.make({*parse_letters(s), Color::Black});
    for (std::string_view s : white) b.make({*parse_letters(s), Color::White});
    b.set_side_to_move(black.size() == white.size() ? Color::Black : Color::White);
    return b;
}

SearchResult search(Searcher& searcher, const Board& board, int depth, std::uint64_t nodes) {
    SearchLimits limits;
    limits.infinite = true;
    limits.max_depth = depth;
    limits.max_nodes = nodes;
    searcher.clear_hash();
    return searcher.search(board, limits);
}

// Plays the engine's move, then lets the opponent search the reply: the four-three must be
// answered, so the opponent has no win in 5 plies (four, block, open four, block, five).
// A longer forced win found by the opponent's root solvers is a different attack, past
// what a depth-6 search can see, and is not what this checks.
void check_defends(const Board& start) {
    Searcher searcher(std::size_t{16} << 20);
    const SearchResult r = search(searcher, start, 6, 300000);
    BOOST_TEST_REQUIRE(start.is_legal(r.best));
    BOOST_TEST_MESSAGE("defence " << to_letters(r.best) << " " << format_score(r.score));
    BOOST_TEST(r.score > -kMateBound, "gave up: " << format_score(r.score));
    Board after = start;
    after.play(r.best);
    const SearchResult reply = search(searcher, after, 8, 600000);
    BOOST_TEST((reply.score < kMateBound || mate_plies(reply.score) > 5),
               "after " << to_letters(r.best) << " the opponent wins with " << to_letters(reply.best) << " "
                        << format_score(reply.score));
}

}  // namespace

// Black's k8 makes a closed four on row 8 and an open three on column k; white has no
// four of its own, so only a move on k8's lines (or k8 itself) saves the game.
BOOST_AUTO_TEST_CASE(defends_a_four_three_point) {
    check_defends(position(Rule::Freestyle, {"h8", "i8", "j8", "k9", "k10"}, {"g8", "l10", "j9", "c3"}));
}

BOOST_AUTO_TEST_CASE(defends_a_four_three_point_under_exact_and_renju) {
    check_defends(position(Rule::Exact, {"h8", "i8", "j8", "k9", "k10"}, {"g8", "l10", "j9", "c3"}));
    // Renju, black threatening: a four-three is legal for black.
    check_defends(position(Rule::Renju, {"h8", "i8", "j8", "k9", "k10"}, {"g8", "l10", "j9", "c3"}));
}

// Black threatens k8 (four on row 8, open three on column k), but its block l8 is a four
// for white (l9 l10 l11, closed by black's l12). So k8 threatens nothing, and white's
// quiet double three at e5 (with e6 e7 and f5 g5) wins: a narrowing must not drop it.
// White's fours win too (and the root's threat solvers see it), so the test asks only for
// a proven win.
BOOST_AUTO_TEST_CASE(an_answered_four_three_point_leaves_the_attack_free) {
    const Board b = position(Rule::Freestyle, {"h8", "i8", "j8", "k9", "k10", "l12", "a1", "a15", "o15"},
                             {"g8", "l9", "l10", "l11", "e6", "e7", "f5", "g5"});
    Searcher searcher(std::size_t{16} << 20);
    const SearchResult r = search(searcher, b, 10, 500000);
    BOOST_TEST_MESSAGE("attack " << to_letters(r.best) << " " << format_score(r.score));
    BOOST_TEST(r.score >= kMateBound, "played " << to_letters(r.best) << " " << format_score(r.score));
}
