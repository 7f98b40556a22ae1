// Training positions for the policy head (ai/value_network.h): each position's candidate
// cells as the search generates them (empty, near a stone), what the head reads of each, the
// cell the search chose, and the value network's hidden activations there, which the head
// takes as given.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ai/value_network.h"
#include "engine/result.h"

namespace tengen {

// The learned ordering's unit, 1/41.113 of a logit (the scale tengen-tune-order wrote
// ai/move_order_weights.h at).
inline constexpr double kOrderUnitsPerLogit = 41.113;

struct PolicyCandidate {
    std::uint16_t own_code;  // the side to move's cell code
    std::uint16_t opp_code;  // the opponent's
    std::uint8_t near_last;  // nearness buckets (move_order.h)
    std::uint8_t near_own;
    // The learned ordering's value of the cell (move_order_weights.h), the baseline the head is
    // judged against, in that ordering's units.
    std::int16_t order;
};

struct PolicySample {
    std::uint32_t begin;  // the first candidate in PolicySet::cells
    std::uint16_t count;
    std::uint16_t chosen;  // the search's move, as an index among the candidates
    std::uint8_t own_mode;
    std::uint8_t opp_mode;
    bool validation;
};

struct PolicySet {
    int hidden = 0;
    std::vector<float> activations;  // [sample][hidden], each 0..1
    std::vector<PolicyCandidate> cells;
    std::vector<PolicySample> samples;
    int games = 0;
    int skipped = 0;  // unreadable lines, arena lines, other rule families
};

// Adds the positions of the file's self-play games, and of its sampled cutoffs (`selfplay
// --cutoffs`: the move that refuted at a search node), in which the search chose a quiet move:
// past the opening, the search evaluates the position (ai/evaluation.h: no five to make, no
// open four to move into), the opponent has no open four to answer and the recorded score is
// no proven result. The split is the value trainer's (ReadOptions::validation_every).
Status read_policy_file(const std::string& path, const ValueNetwork& net, int validation_every, PolicySet& set);

}  // namespace tengen
