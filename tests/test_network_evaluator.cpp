#define BOOST_TEST_MODULE network_evaluator
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "ai/bench.h"
#include "ai/cell_code.h"
#include "ai/embedded_network.h"
#include "ai/network_evaluator.h"
#include "ai/network_kernels.h"
#include "ai/position_evaluator.h"
#include "ai/search_position.h"
#include "ai/value_network.h"
#include "engine/board.h"
#include "search_fixtures.h"

using namespace tengen;

namespace {

ValueNetwork built_in_freestyle() {
    const Result<ValueNetwork> net = parse_value_network(embedded_network_bytes(NetworkFamily::Freestyle));
    BOOST_TEST_REQUIRE(net.ok(), net.error());
    return *net;
}

std::vector<NetworkKernels> kernels_here() {
    std::vector<NetworkKernels> out{NetworkKernels::Portable};
    if (network_kernels_available(NetworkKernels::Avx2)) out.push_back(NetworkKernels::Avx2);
    return out;
}

// The built-in network with a policy head of random weights: what the tests of the head need
// is a head whose every table matters, not a good one.
ValueNetwork with_random_policy(ValueNetwork net, int width, unsigned seed) {
    net.sizes.policy = width;
    const ValueNetwork shaped = ValueNetwork::zeros(net.family, net.sizes);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> weight(-127, 127), bias(-20000, 20000);
    auto fill = [&](auto& out, const auto& like, auto& dist) {
        out.resize(like.size());
        for (auto& v : out) v = static_cast<std::remove_reference_t<decltype(v)>>(dist(rng));
    };
    fill(net.policy_context_weights, shaped.policy_context_weights, weight);
    fill(net.policy_context_bias, shaped.policy_context_bias, bias);
    fill(net.policy_own_bias, shaped.policy_own_bias, bias);
    fill(net.policy_opp_bias, shaped.policy_opp_bias, bias);
    fill(net.policy_own_weights, shaped.policy_own_weights, weight);
    fill(net.policy_opp_weights, shaped.policy_opp_weights, weight);
    fill(net.policy_near_last, shaped.policy_near_last, bias);
    fill(net.policy_near_own, shaped.policy_near_own, bias);
    return net;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_program_carries_a_freestyle_network_and_no_renju_one_yet) {
    BOOST_TEST(has_network_for(Rule::Freestyle));
    BOOST_TEST(has_network_for(Rule::Exact));  // every rule but renju shares the freestyle family
    BOOST_TEST(!has_network_for(Rule::Renju));
    const SearchEvaluator renju(GameConfig{15, 15, 5, Rule::Renju}, {Evaluation::Network});
    BOOST_TEST((renju.evaluation() == Evaluation::Tables));  // falls back, never fails
    const SearchEvaluator freestyle(GameConfig{}, {Evaluation::Network});
    BOOST_TEST((freestyle.evaluation() == Evaluation::Network));
    const SearchEvaluator exact(GameConfig{15, 15, 5, Rule::Exact}, {Evaluation::Network});
    BOOST_TEST((exact.evaluation() == Evaluation::Network));
}

// The network was fitted on five in a row: the tables judge every other k, tic-tac-toe included.
BOOST_AUTO_TEST_CASE(another_k_than_five_is_judged_by_the_tables) {
    for (const int k : {3, 4, 6, 7}) {
        const SearchEvaluator evaluator(GameConfig{15, 15, k, Rule::Freestyle}, {Evaluation::Network});
        BOOST_TEST((evaluator.evaluation() == Evaluation::Tables), "k = " << k);
    }
    BOOST_TEST((SearchEvaluator(GameConfig{3, 3, 3, Rule::Freestyle}, {Evaluation::Network}).evaluation() ==
                Evaluation::Tables));
}

// The search sums rows in wrapping int16: on a board where the reference's exact int32 sums of
// the empty board (the most cells adding rows) leave that range, the tables judge instead of a
// network whose every value would be wrong. The built-in network fits every board (a larger
// board's quiet cells past 15x15 are taken off its sums, value_network.h); one with heavier quiet
// rows fits the small boards alone.
BOOST_AUTO_TEST_CASE(a_board_too_large_for_the_networks_int16_sums_is_judged_by_the_tables) {
    ValueNetwork heavy = built_in_freestyle();
    heavy.accumulator_bias[0] = 0;
    heavy.own_rows[static_cast<std::size_t>(kQuietCellCode * heavy.sizes.accumulator)] = 100;
    heavy.opp_rows[static_cast<std::size_t>(kQuietCellCode * heavy.sizes.accumulator)] = 100;
    const PreparedNetwork heavy_prepared = PreparedNetwork::from(heavy);
    for (const ValueNetwork* net : std::array<const ValueNetwork*, 2>{nullptr, &heavy}) {
        const ValueNetwork reference = net ? *net : built_in_freestyle();
        const EvaluatorChoice choice{Evaluation::Network, false, net ? &heavy_prepared : nullptr};
        int judged_by_tables = 0, judged_by_network = 0;
        for (int width = 5; width <= 32; ++width)
            for (const int height : {5, width, 32}) {
                const GameConfig config{width, height, 5, Rule::Freestyle};
                SearchPosition p(config);
                p.set_from(Board(config));
                const std::vector<std::int32_t> sums = accumulate(reference, value_features(p));
                const bool in_range =
                    std::ranges::all_of(sums, [](std::int32_t v) { return v >= INT16_MIN && v <= INT16_MAX; });
                const SearchEvaluator evaluator(config, choice);
                BOOST_TEST((evaluator.evaluation() == (in_range ? Evaluation::Network : Evaluation::Tables)),
                           width << "x" << height << (net ? ", heavy quiet rows" : ""));
                judged_by_tables += !in_range;
                judged_by_network += in_range;
            }
        if (net) {
            BOOST_TEST(judged_by_tables > 0);
            BOOST_TEST(judged_by_network > 0);
        } else {
            BOOST_TEST(judged_by_tables == 0);
        }
    }
}

BOOST_AUTO_TEST_CASE(the_incremental_network_gives_the_reference_forward_pass_on_every_position_of_a_walk) {
    // The search's accumulators, kept by make and unmake, and its vector kernels must give what
    // value_network.cpp's plain forward pass gives from scratch: the network the trainer
    // validated is the one that plays.
    const ValueNetwork reference = built_in_freestyle();
    const PreparedNetwork* prepared = embedded_prepared_network(NetworkFamily::Freestyle);
    BOOST_TEST_REQUIRE(prepared != nullptr);
    std::mt19937 rng(41);
    // 15x15, where the network was fitted, and larger boards, whose sums start from the quiet
    // rows of the cells past 15x15 taken off.
    for (const GameConfig& c : {GameConfig{15, 15, 5, Rule::Freestyle}, GameConfig{20, 20, 5, Rule::Freestyle},
                                GameConfig{24, 17, 5, Rule::Exact}})
        for (NetworkKernels kernels : kernels_here()) {
            Board b(c);
            SearchPosition p(c, {Evaluation::Network, kernels == NetworkKernels::Portable});
            p.set_from(b);
            int compared = 0, nonzero = 0;
            test::random_walk(b, p, rng, 200, [&](const Board&, const SearchPosition& walked) {
                NetworkEvaluator direct(c, prepared, kernels);
                direct.refresh(walked);
                const std::int32_t expected = evaluate_logit_units(reference, value_features(walked));
                BOOST_TEST_INFO(c.width << "x" << c.height << ", kernels " << network_kernels_name(kernels)
                                        << ", stones " << walked.stones());
                BOOST_TEST_REQUIRE(direct.logit_units(walked) == expected);
                const Score score = walked.evaluator().evaluate(walked);
                BOOST_TEST_REQUIRE(score == direct.evaluate(walked));
                ++compared;
                nonzero += score != 0;
            });
            BOOST_TEST(compared > 100);
            BOOST_TEST(nonzero > compared / 2);  // the scores are the network's, not a stub's zero
        }
}

BOOST_AUTO_TEST_CASE(vector_and_portable_kernels_agree_on_every_lane_wrap_and_clip) {
    if (!network_kernels_available(NetworkKernels::Avx2)) return;  // nothing to compare on this CPU
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> any16(-32768, 32767), byte(0, 127), weight(-128, 127);
    for (int round = 0; round < 200; ++round) {
        const int width = 16 * (1 + round % 4);
        std::vector<std::int16_t> a(width), b(width), c(width);
        for (int i = 0; i < width; ++i) a[i] = any16(rng), b[i] = any16(rng), c[i] = any16(rng);
        auto portable = a, vector = a;  // the sums wrap: the values span all of int16
        network_kernels::update_portable(portable.data(), b.data(), c.data(), width);
        network_kernels::update_avx2(vector.data(), b.data(), c.data(), width);
        BOOST_TEST_REQUIRE(portable == vector);
        std::vector<std::uint8_t> out_p(width), out_v(width);
        network_kernels::activate_portable(out_p.data(), a.data(), b.data(), c.data(), width, 2032, 4);
        network_kernels::activate_avx2(out_v.data(), a.data(), b.data(), c.data(), width, 2032, 4);
        BOOST_TEST_REQUIRE(out_p == out_v);
        const int rows = 1 + round % 7, stride = 32 * (1 + round % 3);
        std::vector<std::int8_t> w(static_cast<std::size_t>(rows * stride));
        std::vector<std::uint8_t> in(static_cast<std::size_t>(stride));
        std::vector<std::int32_t> bias(static_cast<std::size_t>(rows));
        for (auto& v : w) v = static_cast<std::int8_t>(weight(rng));
        for (auto& v : in) v = static_cast<std::uint8_t>(byte(rng));
        for (auto& v : bias) v = any16(rng) * 50;
        std::vector<std::int32_t> dense_p(bias.size()), dense_v(bias.size());
        network_kernels::dense_portable(dense_p.data(), w.data(), in.data(), bias.data(), rows, stride);
        network_kernels::dense_avx2(dense_v.data(), w.data(), in.data(), bias.data(), rows, stride);
        BOOST_TEST_REQUIRE(dense_p == dense_v);
    }
}

BOOST_AUTO_TEST_CASE(the_network_search_counts_the_same_nodes_with_either_kernels_and_differs_from_the_tables) {
    const BenchReport tables = run_bench(4, bench_positions(), {}, {Evaluation::Tables});
    const BenchReport portable = run_bench(4, bench_positions(), {}, {Evaluation::Network, true});
    const BenchReport best = run_bench(4, bench_positions(), {}, {Evaluation::Network, false});
    BOOST_TEST(portable.total_nodes == best.total_nodes);
    for (std::size_t i = 0; i < portable.lines.size(); ++i) {
        BOOST_TEST_INFO(portable.lines[i].name);
        BOOST_TEST((portable.lines[i].best == best.lines[i].best));
        BOOST_TEST(portable.lines[i].score == best.lines[i].score);
    }
    BOOST_TEST(portable.total_nodes != tables.total_nodes);  // the network did the judging
}

BOOST_AUTO_TEST_CASE(the_search_policy_head_gives_the_reference_logits_on_every_position_of_a_walk) {
    // What the move ordering reads (the context once a node, a logit per candidate) must be
    // value_network.cpp's policy pass, which the trainer judged the head by.
    const ValueNetwork reference = with_random_policy(built_in_freestyle(), 8, 5);
    const PreparedNetwork prepared = PreparedNetwork::from(reference);
    BOOST_TEST_REQUIRE(prepared.policy == 8);
    std::mt19937 rng(43);
    for (NetworkKernels kernels : kernels_here()) {
        const GameConfig c{15, 15, 5, Rule::Freestyle};
        Board b(c);
        SearchPosition p(c, {Evaluation::Network, kernels == NetworkKernels::Portable, &prepared});
        p.set_from(b);
        int compared = 0;
        test::random_walk(b, p, rng, 120, [&](const Board&, const SearchPosition& walked) {
            const NetworkEvaluator* direct = walked.evaluator().network();
            BOOST_TEST_REQUIRE(direct != nullptr);
            BOOST_TEST_REQUIRE(direct->has_policy());
            const PolicyContext context = direct->policy_context(walked);
            const std::vector<std::int32_t> expected =
                policy_context(reference, hidden_activations(reference, value_features(walked)));
            BOOST_TEST_INFO("kernels " << network_kernels_name(kernels) << ", stones " << walked.stones());
            BOOST_TEST_REQUIRE(std::equal(expected.begin(), expected.end(), context.begin()));
            const int us = walked.side(), them = us ^ 1;
            walked.for_each_candidate([&](int cell, Point) {
                if (!walked.empty(cell)) return;
                const int near_last = compared % kPolicyNearnessBuckets, near_own = cell % kPolicyNearnessBuckets;
                const PolicyCell at{0,         0,       walked.cell_code_at(cell, us), walked.cell_code_at(cell, them),
                                    near_last, near_own};
                BOOST_TEST_REQUIRE(direct->policy_units(context, us, at.own_code, at.opp_code, near_last, near_own) ==
                                   policy_logit_units(reference, expected, at));
                ++compared;
            });
        });
        BOOST_TEST(compared > 1000);
    }
}

BOOST_AUTO_TEST_CASE(a_policy_head_orders_the_search_with_the_same_nodes_on_either_kernels) {
    const PreparedNetwork with_policy = PreparedNetwork::from(with_random_policy(built_in_freestyle(), 8, 9));
    const BenchReport plain = run_bench(4, bench_positions(), {}, {Evaluation::Network, true});
    const BenchReport portable = run_bench(4, bench_positions(), {}, {Evaluation::Network, true, &with_policy});
    const BenchReport best = run_bench(4, bench_positions(), {}, {Evaluation::Network, false, &with_policy});
    BOOST_TEST(portable.total_nodes == best.total_nodes);
    for (std::size_t i = 0; i < portable.lines.size(); ++i) {
        BOOST_TEST_INFO(portable.lines[i].name);
        BOOST_TEST((portable.lines[i].best == best.lines[i].best));
    }
    BOOST_TEST(portable.total_nodes != plain.total_nodes);  // the head did the ordering
}

// The default choice, Auto, is the network only where it was fitted and measured: freestyle.
BOOST_AUTO_TEST_CASE(auto_is_the_network_in_freestyle_and_the_tables_in_every_other_rule) {
    const EvaluatorChoice automatic{Evaluation::Auto};
    for (const int size : {9, 15, 20, 21, 32}) {
        const GameConfig freestyle{size, size, 5, Rule::Freestyle};
        // Up to 20x20, where the network (fitted on 15x15) was measured stronger than the tables.
        const Evaluation expected = size <= 20 ? Evaluation::Network : Evaluation::Tables;
        BOOST_TEST((evaluation_for(automatic, freestyle) == expected), size);
        BOOST_TEST((SearchEvaluator(freestyle, automatic).evaluation() == expected), size);
        for (const Rule rule : {Rule::Exact, Rule::Renju, Rule::Caro, Rule::CaroExact}) {
            const GameConfig other{size, size, 5, rule};
            BOOST_TEST((evaluation_for(automatic, other) == Evaluation::Tables), size << " " << rule_name(rule));
            BOOST_TEST((SearchEvaluator(other, automatic).evaluation() == Evaluation::Tables));
        }
        // Told to, the network judges the other rules of its family too.
        BOOST_TEST(
            (evaluation_for({Evaluation::Network}, GameConfig{size, size, 5, Rule::Exact}) == Evaluation::Network));
    }
    // Wherever the network does not apply, Auto is the tables as Network is.
    for (const GameConfig& c : {GameConfig{15, 15, 4, Rule::Freestyle}, GameConfig{20, 21, 5, Rule::Freestyle},
                                GameConfig{3, 3, 3, Rule::Freestyle}})
        BOOST_TEST((evaluation_for(automatic, c) == Evaluation::Tables),
                   c.width << "x" << c.height << " k=" << c.win_length);
    BOOST_TEST((evaluation_for({Evaluation::Tables}, GameConfig{15, 15, 5, Rule::Freestyle}) == Evaluation::Tables));
}
