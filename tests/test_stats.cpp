#define BOOST_TEST_MODULE stats
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <variant>

#include "tournament/pentanomial.h"
#include "tournament/stats.h"

using namespace tengen;

namespace {

// One row of the reference table in docs/arena-stats.md. nullopt = the figure is undefined
// there (fastchess prints nan/inf); Tengen must then give a reason instead.
struct ReferenceRow {
    const char* name;
    std::variant<WdlCounts, PentaCounts> input;
    std::optional<double> elo, elo_error, nelo, nelo_error, los;
    std::array<double, 4> llr;  // N 0,5 / L 0,5 / N 0,10 / L 0,10
    bool convergence_gap;       // the doc says a fully converged solver differs here
};

PentaCounts penta(std::int64_t ll, std::int64_t ld, std::int64_t wl_dd, std::int64_t wd, std::int64_t ww) {
    PentaCounts c;
    c.buckets = {ll, ld, wl_dd, wd, ww};
    return c;
}

const std::optional<double> kNone;

const ReferenceRow kReference[] = {
    // fastchess prints +- 0.00 here; Tengen gives no interval for samples without spread.
    {"all draws", WdlCounts{0, 0, 100}, 0.00, kNone, kNone, kNone, kNone, {-0.0182, -1.4418, -0.0790, -2.9114}, true},
    {"lopsided", WdlCounts{90, 5, 5}, 436.43, 135.65, 619.16, 68.10, 100.00, {1.2447, 1.2772, 2.4687, 2.5334}, false},
    {"near-even", WdlCounts{120, 110, 270}, 6.95, 20.68, 10.25, 30.45, 74.53, {0.1604, 0.2003, 0.2173, 0.1756}, false},
    {"small", WdlCounts{3, 1, 0}, 190.85, kNone, 200.59, 340.48, 87.59, {0.0284, 0.0284, 0.0559, 0.0559}, false},
    {"all wins", WdlCounts{10, 0, 0}, kNone, kNone, kNone, kNone, 100.00, {0.1429, 0.1429, 0.2836, 0.2837}, false},
    {"P1", penta(5, 60, 120, 70, 5), 6.68, 17.08, 11.70, 29.86, 77.87, {0.1976, 0.2753, 0.2877, 0.2213}, false},
    {"P2", penta(20, 300, 1100, 350, 30), 6.76, 5.51, 13.93, 11.35, 99.19, {1.7022, 2.6945, 2.6601, 2.2253}, false},
    {"P3", penta(0, 10, 30, 20, 2), 39.39, 32.93, 74.00, 61.15, 99.12, {0.3647, 0.6626, 0.7042, 1.2371}, false},
    {"P4",
     penta(40, 250, 900, 200, 20),
     -11.09,
     6.32,
     -22.51,
     12.82,
     0.03,
     {-2.9154, -6.4776, -6.4113, -15.1817},
     false},
    {"P5", penta(300, 2500, 6000, 2600, 350), 2.96, 2.54, 5.17, 4.44, 98.87, {2.5959, 1.3588, 0.3241, -12.1048}, true},
};

// Half a unit of the printed last digit, plus a hair for the reference's own rounding.
constexpr double kTwoDecimals = 0.005 + 1e-9;
constexpr double kFourDecimals = 0.00005 + 1e-9;
// ITP at tolerance 1e-3 (logistic) and the capped fixed-point iteration (normalized) stop short of
// full convergence; the doc bounds the resulting gap by 2.5e-4 on these rows.
constexpr double kConvergenceGap = 2.5e-4;

EloReport elo_of(const ReferenceRow& row) {
    if (const auto* wdl = std::get_if<WdlCounts>(&row.input)) return elo_from_wdl(*wdl);
    return elo_from_penta(std::get<PentaCounts>(row.input));
}

SprtReport sprt_of(const std::variant<WdlCounts, PentaCounts>& input, const SprtParams& p) {
    if (const auto* wdl = std::get_if<WdlCounts>(&input)) return sprt_from_wdl(*wdl, p);
    return sprt_from_penta(std::get<PentaCounts>(input), p);
}

SprtParams params(double elo0, double elo1, SprtModel model, double alpha = 0.05, double beta = 0.05) {
    SprtParams p;
    p.elo0 = elo0;
    p.elo1 = elo1;
    p.model = model;
    p.alpha = alpha;
    p.beta = beta;
    return p;
}

const SprtParams kColumns[4] = {params(0, 5, SprtModel::Normalized), params(0, 5, SprtModel::Logistic),
                                params(0, 10, SprtModel::Normalized), params(0, 10, SprtModel::Logistic)};

bool finite_or_unset(const std::optional<double>& v) { return !v || std::isfinite(*v); }

void check_estimate_consistent(const Estimate& e) {
    BOOST_TEST(finite_or_unset(e.value));
    BOOST_TEST(finite_or_unset(e.error95));
    if (!e.value) BOOST_TEST(!e.error95.has_value());
    if (!e.value) BOOST_TEST(!e.undefined_reason.empty());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(reference_table)

BOOST_AUTO_TEST_CASE(elo_nelo_and_los_match_every_row) {
    for (const auto& row : kReference) {
        BOOST_TEST_CONTEXT(row.name) {
            const EloReport r = elo_of(row);
            const auto check = [&](const Estimate& e, const std::optional<double>& value,
                                   const std::optional<double>& error, const char* what) {
                BOOST_TEST_CONTEXT(what) {
                    check_estimate_consistent(e);
                    BOOST_TEST(e.value.has_value() == value.has_value());
                    if (e.value && value) BOOST_TEST(std::abs(*e.value - *value) <= kTwoDecimals);
                    BOOST_TEST(e.error95.has_value() == error.has_value());
                    if (e.error95 && error) BOOST_TEST(std::abs(*e.error95 - *error) <= kTwoDecimals);
                    if (!e.value || !e.error95) BOOST_TEST(!e.undefined_reason.empty());
                }
            };
            check(r.elo, row.elo, row.elo_error, "Elo");
            check(r.nelo, row.nelo, row.nelo_error, "nElo");
            BOOST_TEST(r.los_percent.value.has_value() == row.los.has_value());
            if (r.los_percent.value && row.los) BOOST_TEST(std::abs(*r.los_percent.value - *row.los) <= kTwoDecimals);
            check_estimate_consistent(r.los_percent);
        }
    }
}

BOOST_AUTO_TEST_CASE(llr_matches_every_row_and_column) {
    for (const auto& row : kReference) {
        for (int col = 0; col < 4; ++col) {
            BOOST_TEST_CONTEXT(row.name << " column " << col) {
                const SprtReport s = sprt_of(row.input, kColumns[col]);
                const double tolerance = kFourDecimals + (row.convergence_gap ? kConvergenceGap : 0.0);
                BOOST_TEST(std::isfinite(s.llr));
                BOOST_TEST(std::abs(s.llr - row.llr[col]) <= tolerance, s.llr << " vs " << row.llr[col]);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(score_is_the_mean_per_game) {
    BOOST_TEST(elo_from_wdl({120, 110, 270}).score == (120 + 0.5 * 270) / 500.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(elo_from_penta(penta(5, 60, 120, 70, 5)).score == (60 * 0.25 + 120 * 0.5 + 70 * 0.75 + 5) / 260.0,
               boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(undefined_figures)

BOOST_AUTO_TEST_CASE(all_wins_and_all_losses_name_themselves) {
    const EloReport wins = elo_from_wdl({10, 0, 0});
    BOOST_TEST(wins.score == 1.0);
    BOOST_TEST(wins.elo.undefined_reason == "all-wins");
    BOOST_TEST(wins.nelo.undefined_reason == "all-wins");
    BOOST_TEST(*wins.los_percent.value == 100.0);

    const EloReport losses = elo_from_wdl({0, 7, 0});
    BOOST_TEST(!losses.elo.value.has_value());
    BOOST_TEST(losses.elo.undefined_reason == "all-losses");
    BOOST_TEST(losses.nelo.undefined_reason == "all-losses");
    BOOST_TEST(*losses.los_percent.value == 0.0);

    const EloReport ww = elo_from_penta(penta(0, 0, 0, 0, 4));
    BOOST_TEST(ww.elo.undefined_reason == "all-wins");
    const EloReport ll = elo_from_penta(penta(3, 0, 0, 0, 0));
    BOOST_TEST(ll.elo.undefined_reason == "all-losses");
}

BOOST_AUTO_TEST_CASE(all_draws_has_no_interval_normalized_elo_or_los) {
    const EloReport r = elo_from_wdl({0, 0, 100});
    BOOST_TEST(*r.elo.value == 0.0);
    BOOST_TEST(!std::signbit(*r.elo.value));  // prints "0.00", not fastchess's "-0.00"
    BOOST_TEST(!r.elo.error95.has_value());
    BOOST_TEST(r.elo.undefined_reason == "all-draws");
    BOOST_TEST(r.nelo.undefined_reason == "all-draws");
    BOOST_TEST(!r.nelo.value.has_value());
    BOOST_TEST(r.los_percent.undefined_reason == "all-draws");
    BOOST_TEST(!r.los_percent.value.has_value());
}

BOOST_AUTO_TEST_CASE(every_pair_split_is_not_called_all_draws_nor_given_a_zero_interval) {
    // 4-4-0 over four pairs, each won once by each side: no game was drawn.
    const EloReport r = elo_from_penta(penta(0, 0, 4, 0, 0));
    BOOST_TEST(*r.elo.value == 0.0);
    BOOST_TEST(!r.elo.error95.has_value());
    BOOST_TEST(r.elo.undefined_reason == "no-spread");
    BOOST_TEST(r.los_percent.undefined_reason == "no-spread");
    BOOST_TEST(format_estimate(r.elo) == "0.00 +- - (no-spread)");
}

BOOST_AUTO_TEST_CASE(small_sample_keeps_elo_but_not_its_interval) {
    const EloReport r = elo_from_wdl({3, 1, 0});
    BOOST_TEST(r.elo.value.has_value());
    BOOST_TEST(!r.elo.error95.has_value());
    BOOST_TEST(r.elo.undefined_reason == "too-few-games");
    // The mirror image: the lower score bound falls below 0.
    const EloReport mirror = elo_from_wdl({1, 3, 0});
    BOOST_TEST(*mirror.elo.value == -*r.elo.value, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(mirror.elo.undefined_reason == "too-few-games");
}

BOOST_AUTO_TEST_CASE(a_single_non_draw_pair_bucket_has_no_spread) {
    // Every pair won 1.5-0.5: score 0.75 exactly, zero variance.
    const EloReport r = elo_from_penta(penta(0, 0, 0, 9, 0));
    BOOST_TEST(*r.elo.value == -400.0 * std::log10(1.0 / 0.75 - 1.0), boost::test_tools::tolerance(1e-12));
    BOOST_TEST(!r.elo.error95.has_value());  // never "+- 0" from samples that all scored alike
    BOOST_TEST(r.elo.undefined_reason == "no-spread");
    BOOST_TEST(r.nelo.undefined_reason == "no-spread");
    BOOST_TEST(*r.los_percent.value == 100.0);
}

BOOST_AUTO_TEST_CASE(normalized_bounds_the_test_cannot_reach_are_refused) {
    SprtParams p;
    p.elo0 = 0;
    p.elo1 = 300;
    BOOST_TEST(!check_sprt_domain(p, true).ok());  // pairs: about 231 at most
    BOOST_TEST(check_sprt_domain(p, false).ok());  // games: about 340
    p.elo1 = 400;
    BOOST_TEST(!check_sprt_domain(p, false).ok());
    p.elo1 = 25;
    BOOST_TEST(check_sprt_domain(p, true).ok());
    p.elo1 = 400;
    p.model = SprtModel::Logistic;
    BOOST_TEST(check_sprt_domain(p, true).ok());
    // Just inside the pair limit the LLR moves; just outside it would stay 0 for ever.
    p.model = SprtModel::Normalized;
    p.elo1 = 230;
    BOOST_TEST(check_sprt_domain(p, true).ok());
    BOOST_TEST(sprt_from_penta(penta(1, 2, 5, 8, 30), p).llr != 0.0);
}

BOOST_AUTO_TEST_CASE(no_games_at_all) {
    for (const EloReport& r : {elo_from_wdl({}), elo_from_penta({})}) {
        BOOST_TEST(r.elo.undefined_reason == "too-few-games");
        BOOST_TEST(r.nelo.undefined_reason == "too-few-games");
        BOOST_TEST(r.los_percent.undefined_reason == "too-few-games");
        BOOST_TEST(!r.elo.value.has_value());
    }
    for (const auto& p : kColumns) {
        BOOST_TEST(std::isfinite(sprt_from_wdl({}, p).llr));
        BOOST_TEST(std::isfinite(sprt_from_penta({}, p).llr));
        BOOST_TEST((sprt_from_wdl({}, p).verdict == SprtVerdict::Continue));
    }
}

BOOST_AUTO_TEST_CASE(nothing_is_ever_nan_or_inf) {
    std::mt19937 rng(12345);
    std::uniform_int_distribution<int> zero_or_not(0, 2), count(1, 400), elo_pick(-30, 30);
    auto draw_count = [&] { return zero_or_not(rng) == 0 ? 0 : count(rng); };
    for (int trial = 0; trial < 300; ++trial) {
        const WdlCounts wdl{draw_count(), draw_count(), draw_count()};
        const PentaCounts pc = penta(draw_count(), draw_count(), draw_count(), draw_count(), draw_count());
        const double elo0 = elo_pick(rng);
        const SprtParams p =
            params(elo0, elo0 + 1 + trial % 20, trial % 2 ? SprtModel::Logistic : SprtModel::Normalized);
        BOOST_TEST_CONTEXT("trial " << trial) {
            for (const EloReport& r : {elo_from_wdl(wdl), elo_from_penta(pc)}) {
                BOOST_TEST(std::isfinite(r.score));
                check_estimate_consistent(r.elo);
                check_estimate_consistent(r.nelo);
                check_estimate_consistent(r.los_percent);
            }
            BOOST_TEST(std::isfinite(sprt_from_wdl(wdl, p).llr));
            BOOST_TEST(std::isfinite(sprt_from_penta(pc, p).llr));
        }
    }
}

BOOST_AUTO_TEST_CASE(extreme_elo_bounds_keep_the_llr_finite) {
    for (auto model : {SprtModel::Normalized, SprtModel::Logistic}) {
        for (double elo1 : {400.0, 2000.0, 1e6}) {
            const SprtParams p = params(-elo1, elo1, model);
            BOOST_TEST(std::isfinite(sprt_from_wdl({90, 5, 5}, p).llr));
            BOOST_TEST(std::isfinite(sprt_from_penta(penta(0, 0, 1, 0, 200), p).llr));
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(formatting)

BOOST_AUTO_TEST_CASE(estimates_print_value_and_half_width_or_a_reason) {
    BOOST_TEST(format_estimate(elo_from_penta(penta(5, 60, 120, 70, 5)).elo) == "6.68 +- 17.08");
    BOOST_TEST(format_estimate(elo_from_wdl({10, 0, 0}).elo) == "- (all-wins)");
    BOOST_TEST(format_estimate(elo_from_wdl({0, 0, 100}).nelo) == "- (all-draws)");
    BOOST_TEST(format_estimate(elo_from_wdl({0, 0, 100}).elo) == "0.00 +- - (all-draws)");
    BOOST_TEST(format_estimate(elo_from_wdl({3, 1, 0}).elo) == "190.85 +- - (too-few-games)");
    BOOST_TEST(format_estimate(elo_from_penta(penta(40, 250, 900, 200, 20)).los_percent) == "0.03");
    BOOST_TEST(format_estimate(elo_from_wdl({120, 110, 270}).nelo, 1) == "10.2 +- 30.5");
}

BOOST_AUTO_TEST_CASE(values_that_round_to_zero_carry_no_sign) {
    Estimate e;
    e.value = -0.001;
    e.error95 = 0.5;
    BOOST_TEST(format_estimate(e) == "0.00 +- 0.50");
    e.value = -0.006;
    BOOST_TEST(format_estimate(e) == "-0.01 +- 0.50");
}

BOOST_AUTO_TEST_CASE(verdict_names) {
    BOOST_TEST(verdict_name(SprtVerdict::AcceptH0) == "H0 accepted");
    BOOST_TEST(verdict_name(SprtVerdict::AcceptH1) == "H1 accepted");
    BOOST_TEST(verdict_name(SprtVerdict::Continue) == "continue");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(sprt)

BOOST_AUTO_TEST_CASE(bounds_for_five_percent_errors) {
    const SprtReport r = sprt_from_wdl({120, 110, 270}, params(0, 5, SprtModel::Normalized));
    BOOST_TEST(std::abs(r.lower + 2.9444) <= kFourDecimals);
    BOOST_TEST(std::abs(r.upper - 2.9444) <= kFourDecimals);
    BOOST_TEST(r.lower == std::log(0.05 / 0.95), boost::test_tools::tolerance(1e-12));
    BOOST_TEST((r.verdict == SprtVerdict::Continue));
}

BOOST_AUTO_TEST_CASE(verdicts_on_either_side_of_the_bounds) {
    const PentaCounts p4 = penta(40, 250, 900, 200, 20);  // N 0,5: -2.9154, just inside -2.9444
    BOOST_TEST((sprt_from_penta(p4, params(0, 5, SprtModel::Normalized)).verdict == SprtVerdict::Continue));
    // alpha = beta = 0.06 moves the lower bound to ln(0.06/0.94) = -2.7515: now decided.
    BOOST_TEST((sprt_from_penta(p4, params(0, 5, SprtModel::Normalized, 0.06, 0.06)).verdict == SprtVerdict::AcceptH0));
    BOOST_TEST((sprt_from_penta(p4, params(0, 5, SprtModel::Logistic)).verdict == SprtVerdict::AcceptH0));

    const PentaCounts p2 = penta(20, 300, 1100, 350, 30);  // L 0,5: 2.6945, below 2.9444
    BOOST_TEST((sprt_from_penta(p2, params(0, 5, SprtModel::Logistic)).verdict == SprtVerdict::Continue));
    BOOST_TEST((sprt_from_penta(p2, params(0, 5, SprtModel::Logistic, 0.07, 0.07)).verdict == SprtVerdict::AcceptH1));
    const PentaCounts p2_twice = penta(40, 600, 2200, 700, 60);
    BOOST_TEST((sprt_from_penta(p2_twice, params(0, 5, SprtModel::Logistic)).verdict == SprtVerdict::AcceptH1));
}

BOOST_AUTO_TEST_CASE(verdict_follows_the_reported_llr_and_bounds) {
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> count(0, 300);
    for (int trial = 0; trial < 100; ++trial) {
        const PentaCounts pc = penta(count(rng), count(rng), count(rng), count(rng), count(rng));
        const SprtReport r =
            sprt_from_penta(pc, params(-2, 3, trial % 2 ? SprtModel::Logistic : SprtModel::Normalized));
        const SprtVerdict expected = r.llr >= r.upper   ? SprtVerdict::AcceptH1
                                     : r.llr <= r.lower ? SprtVerdict::AcceptH0
                                                        : SprtVerdict::Continue;
        BOOST_TEST((r.verdict == expected));
    }
}

BOOST_AUTO_TEST_CASE(an_empty_middle_bucket_is_regularized) {
    // WL+DD is one bucket; empty, it counts 0.001 rather than breaking the MLE.
    const PentaCounts with_middle = penta(3, 10, 0, 12, 4);
    const SprtReport r = sprt_from_penta(with_middle, params(0, 10, SprtModel::Normalized));
    BOOST_TEST(std::isfinite(r.llr));
    BOOST_TEST(r.llr > 0);
}

BOOST_AUTO_TEST_CASE(bad_parameters_are_reported_not_computed) {
    BOOST_TEST(check_sprt_params(params(0, 5, SprtModel::Normalized)).ok());
    BOOST_TEST(!check_sprt_params(params(5, 5, SprtModel::Normalized)).ok());
    BOOST_TEST(!check_sprt_params(params(0, 5, SprtModel::Normalized, 0.0, 0.05)).ok());
    BOOST_TEST(!check_sprt_params(params(0, 5, SprtModel::Normalized, 0.05, 1.0)).ok());
    BOOST_TEST(!check_sprt_params(params(0, 5, SprtModel::Normalized, 0.6, 0.5)).ok());
    BOOST_TEST(!check_sprt_params(params(0, NAN, SprtModel::Normalized)).ok());
    const SprtReport r = sprt_from_wdl({90, 5, 5}, params(10, 0, SprtModel::Logistic));
    BOOST_TEST(r.llr == 0.0);
    BOOST_TEST((r.verdict == SprtVerdict::Continue));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(pentanomial_helper)

BOOST_AUTO_TEST_CASE(game_scores_from_points) {
    BOOST_TEST((game_score_from_points(1.0) == GameScore::Win));
    BOOST_TEST((game_score_from_points(0.5) == GameScore::Draw));
    BOOST_TEST((game_score_from_points(0.0) == GameScore::Loss));
    BOOST_TEST(!game_score_from_points(0.25).has_value());
    BOOST_TEST(!game_score_from_points(2.0).has_value());
    BOOST_TEST(!game_score_from_points(NAN).has_value());
}

BOOST_AUTO_TEST_CASE(every_pair_lands_in_the_bucket_of_its_points) {
    const double points[] = {0.0, 0.5, 1.0};
    for (double a : points) {
        for (double b : points) {
            BOOST_TEST_CONTEXT(a << " then " << b) {
                const auto bucket = penta_bucket(a, b);
                BOOST_TEST(bucket.has_value());
                // Bucket k holds pairs worth k/2 points: 0, 1/2, 1, 3/2, 2.
                BOOST_TEST(*bucket * 0.5 == a + b);
                BOOST_TEST(*bucket == penta_bucket(b, a).value());  // order does not matter
            }
        }
    }
    BOOST_TEST(penta_bucket(1.0, 0.0).value() == penta_bucket(0.5, 0.5).value());  // WL and DD merged
    BOOST_TEST(!penta_bucket(1.0, 0.3).has_value());
    BOOST_TEST(!penta_bucket(-1.0, 0.0).has_value());
}

BOOST_AUTO_TEST_CASE(recording_pairs_feeds_both_counts) {
    WdlCounts wdl;
    PentaCounts pc;
    BOOST_TEST(record_pair(wdl, pc, 1.0, 0.5));   // WD
    BOOST_TEST(record_pair(wdl, pc, 0.0, 1.0));   // LW
    BOOST_TEST(record_pair(wdl, pc, 0.5, 0.5));   // DD
    BOOST_TEST(record_pair(wdl, pc, 0.0, 0.0));   // LL
    BOOST_TEST(!record_pair(wdl, pc, 1.0, 0.7));  // rejected, nothing recorded
    BOOST_TEST(wdl.wins == 2);
    BOOST_TEST(wdl.draws == 3);
    BOOST_TEST(wdl.losses == 3);
    BOOST_TEST(wdl.games() == 8);
    BOOST_TEST(pc.pairs() == 4);
    const std::array<std::int64_t, 5> expected{1, 0, 2, 1, 0};
    BOOST_TEST(pc.buckets == expected, boost::test_tools::per_element());
    // Same mean score either way: the pair view only changes the variance.
    BOOST_TEST(elo_from_wdl(wdl).score == elo_from_penta(pc).score, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(add_game_and_add_pair) {
    WdlCounts wdl;
    add_game(wdl, GameScore::Win);
    add_game(wdl, GameScore::Loss);
    add_game(wdl, GameScore::Loss);
    BOOST_TEST(wdl.wins == 1);
    BOOST_TEST(wdl.losses == 2);
    BOOST_TEST(wdl.draws == 0);
    PentaCounts pc;
    add_pair(pc, GameScore::Win, GameScore::Win);
    add_pair(pc, GameScore::Draw, GameScore::Loss);
    BOOST_TEST(pc.buckets[4] == 1);
    BOOST_TEST(pc.buckets[1] == 1);
    BOOST_TEST(pc.pairs() == 2);
}

BOOST_AUTO_TEST_SUITE_END()
