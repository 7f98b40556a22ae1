// The Player: the game it holds, and the answer rule every front end relies on (an answer is a
// point the side to move may play, whatever the search said).
#define BOOST_TEST_MODULE player
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <thread>
#include <vector>

#include "search_fixtures.h"
#include "ai/player.h"
#include "engine/renju.h"

using namespace tengen;
using tengen::test::board_with;
using tengen::test::depth_limit;

namespace {

// Black to move under renju; (7,7) would make two open threes (forbidden), (7,4) and (4,7)
// would each make one (allowed).
Board renju_double_three() {
    return board_with(GameConfig{15, 15, 5, Rule::Renju},
                      {{5, 7}, {0, 0}, {6, 7}, {14, 14}, {7, 5}, {0, 14}, {7, 6}, {14, 0}});
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_search_best_move_is_the_answer_when_it_may_be_played) {
    const Board b = renju_double_three();
    SearchResult r;
    r.best = {4, 7};
    BOOST_TEST(may_play(b, r.best));
    BOOST_TEST((playable_answer(b, r) == Point{4, 7}));
}

BOOST_AUTO_TEST_CASE(a_forbidden_best_move_gives_way_to_the_next_ranked_playable_one) {
    const Board b = renju_double_three();
    BOOST_REQUIRE(renju_forbidden(b, {7, 7}) == Forbidden::DoubleThree);
    BOOST_TEST(!may_play(b, {7, 7}));
    SearchResult r;
    r.best = {7, 7};
    r.best_moves = {{{7, 7}, 50}, {{14, 14}, 40}, {{7, 4}, 30}, {{4, 7}, 20}};  // (14,14) is occupied
    BOOST_TEST((playable_answer(b, r) == Point{7, 4}));
}

BOOST_AUTO_TEST_CASE(without_a_ranked_playable_move_the_answer_is_the_playable_point_nearest_the_centre) {
    const Board b = renju_double_three();
    SearchResult r;
    r.best = {7, 7};  // forbidden, and the centre itself
    const Point answer = playable_answer(b, r);
    BOOST_TEST(may_play(b, answer));
    BOOST_TEST(std::abs(answer.x - 7) + std::abs(answer.y - 7) == 1);
    // White may play the point black may not.
    Board white = board_with(GameConfig{15, 15, 5, Rule::Renju},
                             {{5, 7}, {0, 0}, {6, 7}, {14, 14}, {7, 5}, {0, 14}, {7, 6}, {14, 0}, {1, 1}});
    BOOST_TEST((playable_answer(white, r) == Point{7, 7}));
}

BOOST_AUTO_TEST_CASE(no_answer_once_the_game_is_over) {
    Board won = board_with(GameConfig{15, 15, 5, Rule::Freestyle},
                           {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {4, 0}});
    BOOST_REQUIRE(won.game_over());
    SearchResult r;
    r.best = {7, 7};
    BOOST_TEST((playable_answer(won, r) == kNoPoint));
}

BOOST_AUTO_TEST_CASE(the_player_holds_the_game_it_is_given) {
    Player player(std::size_t{1} << 20);
    BOOST_TEST(!player.has_game());
    player.new_game(GameConfig{15, 15, 5, Rule::Freestyle});
    BOOST_TEST(player.has_game());
    player.play({7, 7});
    player.play({8, 8});
    BOOST_TEST(player.position().placed_count() == 2);
    player.undo();
    BOOST_TEST(player.position().placed_count() == 1);
    BOOST_TEST((player.position().last_move()->at == Point{7, 7}));
    player.set_position(renju_double_three());
    BOOST_TEST((player.position().rule() == Rule::Renju));
    BOOST_TEST(player.position().placed_count() == 8);
}

BOOST_AUTO_TEST_CASE(the_player_answers_the_win_and_never_a_forbidden_point) {
    Player player(std::size_t{4} << 20);
    player.set_position(board_with(GameConfig{15, 15, 5, Rule::Freestyle},
                                   {{3, 3}, {10, 10}, {4, 3}, {10, 11}, {5, 3}, {12, 0}, {6, 3}, {0, 12}}));
    const Answer win = player.think(depth_limit(4));
    BOOST_TEST((win.move == Point{7, 3} || win.move == Point{2, 3}));
    BOOST_TEST((win.search.best == win.move));

    player.set_position(renju_double_three());
    for (int depth = 1; depth <= 5; ++depth) {
        const Answer a = player.think(depth_limit(depth));
        BOOST_TEST(may_play(player.position(), a.move), "depth " << depth);
    }
    BOOST_TEST(player.position().placed_count() == 8);  // thinking never plays
}

BOOST_AUTO_TEST_CASE(thinking_about_another_position_leaves_the_game_alone) {
    Player player(std::size_t{4} << 20);
    player.new_game(GameConfig{15, 15, 5, Rule::Freestyle});
    player.play({7, 7});
    const Board other = renju_double_three();
    const Answer a = player.think_about(other, depth_limit(3));
    BOOST_TEST(may_play(other, a.move));
    BOOST_TEST(player.position().placed_count() == 1);
    BOOST_TEST((player.position().rule() == Rule::Freestyle));
}

BOOST_AUTO_TEST_CASE(a_stopped_search_still_answers_a_playable_point) {
    Player player(std::size_t{4} << 20);
    player.new_game(GameConfig{15, 15, 5, Rule::Renju});
    player.play({7, 7});
    SearchLimits forever;
    forever.infinite = true;
    player.start(forever);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    BOOST_TEST(player.thinking());
    player.stop();
    const Answer a = player.wait();
    BOOST_TEST(!player.thinking());
    BOOST_TEST(may_play(player.position(), a.move));
}

BOOST_AUTO_TEST_CASE(the_table_size_is_what_was_last_set) {
    Player player(std::size_t{1} << 20);
    BOOST_TEST(player.hash_bytes() == std::size_t{1} << 20);
    player.set_hash_bytes(std::size_t{2} << 20);
    BOOST_TEST(player.hash_bytes() == std::size_t{2} << 20);
}
