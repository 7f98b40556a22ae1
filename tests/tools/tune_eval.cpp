// Texel-style tuning of the static evaluation: replays arena game records with the engine's
// own SearchPosition, keeps the positions the search would evaluate (nobody has a five, the
// side to move has no flex four and no static win in five), and fits the evaluation's linear
// weights by logistic regression on the game results.
//
// The evaluation is linear in per-colour counts: line shapes over every empty cell and
// direction, plus cells of the combined classes four-three, double three and flex four. Each
// colour's counts are taken from the position and from the one before the last move (the
// evaluation averages both to damp the odd/even swing). Models compared:
//   old       the hand-set weights (only the scale K is fitted)
//   plain     one table for both colours, refitted (the old evaluation's form)
//   engine    the evaluation compiled into this build (checks the constants put in the engine)
//   tempo     one table for the side to move and one for the side that just moved; at the
//             previous position the roles swap, so each colour is valued for its role there
//   combo     tempo with a bonus per cell pattern (cell_pattern.h: the combination of the
//             cell's four shapes) in place of the three class bonuses
//   combo-add the engine's evaluation as built, held fixed, plus a bonus per role for the
//             patterns it does not value yet (how the engine's pattern bonuses were fitted)
//
//   xz -dk tests/data/training/selfplay-15x15.jsonl.xz tests/data/training/arena-15x15.jsonl.xz
//   tengen-tune-eval tests/data/training/*.jsonl [--holdout 10] [--l2 1e-4]
// selfplay-15x15: 5,872 self-play games of the first fitted engine; arena-15x15: 3,920 arena
// games (0.05 s/move, random openings) of later engines against each other, the records
// c1, et, final-vs-prev, lmr, lmr2, qp0, rfp5, s3 and s3c of the second session in that order.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "board.h"
#include "cell_pattern.h"
#include "evaluation.h"
#include "notation.h"
#include "search_position.h"

