// Fits the evaluation's tables to game results and writes them as the header the build
// includes (ai/eval_tables.h). The evaluation (ai/evaluation.h) is a sum over empty cells of
// a learned value per cell code (cell_code.h: the cell's four line classes for one colour),
// one table for the side to move and one for the side that has just moved, averaged over
// this position and the one before the last move, plus a learned value per threat mask
// (evaluation.h: which of the big threats each side holds).
//
// The fit is logistic regression on the results of recorded games (Texel-style), with the
// scale K of engine units fixed: P(win) = 1 / (1 + exp(-K * eval)). Each table entry is the
// prior model's value plus a learned correction, and the corrections are held toward zero by
// an L2 penalty, so a code the data rarely shows keeps the prior's value. The prior is the
// linear evaluation Tengen used before these tables (a value per line shape and a bonus per
// cell pattern, fitted the same way on fewer games: its numbers are below).
//
//   tengen-tune-eval-codes GAMES.jsonl... [--holdout 10] [--l2 ...] [--epochs ...] [--score-weight W] --out ai/eval_tables.h
//   tengen-tune-eval-codes --prior-only --out ai/eval_tables.h     (writes the prior itself)
//   tengen-tune-eval-codes GAMES.jsonl... --from-build ...          (refines the build's tables)
//
// Games are arena results lines (tengen-arena --results) or self-play records.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/board.h"
#include "ai/cell_code.h"
#include "ai/cell_pattern.h"
#include "ai/eval_tables.h"
#include "ai/evaluation.h"
#include "engine/notation.h"
#include "tools/tuners/recorded_games.h"
#include "ai/search_position.h"

