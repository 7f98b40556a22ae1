#define BOOST_TEST_MODULE value_network
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/cell_code.h"
#include "ai/embedded_network.h"
#include "ai/evaluation.h"
#include "ai/search_position.h"
#include "ai/value_network.h"
#include "engine/board.h"
#include "run_program.h"

namespace fs = std::filesystem;
using namespace tengen;
using tengen::testing::ProgramRun;
using tengen::testing::run_program;
using tengen::testing::RunOptions;

namespace {

// Two accumulator entries, one threat entry, two hidden units; the numbers are chosen so each
// clipping shows: an accumulator entry past 1.0, a hidden unit below 0.
constexpr int kCodeA = 7, kCodeB = 11, kMask = 5;

ValueNetwork tiny_network() {
    ValueNetwork n = ValueNetwork::zeros(NetworkFamily::Freestyle, {2, 1, 2});
    n.accumulator_bias = {200, 400};
    n.own_rows[kCodeA * 2 + 0] = 100;
    n.own_rows[kCodeA * 2 + 1] = 700;
    n.opp_rows[kCodeB * 2 + 0] = 30;
    n.opp_rows[kCodeB * 2 + 1] = 20;
    n.threat_rows[kMask] = 600;
    n.hidden_weights = {64, 32, 16, -127, 0, 0};
    n.hidden_bias = {1000, 0};
    n.output_weights = {10, -3};
    n.output_bias = 500;
    return n;
}

// tiny_network with a policy head of width 1 (its hidden activations are 124 and 0).
ValueNetwork tiny_policy_network() {
    ValueNetwork n = tiny_network();
    n.sizes.policy = 1;
    const ValueNetwork shaped = ValueNetwork::zeros(n.family, n.sizes);
    n.policy_context_weights = {32, 5};
    n.policy_context_bias = {-640};
    n.policy_own_bias = shaped.policy_own_bias;
    n.policy_opp_bias = shaped.policy_opp_bias;
    n.policy_own_weights = shaped.policy_own_weights;
    n.policy_opp_weights = shaped.policy_opp_weights;
    n.policy_near_last = shaped.policy_near_last;
    n.policy_near_own = shaped.policy_near_own;
    n.policy_own_bias[kCodeA] = 1000;
    n.policy_opp_bias[kCodeB] = -300;
    n.policy_own_weights[kCodeA] = 3;
    n.policy_opp_weights[kCodeB] = -1;
    n.policy_near_last[0] = 200;
    n.policy_near_own[5] = -50;
    return n;
}

ValueFeatures tiny_features() {
    ValueFeatures f;
    f.threat_mask = kMask;
    f.own = {{kCodeA, 3}};
    f.opp = {{kCodeB, 2}};
    return f;
}

std::vector<std::uint8_t> file_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

fs::path scratch(const std::string& name) {
    return fs::temp_directory_path() / ("tengen-vn-" + std::to_string(::getpid()) + "-" + name);
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_forward_pass_of_a_hand_built_network_gives_the_value_worked_out_by_hand) {
    // Accumulator: 200 + 3*100 + 2*30 = 560 -> 560 / 16 = 35; 400 + 3*700 + 2*20 = 2540, past
    // 2032 (1.0) -> 127. Threat row 600 / 16 = 37.5 -> 38 (to nearest, a half up). Hidden 0:
    // 1000 + 64*35 + 32*127 + 16*38 = 7912, / 64 = 123.6 -> 124. Hidden 1: -127*35 < 0 -> 0.
    // Output: 500 + 10*124 - 3*0 = 1740.
    const ValueNetwork n = tiny_network();
    const ValueFeatures f = tiny_features();
    BOOST_TEST(accumulate(n, f) == (std::vector<std::int32_t>{560, 2540}), boost::test_tools::per_element());
    BOOST_TEST(evaluate_logit_units(n, f) == 1740);
    BOOST_TEST(evaluate_logit(n, f) == 1740.0 / (127 * 64), boost::test_tools::tolerance(1e-12));
    BOOST_TEST(evaluate_win_probability(n, f) == 1 / (1 + std::exp(-1740.0 / 8128)),
               boost::test_tools::tolerance(1e-12));
    // Another threat mask has a zero row, and its weight drops out: 1000 + 2240 + 4064 = 7304,
    // / 64 = 114.1 -> 114.
    ValueFeatures other = f;
    other.threat_mask = 6;
    BOOST_TEST(evaluate_logit_units(n, other) == 500 + 10 * 114);
}

BOOST_AUTO_TEST_CASE(a_weights_file_round_trips_and_a_damaged_one_is_refused) {
    const ValueNetwork n = tiny_network();
    const std::vector<std::uint8_t> bytes = serialise(n);
    BOOST_TEST(bytes[0] == 'T');
    BOOST_TEST(bytes[1] == 'G');
    BOOST_TEST(bytes[2] == 'V');
    BOOST_TEST(bytes[3] == 'N');
    const Result<ValueNetwork> back = parse_value_network(bytes);
    BOOST_REQUIRE_MESSAGE(back.ok(), back.error());
    BOOST_TEST(serialise(*back) == bytes, boost::test_tools::per_element());
    BOOST_TEST(evaluate_logit_units(*back, tiny_features()) == 1740);

    const fs::path path = scratch("round-trip.bin");
    BOOST_REQUIRE(write_value_network(n, path.string()).ok());
    const Result<ValueNetwork> read = read_value_network(path.string());
    BOOST_REQUIRE_MESSAGE(read.ok(), read.error());
    BOOST_TEST(serialise(*read) == bytes, boost::test_tools::per_element());
    fs::remove(path);

    std::vector<std::uint8_t> shorter(bytes.begin(), bytes.end() - 1);
    BOOST_TEST(!parse_value_network(shorter).ok());
    std::vector<std::uint8_t> longer = bytes;
    longer.push_back(0);
    BOOST_TEST(!parse_value_network(longer).ok());
    std::vector<std::uint8_t> bad_magic = bytes;
    bad_magic[0] ^= 1;
    BOOST_TEST(!parse_value_network(bad_magic).ok());
    std::vector<std::uint8_t> wider = bytes;
    wider[6 * 4] = 3;  // the accumulator's width: the tables no longer fit the bytes
    BOOST_TEST(!parse_value_network(wider).ok());
    std::vector<std::uint8_t> huge = bytes;
    huge[6 * 4 + 3] = 0x7f;
    BOOST_TEST(!parse_value_network(huge).ok());
    BOOST_TEST(!parse_value_network(std::vector<std::uint8_t>(10, 0)).ok());
    BOOST_TEST(!read_value_network(scratch("missing.bin").string()).ok());
}

BOOST_AUTO_TEST_CASE(the_policy_head_of_a_hand_built_network_gives_the_logits_worked_out_by_hand) {
    // Hidden activations 124 and 0 (the case above). Context: -640 + 32*124 + 5*0 = 3328, plus
    // half a step, / 64 = 52 (52.5 truncated). A candidate with code A for the side to move and
    // B for the opponent, next to the last stone and far from our own: 1000 - 300 + 200 - 50 +
    // 52 * (3 - 1) = 954. Another cell, both codes without entries, two from the last stone: 0.
    const ValueNetwork n = tiny_policy_network();
    const std::vector<std::int32_t> hidden = hidden_activations(n, tiny_features());
    BOOST_TEST(hidden == (std::vector<std::int32_t>{124, 0}), boost::test_tools::per_element());
    const std::vector<std::int32_t> context = policy_context(n, hidden);
    BOOST_TEST(context == (std::vector<std::int32_t>{52}), boost::test_tools::per_element());
    BOOST_TEST(policy_logit_units(n, context, {0, 0, kCodeA, kCodeB, 0, 5}) == 954);
    BOOST_TEST(policy_logit_units(n, context, {0, 0, kCodeB, kCodeA, 1, 1}) == 0);
    // The value is the same network's with or without the head.
    BOOST_TEST(evaluate_logit_units(n, tiny_features()) == 1740);
}

BOOST_AUTO_TEST_CASE(a_network_with_a_policy_head_is_a_version_2_file_and_round_trips) {
    const ValueNetwork n = tiny_policy_network();
    const std::vector<std::uint8_t> bytes = serialise(n);
    BOOST_TEST(bytes[4] == kPolicyNetworkVersion);
    BOOST_TEST(serialise(tiny_network())[4] == kValueNetworkVersion);  // no head: the first format
    const Result<ValueNetwork> back = parse_value_network(bytes);
    BOOST_REQUIRE_MESSAGE(back.ok(), back.error());
    BOOST_TEST(back->sizes.policy == 1);
    BOOST_TEST(serialise(*back) == bytes, boost::test_tools::per_element());
    const std::vector<std::int32_t> context = policy_context(*back, hidden_activations(*back, tiny_features()));
    BOOST_TEST(policy_logit_units(*back, context, {0, 0, kCodeA, kCodeB, 0, 5}) == 954);
    BOOST_TEST(!parse_value_network(std::vector<std::uint8_t>(bytes.begin(), bytes.end() - 1)).ok());
    std::vector<std::uint8_t> no_width = bytes;
    no_width[12 * 4] = 0;  // the policy width, 1 -> 0
    BOOST_TEST(!parse_value_network(no_width).ok());
    std::vector<std::uint8_t> wider = bytes;
    wider[12 * 4] = 2;  // the tables no longer fit the bytes
    BOOST_TEST(!parse_value_network(wider).ok());
    std::vector<std::uint8_t> later = bytes;
    later[4] = 3;  // a format this build does not know
    BOOST_TEST(!parse_value_network(later).ok());
}

BOOST_AUTO_TEST_CASE(an_empty_boards_features_count_the_cells_with_room_for_a_five_on_each_line) {
    // On an empty board a line through a cell is alive (kLcOne) when the board holds five cells
    // of it in a row, else dead: worked out here from the geometry alone.
    GameConfig config;  // 15x15 freestyle
    SearchPosition p(config);
    p.set_from(Board(config));
    std::map<int, int> expected;
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int y = 0; y < 15; ++y)
        for (int x = 0; x < 15; ++x) {
            std::array<int, 4> classes{};
            for (int d = 0; d < 4; ++d) {
                int run = 1;
                for (int sign : {-1, 1})
                    for (int i = 1;; ++i) {
                        const int cx = x + sign * i * dirs[d][0], cy = y + sign * i * dirs[d][1];
                        if (cx < 0 || cy < 0 || cx >= 15 || cy >= 15) break;
                        ++run;
                    }
                classes[d] = run >= 5 ? kLcOne : kLcDead;
            }
            ++expected[cell_code(classes)];
        }
    const ValueFeatures f = value_features(p);
    std::map<int, int> own, opp;
    for (const CodeCount& c : f.own) own[c.code] += c.count;
    for (const CodeCount& c : f.opp) opp[c.code] += c.count;
    BOOST_TEST(own == expected);
    BOOST_TEST(opp == expected);
    BOOST_TEST(f.own_mode == 0);
    BOOST_TEST(f.threat_mask == threat_mask(p));
}

