// Training positions from self-play games: each position's network features, its labels (the
// game result and the search's score, both from the side to move's view), the table
// evaluation's score of it and whether it is held out for validation.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "ai/value_network.h"
#include "engine/result.h"

namespace tengen {

inline constexpr std::int32_t kNoScore = std::numeric_limits<std::int32_t>::min();

struct TrainingSample {
    std::uint32_t codes_begin;  // own codes, then opp codes, in TrainingSet::codes
    std::uint16_t own_codes;
    std::uint16_t opp_codes;
    std::uint16_t threat_mask;
    std::uint8_t own_mode;
    std::uint8_t opp_mode;
    float result;               // 1 the side to move won, 0.5 a draw, 0 it lost
    float target;               // what the network is fitted to: see assign_targets
    std::int32_t search_score;  // the search's score of the position, or kNoScore
    std::int32_t table_eval;    // evaluate_position (ai/evaluation.h): the tables' score
    bool validation;            // its game is held out
    bool evaluated;             // the search evaluates it (nobody has a five to make, no flex four to move)
    std::uint8_t source;        // which file it came from, in the order read (the 256th and later share 255)
};

struct TrainingSet {
    NetworkFamily family = NetworkFamily::Freestyle;
    std::vector<CodeCount> codes;
    std::vector<TrainingSample> samples;
    int games = 0;
    int validation_games = 0;
    int skipped = 0;                   // unreadable lines, other rule families, impossible moves
    std::vector<std::string> sources;  // the files read, in order
};

struct ReadOptions {
    // Every Nth game is held out (numbers 19, 39, ... for 20): by the record's game number, or an
    // arena line's pair (both of its games), else by line.
    int validation_every = 20;
    std::size_t max_positions = 0;  // stop reading once this many are in (0: no limit)
    bool evaluated_only = false;    // keep only positions the search evaluates
    bool quiet_rows_zero = false;   // leave the quiet code out of the inputs (its rows stay zero)
};

// Adds every position of the file's games after the opening (the board after each prefix of
// at least opening_stones stones, short of the finished board), replayed on a search position.
// Games of another rule family than the set's first game's are skipped.
Status read_selfplay_file(const std::string& path, const ReadOptions& options, TrainingSet& set);

ValueFeatures features_of(const TrainingSet& set, const TrainingSample& s);

// A search score as a win probability: a proven result (a mate score) is 0 or 1, any other
// score the logistic of score / scale.
double score_probability(std::int32_t score, double scale);

// The scale at which the training split's (non-mate) search scores best predict the results.
double fit_score_scale(const TrainingSet& set);

// target = result_weight * result + (1 - result_weight) * score_probability, except a proven
// result, which is the target alone, and a position without a score, whose target is the result.
void assign_targets(TrainingSet& set, double score_scale, double result_weight);

// The scale k at which 1 / (1 + exp(-k * table_eval)) best fits the training split's results
// (or targets).
double fit_table_scale(const TrainingSet& set, bool against_targets);

}  // namespace tengen
