// The policy head (ai/value_network.h) in floating point, as the trainer fits it on top of a
// finished value network: a softmax over each position's candidates, fitted by Adam to the
// search's chosen move (cross-entropy). It starts as the learned ordering it is to replace
// (move_order_weights.h: the code biases and nearness terms are that ordering's values), so
// the context's part is what it learns beyond that.
#pragma once

#include <cstdint>
#include <vector>

#include "ai/value_network.h"
#include "tools/trainer/adam.h"
#include "tools/trainer/policy_set.h"

namespace tengen {

class FloatPolicy {
public:
    FloatPolicy(const ValueNetwork& net, int width, std::uint32_t seed);

    // Each candidate's logit.
    void logits(const PolicySet& set, std::size_t sample, std::vector<float>& out) const;

    // One Adam step on the samples; returns their mean cross-entropy.
    double train_batch(const PolicySet& set, const std::vector<std::uint32_t>& batch, const AdamSettings& adam);

    // The network with this head added, rounded to the engine's integers.
    ValueNetwork quantised_into(ValueNetwork net) const;

private:
    struct Forward {
        std::vector<float> z, context, logits;
    };
    void forward(const PolicySet& set, std::size_t sample, Forward& f) const;
    std::size_t code_index(int mode, int code) const {
        return static_cast<std::size_t>(mode) * static_cast<std::size_t>(codes_) + static_cast<std::size_t>(code);
    }

    int hidden_, width_, codes_;
    // Laid end to end so one Adam loop covers them: context weights [width][hidden], context
    // bias [width], own and opp code biases [mode][code], own and opp code weights
    // [mode][code][width], nearness to the last stone and to our own [bucket].
    std::vector<float> w_, m_, v_, g_;
    std::size_t context_w_, context_b_, own_b_, opp_b_, own_w_, opp_w_, near_last_, near_own_;
    std::int64_t step_ = 0;
};

}  // namespace tengen
