// The value network (value_network.h) behind the evaluation seam (position_evaluator.h): its
// accumulators kept incrementally as cell codes change, and its small dense head run on
// demand, in int16 and int8 as the weights file holds them, by the kernels the CPU runs best
// (network_kernels.h).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "ai/network_kernels.h"
#include "ai/score.h"
#include "ai/value_network.h"
#include "engine/types.h"

namespace tengen {

class SearchPosition;

// A network laid out for the search: rows padded to the vector widths, a zero row for
// kNoCellCode (the code a cell leaves behind when it is filled), the threat rows already
// turned into activations. Read-only once made, shared by every position.
struct PreparedNetwork {
    NetworkFamily family = NetworkFamily::Freestyle;
    int width = 0;         // accumulator lanes, padded to kAccumulatorLanes
    int threat_width = 0;  // the threat row's lanes (unpadded)
    int input_stride = 0;  // the dense layer's input bytes, padded to kDenseInputLanes
    int hidden = 0;
    std::vector<std::int16_t> bias;                // [width]
    std::array<std::vector<std::int16_t>, 2> own;  // [mode][code 0..kCellCodes][width]
    std::array<std::vector<std::int16_t>, 2> opp;
    std::array<std::vector<std::uint8_t>, 2> threat;  // [mode][mask][threat_width], activations
    std::vector<std::int8_t> hidden_weights;          // [hidden][input_stride]
    std::vector<std::int32_t> hidden_bias;
    std::vector<std::int8_t> output_weights;
    std::int32_t output_bias = 0;
    // The policy head (value_network.h), policy == 0 when there is none or it is wider than
    // kMaxPolicyWidth.
    int policy = 0;
    std::vector<std::int8_t> policy_context_weights;                                 // [policy][hidden]
    std::vector<std::int32_t> policy_context_bias;                                   // [policy]
    std::array<std::vector<std::int32_t>, 2> policy_own_bias, policy_opp_bias;       // [mode][code]
    std::array<std::vector<std::int8_t>, 2> policy_own_weights, policy_opp_weights;  // [mode][code][policy]
    std::array<std::int32_t, kPolicyNearnessBuckets> policy_near_last{}, policy_near_own{};

    static PreparedNetwork from(const ValueNetwork& net);

    // Whether the search's int16 sums stay exact on this board: they wrap (network_kernels.h),
    // so a lane is right while its whole, the bias and both sides' rows, is in range, and the
    // empty board, where the most cells add their rows, is the test.
    bool sums_fit(const GameConfig& config) const;
};

// The network built into the program for the family, or null when the build has none.
const PreparedNetwork* embedded_prepared_network(NetworkFamily family);

// Search score units a unit of the network's logit is worth: the tables' own scale, where a
// score s reads as the win probability 1 / (1 + exp(-s / 500)) (tengen-train fits the tables'
// k to about 0.0019 to 0.0020 on the self-play games), so the search's margins keep their sense.
inline constexpr int kScorePerLogit = 500;

// The widest policy context the search computes (on the stack, once a node).
inline constexpr int kMaxPolicyWidth = 32;
using PolicyContext = std::array<std::int32_t, kMaxPolicyWidth>;

class NetworkEvaluator {
public:
    // For colour c: [2c] the sum of its own rows (its codes valued as the side to move's) and
    // [2c + 1] of its opponent rows; which pair a position reads depends on who is to move.
    using State = std::vector<std::int16_t>;

    // Precondition: net is not null and outlives the evaluator.
    NetworkEvaluator(const GameConfig& config, const PreparedNetwork* net, NetworkKernels kernels);

    void refresh(const SearchPosition& p);
    void push() { saved_.insert(saved_.end(), state_.begin(), state_.end()); }
    void pop() {
        std::copy(saved_.end() - static_cast<std::ptrdiff_t>(state_.size()), saved_.end(), state_.begin());
        saved_.resize(saved_.size() - state_.size());
    }
    void code_changed(int /*cell*/, int colour, int old_code, int new_code) noexcept {
        const int w = net_->width;
        std::int16_t* own_sum = state_.data() + static_cast<std::ptrdiff_t>(2 * colour) * w;
        const std::int16_t* own = net_->own[static_cast<std::size_t>(mode_[colour])].data();
        const std::int16_t* opp = net_->opp[static_cast<std::size_t>(mode_[colour])].data();
        const std::ptrdiff_t to = static_cast<std::ptrdiff_t>(new_code) * w,
                             from = static_cast<std::ptrdiff_t>(old_code) * w;
        const std::int16_t* const add[2] = {own + to, opp + to};
        const std::int16_t* const sub[2] = {own + from, opp + from};
        if (kernels_ == NetworkKernels::Avx2)
            network_kernels::update_pair_avx2(own_sum, add, sub, w);
        else
            network_kernels::update_pair_portable(own_sum, add, sub, w);
    }

    // The side to move's score: its win logit at kScorePerLogit, within +-20000.
    Score evaluate(const SearchPosition& p) const noexcept;
    // The logit in the network's own units, 1 / (kActivationScale * kWeightScale) each: equal
    // to evaluate_logit_units of value_network.h on the same position.
    std::int32_t logit_units(const SearchPosition& p) const noexcept;

    // The policy head, where the network has one: the context of the position (once a node),
    // then each candidate's logit in the network's units, equal to policy_logit_units of
    // value_network.h. own_code is the side to move's code at the cell, opp_code the opponent's.
    bool has_policy() const noexcept { return net_->policy > 0; }
    PolicyContext policy_context(const SearchPosition& p) const noexcept;
    std::int32_t policy_units(const PolicyContext& context, int side, int own_code, int opp_code, int near_last,
                              int near_own) const noexcept {
        const int width = net_->policy;
        const auto own = static_cast<std::size_t>(own_code), opp = static_cast<std::size_t>(opp_code);
        const auto own_mode = static_cast<std::size_t>(mode_[side]),
                   opp_mode = static_cast<std::size_t>(mode_[side ^ 1]);
        std::int32_t out = net_->policy_own_bias[own_mode][own] + net_->policy_opp_bias[opp_mode][opp] +
                           net_->policy_near_last[static_cast<std::size_t>(near_last)] +
                           net_->policy_near_own[static_cast<std::size_t>(near_own)];
        const std::int8_t* wo = net_->policy_own_weights[own_mode].data() + own * static_cast<std::size_t>(width);
        const std::int8_t* wp = net_->policy_opp_weights[opp_mode].data() + opp * static_cast<std::size_t>(width);
        for (int j = 0; j < width; ++j) out += context[static_cast<std::size_t>(j)] * (wo[j] + wp[j]);
        return out;
    }

    const State& state() const noexcept { return state_; }

private:
    // The hidden layer's sums before their scaling and clipping.
    void hidden_sums(const SearchPosition& p, std::int32_t* hidden) const noexcept;

    const PreparedNetwork* net_;
    NetworkKernels kernels_;
    std::array<int, 2> mode_{};
    State start_;  // the sums before any cell is told
    State state_;
    std::vector<std::int16_t> saved_;  // one state a ply, laid end to end
};

}  // namespace tengen