BOOST_AUTO_TEST_CASE(a_positions_features_cover_every_empty_cell_once_per_side_and_follow_the_side_to_move) {
    GameConfig config;
    SearchPosition p(config);
    p.set_from(Board(config));
    for (const Point q : {Point{7, 7}, Point{8, 8}, Point{7, 8}, Point{9, 9}, Point{7, 9}}) p.make(p.cell_of(q));
    // White to move; black has three in a column with both ends open.
    const ValueFeatures f = value_features(p);
    auto total = [](const std::vector<CodeCount>& codes) {
        int n = 0;
        for (std::size_t i = 0; i < codes.size(); ++i) {
            n += codes[i].count;
            if (i > 0) BOOST_TEST(codes[i - 1].code < codes[i].code);
        }
        return n;
    };
    BOOST_TEST(total(f.own) == p.empty_cells());
    BOOST_TEST(total(f.opp) == p.empty_cells());
    // The cell above the column makes black an open four: a code with kLcOpenFour, as the
    // opponent's (black's) code, not as the mover's.
    const int above = p.cell_of({7, 10});
    std::array<int, 4> black{}, white{};
    for (int d = 0; d < 4; ++d) black[d] = p.line_class(above, 0, d), white[d] = p.line_class(above, 1, d);
    BOOST_TEST(std::count(black.begin(), black.end(), kLcOpenFour) == 1);
    auto holds = [](const std::vector<CodeCount>& codes, int code) {
        return std::any_of(codes.begin(), codes.end(), [code](const CodeCount& c) { return c.code == code; });
    };
    BOOST_TEST(holds(f.opp, cell_code(black)));
    BOOST_TEST(holds(f.own, cell_code(white)));
    BOOST_TEST(f.threat_mask == threat_mask(p));
}