namespace tengen {
namespace {

// Per-cell features of one colour: shapes kOne..kFive, then the classes given bonuses.
constexpr int kShapeFeatures = 8;  // kOne .. kFive (kDead is worth nothing)
constexpr int kCellFeatures = kShapeFeatures + 3;
constexpr std::array<CellClass, 3> kBonusClasses{kClsFourThree, kClsDoubleThree, kClsFlexFour};
// The patterns given a bonus in the combo model: never None (the base), Forbid (worth 0) or
// Five (a position where a colour has one never reaches the evaluation).
constexpr std::array<CellPattern, 10> kBonusPatterns{
    kPatFlexFour, kPatFourThree,     kPatFourPlus,          kPatFour,
    kPatDoubleThree, kPatThreePlus,  kPatThree,             kPatDoubleClosedThree,
    kPatClosedThreePlusTwo, kPatDoubleTwo};
constexpr int kPatternFeatures = static_cast<int>(kBonusPatterns.size());
constexpr int kComboFeatures = kShapeFeatures + kPatternFeatures;  // shapes, then patterns
// Counted per colour: the shapes, the three classes, then the bonus patterns.
using ColourCounts = std::array<double, kCellFeatures + kPatternFeatures>;

const char* feature_name(int i) {
    static const char* names[kCellFeatures] = {"One",   "TwoClosed", "Two",       "ThreeClosed",
                                               "Three", "Four",      "OpenFour",  "Five",
                                               "cls FourThree", "cls DoubleThree", "cls FlexFour"};
    return names[i];
}

// The weights main's evaluation used before this fit (ai/search_position.cpp kShapeValue and
// the class bonuses of combined_tables(); ai/search_worker.cpp evaluate()).
constexpr std::array<double, kCellFeatures> kOldCell{1, 3, 10, 12, 40, 55, 200, 500, 150, 100, 200};
constexpr double kOldTempo = 25;
constexpr double kOldTheirThree = -120;

struct Sample {
    std::array<ColourCounts, 2> now;   // [0] side to move, [1] the other, at this position
    std::array<ColourCounts, 2> prev;  // the same colours at the position before the last move
    double their_three_no_four = 0;    // opponent can make an open four, we have no four to answer
    double engine_eval = 0;            // evaluate_position() of the engine as built
    double result = 0.5;               // 1 side to move won, 0 lost, 0.5 draw
    bool validation = false;
};

std::array<ColourCounts, 2> colour_counts(const SearchPosition& p) {
    std::array<ColourCounts, 2> out{};
    for (int y = 0; y < p.height(); ++y)
        for (int x = 0; x < p.width(); ++x) {
            const int cell = p.cell_of({x, y});
            if (!p.empty(cell)) continue;
            for (int c = 0; c < 2; ++c) {
                for (int d = 0; d < 4; ++d) {
                    const int s = p.shape(cell, c, d);
                    if (s >= kOne && s <= kFive) out[c][s - kOne] += 1;
                }
                const CellClass cls = p.cls(cell, c);
                for (int b = 0; b < 3; ++b)
                    if (cls == kBonusClasses[b]) out[c][kShapeFeatures + b] += 1;
                std::array<int, 4> shapes{};
                for (int d = 0; d < 4; ++d) shapes[d] = p.shape(cell, c, d);
                const CellPattern pattern = cell_pattern(shapes, p.renju() && c == 0);
                for (int b = 0; b < kPatternFeatures; ++b)
                    if (pattern == kBonusPatterns[b]) out[c][kCellFeatures + b] += 1;
            }
        }
    return out;
}

// Where SearchWorker::evaluate() is reached: no five for either side, no flex four and no
// static win in five for the side to move.
bool evaluated_by_search(const SearchPosition& p) {
    const int us = p.side(), them = us ^ 1;
    if (p.empty_cells() == 0) return false;
    if (p.class_count(us, kClsFive) > 0 || p.class_count(them, kClsFive) > 0) return false;
    if (p.class_count(us, kClsFlexFour) > 0) return false;
    const bool renju_black = p.renju() && us == 0;
    if (p.four_cells(them) == 0 && !renju_black &&
        (p.class_count(us, kClsFourThree) > 0 || p.class_count(us, kClsDoubleThree) > 0))
        return false;
    return true;
}

struct LoadStats {
    int games = 0, skipped = 0, positions = 0;
};

bool normal_end(const std::string& reason) {
    return reason == "five" || reason == "draw" || reason == "full-board" || reason == "board-full";
}

void load_file(const std::string& path, int holdout_percent, int fold, std::vector<Sample>& out, LoadStats& stats) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << "cannot read " << path << "\n";
        return;
    }
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        nlohmann::json g = nlohmann::json::parse(line, nullptr, false);
        if (g.is_discarded() || !g.is_object()) {
            ++stats.skipped;
            continue;
        }
        const std::string reason = g.value("reason", "");
        const std::string result = g.value("result", "");
        if (!normal_end(reason) || (result != "black" && result != "white" && result != "draw")) {
            ++stats.skipped;
            continue;
        }
        GameConfig config;
        if (g.contains("board") && g["board"].is_array() && g["board"].size() == 2) {
            config.width = g["board"][0].get<int>();
            config.height = g["board"][1].get<int>();
        }
        config.win_length = g.value("k", 5);
        const auto rule = parse_rule(g.value("rule", "freestyle"));
        if (!rule || config_error(config)) {
            ++stats.skipped;
            continue;
        }
        config.rule = *rule;
        std::vector<Point> stones;
        bool ok = true;
        const std::string opening = g.value("opening", "");
        std::size_t start = 0;
        while (start < opening.size()) {
            std::size_t end = opening.find(',', start);
            if (end == std::string::npos) end = opening.size();
            const auto p = parse_letters(std::string_view(opening).substr(start, end - start));
            if (!p) ok = false;
            else stones.push_back(*p);
            start = end + 1;
        }
        const int opening_stones = static_cast<int>(stones.size());
        for (const auto& m : g.value("moves", nlohmann::json::array())) stones.push_back({m.value("x", -1), m.value("y", -1)});

