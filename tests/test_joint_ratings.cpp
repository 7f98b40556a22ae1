#define BOOST_TEST_MODULE joint_ratings
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "tournament/joint_ratings.h"
#include "tournament/standings.h"

using namespace tengen;

namespace {

// n games of a against b: a wins `wins` of them, loses the rest (colours alternate).
void play(std::vector<FinishedGame>& games, const std::string& a, const std::string& b, int wins, int losses,
          int draws = 0) {
    auto add = [&](Winner for_a) {
        FinishedGame g;
        g.game = static_cast<int>(games.size());
        g.pair = g.game / 2;
        const bool a_black = g.game % 2 == 0;
        g.black = a_black ? a : b;
        g.white = a_black ? b : a;
        g.outcome.winner = for_a == Winner::Draw                 ? Winner::Draw
                           : (for_a == Winner::Black) == a_black ? Winner::Black
                                                                 : Winner::White;
        games.push_back(g);
    };
    for (int i = 0; i < wins; ++i) add(Winner::Black);    // "Black" here: a wins
    for (int i = 0; i < losses; ++i) add(Winner::White);  // a loses
    for (int i = 0; i < draws; ++i) add(Winner::Draw);
}

double rating_of(const std::vector<JointRating>& r, const std::string& name) {
    for (const JointRating& x : r)
        if (x.name == name) return x.elo;
    BOOST_FAIL("no rating for " << name);
    return 0;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_crosstable_counts_each_game_from_both_sides) {
    std::vector<FinishedGame> games;
    play(games, "a", "b", 3, 1, 2);
    play(games, "b", "c", 2, 2);
    const Crosstable t = crosstable(games, {"a", "b", "c"});
    BOOST_TEST(t.cells[0][1].wins == 3);
    BOOST_TEST(t.cells[0][1].losses == 1);
    BOOST_TEST(t.cells[0][1].draws == 2);
    BOOST_TEST(t.cells[1][0].wins == 1);
    BOOST_TEST(t.cells[1][0].losses == 3);
    BOOST_TEST(t.cells[1][2].games() == 4);
    BOOST_TEST(t.cells[0][2].games() == 0);
}

BOOST_AUTO_TEST_CASE(two_engines_get_the_logistic_elo_of_their_score) {
    // 30-10 plus the virtual draw: a scores 30.5 of 41, so a - b = 400 log10(30.5 / 10.5).
    std::vector<FinishedGame> games;
    play(games, "a", "b", 30, 10);
    const auto r = fit_joint_ratings(crosstable(games, {"a", "b"}));
    BOOST_REQUIRE(r);
    const double expected = 400.0 * std::log10(30.5 / 10.5);
    BOOST_TEST(rating_of(*r, "a") - rating_of(*r, "b") == expected, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(rating_of(*r, "a") + rating_of(*r, "b") == 0.0, boost::test_tools::tolerance(1e-6));
    // Each engine's interval is half the difference's: 1.96 / sqrt(n p (1 - p)) logits.
    const double p = 30.5 / 41.0;
    const double difference_interval = 1.96 / std::sqrt(41.0 * p * (1 - p)) * 400.0 / std::log(10.0);
    BOOST_TEST(r->front().interval95 == difference_interval / 2, boost::test_tools::tolerance(1e-6));
}

BOOST_AUTO_TEST_CASE(three_engines_are_rated_jointly_in_their_order) {
    std::vector<FinishedGame> games;
    play(games, "a", "b", 12, 8);
    play(games, "b", "c", 12, 8);
    play(games, "a", "c", 20, 0);  // a never lost to c: still a finite rating
    const auto r = fit_joint_ratings(crosstable(games, {"c", "b", "a"}));
    BOOST_REQUIRE(r);
    BOOST_REQUIRE(r->size() == 3u);
    BOOST_TEST((*r)[0].name == "a");
    BOOST_TEST((*r)[1].name == "b");
    BOOST_TEST((*r)[2].name == "c");
    double sum = 0;
    for (const JointRating& x : *r) {
        sum += x.elo;
        BOOST_TEST(std::isfinite(x.elo));
        BOOST_TEST(x.interval95 > 0);
    }
    BOOST_TEST(sum == 0.0, boost::test_tools::tolerance(1e-6));
    // b sits between a and c, and a's 20-0 over c pulls a above what a-b alone would give.
    BOOST_TEST(rating_of(*r, "a") - rating_of(*r, "b") > 400.0 * std::log10(12.5 / 8.5));
}

BOOST_AUTO_TEST_CASE(groups_that_never_met_get_no_joint_ratings) {
    std::vector<FinishedGame> games;
    play(games, "a", "b", 5, 5);
    play(games, "c", "d", 6, 4);
    BOOST_TEST(!fit_joint_ratings(crosstable(games, {"a", "b", "c", "d"})));
    const std::string text = format_crosstable_and_ratings(crosstable(games, {"a", "b", "c", "d"}));
    BOOST_TEST(text.find("not form one connected group") != std::string::npos, text);
}

BOOST_AUTO_TEST_CASE(standings_of_three_engines_print_the_crosstable_and_joint_ratings) {
    std::vector<FinishedGame> games;
    play(games, "a", "b", 3, 1);
    play(games, "b", "c", 2, 2);
    play(games, "a", "c", 4, 0);
    const std::string text = format_standings(compute_standings(games, {"a", "b", "c"}, std::nullopt));
    BOOST_TEST(text.find("Crosstable") != std::string::npos, text);
    BOOST_TEST(text.find("3-1-0") != std::string::npos, text);
    BOOST_TEST(text.find("Joint ratings (maximum likelihood") != std::string::npos, text);
    // Two engines keep the head-to-head figures alone.
    std::vector<FinishedGame> two;
    play(two, "a", "b", 3, 1);
    BOOST_TEST(format_standings(compute_standings(two, {"a", "b"}, std::nullopt)).find("Crosstable") ==
               std::string::npos);
}