// The networks are fitted on 15x15 games, where the quiet cells' count tells the phase. A larger
// board's quiet code counts less the cells past 15x15, so its empty board reads exactly as an
// empty 15x15 one (the cells near the corners whose diagonals hold no five are as many on any
// board that large), and a stone reads as a stone, not as a smaller share of the board.
BOOST_AUTO_TEST_CASE(a_larger_board_counts_its_quiet_cells_as_if_it_were_fifteen_by_fifteen) {
    auto empty_features = [](const GameConfig& config) {
        SearchPosition p(config);
        p.set_from(Board(config));
        return value_features(p);
    };
    auto same = [](const std::vector<CodeCount>& a, const std::vector<CodeCount>& b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](CodeCount x, CodeCount y) {
                   return x.code == y.code && x.count == y.count;
               });
    };
    const ValueFeatures fitted = empty_features(GameConfig{});
    for (const GameConfig& config : {GameConfig{20, 20, 5, Rule::Freestyle}, GameConfig{32, 32, 5, Rule::Freestyle},
                                     GameConfig{24, 17, 5, Rule::Exact}}) {
        BOOST_TEST_CONTEXT(config.width << "x" << config.height) {
            BOOST_TEST(cells_beyond_fitted(config) == config.width * config.height - 225);
            const ValueFeatures f = empty_features(config);
            BOOST_TEST(same(f.own, fitted.own));
            BOOST_TEST(same(f.opp, fitted.opp));
        }
    }
    // No board smaller than 15x15 is changed: every empty cell is counted once.
    BOOST_TEST(cells_beyond_fitted(GameConfig{15, 14, 5, Rule::Freestyle}) == 0);
    // With stones on the board the counts still sum to the empty cells less the cells past
    // 15x15, and no code is listed with a count of zero.
    const GameConfig big{20, 20, 5, Rule::Freestyle};
    SearchPosition p(big);
    p.set_from(Board(big));
    for (const Point q : {Point{9, 9}, Point{10, 10}}) p.make(p.cell_of(q));
    const ValueFeatures two = value_features(p);
    int total = 0;
    for (const CodeCount& c : two.own) total += c.count;
    BOOST_TEST(total == p.empty_cells() - cells_beyond_fitted(big));
    BOOST_TEST(std::ranges::none_of(two.own, [](const CodeCount& c) { return c.count == 0; }));
}

