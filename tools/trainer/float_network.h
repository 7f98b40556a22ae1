// The value network (ai/value_network.h) in floating point, as the trainer fits it: the same
// layers and clipping, with Adam on minibatches. Embedding rows are updated only where the
// batch's positions have their codes (lazy Adam), so a step costs what the batch touches.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "ai/value_network.h"
#include "tools/trainer/adam.h"
#include "tools/trainer/training_set.h"

namespace tengen {

// The engine's int16 sums hold +-16 units. The fit pays penalty * excess^2 / 2 for every
// accumulator entry past +-limit (before clipping), which keeps the sums well inside that
// range on boards unlike the training positions, and regularises as well. At penalty 1 the
// 1.6 million positions of the second generation outweighed it (a held-out entry of 13.7
// units, and 16.2 on scattered stones); at 10 the held-out loss is the same and they stay in.
struct AccumulatorBound {
    double limit = 8;
    double penalty = 10;
};

class FloatNetwork {
public:
    FloatNetwork(NetworkFamily family, const ValueNetworkSizes& sizes, const AccumulatorBound& bound,
                 std::uint32_t seed);
    ~FloatNetwork();
    FloatNetwork(const FloatNetwork&) = delete;
    FloatNetwork& operator=(const FloatNetwork&) = delete;

    // The side to move's win logit.
    double logit(const TrainingSet& set, const TrainingSample& s) const;

    // One Adam step on the samples (indices into set.samples), their gradients computed on up
    // to `threads` threads; returns the batch's mean log-loss against the targets.
    double train_batch(const TrainingSet& set, const std::vector<std::uint32_t>& batch, const AdamSettings& adam,
                       int threads);

    // Rounded to the engine's integers (ai/value_network.h's scales), clamped to their ranges;
    // the quiet code's rows zero when the fit was without them (ReadOptions::quiet_rows_zero).
    ValueNetwork quantised(bool quiet_rows_zero = false) const;

private:
    struct Gradients;  // one thread's sums over its part of a batch
    struct Activations;
    void forward(const TrainingSet& set, const TrainingSample& s, Activations& a) const;
    // Adds the sample's gradient of the log-loss against its target; returns that loss.
    double accumulate_gradient(const TrainingSet& set, const TrainingSample& s, Activations& a, Gradients& g) const;
    std::size_t row_offset(bool own, int mode, int code) const;
    std::size_t threat_offset(int mode, int mask) const;
    std::size_t class_offset(bool own, int mode, int line_class) const;

    NetworkFamily family_;
    ValueNetworkSizes sizes_;
    int modes_;
    int inputs_;
    float accumulator_limit_;
    float accumulator_penalty_;
    std::vector<float> rows_;    // own rows [mode][code][acc], then opp rows the same
    std::vector<float> threat_;  // [mode][mask][threat]
    // Per line class, own then opp, [mode][class][acc]: every code's row adds its four classes'
    // rows (folded into the code rows when quantised).
    std::vector<float> class_rows_;
    std::vector<std::array<std::uint8_t, 4>> code_classes_;
    std::vector<float> acc_bias_, w1_, b1_, w2_;
    float b2_ = 0;
    // Adam's moments, shaped like the weights.
    std::vector<float> rows_m_, rows_v_, threat_m_, threat_v_, classes_m_, classes_v_;
    std::vector<float> dense_m_, dense_v_;  // acc_bias, w1, b1, w2, b2 laid end to end
    std::int64_t step_ = 0;
    std::vector<Gradients> scratch_;  // one per thread, kept between batches
};

}  // namespace tengen