        SearchPosition p(config);
        p.set_from(Board(config));
        std::vector<std::array<ColourCounts, 2>> counts;  // per ply, [black, white]
        counts.push_back(colour_counts(p));
        const int slot = (stats.games % 100 - fold * holdout_percent + 100) % 100;
        const bool validation = slot < holdout_percent;
        const int black_result = result == "black" ? 2 : result == "white" ? 0 : 1;
        for (int i = 0; ok && i < static_cast<int>(stones.size()); ++i) {
            const Point q = stones[i];
            if (q.x < 0 || q.y < 0 || q.x >= config.width || q.y >= config.height || !p.empty(p.cell_of(q))) {
                ok = false;
                break;
            }
            p.make(p.cell_of(q));
            counts.push_back(colour_counts(p));
            if (i + 1 < opening_stones || !evaluated_by_search(p)) continue;
            const int us = p.side();
            Sample s;
            const auto& now = counts.back();
            const auto& prev = counts[counts.size() - 2];
            s.now = {now[us], now[us ^ 1]};
            s.prev = {prev[us], prev[us ^ 1]};
            s.their_three_no_four = p.class_count(us ^ 1, kClsFlexFour) > 0 && p.four_cells(us) == 0;
            s.result = (us == 0 ? black_result : 2 - black_result) / 2.0;
            s.validation = validation;
            s.engine_eval = evaluate_position(p);
            out.push_back(s);
            ++stats.positions;
        }
        if (!ok) ++stats.skipped;
        ++stats.games;
    }
}

// A linear model: features(sample) . weights = evaluation in engine units.
struct Model {
    std::string name;
    int size;
    std::vector<double> (*features)(const Sample&);
};

// Old and plain: (value(us) - value(them)) averaged over now and prev, tempo constant, threat term.
std::vector<double> plain_features(const Sample& s) {
    std::vector<double> f(kCellFeatures + 2);
    for (int i = 0; i < kCellFeatures; ++i) f[i] = (s.now[0][i] - s.now[1][i] + s.prev[0][i] - s.prev[1][i]) / 2;
    f[kCellFeatures] = 1;
    f[kCellFeatures + 1] = s.their_three_no_four;
    return f;
}

// Tempo: table S values the side to move's cells, table W the waiting side's. Now: us S, them
// W; at the previous position them was to move: us W, them S.
std::vector<double> tempo_features(const Sample& s) {
    std::vector<double> f(2 * kCellFeatures + 2);
    for (int i = 0; i < kCellFeatures; ++i) {
        f[i] = (s.now[0][i] - s.prev[1][i]) / 2;                  // S
        f[kCellFeatures + i] = (s.prev[0][i] - s.now[1][i]) / 2;  // W
    }
    f[2 * kCellFeatures] = 1;
    f[2 * kCellFeatures + 1] = s.their_three_no_four;
    return f;
}

// Combo: as tempo, with the shapes and the pattern bonuses of each role.
int combo_index(int i) { return i < kShapeFeatures ? i : kCellFeatures + (i - kShapeFeatures); }
std::vector<double> combo_features(const Sample& s) {
    std::vector<double> f(2 * kComboFeatures + 2);
    for (int i = 0; i < kComboFeatures; ++i) {
        const int c = combo_index(i);
        f[i] = (s.now[0][c] - s.prev[1][c]) / 2;                   // S
        f[kComboFeatures + i] = (s.prev[0][c] - s.now[1][c]) / 2;  // W
    }
    f[2 * kComboFeatures] = 1;
    f[2 * kComboFeatures + 1] = s.their_three_no_four;
    return f;
}

// Combo-add: the engine's evaluation as built (its weight fixed at 1) plus a bonus per role
// for the patterns it does not value yet (kAddedPatterns), to test them on their own.
constexpr std::array<CellPattern, 7> kAddedPatterns{kPatFourPlus,          kPatFour,
                                                    kPatThreePlus,         kPatThree,
                                                    kPatDoubleClosedThree, kPatClosedThreePlusTwo,
                                                    kPatDoubleTwo};
