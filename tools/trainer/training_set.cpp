#include "tools/trainer/training_set.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>

#include "ai/cell_code.h"
#include "ai/evaluation.h"
#include "ai/score.h"
#include "ai/search_position.h"
#include "engine/board.h"
#include "tools/trainer/selfplay_games.h"

namespace tengen {

namespace {

double log_loss(double p, double label) {
    p = std::clamp(p, 1e-7, 1 - 1e-7);
    return -(label * std::log(p) + (1 - label) * std::log(1 - p));
}

// The x in [low, high] (searched on a log scale) where loss(x) is least; loss is unimodal enough
// for a golden-section search.
double minimise_log_scale(double low, double high, const std::function<double(double)>& loss) {
    double a = std::log(low), b = std::log(high);
    const double g = (std::sqrt(5.0) - 1) / 2;
    double c = b - g * (b - a), d = a + g * (b - a);
    double fc = loss(std::exp(c)), fd = loss(std::exp(d));
    for (int i = 0; i < 60; ++i) {
        if (fc < fd) {
            b = d, d = c, fd = fc;
            c = b - g * (b - a), fc = loss(std::exp(c));
        } else {
            a = c, c = d, fc = fd;
            d = a + g * (b - a), fd = loss(std::exp(d));
        }
    }
    return std::exp((a + b) / 2);
}

}  // namespace

Status read_selfplay_file(const std::string& path, const ReadOptions& options, TrainingSet& set) {
    std::ifstream in(path);
    if (!in) return Failure{"cannot read " + path};
    const auto source = static_cast<std::uint8_t>(std::min<std::size_t>(set.sources.size(), 255));
    set.sources.push_back(path);
    std::string line;
    for (long long line_number = 0; std::getline(in, line); ++line_number) {
        if (options.max_positions > 0 && set.samples.size() >= options.max_positions) break;
        if (line.empty()) continue;
        const Result<SelfplayGame> game = parse_selfplay_line(line);
        if (!game) {
            ++set.skipped;
            continue;
        }
        const SelfplayGame& g = *game;
        if (set.games == 0) set.family = network_family(g.config.rule);
        if (network_family(g.config.rule) != set.family) {
            ++set.skipped;
            continue;
        }
        const long long key = g.split_key >= 0 ? g.split_key : line_number;
        const bool validation =
            options.validation_every > 0 && key % options.validation_every == options.validation_every - 1;
        const std::size_t first_sample = set.samples.size(), first_code = set.codes.size();
        SearchPosition p(g.config);
        p.set_from(Board(g.config));
        bool ok = true;
        for (std::size_t n = 0; n < g.stones.size(); ++n) {
            if (n >= static_cast<std::size_t>(g.opening_stones) &&
                (!options.evaluated_only || evaluated_by_search(p))) {
                ValueFeatures f = value_features(p);
                if (options.quiet_rows_zero)
                    for (auto* codes : {&f.own, &f.opp})
                        std::erase_if(*codes, [](const CodeCount& c) { return c.code == kQuietCellCode; });
                const std::size_t scored = n - static_cast<std::size_t>(g.opening_stones);
                const auto score = scored < g.scores.size() ? g.scores[scored] : std::nullopt;
                const float black = static_cast<float>(g.black_result);
                TrainingSample s{};
                s.codes_begin = static_cast<std::uint32_t>(set.codes.size());
                s.own_codes = static_cast<std::uint16_t>(f.own.size());
                s.opp_codes = static_cast<std::uint16_t>(f.opp.size());
                s.threat_mask = static_cast<std::uint16_t>(f.threat_mask);
                s.own_mode = static_cast<std::uint8_t>(f.own_mode);
                s.opp_mode = static_cast<std::uint8_t>(f.opp_mode);
                s.result = p.side() == 0 ? black : 1.0f - black;
                s.target = s.result;
                s.search_score = score ? *score : kNoScore;
                s.table_eval = evaluate_position(p);
                s.validation = validation;
                s.evaluated = evaluated_by_search(p);
                s.source = source;
                set.codes.insert(set.codes.end(), f.own.begin(), f.own.end());
                set.codes.insert(set.codes.end(), f.opp.begin(), f.opp.end());
                set.samples.push_back(s);
            }
            const int cell = p.cell_of(g.stones[n]);
            if (!p.empty(cell)) {
                ok = false;
                break;
            }
            p.make(cell);
        }
        if (!ok) {  // a record that plays on an occupied point: none of its positions
            set.samples.resize(first_sample);
            set.codes.resize(first_code);
            ++set.skipped;
            continue;
        }
        ++set.games;
        set.validation_games += validation;
    }
    return {};
}

ValueFeatures features_of(const TrainingSet& set, const TrainingSample& s) {
    ValueFeatures f;
    f.own_mode = s.own_mode;
    f.opp_mode = s.opp_mode;
    f.threat_mask = s.threat_mask;
    const auto own = set.codes.begin() + s.codes_begin;
    f.own.assign(own, own + s.own_codes);
    f.opp.assign(own + s.own_codes, own + s.own_codes + s.opp_codes);
    return f;
}

double score_probability(std::int32_t score, double scale) {
    if (score >= kMateBound) return 1.0;
    if (score <= -kMateBound) return 0.0;
    return 1.0 / (1.0 + std::exp(-score / scale));
}

double fit_score_scale(const TrainingSet& set) {
    return minimise_log_scale(20, 20000, [&](double scale) {
        double sum = 0;
        for (const TrainingSample& s : set.samples)
            if (!s.validation && s.search_score != kNoScore && !is_mate_score(s.search_score))
                sum += log_loss(score_probability(s.search_score, scale), s.result);
        return sum;
    });
}

void assign_targets(TrainingSet& set, double score_scale, double result_weight) {
    for (TrainingSample& s : set.samples) {
        if (s.search_score == kNoScore)
            s.target = s.result;
        else if (is_mate_score(s.search_score))
            s.target = s.search_score > 0 ? 1.0f : 0.0f;
        else
            s.target = static_cast<float>(result_weight * s.result +
                                          (1 - result_weight) * score_probability(s.search_score, score_scale));
    }
}

double fit_table_scale(const TrainingSet& set, bool against_targets) {
    return 1.0 / minimise_log_scale(20, 20000, [&](double scale) {
               double sum = 0;
               for (const TrainingSample& s : set.samples)
                   if (!s.validation)
                       sum += log_loss(1.0 / (1.0 + std::exp(-s.table_eval / scale)),
                                       against_targets ? s.target : s.result);
               return sum;
           });
}

}  // namespace tengen