namespace tengen {
namespace {

// The prior: Tengen's evaluation before the code tables, per role ([0] to move, [1] just
// moved): a value per LineShape and a bonus per CellPattern (fitted on 9,768 self-play and
// arena games of 15x15 freestyle in an earlier session; the engine's numbers then).
struct PriorWeights {
    std::array<int, kShapeCount> shape;
    std::array<int, kPatternCount> pattern;
};
constexpr std::array<PriorWeights, 2> kPrior{{
    {{0, -9, 9, -11, 2, 1, 8, 254, 1511, 0, 0}, {0, 0, 0, 74, 612, 114, -36, -9, 40, 12, -32, 10, 2}},
    {{0, 2, -7, 14, 41, 80, 175, 578, 671, 0, 0}, {0, 0, 0, -235, 269, 139, -15, -14, 48, -25, 4, 12, -13}},
}};
constexpr int kPriorTempo = -14;
constexpr int kPriorFourThree = 600;    // ours, when they have no four to interpose
constexpr int kPriorDoubleThree = 300;  // ours (not renju black), when they have no three or four
constexpr int kPriorTheirThree = -34;   // theirs can become an open four and we have no four

constexpr int kRoles = 2;
constexpr int kCodeParams = kEvalModes * kRoles * kCellCodes;
constexpr int kThreatParams = kThreatVariants * kThreatMasks;
constexpr int kParams = kCodeParams + kThreatParams;

int code_param(int mode, int role, int code) { return (mode * kRoles + role) * kCellCodes + code; }
int threat_param(int variant, int mask) { return kCodeParams + variant * kThreatMasks + mask; }

// A representative set of four classes for a code, to evaluate the prior on it.
std::vector<std::array<int, 4>> code_classes() {
    std::vector<std::array<int, 4>> out(kCellCodes);
    for (int a = 0; a < kLineClassCount; ++a)
        for (int b = a; b < kLineClassCount; ++b)
            for (int c = b; c < kLineClassCount; ++c)
                for (int d = c; d < kLineClassCount; ++d) out[cell_code({a, b, c, d})] = {a, b, c, d};
    return out;
}

std::vector<double> prior_params() {
    std::vector<double> w(kParams, 0.0);
    const auto classes = code_classes();
    for (int mode = 0; mode < kEvalModes; ++mode)
        for (int code = 0; code < kCellCodes; ++code) {
            std::array<int, 4> shapes{};
            for (int d = 0; d < 4; ++d) shapes[d] = shape_of(static_cast<LineClass>(classes[code][d]));
            const CellPattern pattern = cell_pattern(shapes, is_renju_black_mode(mode));
            for (int role = 0; role < kRoles; ++role) {
                int v = 0;
                if (pattern != kPatForbid) {
                    v = kPrior[role].pattern[pattern];
                    for (int s : shapes) v += kPrior[role].shape[s];
                }
                w[code_param(mode, role, code)] = std::clamp(v, -4000, 4000);
            }
        }
    for (int variant = 0; variant < kThreatVariants; ++variant)
        for (int mask = 0; mask < kThreatMasks; ++mask) {
            const ThreatBits t = threat_bits(mask);
            int v = kPriorTempo;
            if (t.our_four_three && !t.their_four) v += kPriorFourThree;
            if (!is_renju_black_mode(variant) && t.our_double_three && !t.their_open_three && !t.their_four)
                v += kPriorDoubleThree;
            if (t.their_open_three && !t.our_four) v += kPriorTheirThree;
            w[threat_param(variant, mask)] = v;
        }
    return w;
}

// The tables the engine is built with (ai/eval_tables.h), as a prior to refine: new data
// moves them only where it says something, and a code it never shows keeps its value.
std::vector<double> build_params() {
    std::vector<double> w(kParams, 0.0);
    for (int mode = 0; mode < kEvalModes; ++mode)
        for (int role = 0; role < kRoles; ++role)
            for (int code = 0; code < kCellCodes; ++code)
                w[code_param(mode, role, code)] = kCellCodeEval[mode][role][code];
    for (int variant = 0; variant < kThreatVariants; ++variant)
        for (int mask = 0; mask < kThreatMasks; ++mask) w[threat_param(variant, mask)] = kThreatEval[variant][mask];
    return w;
}

struct Feature {
    std::uint32_t param;
    float coeff;
};

struct Sample {
    std::uint32_t begin, end;   // features [begin, end)
    float result;               // 1 win, 0.5 draw, 0 loss for the side to move
    float target;               // what the fit aims at: the result, or blended with the search score
    std::int32_t search_score;  // self-play's search score of this position (side to move), or kNoSearchScore
    bool validation;
    std::int32_t engine_eval;  // the engine's evaluate_position() as built
};

struct Data {
    std::vector<Feature> features;
    std::vector<Sample> samples;
    int games = 0, skipped = 0;
};

using CodeCounts = std::array<std::map<int, int>, 2>;  // per colour: code -> empty cells with it

CodeCounts count_codes(const SearchPosition& p) {
    CodeCounts out;
    for (int y = 0; y < p.height(); ++y)
        for (int x = 0; x < p.width(); ++x) {
            const int cell = p.cell_of({x, y});
            if (!p.empty(cell)) continue;
            for (int c = 0; c < 2; ++c) {
                std::array<int, 4> classes{};
                for (int d = 0; d < 4; ++d) classes[d] = p.line_class(cell, c, d);
                ++out[c][cell_code(classes)];
            }
        }
    return out;
}

void read_games(const std::string& path, int holdout_percent, bool scored_only, Data& data) {
    std::map<std::uint32_t, float> merged;
    const RecordedGameCounts counts = for_each_recorded_game(path, [&](const RecordedGame& g) {
        if (!ended_on_the_board(g) || (g.result != "black" && g.result != "white" && g.result != "draw")) {
            ++data.skipped;
            return;
        }
        const bool validation = data.games % 100 < holdout_percent;
        ++data.games;
        const float black_result = g.result == "black" ? 1.0f : g.result == "white" ? 0.0f : 0.5f;
        SearchPosition p(g.config);
        p.set_from(Board(g.config));
        CodeCounts previous = count_codes(p);
        for (int i = 0; i < static_cast<int>(g.stones.size()); ++i) {
            const Point q = g.stones[i];
            if (q.x < 0 || q.y < 0 || q.x >= g.config.width || q.y >= g.config.height || !p.empty(p.cell_of(q))) {
                ++data.skipped;
                return;
            }
            p.make(p.cell_of(q));
            CodeCounts now = count_codes(p);
            // scores[j] is the search's score before the (opening + j)-th stone, from the view
            // of the side about to play it: the position we stand in now.
            const int j = i + 1 - g.opening_stones;
            const std::int32_t score =
                j >= 0 && j < static_cast<int>(g.search_scores.size()) ? g.search_scores[j] : kNoSearchScore;
            if (j >= 0 && (!scored_only || score != kNoSearchScore) && evaluated_by_search(p)) {
                const int us = p.side(), them = us ^ 1;
                auto mode = [&](int colour) { return eval_mode(p.config().rule, colour); };
                merged.clear();
                for (const auto& [code, n] : now[us]) merged[code_param(mode(us), 0, code)] += 0.5f * n;
                for (const auto& [code, n] : now[them]) merged[code_param(mode(them), 1, code)] -= 0.5f * n;
                for (const auto& [code, n] : previous[us]) merged[code_param(mode(us), 1, code)] += 0.5f * n;
                for (const auto& [code, n] : previous[them]) merged[code_param(mode(them), 0, code)] -= 0.5f * n;
                merged[threat_param(threat_variant(p), threat_mask(p))] += 1.0f;
                const float result = us == 0 ? black_result : 1.0f - black_result;
                Sample s{static_cast<std::uint32_t>(data.features.size()),
                         0,
                         result,
                         result,
                         score,
                         validation,
                         evaluate_position(p)};
                for (const auto& [param, coeff] : merged)
                    if (coeff != 0.0f) data.features.push_back({param, coeff});
                s.end = static_cast<std::uint32_t>(data.features.size());
                data.samples.push_back(s);
            }
            previous = std::move(now);
        }
    });
    data.skipped += counts.skipped;
}

double model_eval(const Data& data, const Sample& s, const std::vector<double>& w) {
    double v = 0;
    for (std::uint32_t i = s.begin; i < s.end; ++i) v += data.features[i].coeff * w[data.features[i].param];
    return std::clamp(v, -20000.0, 20000.0);
}

double log_loss(double k, double eval, double result) {
    const double p = std::clamp(1.0 / (1.0 + std::exp(-k * eval)), 1e-9, 1 - 1e-9);
    return -(result * std::log(p) + (1 - result) * std::log(1 - p));
}

double mean_loss(const Data& data, const std::vector<double>& w, double k, bool validation,
                 bool against_target = false) {
    double sum = 0;
    int n = 0;
    for (const Sample& s : data.samples) {
        if (s.validation != validation) continue;
        sum += log_loss(k, model_eval(data, s, w), against_target ? s.target : s.result);
        ++n;
    }
    return n ? sum / n : 0;
}

double fit_k(const Data& data, const std::vector<double>& w) {
    double best_k = 0.001, best = 1e9;
    for (double k = 0.0005; k <= 0.008; k += 0.00005) {
        const double l = mean_loss(data, w, k, false);
        if (l < best) best = l, best_k = k;
    }
    return best_k;
}

// Game results are noisy labels for a single position (one blunder decides a game);
// the search's own score of the position is a less noisy one. Aim at a blend of the two:
// (1 - w) * result + w * P(win | search score), with the score read on the fit's own scale K.
// Positions without a search score (arena records) keep the result alone. Scores written by
// another engine (tools/data/label_with_engine.py) are on that engine's scale: with
// label_scale > 0 a score S means P(win) = 1 / (1 + exp(-S / label_scale)).
int blend_targets(Data& data, double k, double weight, double label_scale) {
    int blended = 0;
    for (Sample& s : data.samples) {
        s.target = s.result;
        if (weight <= 0 || s.search_score == kNoSearchScore) continue;
        const double score = std::clamp(static_cast<double>(s.search_score), -20000.0, 20000.0);
        const double expected = 1.0 / (1.0 + std::exp(label_scale > 0 ? -score / label_scale : -k * score));
        s.target = static_cast<float>((1 - weight) * s.result + weight * expected);
        ++blended;
    }
    return blended;
}

void fit(const Data& data, const std::vector<double>& prior, std::vector<double>& w, double k, int epochs, double l2,
         double rate) {
    std::vector<double> m(kParams, 0), v(kParams, 0), grad(kParams, 0);
    std::vector<int> seen(kParams, 0);
    int train = 0;
    for (const Sample& s : data.samples) {
        if (s.validation) continue;
        ++train;
        for (std::uint32_t i = s.begin; i < s.end; ++i) ++seen[data.features[i].param];
    }
    constexpr int kBatch = 8192;
    int step = 0;
    for (int epoch = 0; epoch < epochs; ++epoch) {
        int in_batch = 0;
        auto apply = [&] {
            ++step;
            const double b1 = 0.9, b2 = 0.999;
            const double c1 = 1 - std::pow(b1, step), c2 = 1 - std::pow(b2, step);
            for (int i = 0; i < kParams; ++i) {
                if (seen[i] == 0) continue;
                const double g = grad[i] / in_batch + l2 * (w[i] - prior[i]);
                m[i] = b1 * m[i] + (1 - b1) * g;
                v[i] = b2 * v[i] + (1 - b2) * g * g;
                w[i] -= rate * (m[i] / c1) / (std::sqrt(v[i] / c2) + 1e-9);
            }
            std::fill(grad.begin(), grad.end(), 0.0);
            in_batch = 0;
        };
        for (const Sample& s : data.samples) {
            if (s.validation) continue;
            const double e = model_eval(data, s, w);
            const double p = 1.0 / (1.0 + std::exp(-k * e));
            const double g = (p - s.target) * k;  // d loss / d eval
            for (std::uint32_t i = s.begin; i < s.end; ++i) grad[data.features[i].param] += g * data.features[i].coeff;
            if (++in_batch == kBatch) apply();
        }
        if (in_batch > 0) apply();
        if (epoch % 5 == 4 || epoch + 1 == epochs)
            std::cerr << fmt::format(
                "epoch {:3d}: against results train {:.5f} validation {:.5f}; against targets "
                "train {:.5f} validation {:.5f}\n",
                epoch + 1, mean_loss(data, w, k, false), mean_loss(data, w, k, true),
                mean_loss(data, w, k, false, true), mean_loss(data, w, k, true, true));
    }
}

// The provenance lines of the header about to be replaced, so a refined table keeps the
// record of what it was refined from.
std::string earlier_provenance(const std::string& path) {
    std::ifstream in(path);
    std::string line, lines;
    for (int i = 0; std::getline(in, line); ++i) {
        if (i == 0) continue;  // "Generated by ..."
        if (line.rfind("// ", 0) != 0 || line.rfind("// Engine units", 0) == 0) break;
        std::string text = line.substr(3);
        if (lines.empty() && text.rfind("Before that: ", 0) != 0) text = "Before that: " + text;
        lines += (lines.empty() ? "" : "\n// ") + text;
    }
    return lines;
}

void write_header(const std::string& path, const std::vector<double>& w, const std::string& provenance,
                  const std::string& earlier = {}) {
    std::ofstream out(path);
    out << "// Generated by tengen-tune-eval-codes (tools/tuners/tune_eval_codes.cpp); do not edit by hand.\n";
    out << "// " << provenance << "\n";
    if (!earlier.empty()) out << "// " << earlier << "\n";
    out << "// Engine units: the search's scores. kCellCodeEval[mode][role][cell code]: mode by eval_mode\n"
           "// (1 renju black, 2 renju white, 0 every other rule), role 0 the colour is to move, 1 it has\n"
           "// just moved. kThreatEval[variant][threat mask]: variant by the side to move's mode.\n";
    out << "#pragma once\n\n#include <array>\n#include <cstdint>\n\n#include \"ai/cell_code.h\"\n#include \"ai/evaluation.h\"\n\n";
    out << "namespace tengen {\n\n";
    out << "inline constexpr std::array<std::array<std::array<std::int16_t, kCellCodes>, 2>, kEvalModes> kCellCodeEval{{\n";
    for (int mode = 0; mode < kEvalModes; ++mode) {
        out << "    {{\n";
        for (int role = 0; role < kRoles; ++role) {
            out << "        {{";
            for (int code = 0; code < kCellCodes; ++code) {
                if (code % 16 == 0) out << "\n            ";
                out << std::lround(std::clamp(w[code_param(mode, role, code)], -4000.0, 4000.0)) << ",";
            }
            out << "\n        }},\n";
        }
        out << "    }},\n";
    }
    out << "}};\n\n";
    out << "inline constexpr std::array<std::array<std::int16_t, kThreatMasks>, kThreatVariants> kThreatEval{{\n";
    for (int variant = 0; variant < kThreatVariants; ++variant) {
        out << "    {{";
        for (int mask = 0; mask < kThreatMasks; ++mask) {
            if (mask % 16 == 0) out << "\n        ";
            out << std::lround(std::clamp(w[threat_param(variant, mask)], -4000.0, 4000.0)) << ",";
        }
        out << "\n    }},\n";
    }
    out << "}};\n\n}  // namespace tengen\n";
}

}  // namespace
}  // namespace tengen