BOOST_AUTO_TEST_CASE(the_eight_images_of_a_position_have_the_same_features_and_value) {
    // A cell's code is an unordered set of its four line classes and a board symmetry only
    // permutes the directions, so the network needs no augmented data.
    const std::vector<Point> stones{{7, 7}, {8, 8}, {7, 8}, {9, 9}, {7, 9}, {3, 12}, {10, 6}, {6, 6}};
    const auto built = parse_value_network(embedded_network_bytes(NetworkFamily::Freestyle));
    auto features = [](int image, const std::vector<Point>& points) {
        GameConfig config;
        SearchPosition p(config);
        p.set_from(Board(config));
        for (Point q : points) {
            if (image & 1) q.x = 14 - q.x;
            if (image & 2) q.y = 14 - q.y;
            if (image & 4) std::swap(q.x, q.y);
            p.make(p.cell_of(q));
        }
        return value_features(p);
    };
    const ValueFeatures first = features(0, stones);
    auto same = [](const std::vector<CodeCount>& a, const std::vector<CodeCount>& b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](CodeCount x, CodeCount y) {
                   return x.code == y.code && x.count == y.count;
               });
    };
    for (int image = 1; image < 8; ++image) {
        const ValueFeatures f = features(image, stones);
        BOOST_TEST(same(f.own, first.own), "image " << image);
        BOOST_TEST(same(f.opp, first.opp), "image " << image);
        BOOST_TEST(f.threat_mask == first.threat_mask);
        if (built.ok()) BOOST_TEST(evaluate_logit_units(*built, f) == evaluate_logit_units(*built, first));
    }
}

BOOST_AUTO_TEST_CASE(the_built_in_network_is_the_file_in_the_source_tree) {
    const fs::path file = fs::path(TENGEN_TEST_DATA_DIR).parent_path().parent_path() / "ai/networks/freestyle.bin";
    const auto embedded = embedded_network_bytes(NetworkFamily::Freestyle);
    BOOST_TEST(embedded_network_bytes(NetworkFamily::Renju).empty());
    if (!fs::exists(file)) {
        BOOST_TEST(embedded.empty());
        return;
    }
    const std::vector<std::uint8_t> bytes = file_bytes(file);
    BOOST_TEST(std::vector<std::uint8_t>(embedded.begin(), embedded.end()) == bytes);
    const Result<ValueNetwork> net = parse_value_network(embedded);
    BOOST_REQUIRE_MESSAGE(net.ok(), net.error());
    BOOST_TEST(static_cast<int>(net->family) == static_cast<int>(NetworkFamily::Freestyle));
    BOOST_TEST(bytes.size() < 2u * 1024 * 1024);
}

