// tengen-train: fits the value network (ai/value_network.h) to self-play games and writes
// the weights file the build embeds (ai/networks/*.bin). Games are `pbrain-tengen selfplay`
// records; every Nth game is held out, and on those positions the network's log-loss is
// printed beside the table evaluation's (evaluate_position, read as a probability by a
// logistic whose scale is fitted on the training games). See docs/training-data.md.
//
// With --policy-width it then fits the policy head to the search's chosen moves on top of
// that network (or of --value-from's, left as it is), judged against the learned ordering.
//
//   tengen-train GAMES.jsonl... --out ai/networks/freestyle.bin [--epochs 8] [--threads 2]
//   tengen-train GAMES.jsonl... --value-from ai/networks/freestyle.bin --policy-width 8 --out F.bin
#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <numeric>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "ai/value_network.h"
#include "tools/trainer/float_network.h"
#include "tools/trainer/float_policy.h"
#include "tools/trainer/policy_set.h"
#include "tools/trainer/training_set.h"

namespace tengen {
namespace {

double log_loss(double p, double label) {
    p = std::clamp(p, 1e-7, 1 - 1e-7);
    return -(label * std::log(p) + (1 - label) * std::log(1 - p));
}

// A predictor's standing on a set of positions: log-loss against the results and the targets,
// and how often it picks the winner of a decided game.
struct Standing {
    double result_loss = 0, target_loss = 0;
    double hits = 0;
    int positions = 0, decided = 0;
    void add(double p, const TrainingSample& s) {
        result_loss += log_loss(p, s.result);
        target_loss += log_loss(p, s.target);
        ++positions;
        if (s.result != 0.5f) {
            ++decided;
            hits += p == 0.5 ? 0.5 : (p > 0.5) == (s.result > 0.5f);
        }
    }
    nlohmann::json json() const {
        return {{"positions", positions},
                {"log_loss_result", positions ? result_loss / positions : 0},
                {"log_loss_target", positions ? target_loss / positions : 0},
                {"accuracy", decided ? hits / decided : 0}};
    }
};

struct Comparison {
    Standing network, network_float, tables;
};

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

void print_comparison(const std::string& title, const Comparison& c) {
    std::cout << fmt::format("{} ({} positions):\n", title, c.network.positions);
    std::cout << fmt::format("  {:<22} {:>14} {:>14} {:>10}\n", "", "loss v result", "loss v target", "accuracy");
    auto row = [](const char* name, const Standing& s) {
        const nlohmann::json j = s.json();
        std::cout << fmt::format("  {:<22} {:>14.5f} {:>14.5f} {:>9.2f}%\n", name, j["log_loss_result"].get<double>(),
                                 j["log_loss_target"].get<double>(), 100 * j["accuracy"].get<double>());
    };
    row("network (as built)", c.network);
    row("network (float)", c.network_float);
    row("table evaluation", c.tables);
}

// Everything the command line sets.
struct TrainerOptions {
    std::vector<std::string> files;
    std::string out, report, value_from;
    int policy_width = 0, policy_epochs = 4;
    double policy_rate = 3e-3;
    int epochs = 15, batch_size = 1024, threads = 1, validation_every = 20;
    int accumulator = 32, threat = 16, hidden = 32;
    double rate = 5e-3, rate_decay = 0.6, result_weight = 0.5, score_scale = 0;
    AccumulatorBound bound;
    double code_decay = 0;
    std::size_t max_positions = 0;
    std::uint32_t seed = 1;
    bool evaluated_only = false;
    bool quiet_rows_zero = false;
};

// The engine computes contexts up to kMaxPolicyWidth (ai/network_evaluator.h) wide.
constexpr int kMaxTrainedPolicyWidth = 32;

int refuse(const std::string& why) {
    std::cerr << "tengen-train: " << why << "\n";
    return 2;
}

// The options, or the exit code when the run ends here (help, or an option refused).
std::variant<TrainerOptions, int> parse_options(int argc, char** argv) {
    namespace po = boost::program_options;
    TrainerOptions o;
    po::options_description opts("tengen-train GAMES.jsonl... --out FILE [options]");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help")
        ("games", po::value(&o.files)->multitoken(), "self-play records (pbrain-tengen selfplay) or arena results lines (tengen-arena --results)")
        ("out", po::value(&o.out), "write the weights file here (ai/networks/freestyle.bin is the build's)")
        ("value-from", po::value(&o.value_from),
         "take the value network from this weights file instead of fitting one (for --policy-width)")
        ("policy-width", po::value(&o.policy_width)->default_value(0),
         "fit a policy head with this context width (1..32) to the search's chosen moves; 0: none")
        ("policy-epochs", po::value(&o.policy_epochs)->default_value(o.policy_epochs), "passes of the policy's fit")
        ("policy-rate", po::value(&o.policy_rate)->default_value(o.policy_rate, "0.003"),
         "Adam's step size for the policy in its first epoch (then --rate-decay)")
        ("report", po::value(&o.report), "also write the figures as JSON here")
        ("epochs", po::value(&o.epochs)->default_value(o.epochs), "passes over the training positions")
        ("batch", po::value(&o.batch_size)->default_value(o.batch_size), "positions a step")
        ("rate", po::value(&o.rate)->default_value(o.rate, "0.005"), "Adam's step size in the first epoch")
        ("rate-decay", po::value(&o.rate_decay)->default_value(o.rate_decay, "0.6"), "the step size's factor from one epoch to the next")
        ("result-weight", po::value(&o.result_weight)->default_value(o.result_weight),
         "0..1: the game result's share of a position's target; the rest is its search score's "
         "probability (a proven mate score is the whole target)")
        ("score-scale", po::value(&o.score_scale)->default_value(0.0),
         "read search scores as P(win) = 1 / (1 + exp(-score / SCALE)); 0: fit it to the training games' results")
        ("validation-every", po::value(&o.validation_every)->default_value(o.validation_every),
         "hold out every Nth game (by game, never by position)")
        ("max-positions", po::value(&o.max_positions)->default_value(0), "read no more positions than this (0: all)")
        ("quiet-rows-zero", po::bool_switch(&o.quiet_rows_zero),
         "fix the quiet cell code's rows at zero, so the sums follow the stones, not the board's area")
        ("evaluated-only", po::bool_switch(&o.evaluated_only),
         "keep only positions the search evaluates (no five to make, no open four to move into)")
        ("threads", po::value(&o.threads)->default_value(o.threads), "threads for the gradients, 1 or 2")
        ("seed", po::value(&o.seed)->default_value(o.seed), "the initial weights' and the shuffle's seed")
        ("accumulator", po::value(&o.accumulator)->default_value(o.accumulator), "width of the summed cell rows")
        ("threat-width", po::value(&o.threat)->default_value(o.threat), "width of the threat mask's row")
        ("hidden", po::value(&o.hidden)->default_value(o.hidden), "width of the hidden layer")
        ("code-decay", po::value(&o.code_decay)->default_value(o.code_decay),
         "weight decay (AdamW) on each code's own part of its rows, toward the sum of its classes' rows")
        ("accumulator-limit", po::value(&o.bound.limit)->default_value(o.bound.limit),
         "accumulator entries past +-this (units of 1.0) are penalised (the engine's int16 sums hold +-16)")
        ("accumulator-penalty", po::value(&o.bound.penalty)->default_value(o.bound.penalty),
         "the penalty's weight: PENALTY * excess^2 / 2 a position and entry");
    // clang-format on
    po::positional_options_description positional;
    positional.add("games", -1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(opts).positional(positional).run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "tengen-train: " << e.what() << "\n" << opts;
        return 2;
    }
    if (vm.count("help")) {
        std::cout << opts;
        return 0;
    }
    if (o.files.empty()) return refuse("no game files given");
    if (o.out.empty()) return refuse("--out is needed");
    if (o.threads < 1 || o.threads > 2) return refuse("--threads must be 1 or 2");
    if (o.result_weight < 0 || o.result_weight > 1) return refuse("--result-weight must be within 0..1");
    if (o.epochs < 0 || o.batch_size < 1 || o.validation_every < 2)
        return refuse("--epochs, --batch or --validation-every out of range");
    for (int w : {o.accumulator, o.threat, o.hidden})
        if (w < 1 || w > 1024) return refuse("layer widths must be within 1..1024");
    if (o.score_scale < 0) return refuse("--score-scale must be positive (or 0 to fit it)");
    if (o.code_decay < 0) return refuse("--code-decay must not be negative");
    if (o.policy_width < 0 || o.policy_width > kMaxTrainedPolicyWidth)
        return refuse("--policy-width must be within 0..32");
    if (!o.value_from.empty() && o.policy_width == 0) return refuse("--value-from is for --policy-width");
    if (o.policy_epochs < 0 || o.policy_rate <= 0) return refuse("--policy-epochs or --policy-rate out of range");
    if (o.bound.limit <= 0 || o.bound.penalty < 0)
        return refuse("--accumulator-limit must be positive, --accumulator-penalty not negative");
    return o;
}

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// The epochs of Adam over the training positions; the log of each epoch's losses.
nlohmann::json train_epochs(FloatNetwork& network, const TrainingSet& set, std::vector<std::uint32_t>& train,
                            const std::vector<std::uint32_t>& validation, const TrainerOptions& o) {
    std::mt19937 shuffle(o.seed);
    nlohmann::json epoch_log = nlohmann::json::array();
    auto validation_loss = [&] {
        double sum = 0;
        for (std::uint32_t i : validation)
            sum += log_loss(sigmoid(network.logit(set, set.samples[i])), set.samples[i].target);
        return sum / static_cast<double>(validation.size());
    };
    std::cout << fmt::format("before training: validation loss against targets {:.5f}\n", validation_loss());
    std::vector<std::uint32_t> batch;
    for (int epoch = 0; epoch < o.epochs; ++epoch) {
        const auto epoch_start = Clock::now();
        std::shuffle(train.begin(), train.end(), shuffle);
        AdamSettings adam;
        adam.rate = o.rate * std::pow(o.rate_decay, epoch);
        adam.code_decay = o.code_decay;
        double loss_sum = 0;
        for (std::size_t begin = 0; begin < train.size(); begin += static_cast<std::size_t>(o.batch_size)) {
            const std::size_t end = std::min(train.size(), begin + static_cast<std::size_t>(o.batch_size));
            batch.assign(train.begin() + static_cast<std::ptrdiff_t>(begin),
                         train.begin() + static_cast<std::ptrdiff_t>(end));
            loss_sum += network.train_batch(set, batch, adam, o.threads) * static_cast<double>(batch.size());
        }
        const double train_loss = loss_sum / static_cast<double>(train.size());
        const double valid = validation_loss();
        std::cout << fmt::format("epoch {}/{}: rate {:.6f}, training loss {:.5f}, validation loss {:.5f} ({:.1f} s)\n",
                                 epoch + 1, o.epochs, adam.rate, train_loss, valid, seconds_since(epoch_start))
                  << std::flush;
        epoch_log.push_back({{"epoch", epoch + 1}, {"training_loss", train_loss}, {"validation_loss", valid}});
    }
    return epoch_log;
}

// The held-out positions judged three ways: the network as built, as trained in floats, and
// the tables, over every position, the positions the search evaluates, and each file's.
struct ValidationStandings {
    Comparison all, evaluated;
    std::vector<Comparison> by_source;
    std::int32_t largest_sum = 0;
};

ValidationStandings judge_validation(const ValueNetwork& built, const FloatNetwork& network, const TrainingSet& set,
                                     const std::vector<std::uint32_t>& validation, double table_k_result,
                                     double table_k_target) {
    ValidationStandings v;
    v.by_source.resize(set.sources.size());
    for (std::uint32_t i : validation) {
        const TrainingSample& s = set.samples[i];
        const ValueFeatures f = features_of(set, s);
        for (std::int32_t sum : accumulate(built, f)) v.largest_sum = std::max(v.largest_sum, std::abs(sum));
        const double p_built = evaluate_win_probability(built, f);
        const double p_float = sigmoid(network.logit(set, s));
        const double p_tables_result = sigmoid(table_k_result * s.table_eval);
        const double p_tables_target = sigmoid(table_k_target * s.table_eval);
        for (Comparison* c :
             {&v.all, &v.evaluated, &v.by_source[std::min<std::size_t>(s.source, v.by_source.size() - 1)]}) {
            if (c == &v.evaluated && !s.evaluated) continue;
            c->network.add(p_built, s);
            c->network_float.add(p_float, s);
            // Each loss at the scale fitted for it; accuracy does not depend on the scale.
            Standing& t = c->tables;
            t.result_loss += log_loss(p_tables_result, s.result);
            t.target_loss += log_loss(p_tables_target, s.target);
            ++t.positions;
            if (s.result != 0.5f) {
                ++t.decided;
                t.hits += s.table_eval == 0 ? 0.5 : (s.table_eval > 0) == (s.result > 0.5f);
            }
        }
    }
    return v;
}

nlohmann::json comparison_json(const Comparison& c) {
    return {{"network", c.network.json()}, {"network_float", c.network_float.json()}, {"tables", c.tables.json()}};
}

// The policy's standing on held-out positions: cross-entropy against the chosen move, and how
// often the chosen move is first and within the first three (ties go to the earlier candidate,
// as the search's ordering breaks them).
struct PolicyStanding {
    double loss = 0;
    int first = 0, top3 = 0, positions = 0;
    void add(const std::vector<double>& logits, int chosen) {
        const double top = *std::max_element(logits.begin(), logits.end());
        double total = 0;
        for (double l : logits) total += std::exp(l - top);
        loss += std::log(total) - (logits[static_cast<std::size_t>(chosen)] - top);
        int rank = 0;
        for (std::size_t i = 0; i < logits.size(); ++i)
            rank += logits[i] > logits[static_cast<std::size_t>(chosen)] ||
                    (logits[i] == logits[static_cast<std::size_t>(chosen)] && i < static_cast<std::size_t>(chosen));
        first += rank == 0;
        top3 += rank < 3;
        ++positions;
    }
    nlohmann::json json() const {
        const double n = std::max(positions, 1);
        return {{"positions", positions}, {"cross_entropy", loss / n}, {"first", first / n}, {"top3", top3 / n}};
    }
};

// Fits the policy head on top of value (which it leaves as it is) and writes the network with
// it to --out; the figures go into report.
int fit_policy(const TrainerOptions& o, const ValueNetwork& value, nlohmann::json& report, Clock::time_point started) {
    PolicySet set;
    for (const std::string& f : o.files)
        if (const Status s = read_policy_file(f, value, o.validation_every, set); !s) return refuse(s.error());
    std::vector<std::uint32_t> train, validation;
    for (std::uint32_t i = 0; i < set.samples.size(); ++i)
        (set.samples[i].validation ? validation : train).push_back(i);
    std::cout << fmt::format(
        "policy: {} games ({} lines skipped): {} training positions, {} validation, {:.1f} "
        "candidates a position ({:.1f} s)\n",
        set.games, set.skipped, train.size(), validation.size(),
        set.samples.empty() ? 0.0 : static_cast<double>(set.cells.size()) / set.samples.size(), seconds_since(started));
    if (train.empty() || validation.empty())
        return refuse("too few chosen moves of self-play for a policy's training and validation split");
    FloatPolicy policy(value, o.policy_width, o.seed);
    // The float head's standing on the held-out positions, as judged at the end.
    auto standing_in_floats = [&] {
        PolicyStanding standing;
        std::vector<float> logits;
        for (std::uint32_t i : validation) {
            policy.logits(set, i, logits);
            standing.add(std::vector<double>(logits.begin(), logits.end()), set.samples[i].chosen);
        }
        return standing;
    };
    auto validation_loss = [&] { return standing_in_floats().json()["cross_entropy"].get<double>(); };
    std::cout << fmt::format("policy before training (the learned ordering): validation cross-entropy {:.5f}\n",
                             validation_loss());
    std::mt19937 shuffle(o.seed);
    std::vector<std::uint32_t> batch;
    nlohmann::json epochs = nlohmann::json::array();
    for (int epoch = 0; epoch < o.policy_epochs; ++epoch) {
        const auto epoch_start = Clock::now();
        std::shuffle(train.begin(), train.end(), shuffle);
        AdamSettings adam;
        adam.rate = o.policy_rate * std::pow(o.rate_decay, epoch);
        double loss_sum = 0;
        for (std::size_t begin = 0; begin < train.size(); begin += static_cast<std::size_t>(o.batch_size)) {
            const std::size_t end = std::min(train.size(), begin + static_cast<std::size_t>(o.batch_size));
            batch.assign(train.begin() + static_cast<std::ptrdiff_t>(begin),
                         train.begin() + static_cast<std::ptrdiff_t>(end));
            loss_sum += policy.train_batch(set, batch, adam) * static_cast<double>(batch.size());
        }
        const double train_loss = loss_sum / static_cast<double>(train.size()), valid = validation_loss();
        std::cout
            << fmt::format(
                   "policy epoch {}/{}: rate {:.6f}, training cross-entropy {:.5f}, validation {:.5f} ({:.1f} s)\n",
                   epoch + 1, o.policy_epochs, adam.rate, train_loss, valid, seconds_since(epoch_start))
            << std::flush;
        epochs.push_back({{"epoch", epoch + 1}, {"training_loss", train_loss}, {"validation_loss", valid}});
    }

    const Status written = write_value_network(policy.quantised_into(value), o.out);
    if (!written) return refuse(written.error());
    const Result<ValueNetwork> built = read_value_network(o.out);
    if (!built) return refuse("the file just written does not load: " + built.error());
    // Judged three ways on the held-out positions: the learned ordering the search uses without
    // a policy, the head in floats, and the head as built, through the engine's own arithmetic.
    const PolicyStanding as_float = standing_in_floats();
    PolicyStanding ordering, as_built;
    std::vector<double> logits;
    std::vector<std::int32_t> hidden(static_cast<std::size_t>(set.hidden));
    for (std::uint32_t i : validation) {
        const PolicySample& s = set.samples[i];
        const PolicyCandidate* cells = set.cells.data() + s.begin;
        logits.assign(s.count, 0.0);
        for (int c = 0; c < s.count; ++c) logits[static_cast<std::size_t>(c)] = cells[c].order / kOrderUnitsPerLogit;
        ordering.add(logits, s.chosen);
        for (int h = 0; h < set.hidden; ++h)
            hidden[static_cast<std::size_t>(h)] = static_cast<std::int32_t>(
                std::lround(set.activations[static_cast<std::size_t>(i) * set.hidden + h] * kActivationScale));
        const std::vector<std::int32_t> context = policy_context(*built, hidden);
        for (int c = 0; c < s.count; ++c)
            logits[static_cast<std::size_t>(c)] =
                policy_logit_units(*built, context,
                                   {s.own_mode, s.opp_mode, cells[c].own_code, cells[c].opp_code, cells[c].near_last,
                                    cells[c].near_own}) /
                static_cast<double>(kActivationScale * kWeightScale);
        as_built.add(logits, s.chosen);
    }
    std::cout << fmt::format("\npolicy, validation ({} positions):\n", as_built.positions);
    std::cout << fmt::format("  {:<22} {:>14} {:>10} {:>10}\n", "", "cross-entropy", "first", "top 3");
    for (const auto& [name, st] : {std::pair<const char*, const PolicyStanding*>{"learned ordering", &ordering},
                                   {"policy (float)", &as_float},
                                   {"policy (as built)", &as_built}}) {
        const nlohmann::json j = st->json();
        std::cout << fmt::format("  {:<22} {:>14.5f} {:>9.2f}% {:>9.2f}%\n", name, j["cross_entropy"].get<double>(),
                                 100 * j["first"].get<double>(), 100 * j["top3"].get<double>());
    }
    std::cout << fmt::format("wrote {} ({} bytes) in {:.1f} s\n", o.out, serialise(*built).size(),
                             seconds_since(started));
    report["policy"] = {{"width", o.policy_width},
                        {"games", set.games},
                        {"training_positions", train.size()},
                        {"validation_positions", validation.size()},
                        {"epochs", epochs},
                        {"learned_ordering", ordering.json()},
                        {"policy_float", as_float.json()},
                        {"policy", as_built.json()}};
    return 0;
}

// Fits the value network and writes it to --out; the network as read back from the file, or
// the exit code.
std::variant<ValueNetwork, int> fit_value(TrainerOptions& o, nlohmann::json& report, Clock::time_point started) {
    TrainingSet set;
    const ReadOptions read_options{o.validation_every, o.max_positions, o.evaluated_only, o.quiet_rows_zero};
    for (const std::string& f : o.files)
        if (const Status s = read_selfplay_file(f, read_options, set); !s) return refuse(s.error());
    std::vector<std::uint32_t> train, validation;
    for (std::uint32_t i = 0; i < set.samples.size(); ++i)
        (set.samples[i].validation ? validation : train).push_back(i);
    std::cout << fmt::format(
        "{} games ({} held out, {} lines skipped): {} training positions, {} validation ({:.1f} s)\n", set.games,
        set.validation_games, set.skipped, train.size(), validation.size(), seconds_since(started));
    if (train.empty() || validation.empty()) return refuse("too few games for a training and a validation split");

    const bool fitted_scale = o.score_scale == 0;
    if (fitted_scale) o.score_scale = fit_score_scale(set);
    assign_targets(set, o.score_scale, o.result_weight);
    const double table_k_result = fit_table_scale(set, false), table_k_target = fit_table_scale(set, true);
    std::cout << fmt::format(
        "search scores read as 1 / (1 + exp(-score / {:.1f})) ({}); result weight {}; tables' scale k {:.6f} "
        "against results, {:.6f} against targets\n",
        o.score_scale, fitted_scale ? "fitted" : "given", o.result_weight, table_k_result, table_k_target);

    FloatNetwork network(set.family, {o.accumulator, o.threat, o.hidden}, o.bound, o.seed);
    const nlohmann::json epoch_log = train_epochs(network, set, train, validation, o);

    // The file is what the engine will read: judge the network by it, read back, through the
    // engine's own forward pass.
    const Status written = write_value_network(network.quantised(o.quiet_rows_zero), o.out);
    if (!written) return refuse(written.error());
    Result<ValueNetwork> built = read_value_network(o.out);
    if (!built) return refuse("the file just written does not load: " + built.error());
    const ValidationStandings v = judge_validation(*built, network, set, validation, table_k_result, table_k_target);
    std::cout << "\n";
    print_comparison("validation, every position", v.all);
    print_comparison("validation, positions the search evaluates", v.evaluated);
    if (v.by_source.size() > 1)
        for (std::size_t i = 0; i < v.by_source.size(); ++i)
            print_comparison("validation, every position of " + set.sources[i], v.by_source[i]);
    std::cout << fmt::format("largest accumulator entry on validation: {} (int16 holds 32767)\n", v.largest_sum);
    std::cout << fmt::format("wrote {} ({} bytes) in {:.1f} s\n", o.out, serialise(*built).size(),
                             seconds_since(started));

    nlohmann::json files_json = nlohmann::json::array();
    for (std::size_t i = 0; i < v.by_source.size(); ++i) {
        nlohmann::json row = comparison_json(v.by_source[i]);
        row["file"] = set.sources[i];
        files_json.push_back(std::move(row));
    }
    report.update({
        {"games", set.games},
        {"validation_games", set.validation_games},
        {"training_positions", train.size()},
        {"validation_positions", validation.size()},
        {"score_scale", o.score_scale},
        {"result_weight", o.result_weight},
        {"table_scale_result", table_k_result},
        {"table_scale_target", table_k_target},
        {"epochs", epoch_log},
        {"largest_accumulator_entry", v.largest_sum},
        {"validation", comparison_json(v.all)},
        {"validation_by_file", files_json},
        {"validation_evaluated", comparison_json(v.evaluated)},
    });
    return std::move(*built);
}

}  // namespace
}  // namespace tengen

int main(int argc, char** argv) {
    using namespace tengen;
    auto parsed = parse_options(argc, argv);
    if (const int* code = std::get_if<int>(&parsed)) return *code;
    TrainerOptions& o = std::get<TrainerOptions>(parsed);
    const auto started = Clock::now();
    nlohmann::json report = nlohmann::json::object();

    ValueNetwork value;
    if (o.value_from.empty()) {
        auto fitted = fit_value(o, report, started);
        if (const int* code = std::get_if<int>(&fitted)) return *code;
        value = std::move(std::get<ValueNetwork>(fitted));
    } else {
        Result<ValueNetwork> read = read_value_network(o.value_from);
        if (!read) return refuse(read.error());
        value = std::move(*read);
        value.sizes.policy = 0;  // a head it has already is fitted anew
        report["value_from"] = o.value_from;
    }
    if (o.policy_width > 0)
        if (const int code = fit_policy(o, value, report, started); code != 0) return code;

    if (!o.report.empty()) {
        std::ofstream r(o.report);
        r << report.dump(2) << "\n";
        if (!r) return refuse("cannot write " + o.report);
    }
    return 0;
}
