// Fits the search's move ordering to the moves played in recorded games: a softmax over a
// position's candidate cells, each scored by attack[code of the mover's four shapes there] +
// defence[code of the opponent's], trained by Adam on the cross-entropy of the move played,
// with L2 toward zero so that rare codes stay near neutral. Reports how often the played move
// is first and among the first three under the engine's current hand-set ordering and under
// the fitted one, on games held out, and writes the fitted tables as a header the build
// includes (ai/move_order_weights.h).
//
//   tengen-tune-order GAMES.jsonl... [--holdout 10] [--out ai/move_order_weights.h]
//
// Games are arena results lines (tengen-arena --results): opening and moves. Only positions
// the search orders moves in are used: nobody has a five, the mover has no open four.
#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/board.h"
#include "ai/move_order.h"
#include "engine/notation.h"
#include "tools/tuners/recorded_games.h"
#include "ai/search_position.h"

namespace tengen {
namespace {

struct Candidate {
    std::uint16_t attack_code;
    std::uint16_t defence_code;
    std::int32_t engine_score;  // the engine's hand-set ordering score (value * 2 + value of theirs)
    std::uint8_t near_last;     // distance bucket to the opponent's last stone
    std::uint8_t near_own;      // distance bucket to our own last stone
};

constexpr int kDistanceBuckets = kNearnessBuckets;

int distance_bucket(const SearchPosition& p, int cell, int other) {
    return other < 0 ? kNoStoneBucket : nearness_bucket(p.point_of(cell), p.point_of(other));
}

struct Sample {
    std::uint32_t begin;  // candidates [begin, end) in the shared array
    std::uint32_t end;
    std::uint32_t target;  // index of the move played, relative to begin
    bool validation;
};

struct Data {
    std::vector<Candidate> candidates;
    std::vector<Sample> samples;
    int games = 0;
    int skipped_games = 0;
    int positions_without_target = 0;
};

// What a code is made of: the cells' line shapes (kOrderCodes codes) or, with --fine, the
// evaluation's finer line classes (kCellCodes).
struct CodeKind {
    bool fine = false;
    int count() const { return fine ? kCellCodes : kOrderCodes; }
    int values() const { return fine ? int{kLineClassCount} : int{kShapeCount}; }  // per direction
    const char* count_name() const { return fine ? "kCellCodes" : "kOrderCodes"; }
    int at(const SearchPosition& p, int cell, int colour) const {
        std::array<int, 4> s{};
        for (int d = 0; d < 4; ++d) s[d] = fine ? int{p.line_class(cell, colour, d)} : int{p.shape(cell, colour, d)};
        return fine ? cell_code(s) : order_code(s);
    }
};

// The candidates the search would generate here (its first, threat-aware pass).
void add_position(const SearchPosition& p, int played_cell, bool validation, const CodeKind& codes, Data& data) {
    const int us = p.side(), them = us ^ 1;
    const SearchPosition::Box b = p.candidate_box();
    const Rule rule = p.config().rule;
    const bool must_defend = p.class_count(them, kClsFlexFour) > 0 && rule != Rule::Caro && rule != Rule::CaroExact;
    Sample s{static_cast<std::uint32_t>(data.candidates.size()), 0, ~0u, validation};
    for (int y = b.y0; y <= b.y1; ++y)
        for (int x = b.x0; x <= b.x1; ++x) {
            const int cell = p.cell_of({x, y});
            if (!p.empty(cell) || !p.near_stones(cell)) continue;
            if (must_defend && !p.has_four_shape(cell, them) && p.cls(cell, us) < kClsFour) continue;
            if (p.renju() && us == 0 && p.cls(cell, 0) == kClsForbid) continue;
            if (cell == played_cell) s.target = static_cast<std::uint32_t>(data.candidates.size()) - s.begin;
            data.candidates.push_back({static_cast<std::uint16_t>(codes.at(p, cell, us)),
                                       static_cast<std::uint16_t>(codes.at(p, cell, them)),
                                       p.order_value(cell, us) * 2 + p.order_value(cell, them),
                                       static_cast<std::uint8_t>(distance_bucket(p, cell, p.last_cell())),
                                       static_cast<std::uint8_t>(distance_bucket(p, cell, p.cell_two_plies_ago()))});
        }
    s.end = static_cast<std::uint32_t>(data.candidates.size());
    if (s.target == ~0u || s.end - s.begin < 2) {
        data.candidates.resize(s.begin);
        if (s.target == ~0u) ++data.positions_without_target;
        return;
    }
    data.samples.push_back(s);
}

void read_games(const std::string& path, int holdout_percent, const CodeKind& codes, Data& data) {
    const RecordedGameCounts counts = for_each_recorded_game(path, [&](const RecordedGame& g) {
        const bool validation = data.games % 100 < holdout_percent;
        ++data.games;
        SearchPosition p(g.config);
        p.set_from(Board(g.config));
        for (int i = 0; i < static_cast<int>(g.stones.size()); ++i) {
            const Point q = g.stones[i];
            if (q.x < 0 || q.y < 0 || q.x >= g.config.width || q.y >= g.config.height || !p.empty(p.cell_of(q))) {
                ++data.skipped_games;
                return;
            }
            const int cell = p.cell_of(q);
            const int us = p.side();
            const bool ordered_by_search = i >= g.opening_stones && p.stones() > 0 &&
                                           p.class_count(us, kClsFive) == 0 && p.class_count(us ^ 1, kClsFive) == 0 &&
                                           p.class_count(us, kClsFlexFour) == 0;
            if (ordered_by_search) add_position(p, cell, validation, codes, data);
            p.make(cell);
        }
    });
    data.skipped_games += counts.skipped;
}

struct Weights {
    explicit Weights(int codes) : attack(codes, 0.0), defence(codes, 0.0) {}
    std::vector<double> attack;
    std::vector<double> defence;
    std::vector<double> near_last = std::vector<double>(kDistanceBuckets, 0.0);
    std::vector<double> near_own = std::vector<double>(kDistanceBuckets, 0.0);
    double base_per_unit = 0;  // with --residual: the hand-set order's weight (logits a unit)
    double score(const Candidate& c) const {
        return base_per_unit * c.engine_score + attack[c.attack_code] + defence[c.defence_code] +
               near_last[c.near_last] + near_own[c.near_own];
    }
};

struct Accuracy {
    double loss = 0;
    double top1 = 0;
    double top3 = 0;
};

// Cross-entropy and top-k hit rates of a scoring over the samples of one split.
template <class ScoreFn>
Accuracy measure(const Data& data, bool validation, ScoreFn score) {
    Accuracy a;
    int n = 0;
    std::vector<double> v;
    for (const Sample& s : data.samples) {
        if (s.validation != validation) continue;
        v.clear();
        double top = -1e300;
        for (std::uint32_t i = s.begin; i < s.end; ++i) {
            v.push_back(score(data.candidates[i]));
            top = std::max(top, v.back());
        }
        double sum = 0;
        for (double x : v) sum += std::exp(x - top);
        a.loss += std::log(sum) - (v[s.target] - top);
        int better = 0;
        for (std::size_t i = 0; i < v.size(); ++i)
            better += v[i] > v[s.target] || (v[i] == v[s.target] && i < s.target);
        a.top1 += better == 0;
        a.top3 += better < 3;
        ++n;
    }
    if (n > 0) {
        a.loss /= n;
        a.top1 /= n;
        a.top3 /= n;
    }
    return a;
}

void fit(const Data& data, Weights& w, int epochs, double l2, double rate) {
    const int codes = static_cast<int>(w.attack.size());
    const int params = 2 * codes + 2 * kDistanceBuckets;
    auto weight = [&](int i) -> double& {
        if (i < codes) return w.attack[i];
        if (i < 2 * codes) return w.defence[i - codes];
        if (i < 2 * codes + kDistanceBuckets) return w.near_last[i - 2 * codes];
        return w.near_own[i - 2 * codes - kDistanceBuckets];
    };
    std::vector<double> m(params, 0), v(params, 0), grad(params);
    std::vector<double> prob;
    int step = 0;
    int train = 0;
    for (const Sample& s : data.samples) train += !s.validation;
    constexpr int kBatch = 4096;
    for (int epoch = 0; epoch < epochs; ++epoch) {
        std::fill(grad.begin(), grad.end(), 0.0);
        int in_batch = 0;
        auto apply = [&] {
            ++step;
            const double b1 = 0.9, b2 = 0.999;
            for (int i = 0; i < params; ++i) {
                double& wi = weight(i);
                const double g = grad[i] / in_batch + l2 * wi;
                m[i] = b1 * m[i] + (1 - b1) * g;
                v[i] = b2 * v[i] + (1 - b2) * g * g;
                const double mh = m[i] / (1 - std::pow(b1, step)), vh = v[i] / (1 - std::pow(b2, step));
                wi -= rate * mh / (std::sqrt(vh) + 1e-8);
            }
            std::fill(grad.begin(), grad.end(), 0.0);
            in_batch = 0;
        };
        for (const Sample& s : data.samples) {
            if (s.validation) continue;
            prob.clear();
            double top = -1e300;
            for (std::uint32_t i = s.begin; i < s.end; ++i) {
                const Candidate& c = data.candidates[i];
                prob.push_back(w.score(c));
                top = std::max(top, prob.back());
            }
            double sum = 0;
            for (double& x : prob) sum += (x = std::exp(x - top));
            for (std::uint32_t i = s.begin; i < s.end; ++i) {
                const Candidate& c = data.candidates[i];
                const double g = prob[i - s.begin] / sum - (i - s.begin == s.target ? 1.0 : 0.0);
                grad[c.attack_code] += g;
                grad[codes + c.defence_code] += g;
                grad[2 * codes + c.near_last] += g;
                grad[2 * codes + kDistanceBuckets + c.near_own] += g;
            }
            if (++in_batch == kBatch) apply();
        }
        if (in_batch > 0) apply();
        if (epoch % 10 == 9 || epoch + 1 == epochs) {
            const auto learned = [&](const Candidate& c) { return w.score(c); };
            const Accuracy t = measure(data, false, learned), val = measure(data, true, learned);
            std::cerr << fmt::format(
                "epoch {:3d}: train loss {:.4f} top1 {:.3f} | validation loss {:.4f} top1 {:.3f} top3 {:.3f}\n",
                epoch + 1, t.loss, t.top1, val.loss, val.top1, val.top3);
        }
    }
    (void)train;
}

// The shapes (or line classes) of a code, as numbers: the inverse of the code, by search.
std::string shape_list(int code, const CodeKind& codes) {
    const int values = codes.values();
    for (int a = 0; a < values; ++a)
        for (int b = a; b < values; ++b)
            for (int c = b; c < values; ++c)
                for (int d = c; d < values; ++d)
                    if (multiset_rank({a, b, c, d}, values) == code) return fmt::format("{} {} {} {}", a, b, c, d);
    return "?";
}

void write_header(const std::string& path, const Weights& w, const CodeKind& codes, double scale,
                  const std::string& provenance) {
    std::ofstream out(path);
    out << "// Generated by tengen-tune-order (tools/tuners/tune_order.cpp); do not edit by hand.\n";
    out << "// " << provenance << "\n";
    out << "// Learned move-ordering values per "
        << (codes.fine ? "cell code (ai/cell_code.h, the evaluation's line classes)" : "order code (ai/move_order.h)")
        << ", in units of 1/" << scale
        << " of a logit: attack for the mover's code at a cell, defence for the opponent's.\n";
    out << "#pragma once\n\n#include <array>\n#include <cstdint>\n\n#include \"ai/move_order.h\"\n\nnamespace tengen {\n\n";
    auto table = [&](const char* name, const std::vector<double>& v) {
        out << "inline constexpr std::array<std::int16_t, " << codes.count_name() << "> " << name << "{\n";
        for (int i = 0; i < codes.count(); ++i) {
            const long q = std::lround(std::clamp(v[i] * scale, -30000.0, 30000.0));
            out << "    " << q << ",";
            if (i % 12 == 11 || i + 1 == codes.count()) out << "\n";
        }
        out << "};\n\n";
    };
    table("kOrderAttack", w.attack);
    table("kOrderDefence", w.defence);
    out << "// Chebyshev distance 1, 2, 3, 4, farther, none: to the opponent's last stone, to ours.\n";
    out << "inline constexpr std::array<std::int16_t, 6> kOrderNearLast{";
    for (int i = 0; i < kDistanceBuckets; ++i) out << (i ? ", " : "") << std::lround(w.near_last[i] * scale);
    out << "};\ninline constexpr std::array<std::int16_t, 6> kOrderNearOwn{";
    for (int i = 0; i < kDistanceBuckets; ++i) out << (i ? ", " : "") << std::lround(w.near_own[i] * scale);
    out << "};\n\n";
    out << "}  // namespace tengen\n";
}

}  // namespace
}  // namespace tengen