#ifdef TENGEN_TRAIN_PATH
BOOST_AUTO_TEST_CASE(the_trainer_lowers_its_training_loss_on_a_small_sample_and_writes_a_loadable_file) {
    const fs::path out = scratch("trained.bin"), report = scratch("report.json");
    const ProgramRun run = run_program(
        {TENGEN_TRAIN_PATH, std::string(TENGEN_TEST_DATA_DIR) + "/value-network/selfplay-freestyle-tiny.jsonl",
         "--epochs", "6", "--validation-every", "5", "--batch", "64", "--quiet-rows-zero", "--out", out.string(),
         "--report", report.string()},
        RunOptions().within(std::chrono::minutes(5)));
    BOOST_REQUIRE_MESSAGE(run.exit_code == 0, run.errors);
    std::ifstream in(report);
    const nlohmann::json j = nlohmann::json::parse(in);
    BOOST_TEST(j["games"].get<int>() == 40);
    BOOST_TEST(j["validation_games"].get<int>() == 8);
    BOOST_TEST(j["validation_positions"].get<int>() > 100);
    const auto& epochs = j["epochs"];
    BOOST_REQUIRE_EQUAL(epochs.size(), 6u);
    BOOST_TEST(epochs.back()["training_loss"].get<double>() < epochs.front()["training_loss"].get<double>() - 0.02);
    // The file loads, and the built network's figures are the float network's up to rounding.
    const Result<ValueNetwork> net = read_value_network(out.string());
    BOOST_REQUIRE_MESSAGE(net.ok(), net.error());
    BOOST_TEST(net->sizes.accumulator == 32);
    // With --quiet-rows-zero a cell with no stone within reach adds nothing, whatever the board.
    for (const std::int16_t* row : {net->own_row(0, kQuietCellCode), net->opp_row(0, kQuietCellCode)})
        BOOST_TEST(std::all_of(row, row + 32, [](std::int16_t v) { return v == 0; }));
    const double built = j["validation"]["network"]["log_loss_target"].get<double>();
    const double floating = j["validation"]["network_float"]["log_loss_target"].get<double>();
    BOOST_TEST(std::abs(built - floating) < 0.01);
    BOOST_TEST(j["validation"]["tables"]["log_loss_result"].get<double>() > 0.0);
    fs::remove(out);
    fs::remove(report);
}

// A relabelled record's deep scores are the labels where present: a file whose shallow scores
// are all zero but whose deep scores are the original scores trains exactly as the original.
BOOST_AUTO_TEST_CASE(the_trainer_takes_relabelled_deep_scores_over_the_shallow_ones) {
    auto train = [](const fs::path& games, const std::string& name) {
        const fs::path out = scratch(name + ".bin"), report = scratch(name + ".json");
        const ProgramRun run =
            run_program({TENGEN_TRAIN_PATH, games.string(), "--epochs", "1", "--threads", "1", "--validation-every",
                         "5", "--batch", "64", "--out", out.string(), "--report", report.string()},
                        RunOptions().within(std::chrono::minutes(5)));
        BOOST_REQUIRE_MESSAGE(run.exit_code == 0, run.errors);
        std::ifstream in(report);
        nlohmann::json j = nlohmann::json::parse(in);
        fs::remove(out);
        fs::remove(report);
        j.erase("validation_by_file");  // names the file
        return j;
    };
    const fs::path original = fs::path(TENGEN_TEST_DATA_DIR) / "value-network" / "selfplay-freestyle-tiny.jsonl";
    const fs::path relabelled = scratch("relabelled.jsonl"), shallow = scratch("zeroed.jsonl");
    {
        std::ifstream in(original);
        std::ofstream deep(relabelled), zeroed(shallow);
        for (std::string line; std::getline(in, line);) {
            nlohmann::ordered_json g = nlohmann::ordered_json::parse(line);
            nlohmann::ordered_json zeros = nlohmann::ordered_json::array();
            for (std::size_t i = 0; i < g["scores"].size(); ++i) zeros.push_back(0);
            g["deep"] = g["scores"];
            g["scores"] = zeros;
            deep << g.dump() << "\n";
            g.erase("deep");
            zeroed << g.dump() << "\n";
        }
    }
    const nlohmann::json base = train(original, "original");
    BOOST_TEST(train(relabelled, "relabelled") == base);
    BOOST_TEST(train(shallow, "zeroed") != base);  // the scores do reach the labels
    fs::remove(relabelled);
    fs::remove(shallow);
}

