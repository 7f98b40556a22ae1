#include "tools/trainer/float_policy.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "ai/cell_code.h"
#include "ai/move_order_weights.h"

namespace tengen {

namespace {

constexpr float kWeightLimit = 127.0f / kWeightScale;  // an int8 weight's range
// The learned ordering's values as logits.
constexpr auto kOrderUnits = static_cast<float>(kOrderUnitsPerLogit);

float clip01(float v) { return std::clamp(v, 0.0f, 1.0f); }
bool inside01(float v) { return v > 0.0f && v < 1.0f; }

}  // namespace

FloatPolicy::FloatPolicy(const ValueNetwork& net, int width, std::uint32_t seed)
    : hidden_(net.sizes.hidden), width_(width), codes_(kCellCodes) {
    const std::size_t modes = static_cast<std::size_t>(net.modes());
    const std::size_t codes = modes * kCellCodes;
    const std::size_t h = static_cast<std::size_t>(hidden_), w = static_cast<std::size_t>(width_);
    context_w_ = 0;
    context_b_ = context_w_ + w * h;
    own_b_ = context_b_ + w;
    opp_b_ = own_b_ + codes;
    own_w_ = opp_b_ + codes;
    opp_w_ = own_w_ + codes * w;
    near_last_ = opp_w_ + codes * w;
    near_own_ = near_last_ + kPolicyNearnessBuckets;
    w_.assign(near_own_ + kPolicyNearnessBuckets, 0.0f);
    std::mt19937 rng(seed);
    std::normal_distribution<float> context_init(0.0f, 1.0f / std::sqrt(static_cast<float>(hidden_)));
    std::normal_distribution<float> code_init(0.0f, 0.02f);
    for (std::size_t i = 0; i < w * h; ++i)
        w_[context_w_ + i] = std::clamp(context_init(rng), -kWeightLimit, kWeightLimit);
    for (std::size_t j = 0; j < w; ++j) w_[context_b_ + j] = 0.25f;
    for (std::size_t i = 0; i < 2 * codes * w; ++i) w_[own_w_ + i] = code_init(rng);
    for (std::size_t mode = 0; mode < modes; ++mode)
        for (int code = 0; code < kCellCodes; ++code) {
            w_[own_b_ + code_index(static_cast<int>(mode), code)] =
                kOrderAttack[static_cast<std::size_t>(code)] / kOrderUnits;
            w_[opp_b_ + code_index(static_cast<int>(mode), code)] =
                kOrderDefence[static_cast<std::size_t>(code)] / kOrderUnits;
        }
    for (int b = 0; b < kPolicyNearnessBuckets; ++b) {
        w_[near_last_ + static_cast<std::size_t>(b)] = kOrderNearLast[static_cast<std::size_t>(b)] / kOrderUnits;
        w_[near_own_ + static_cast<std::size_t>(b)] = kOrderNearOwn[static_cast<std::size_t>(b)] / kOrderUnits;
    }
    m_.assign(w_.size(), 0.0f);
    v_.assign(w_.size(), 0.0f);
    g_.assign(w_.size(), 0.0f);
}

void FloatPolicy::forward(const PolicySet& set, std::size_t sample, Forward& f) const {
    const PolicySample& s = set.samples[sample];
    const float* a = set.activations.data() + sample * static_cast<std::size_t>(hidden_);
    f.z.resize(static_cast<std::size_t>(width_));
    f.context.resize(static_cast<std::size_t>(width_));
    for (int j = 0; j < width_; ++j) {
        const float* w = w_.data() + context_w_ + static_cast<std::size_t>(j) * static_cast<std::size_t>(hidden_);
        float z = w_[context_b_ + static_cast<std::size_t>(j)];
        for (int k = 0; k < hidden_; ++k) z += w[k] * a[k];
        f.z[static_cast<std::size_t>(j)] = z;
        f.context[static_cast<std::size_t>(j)] = clip01(z);
    }
    f.logits.resize(s.count);
    for (int i = 0; i < s.count; ++i) {
        const PolicyCandidate& c = set.cells[s.begin + static_cast<std::size_t>(i)];
        const std::size_t own = code_index(s.own_mode, c.own_code), opp = code_index(s.opp_mode, c.opp_code);
        float logit = w_[own_b_ + own] + w_[opp_b_ + opp] + w_[near_last_ + c.near_last] + w_[near_own_ + c.near_own];
        const float* wo = w_.data() + own_w_ + own * static_cast<std::size_t>(width_);
        const float* wp = w_.data() + opp_w_ + opp * static_cast<std::size_t>(width_);
        for (int j = 0; j < width_; ++j) logit += f.context[static_cast<std::size_t>(j)] * (wo[j] + wp[j]);
        f.logits[static_cast<std::size_t>(i)] = logit;
    }
}

void FloatPolicy::logits(const PolicySet& set, std::size_t sample, std::vector<float>& out) const {
    Forward f;
    forward(set, sample, f);
    out = std::move(f.logits);
}

double FloatPolicy::train_batch(const PolicySet& set, const std::vector<std::uint32_t>& batch,
                                const AdamSettings& adam) {
    Forward f;
    std::vector<float> d_context(static_cast<std::size_t>(width_));
    double loss = 0;
    for (std::uint32_t sample : batch) {
        forward(set, sample, f);
        const PolicySample& s = set.samples[sample];
        const float top = *std::max_element(f.logits.begin(), f.logits.end());
        double total = 0;
        for (float& l : f.logits) total += std::exp(static_cast<double>(l - top));
        loss += std::log(total) - (f.logits[s.chosen] - top);
        std::fill(d_context.begin(), d_context.end(), 0.0f);
        for (int i = 0; i < s.count; ++i) {
            const float p =
                static_cast<float>(std::exp(static_cast<double>(f.logits[static_cast<std::size_t>(i)] - top)) / total);
            const float d = p - (i == s.chosen ? 1.0f : 0.0f);  // d loss / d logit
            const PolicyCandidate& c = set.cells[s.begin + static_cast<std::size_t>(i)];
            const std::size_t own = code_index(s.own_mode, c.own_code), opp = code_index(s.opp_mode, c.opp_code);
            g_[own_b_ + own] += d;
            g_[opp_b_ + opp] += d;
            g_[near_last_ + c.near_last] += d;
            g_[near_own_ + c.near_own] += d;
            const float* wo = w_.data() + own_w_ + own * static_cast<std::size_t>(width_);
            const float* wp = w_.data() + opp_w_ + opp * static_cast<std::size_t>(width_);
            float* go = g_.data() + own_w_ + own * static_cast<std::size_t>(width_);
            float* gp = g_.data() + opp_w_ + opp * static_cast<std::size_t>(width_);
            for (int j = 0; j < width_; ++j) {
                const float cj = f.context[static_cast<std::size_t>(j)];
                go[j] += d * cj;
                gp[j] += d * cj;
                d_context[static_cast<std::size_t>(j)] += d * (wo[j] + wp[j]);
            }
        }
        const float* a = set.activations.data() + static_cast<std::size_t>(sample) * static_cast<std::size_t>(hidden_);
        for (int j = 0; j < width_; ++j) {
            if (!inside01(f.z[static_cast<std::size_t>(j)])) continue;
            const float dz = d_context[static_cast<std::size_t>(j)];
            g_[context_b_ + static_cast<std::size_t>(j)] += dz;
            float* gw = g_.data() + context_w_ + static_cast<std::size_t>(j) * static_cast<std::size_t>(hidden_);
            for (int k = 0; k < hidden_; ++k) gw[k] += dz * a[k];
        }
    }
    // Adam over every weight: the head is small (tens of thousands), so no lazy updates.
    const AdamStep step(adam, ++step_, batch.size());
    for (std::size_t i = 0; i < w_.size(); ++i) {
        // The int8 weights keep their range; the int32 biases need no bound.
        const bool int8 = i < context_b_ || (i >= own_w_ && i < near_last_);
        step.apply(w_[i], m_[i], v_[i], g_[i], int8 ? kWeightLimit : 1e30f);
    }
    return loss / static_cast<double>(batch.size());
}

ValueNetwork FloatPolicy::quantised_into(ValueNetwork net) const {
    net.sizes.policy = width_;
    const ValueNetwork shaped = ValueNetwork::zeros(net.family, net.sizes);
    auto to_int8 = [](float v) {
        return static_cast<std::int8_t>(std::clamp<long>(std::lround(v * kWeightScale), -127, 127));
    };
    auto to_int32 = [](float v) { return static_cast<std::int32_t>(std::lround(v * kActivationScale * kWeightScale)); };
    auto fill8 = [&](std::vector<std::int8_t>& out, std::size_t from, std::size_t size) {
        out.resize(size);
        for (std::size_t i = 0; i < size; ++i) out[i] = to_int8(w_[from + i]);
    };
    auto fill32 = [&](std::vector<std::int32_t>& out, std::size_t from, std::size_t size) {
        out.resize(size);
        for (std::size_t i = 0; i < size; ++i) out[i] = to_int32(w_[from + i]);
    };
    fill8(net.policy_context_weights, context_w_, shaped.policy_context_weights.size());
    fill32(net.policy_context_bias, context_b_, shaped.policy_context_bias.size());
    fill32(net.policy_own_bias, own_b_, shaped.policy_own_bias.size());
    fill32(net.policy_opp_bias, opp_b_, shaped.policy_opp_bias.size());
    fill8(net.policy_own_weights, own_w_, shaped.policy_own_weights.size());
    fill8(net.policy_opp_weights, opp_w_, shaped.policy_opp_weights.size());
    fill32(net.policy_near_last, near_last_, kPolicyNearnessBuckets);
    fill32(net.policy_near_own, near_own_, kPolicyNearnessBuckets);
    return net;
}

}  // namespace tengen