int main(int argc, char** argv) {
    using namespace tengen;
    namespace po = boost::program_options;
    po::options_description opts("tengen-tune-order GAMES.jsonl... [options]");
    std::vector<std::string> files;
    int holdout = 10, epochs = 60;
    double l2 = 1e-4, rate = 0.02, scale = 64;
    std::string out;
    CodeKind codes;
    bool residual = false;
    // One option a line, as --help lists them.
    // clang-format off
    opts.add_options()("help,h", "show this help")("games", po::value(&files)->multitoken(), "arena results files")(
        "holdout", po::value(&holdout)->default_value(10), "percent of games held out for validation")(
        "epochs", po::value(&epochs)->default_value(60), "passes over the training positions")(
        "l2", po::value(&l2)->default_value(1e-4), "L2 regularisation toward zero")(
        "rate", po::value(&rate)->default_value(0.02), "Adam learning rate")(
        "scale", po::value(&scale)->default_value(64), "engine units per logit in the written tables")(
        "out", po::value(&out), "write the fitted tables to this header")(
        "fine", po::bool_switch(&codes.fine), "codes of the evaluation's line classes instead of line shapes")(
        "residual", po::bool_switch(&residual), "fit corrections added to the hand-set order, not a replacement");
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
    if (vm.count("help") || files.empty()) {
        std::cout << opts;
        return files.empty() && !vm.count("help") ? 2 : 0;
    }
    Data data;
    for (const std::string& f : files) read_games(f, holdout, codes, data);
    std::cerr << fmt::format(
        "{} games ({} skipped), {} positions, {} candidates; {} positions whose move was not a candidate\n", data.games,
        data.skipped_games, data.samples.size(), data.candidates.size(), data.positions_without_target);
    // The hand-set ordering's scale in logits (engine units per logit) where its loss is least:
    // written at that scale, the fitted tables weigh against history and killers as it does.
    double hand_scale = 16;
    {
        double lo = std::log(1.0), hi = std::log(1000.0);
        auto loss_at = [&](double log_scale) {
            const double s = std::exp(log_scale);
            return measure(data, false, [s](const Candidate& c) { return c.engine_score / s; }).loss;
        };
        for (int i = 0; i < 40; ++i) {
            const double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
            if (loss_at(a) < loss_at(b))
                hi = b;
            else
                lo = a;
        }
        hand_scale = std::exp((lo + hi) / 2);
    }
    const auto engine = [hand_scale](const Candidate& c) { return c.engine_score / hand_scale; };
    const Accuracy e = measure(data, true, engine);
    std::cerr << fmt::format(
        "hand-set ordering on validation: loss {:.4f} top1 {:.3f} top3 {:.3f} at {:.1f} units a logit\n", e.loss,
        e.top1, e.top3, hand_scale);
    if (vm["scale"].defaulted()) scale = hand_scale;
    Weights w(codes.count());
    if (residual) w.base_per_unit = 1.0 / hand_scale;
    fit(data, w, epochs, l2, rate);
    if (!out.empty()) {
        std::string names;
        for (const std::string& f : files) {
            if (!names.empty()) names += ' ';
            names += f.substr(f.find_last_of('/') + 1);
        }
        write_header(out, w, codes, scale,
                     fmt::format("Fitted on {} ({} positions, {}% of games held out, l2 {}, {} epochs).", names,
                                 data.samples.size(), holdout, l2, epochs));
        std::cerr << "wrote " << out << "\n";
    }
    // The strongest codes, as a sanity check (shapes as LineShape numbers).
    std::vector<int> order(codes.count());
    for (int i = 0; i < codes.count(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return w.attack[a] > w.attack[b]; });
    for (int i = 0; i < 8; ++i)
        std::cerr << fmt::format("attack {:7.3f}  shapes {}\n", w.attack[order[i]], shape_list(order[i], codes));
    std::sort(order.begin(), order.end(), [&](int a, int b) { return w.defence[a] > w.defence[b]; });
    for (int i = 0; i < 8; ++i)
        std::cerr << fmt::format("defence {:7.3f} shapes {}\n", w.defence[order[i]], shape_list(order[i], codes));
    return 0;
}
