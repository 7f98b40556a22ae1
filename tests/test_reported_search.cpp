// The depth and score the arena reads from an engine's MESSAGE lines, in the spellings
// engines use.
#define BOOST_TEST_MODULE reported_search
#include <boost/test/unit_test.hpp>

#include "tournament/reported_search.h"

using tengen::parse_reported_search;
using tengen::ReportedSearch;

BOOST_AUTO_TEST_CASE(tengen_summary_and_progress_lines) {
    const ReportedSearch s =
        parse_reported_search("MESSAGE summary depth 12 eval -35 nodes 1234 time 180 best 7,7 pv h8");
    BOOST_TEST(s.depth.value_or(-1) == 12);
    BOOST_TEST(s.score.value_or(0) == -35);
    BOOST_TEST(!s.mate.has_value());
    const ReportedSearch p =
        parse_reported_search("MESSAGE depth 10-17 eval 340 nodes 1.2M nps 900K time 0.4s pv h8 i9");
    BOOST_TEST(p.depth.value_or(-1) == 10);
    BOOST_TEST(p.score.value_or(0) == 340);
}

BOOST_AUTO_TEST_CASE(proven_results_are_mates_in_plies) {
    const ReportedSearch win = parse_reported_search("MESSAGE summary depth 3 eval +M5 nodes 10 time 1 best 1,1");
    BOOST_TEST(win.mate.value_or(0) == 5);
    BOOST_TEST(!win.score.has_value());
    BOOST_TEST(parse_reported_search("MESSAGE summary depth 3 eval -M4 nodes 1").mate.value_or(0) == -4);
    BOOST_TEST(parse_reported_search("MESSAGE Depth 9-9 | Eval M7 | Time 3ms").mate.value_or(0) == 7);
    BOOST_TEST(parse_reported_search("MESSAGE info depth 20 score mate -3").mate.value_or(0) == -3);
}

BOOST_AUTO_TEST_CASE(rapfi_style_lines_with_bars_and_capitals) {
    const ReportedSearch s = parse_reported_search("MESSAGE Speed 740K | Depth 10-9 | Eval 136 | Node 1480 | Time 2ms");
    BOOST_TEST(s.depth.value_or(-1) == 10);
    BOOST_TEST(s.score.value_or(0) == 136);
    const ReportedSearch e = parse_reported_search("MESSAGE depth 7 ev -12 n 30000");
    BOOST_TEST(e.depth.value_or(-1) == 7);
    BOOST_TEST(e.score.value_or(0) == -12);
    BOOST_TEST(parse_reported_search("MESSAGE info depth 14 score cp 25 nodes 9").score.value_or(0) == 25);
}

BOOST_AUTO_TEST_CASE(lines_without_a_score_give_nothing) {
    BOOST_TEST(!parse_reported_search("MESSAGE OptiTime 202ms | MaxTime 270ms").has_score());
    BOOST_TEST(!parse_reported_search("MESSAGE Load config from config.toml").has_score());
    BOOST_TEST(!parse_reported_search("MESSAGE eval").has_score());
    BOOST_TEST(!parse_reported_search("MESSAGE eval x12 depth y").has_score());
    BOOST_TEST(!parse_reported_search("MESSAGE eval 99999999999999999999").has_score());
    BOOST_TEST(!parse_reported_search("").has_score());
    const ReportedSearch only_depth = parse_reported_search("MESSAGE depth 5");
    BOOST_TEST(only_depth.depth.value_or(-1) == 5);
    BOOST_TEST(!only_depth.has_score());
}