int pattern_slot(CellPattern pattern) {
    for (int b = 0; b < kPatternFeatures; ++b)
        if (kBonusPatterns[b] == pattern) return kCellFeatures + b;
    return -1;
}
std::vector<double> combo_add_features(const Sample& s) {
    const int n = static_cast<int>(kAddedPatterns.size());
    std::vector<double> f(1 + 2 * n);
    f[0] = s.engine_eval;
    for (int i = 0; i < n; ++i) {
        const int c = pattern_slot(kAddedPatterns[i]);
        f[1 + i] = (s.now[0][c] - s.prev[1][c]) / 2;      // S
        f[1 + n + i] = (s.prev[0][c] - s.now[1][c]) / 2;  // W
    }
    return f;
}

// Tempo without averaging: the position alone.
std::vector<double> tempo_now_features(const Sample& s) {
    std::vector<double> f(2 * kCellFeatures + 2);
    for (int i = 0; i < kCellFeatures; ++i) {
        f[i] = s.now[0][i];
        f[kCellFeatures + i] = -s.now[1][i];
    }
    f[2 * kCellFeatures] = 1;
    f[2 * kCellFeatures + 1] = s.their_three_no_four;
    return f;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

struct Dataset {
    std::vector<std::vector<double>> train_x, valid_x;
    std::vector<double> train_y, valid_y;
};

Dataset build(const std::vector<Sample>& samples, std::vector<double> (*features)(const Sample&)) {
    Dataset d;
    for (const Sample& s : samples) {
        (s.validation ? d.valid_x : d.train_x).push_back(features(s));
        (s.validation ? d.valid_y : d.train_y).push_back(s.result);
    }
    return d;
}

double log_loss(const std::vector<std::vector<double>>& x, const std::vector<double>& y, const std::vector<double>& w,
                double k) {
    double loss = 0;
    for (std::size_t n = 0; n < x.size(); ++n) {
        double e = 0;
        for (std::size_t i = 0; i < w.size(); ++i) e += x[n][i] * w[i];
        const double p = std::clamp(sigmoid(k * e), 1e-12, 1 - 1e-12);
        loss -= y[n] * std::log(p) + (1 - y[n]) * std::log(1 - p);
    }
    return x.empty() ? 0 : loss / static_cast<double>(x.size());
}

// Golden-section search of the scale K on fixed weights.
double fit_scale(const Dataset& d, const std::vector<double>& w) {
    double lo = 1e-5, hi = 0.05;
    const double g = (std::sqrt(5.0) - 1) / 2;
    for (int it = 0; it < 80; ++it) {
        const double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
        if (log_loss(d.train_x, d.train_y, w, a) < log_loss(d.train_x, d.train_y, w, b))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

// Solves a x = b in place by Gaussian elimination with partial pivoting.
std::vector<double> solve(std::vector<std::vector<double>> a, std::vector<double> b) {
    const std::size_t n = b.size();
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t piv = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::abs(a[r][c]) > std::abs(a[piv][c])) piv = r;
        std::swap(a[c], a[piv]);
        std::swap(b[c], b[piv]);
        for (std::size_t r = c + 1; r < n; ++r) {
            const double f = a[r][c] / a[c][c];
            for (std::size_t j = c; j < n; ++j) a[r][j] -= f * a[c][j];
            b[r] -= f * b[c];
        }
    }
    std::vector<double> x(n);
    for (std::size_t c = n; c-- > 0;) {
        double s = b[c];
        for (std::size_t j = c + 1; j < n; ++j) s -= a[c][j] * x[j];
        x[c] = s / a[c][c];
    }
    return x;
}

// Newton's method on the mean log-loss with the scale K fixed, plus an L2 pull towards the
// start weights (in units of K * weight) so rare features stay near their hand-set values.
// Features marked in `fixed` keep their start weight.
std::vector<double> fit_weights(const Dataset& d, std::vector<double> w, double k, double l2,
                                const std::vector<bool>& fixed = {}) {
    const std::size_t m = w.size();
    const std::vector<double> prior = w;
    const double n = static_cast<double>(d.train_x.size());
    for (int it = 0; it < 30; ++it) {
        std::vector<double> grad(m, 0);
        std::vector<std::vector<double>> hess(m, std::vector<double>(m, 0));
        for (std::size_t s = 0; s < d.train_x.size(); ++s) {
            const auto& x = d.train_x[s];
            double e = 0;
            for (std::size_t i = 0; i < m; ++i) e += x[i] * w[i];
            const double p = sigmoid(k * e);
            const double r = (p - d.train_y[s]) * k / n;
            const double h = p * (1 - p) * k * k / n;
            for (std::size_t i = 0; i < m; ++i) {
                if (x[i] == 0) continue;
                grad[i] += r * x[i];
                for (std::size_t j = 0; j < m; ++j) hess[i][j] += h * x[i] * x[j];
            }
        }
        for (std::size_t i = 0; i < m; ++i) {
            grad[i] += l2 * k * k * (w[i] - prior[i]);
            hess[i][i] += l2 * k * k + 1e-12;
            if (i < fixed.size() && fixed[i]) {
                grad[i] = 0;
                for (std::size_t j = 0; j < m; ++j) hess[i][j] = hess[j][i] = 0;
                hess[i][i] = 1;
            }
        }
        const std::vector<double> step = solve(hess, grad);
        double size = 0;
        for (std::size_t i = 0; i < m; ++i) {
            w[i] -= step[i];
            size = std::max(size, std::abs(step[i]));
        }
        if (size < 1e-4) break;
    }
    return w;
}

void report(const std::string& name, const Dataset& d, const std::vector<double>& w, double k,
            const std::vector<std::string>& names) {
    fmt::print("{:10s} train {:.5f}  validation {:.5f}\n", name, log_loss(d.train_x, d.train_y, w, k),
               log_loss(d.valid_x, d.valid_y, w, k));
    for (std::size_t i = 0; i < w.size(); ++i) fmt::print("    {:22s} {:9.2f}\n", names[i], w[i]);
}

int run(int argc, char** argv) {
    namespace po = boost::program_options;
    std::vector<std::string> files;
    int holdout = 10;
    int fold = 0;
    double l2 = 1e-4;
    po::options_description opts("tengen-tune-eval [options] records.jsonl...");
    opts.add_options()("help", "this text")("records", po::value(&files)->multitoken(), "arena .jsonl files")(
        "holdout", po::value(&holdout)->default_value(10), "percent of games (every game whose number mod 100 is below it) kept for validation")(
        "fold", po::value(&fold)->default_value(0), "which block of holdout percent is held out (0: game numbers 0..holdout-1 mod 100)")(
        "l2", po::value(&l2)->default_value(1e-4), "pull towards the hand-set weights, per (K * weight)^2");
    po::positional_options_description pos;
    pos.add("records", -1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(opts).positional(pos).run(), vm);
        po::notify(vm);
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n" << opts;
        return 2;
    }
    if (vm.count("help") || files.empty()) {
        std::cout << opts;
        return files.empty() && !vm.count("help") ? 2 : 0;
    }
    std::sort(files.begin(), files.end());
    std::vector<Sample> samples;
    LoadStats stats;
    for (const auto& f : files) load_file(f, holdout, fold, samples, stats);
    fmt::print("{} games read, {} skipped, {} positions\n", stats.games, stats.skipped, stats.positions);
    if (samples.empty()) return 1;

    std::vector<std::string> plain_names, tempo_names;
    for (int i = 0; i < kCellFeatures; ++i) plain_names.push_back(feature_name(i));
    for (int i = 0; i < kCellFeatures; ++i) tempo_names.push_back(std::string("S ") + feature_name(i));
    for (int i = 0; i < kCellFeatures; ++i) tempo_names.push_back(std::string("W ") + feature_name(i));
    for (auto* v : {&plain_names, &tempo_names}) {
        v->push_back("tempo constant");
        v->push_back("their three, no four");
    }

    const Dataset plain = build(samples, plain_features);
    std::vector<double> old(kOldCell.begin(), kOldCell.end());
    old.push_back(kOldTempo);
    old.push_back(kOldTheirThree);
    const double k = fit_scale(plain, old);
    fmt::print("K = {:.6f} (fitted on the old weights; kept for every model)\n", k);
    report("old", plain, old, k, plain_names);
    const Dataset engine = build(samples, [](const Sample& s) { return std::vector<double>{s.engine_eval}; });
    report("engine", engine, {1.0}, k, {"evaluate_position() as built"});
    const std::vector<double> plain_w = fit_weights(plain, old, k, l2);
    report("plain", plain, plain_w, k, plain_names);

    std::vector<double> tempo_start(kOldCell.begin(), kOldCell.end());
    tempo_start.insert(tempo_start.end(), kOldCell.begin(), kOldCell.end());
    tempo_start.push_back(kOldTempo);
    tempo_start.push_back(kOldTheirThree);
    const Dataset tempo = build(samples, tempo_features);
    report("tempo", tempo, fit_weights(tempo, tempo_start, k, l2), k, tempo_names);
    const Dataset tempo_now = build(samples, tempo_now_features);
    report("tempo-now", tempo_now, fit_weights(tempo_now, tempo_start, k, l2), k, tempo_names);

    // Combo, started from the old shape values and the old class bonuses on their patterns.
    std::vector<std::string> combo_names;
    std::vector<double> combo_start;
    for (const char* role : {"S ", "W "}) {
        for (int i = 0; i < kShapeFeatures; ++i) {
            combo_names.push_back(std::string(role) + feature_name(i));
            combo_start.push_back(kOldCell[i]);
        }
        for (CellPattern pattern : kBonusPatterns) {
            combo_names.push_back(std::string(role) + "pat " + cell_pattern_name(pattern));
            combo_start.push_back(pattern == kPatFourThree ? 150 : pattern == kPatDoubleThree ? 100
                                                               : pattern == kPatFlexFour ? 200 : 0);
        }
    }
    combo_names.push_back("tempo constant");
    combo_names.push_back("their three, no four");
    combo_start.push_back(kOldTempo);
    combo_start.push_back(kOldTheirThree);
    const Dataset combo = build(samples, combo_features);
    const std::vector<double> combo_w = fit_weights(combo, combo_start, k, l2);
    report("combo", combo, combo_w, k, combo_names);
    {
        std::vector<std::string> names{"engine evaluation (fixed)"};
        for (const char* role : {"S ", "W "})
            for (CellPattern pattern : kAddedPatterns) names.push_back(std::string(role) + "pat " + cell_pattern_name(pattern));
        std::vector<double> start(names.size(), 0.0);
        start[0] = 1;
        std::vector<bool> fixed(names.size(), false);
        fixed[0] = true;
        const Dataset add = build(samples, combo_add_features);
        report("combo-add", add, fit_weights(add, start, k, l2, fixed), k, names);
    }
    // The combo weights laid out like kEvalWeights (shapes indexed by LineShape, patterns by
    // CellPattern), rounded, to paste into the engine.
    for (int role = 0; role < 2; ++role) {
        std::array<long, kShapeCount> shape{};
        std::array<long, kPatternCount> pattern{};
        for (int i = 0; i < kShapeFeatures; ++i) shape[kOne + i] = std::lround(combo_w[role * kComboFeatures + i]);
        for (int b = 0; b < kPatternFeatures; ++b)
            pattern[kBonusPatterns[b]] = std::lround(combo_w[role * kComboFeatures + kShapeFeatures + b]);
        fmt::print("    {{{{{}}}, {{{}}}}},  // {}\n", fmt::join(shape, ", "), fmt::join(pattern, ", "),
                   role == 0 ? "to move" : "just moved");
    }
    return 0;
}

}  // namespace
}  // namespace tengen

int main(int argc, char** argv) { return tengen::run(argc, argv); }