int main(int argc, char** argv) {
    using namespace tengen;
    namespace po = boost::program_options;
    po::options_description opts("tengen-tune-eval-codes GAMES.jsonl... [options]");
    std::vector<std::string> files;
    int holdout = 10, epochs = 30;
    double l2 = 2e-6, rate = 2.0, score_weight = 0.0, label_scale = 0.0, fixed_k = 0.0;
    bool from_build = false, scored_only = false;
    std::string out;
    // One option a line, as --help lists them.
    // clang-format off
    opts.add_options()("help,h", "show this help")("games", po::value(&files)->multitoken(), "game records")(
        "holdout", po::value(&holdout)->default_value(10), "percent of games held out for validation")(
        "epochs", po::value(&epochs)->default_value(30), "passes over the training positions")(
        "l2", po::value(&l2)->default_value(2e-6), "L2 penalty on each entry's distance from the prior")(
        "rate", po::value(&rate)->default_value(2.0), "Adam step, in engine units")(
        "score-weight", po::value(&score_weight)->default_value(0.0),
        "0..1: how much of each self-play position's target is its search score rather than the game result")(
        "label-scale", po::value(&label_scale)->default_value(0.0),
        "read scores as another engine's: P(win) = 1 / (1 + exp(-score / SCALE)) (Rapfi: 200); 0: Tengen's own")(
        "prior-only", "write the prior model's tables without reading games")(
        "scored-only", po::bool_switch(&scored_only),
        "leave out positions without a score (records of single search nodes, whose result is a placeholder)")(
        "from-build", po::bool_switch(&from_build), "start from (and hold toward) the tables the build has, not the prior model")(
        "k", po::value(&fixed_k)->default_value(0.0),
        "the scale K of engine units, fixed (with --from-build: the build's K keeps the evaluation's scale, which the search's margins are set on); 0: fitted to the prior")(
        "out", po::value(&out), "write the tables to this header");
    // clang-format on
    po::positional_options_description pos;
    pos.add("games", -1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(opts).positional(pos).run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << e.what() << "\n" << opts;
        return 2;
    }
    if (vm.count("help")) {
        std::cout << opts;
        return 0;
    }
    const std::vector<double> prior = from_build ? build_params() : prior_params();
    if (vm.count("prior-only")) {
        if (out.empty()) {
            std::cerr << "--prior-only needs --out\n";
            return 2;
        }
        write_header(out, prior, "The prior model itself (no games read).");
        return 0;
    }
    if (files.empty()) {
        std::cout << opts;
        return 2;
    }
    Data data;
    for (const std::string& f : files) read_games(f, holdout, scored_only, data);
    int validation = 0;
    for (const Sample& s : data.samples) validation += s.validation;
    std::cerr << fmt::format("{} games ({} skipped), {} positions ({} held out), {} features\n", data.games,
                             data.skipped, data.samples.size(), validation, data.features.size());
    // The engine as built must agree with the prior when it was built from the prior's tables.
    double max_diff = 0;
    for (const Sample& s : data.samples)
        max_diff = std::max(max_diff, std::abs(model_eval(data, s, prior) - s.engine_eval));
    std::cerr << fmt::format(
        "largest difference between the prior and the engine's evaluation: {:.1f} (0 when the "
        "build's tables are the prior's)\n",
        max_diff);
    const double k = fixed_k > 0 ? fixed_k : fit_k(data, prior);
    std::cerr << fmt::format("K = {:.5f}; prior: train {:.5f} validation {:.5f}\n", k, mean_loss(data, prior, k, false),
                             mean_loss(data, prior, k, true));
    if (score_weight < 0 || score_weight > 1) {
        std::cerr << "--score-weight must be within 0..1\n";
        return 2;
    }
    const int blended = blend_targets(data, k, score_weight, label_scale);
    std::cerr << fmt::format(
        "{} positions aim at a blend with their search score (weight {}); prior against the "
        "targets: validation {:.5f}\n",
        blended, score_weight, mean_loss(data, prior, k, true, true));
    std::vector<double> w = prior;
    fit(data, prior, w, k, epochs, l2, rate);
    std::cerr << fmt::format("fitted against the targets: validation {:.5f}\n", mean_loss(data, w, k, true, true));
    if (!out.empty()) {
        std::string names;
        for (const std::string& f : files) names += (names.empty() ? "" : ", ") + f.substr(f.find_last_of('/') + 1);
        write_header(
            out, w,
            fmt::format("{} {}: {} positions, {}% of games held out; K {:.5f}, l2 {}, {} epochs, "
                        "score weight {}, label scale {}; validation log-loss against results {:.5f} (prior {:.5f}).",
                        from_build ? "Refined, from the tables built before, on" : "Fitted on", names,
                        data.samples.size(), holdout, k, l2, epochs, score_weight, label_scale,
                        mean_loss(data, w, k, true), mean_loss(data, prior, k, true)),
            from_build ? earlier_provenance(out) : std::string{});
        std::cerr << "wrote " << out << "\n";
    }
    return 0;
}