// The policy head is fitted on top of a given network, which it leaves as it is, and the file
// it writes gives the figures the trainer printed.
BOOST_AUTO_TEST_CASE(the_trainer_fits_a_policy_head_on_a_given_network_and_keeps_its_value_weights) {
    const fs::path value = scratch("value.bin"), out = scratch("policy.bin"), report = scratch("policy.json");
    const auto built_in = embedded_network_bytes(NetworkFamily::Freestyle);
    BOOST_REQUIRE(!built_in.empty());
    std::ofstream(value, std::ios::binary)
        .write(reinterpret_cast<const char*>(built_in.data()), static_cast<std::streamsize>(built_in.size()));
    const ProgramRun run = run_program(
        {TENGEN_TRAIN_PATH, std::string(TENGEN_TEST_DATA_DIR) + "/value-network/selfplay-freestyle-tiny.jsonl",
         "--value-from", value.string(), "--policy-width", "4", "--policy-epochs", "4", "--validation-every", "5",
         "--batch", "64", "--out", out.string(), "--report", report.string()},
        RunOptions().within(std::chrono::minutes(5)));
    BOOST_REQUIRE_MESSAGE(run.exit_code == 0, run.errors);
    std::ifstream in(report);
    const nlohmann::json j = nlohmann::json::parse(in)["policy"];
    BOOST_TEST(j["games"].get<int>() == 40);
    BOOST_TEST(j["validation_positions"].get<int>() > 50);
    const auto& epochs = j["epochs"];
    BOOST_REQUIRE_EQUAL(epochs.size(), 4u);
    BOOST_TEST(epochs.back()["training_loss"].get<double>() < epochs.front()["training_loss"].get<double>());
    // Held out, the head as built is the float head up to rounding, and a chosen move is first
    // no more often than it is within the first three.
    BOOST_TEST(std::abs(j["policy"]["cross_entropy"].get<double>() - j["policy_float"]["cross_entropy"].get<double>()) <
               0.01);
    BOOST_TEST(j["policy"]["first"].get<double>() <= j["policy"]["top3"].get<double>());
    BOOST_TEST(j["learned_ordering"]["cross_entropy"].get<double>() > 0.0);

    Result<ValueNetwork> net = read_value_network(out.string());
    BOOST_REQUIRE_MESSAGE(net.ok(), net.error());
    BOOST_TEST(net->sizes.policy == 4);
    ValueNetwork value_part = *net;
    value_part.sizes.policy = 0;
    for (auto* v : {&value_part.policy_context_weights, &value_part.policy_own_weights, &value_part.policy_opp_weights})
        v->clear();
    for (auto* v : {&value_part.policy_context_bias, &value_part.policy_own_bias, &value_part.policy_opp_bias,
                    &value_part.policy_near_last, &value_part.policy_near_own})
        v->clear();
    BOOST_TEST(serialise(value_part) == std::vector<std::uint8_t>(built_in.begin(), built_in.end()),
               boost::test_tools::per_element());
    for (const fs::path& f : {value, out, report}) fs::remove(f);

    // --value-from fits no value network, so alone it has nothing to do.
    BOOST_TEST(run_program({TENGEN_TRAIN_PATH,
                            std::string(TENGEN_TEST_DATA_DIR) + "/value-network/selfplay-freestyle-tiny.jsonl",
                            "--value-from", value.string(), "--out", out.string()})
                   .exit_code == 2);
    BOOST_TEST(!fs::exists(out));
}

BOOST_AUTO_TEST_CASE(the_trainer_refuses_a_file_without_games_and_writes_nothing) {
    const fs::path games = scratch("garbage.jsonl"), out = scratch("none.bin");
    std::ofstream(games) << "not json\n{\"format\":\"tengen-selfplay-1\"}\n";
    BOOST_TEST(run_program({TENGEN_TRAIN_PATH, games.string(), "--out", out.string()}).exit_code == 2);
    BOOST_TEST(!fs::exists(out));
    fs::remove(games);
}
#endif
