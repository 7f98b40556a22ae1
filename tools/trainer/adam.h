// Adam (with decoupled weight decay where asked), as both of the trainer's fits use it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace tengen {

struct AdamSettings {
    double rate = 1e-3;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double epsilon = 1e-8;
    // Decoupled weight decay (AdamW) on each code's own part of its rows, as a fraction of the
    // step: a code the data shows rarely leans on its classes' rows instead.
    double code_decay = 0;
};

// One step's constants: the bias corrections of step number `step` (from 1) and the batch's
// size, which turns a gradient summed over the batch into its mean.
class AdamStep {
public:
    AdamStep(const AdamSettings& adam, std::int64_t step, std::size_t batch)
        : b1_(static_cast<float>(adam.beta1)),
          b2_(static_cast<float>(adam.beta2)),
          c1_(static_cast<float>(1 - std::pow(adam.beta1, static_cast<double>(step)))),
          c2_(static_cast<float>(1 - std::pow(adam.beta2, static_cast<double>(step)))),
          rate_(static_cast<float>(adam.rate)),
          eps_(static_cast<float>(adam.epsilon)),
          per_sample_(1.0f / static_cast<float>(batch)) {}

    // Moves w by the step for its summed gradient g (then zeroed), m and v its moments, and
    // keeps it within +-limit.
    void apply(float& w, float& m, float& v, float& g, float limit) const {
        const float grad = g * per_sample_;
        g = 0.0f;
        m = b1_ * m + (1 - b1_) * grad;
        v = b2_ * v + (1 - b2_) * grad * grad;
        w = std::clamp(w - rate_ * (m / c1_) / (std::sqrt(v / c2_) + eps_), -limit, limit);
    }

private:
    float b1_, b2_, c1_, c2_, rate_, eps_, per_sample_;
};

}  // namespace tengen
