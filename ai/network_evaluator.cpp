#include "ai/network_evaluator.h"

#include <algorithm>
#include <optional>

#include "ai/cell_code.h"
#include "ai/embedded_network.h"
#include "ai/evaluation.h"
#include "ai/search_position.h"
#include "engine/board.h"

namespace tengen {
namespace {

constexpr int round_up(int n, int to) { return (n + to - 1) / to * to; }

constexpr int kActivationShift = 4;  // kEmbeddingScale / kActivationScale = 16 = 2^4
static_assert(kEmbeddingScale / kActivationScale == 1 << kActivationShift);

// value_network.cpp's activation of one accumulator or threat entry, for the threat rows
// prepared here (the accumulators go through the kernels, which compute the same).
std::uint8_t activation(int v) {
    return static_cast<std::uint8_t>((std::clamp(v, 0, kEmbeddingScale) + (1 << kActivationShift) / 2) >>
                                     kActivationShift);
}

}  // namespace

PreparedNetwork PreparedNetwork::from(const ValueNetwork& net) {
    PreparedNetwork p;
    p.family = net.family;
    const int acc = net.sizes.accumulator;
    p.width = round_up(acc, kAccumulatorLanes);
    p.threat_width = net.sizes.threat;
    p.input_stride = round_up(p.width + p.threat_width, kDenseInputLanes);
    p.hidden = net.sizes.hidden;
    p.bias.assign(static_cast<std::size_t>(p.width), 0);
    std::copy(net.accumulator_bias.begin(), net.accumulator_bias.end(), p.bias.begin());
    const auto width = static_cast<std::size_t>(p.width);
    for (int mode = 0; mode < net.modes(); ++mode) {
        auto& own = p.own[static_cast<std::size_t>(mode)];
        auto& opp = p.opp[static_cast<std::size_t>(mode)];
        own.assign((kCellCodes + 1) * width, 0);  // the last row, kNoCellCode's, stays zero
        opp.assign((kCellCodes + 1) * width, 0);
        for (int code = 0; code < kCellCodes; ++code) {
            std::copy_n(net.own_row(mode, code), acc, own.begin() + static_cast<std::ptrdiff_t>(code * width));
            std::copy_n(net.opp_row(mode, code), acc, opp.begin() + static_cast<std::ptrdiff_t>(code * width));
        }
        auto& threat = p.threat[static_cast<std::size_t>(mode)];
        threat.resize(static_cast<std::size_t>(kThreatMasks * p.threat_width));
        for (int mask = 0; mask < kThreatMasks; ++mask)
            for (int j = 0; j < p.threat_width; ++j)
                threat[static_cast<std::size_t>(mask * p.threat_width + j)] = activation(net.threat_row(mode, mask)[j]);
    }
    // Each hidden row: the accumulator's weights at 0.., the threat row's right after the
    // padded accumulator, zeros elsewhere (the inputs there are zero too).
    p.hidden_weights.assign(static_cast<std::size_t>(p.hidden * p.input_stride), 0);
    for (int h = 0; h < p.hidden; ++h) {
        const std::int8_t* w = net.hidden_weights.data() + static_cast<std::ptrdiff_t>(h) * net.inputs();
        std::int8_t* to = p.hidden_weights.data() + static_cast<std::ptrdiff_t>(h) * p.input_stride;
        std::copy_n(w, acc, to);
        std::copy_n(w + acc, p.threat_width, to + p.width);
    }
    p.hidden_bias = net.hidden_bias;
    p.output_weights = net.output_weights;
    p.output_bias = net.output_bias;
    if (net.has_policy() && net.sizes.policy <= kMaxPolicyWidth) {
        p.policy = net.sizes.policy;
        p.policy_context_weights = net.policy_context_weights;
        p.policy_context_bias = net.policy_context_bias;
        const auto codes = static_cast<std::ptrdiff_t>(kCellCodes);
        const auto row = codes * p.policy;
        for (int mode = 0; mode < net.modes(); ++mode) {
            const auto m = static_cast<std::size_t>(mode);
            p.policy_own_bias[m].assign(net.policy_own_bias.begin() + mode * codes,
                                        net.policy_own_bias.begin() + (mode + 1) * codes);
            p.policy_opp_bias[m].assign(net.policy_opp_bias.begin() + mode * codes,
                                        net.policy_opp_bias.begin() + (mode + 1) * codes);
            p.policy_own_weights[m].assign(net.policy_own_weights.begin() + mode * row,
                                           net.policy_own_weights.begin() + (mode + 1) * row);
            p.policy_opp_weights[m].assign(net.policy_opp_weights.begin() + mode * row,
                                           net.policy_opp_weights.begin() + (mode + 1) * row);
        }
        std::copy_n(net.policy_near_last.begin(), kPolicyNearnessBuckets, p.policy_near_last.begin());
        std::copy_n(net.policy_near_own.begin(), kPolicyNearnessBuckets, p.policy_near_own.begin());
    }
    return p;
}

bool PreparedNetwork::sums_fit(const GameConfig& config) const {
    SearchPosition p(config);
    p.set_from(Board(config));
    const ValueFeatures f = value_features(p);
    const auto lane = [this](int code, int k) { return static_cast<std::size_t>(code * width + k); };
    for (int us = 0; us < 2; ++us) {
        const auto& own_rows = own[static_cast<std::size_t>(network_mode(config.rule, us))];
        const auto& opp_rows = opp[static_cast<std::size_t>(network_mode(config.rule, us ^ 1))];
        for (int k = 0; k < width; ++k) {
            long sum = bias[static_cast<std::size_t>(k)];
            for (const CodeCount& c : f.own) sum += long{c.count} * own_rows[lane(c.code, k)];
            for (const CodeCount& c : f.opp) sum += long{c.count} * opp_rows[lane(c.code, k)];
            if (sum < INT16_MIN || sum > INT16_MAX) return false;
        }
    }
    return true;
}

const PreparedNetwork* embedded_prepared_network(NetworkFamily family) {
    // Made once, on first use, then only read: every search thread shares them.
    static const std::array<std::optional<PreparedNetwork>, 2> networks = [] {
        std::array<std::optional<PreparedNetwork>, 2> out;
        for (NetworkFamily f : {NetworkFamily::Freestyle, NetworkFamily::Renju}) {
            const auto bytes = embedded_network_bytes(f);
            if (bytes.empty()) continue;
            const Result<ValueNetwork> net = parse_value_network(bytes);
            if (net && net->family == f) out[static_cast<std::size_t>(f)] = PreparedNetwork::from(*net);
        }
        return out;
    }();
    const auto& n = networks[static_cast<std::size_t>(family)];
    return n ? &*n : nullptr;
}

NetworkEvaluator::NetworkEvaluator(const GameConfig& config, const PreparedNetwork* net, NetworkKernels kernels)
    : net_(net), kernels_(network_kernels_available(kernels) ? kernels : NetworkKernels::Portable) {
    for (int c = 0; c < 2; ++c) mode_[c] = network_mode(config.rule, c);
    // The quiet code's count is read less the cells past the fitted area (value_network.h); the
    // cells are told with their whole count, so the sums start from that many quiet rows off.
    start_.assign(static_cast<std::size_t>(4 * net_->width), 0);
    const int beyond = cells_beyond_fitted(config);
    for (int c = 0; c < 2; ++c)
        for (int side = 0; side < 2; ++side) {
            const auto& rows = (side == 0 ? net_->own : net_->opp)[static_cast<std::size_t>(mode_[c])];
            for (int k = 0; k < net_->width; ++k)
                start_[static_cast<std::size_t>((2 * c + side) * net_->width + k)] = static_cast<std::int16_t>(
                    -beyond * rows[static_cast<std::size_t>(kQuietCellCode * net_->width + k)]);
        }
    state_ = start_;
    saved_.reserve(state_.size() * static_cast<std::size_t>(config.width * config.height + 8));
}

void NetworkEvaluator::refresh(const SearchPosition& p) {
    saved_.clear();
    std::copy(start_.begin(), start_.end(), state_.begin());
    tell_every_code(p, *this);
}

void NetworkEvaluator::hidden_sums(const SearchPosition& p, std::int32_t* hidden) const noexcept {
    const int us = p.side(), them = us ^ 1, w = net_->width;
    // Uninitialised but for the padding: the kernels write every entry that is read.
    alignas(32) std::array<std::uint8_t, 2 * 1024 + kDenseInputLanes> input;
    const std::int16_t* own = state_.data() + static_cast<std::ptrdiff_t>(2 * us) * w;
    const std::int16_t* opp = state_.data() + static_cast<std::ptrdiff_t>(2 * them + 1) * w;
    const bool avx2 = kernels_ == NetworkKernels::Avx2;
    (avx2 ? network_kernels::activate_avx2 : network_kernels::activate_portable)(
        input.data(), net_->bias.data(), own, opp, w, kEmbeddingScale, kActivationShift);
    const std::uint8_t* threat =
        net_->threat[static_cast<std::size_t>(mode_[us])].data() + threat_mask(p) * net_->threat_width;
    std::copy_n(threat, net_->threat_width, input.begin() + w);
    std::fill(input.begin() + w + net_->threat_width, input.begin() + net_->input_stride, std::uint8_t{0});
    (avx2 ? network_kernels::dense_avx2 : network_kernels::dense_portable)(
        hidden, net_->hidden_weights.data(), input.data(), net_->hidden_bias.data(), net_->hidden, net_->input_stride);
}

std::int32_t NetworkEvaluator::logit_units(const SearchPosition& p) const noexcept {
    alignas(32) std::array<std::int32_t, 1024> hidden;
    hidden_sums(p, hidden.data());
    std::int32_t out = net_->output_bias;
    for (int h = 0; h < net_->hidden; ++h)
        out +=
            net_->output_weights[static_cast<std::size_t>(h)] * dense_activation(hidden[static_cast<std::size_t>(h)]);
    return out;
}

PolicyContext NetworkEvaluator::policy_context(const SearchPosition& p) const noexcept {
    alignas(32) std::array<std::int32_t, 1024> hidden;
    hidden_sums(p, hidden.data());
    for (int h = 0; h < net_->hidden; ++h)
        hidden[static_cast<std::size_t>(h)] = dense_activation(hidden[static_cast<std::size_t>(h)]);
    PolicyContext context{};
    for (int j = 0; j < net_->policy; ++j) {
        std::int32_t sum = net_->policy_context_bias[static_cast<std::size_t>(j)];
        const std::int8_t* w = net_->policy_context_weights.data() + static_cast<std::ptrdiff_t>(j) * net_->hidden;
        for (int h = 0; h < net_->hidden; ++h) sum += w[h] * hidden[static_cast<std::size_t>(h)];
        context[static_cast<std::size_t>(j)] = dense_activation(sum);
    }
    return context;
}

Score NetworkEvaluator::evaluate(const SearchPosition& p) const noexcept {
    constexpr std::int64_t kUnitsPerLogit = std::int64_t{kActivationScale} * kWeightScale;
    const std::int64_t scaled = std::int64_t{logit_units(p)} * kScorePerLogit;
    // Rounded to nearest, halves away from zero, the same on every compiler.
    const std::int64_t score =
        (scaled >= 0 ? scaled + kUnitsPerLogit / 2 : scaled - kUnitsPerLogit / 2) / kUnitsPerLogit;
    return static_cast<Score>(std::clamp<std::int64_t>(score, -20000, 20000));
}

}  // namespace tengen
