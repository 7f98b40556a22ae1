#include "ai/value_network.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <iterator>

#include "ai/cell_code.h"
#include "ai/evaluation.h"
#include "ai/search_position.h"

namespace tengen {

namespace {

constexpr int kHeaderWords = 12;
constexpr int kLargestWidth = 1024;  // a header asking for more is not one of ours

std::size_t row_index(int mode, int rows, int row, int width) {
    return (static_cast<std::size_t>(mode) * rows + row) * width;
}

// Appends little-endian bytes whatever the host's order.
class ByteWriter {
public:
    template <class T>
    void put(T value) {
        auto u = static_cast<std::make_unsigned_t<T>>(value);
        for (std::size_t i = 0; i < sizeof(T); ++i) bytes_.push_back(static_cast<std::uint8_t>(u >> (8 * i)));
    }
    template <class T>
    void put_all(const std::vector<T>& values) {
        for (T v : values) put(v);
    }
    std::vector<std::uint8_t> take() { return std::move(bytes_); }

private:
    std::vector<std::uint8_t> bytes_;
};

class ByteReader {
public:
    explicit ByteReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    std::size_t left() const noexcept { return bytes_.size() - at_; }
    // The caller has checked that the bytes are there.
    template <class T>
    T get() {
        std::make_unsigned_t<T> u = 0;
        for (std::size_t i = 0; i < sizeof(T); ++i)
            u |= static_cast<std::make_unsigned_t<T>>(bytes_[at_ + i]) << (8 * i);
        at_ += sizeof(T);
        return static_cast<T>(u);
    }
    template <class T>
    void get_all(std::vector<T>& values) {
        for (T& v : values) v = get<T>();
    }

private:
    std::span<const std::uint8_t> bytes_;
    std::size_t at_ = 0;
};

std::size_t payload_bytes(const ValueNetwork& n) {
    return 2 * (n.accumulator_bias.size() + n.own_rows.size() + n.opp_rows.size() + n.threat_rows.size()) +
           n.hidden_weights.size() + 4 * n.hidden_bias.size() + n.output_weights.size() + 4 +
           n.policy_context_weights.size() +
           4 * (n.policy_context_bias.size() + n.policy_own_bias.size() + n.policy_opp_bias.size() +
                n.policy_near_last.size() + n.policy_near_own.size()) +
           n.policy_own_weights.size() + n.policy_opp_weights.size();
}

}  // namespace

ValueNetwork ValueNetwork::zeros(NetworkFamily family, const ValueNetworkSizes& sizes) {
    ValueNetwork n;
    n.family = family;
    n.sizes = sizes;
    const std::size_t modes = static_cast<std::size_t>(n.modes());
    const std::size_t acc = static_cast<std::size_t>(sizes.accumulator);
    n.accumulator_bias.assign(acc, 0);
    n.own_rows.assign(modes * kCellCodes * acc, 0);
    n.opp_rows.assign(modes * kCellCodes * acc, 0);
    n.threat_rows.assign(modes * kThreatMasks * static_cast<std::size_t>(sizes.threat), 0);
    n.hidden_weights.assign(static_cast<std::size_t>(sizes.hidden) * static_cast<std::size_t>(n.inputs()), 0);
    n.hidden_bias.assign(static_cast<std::size_t>(sizes.hidden), 0);
    n.output_weights.assign(static_cast<std::size_t>(sizes.hidden), 0);
    n.output_bias = 0;
    const std::size_t policy = static_cast<std::size_t>(std::max(sizes.policy, 0));
    if (policy > 0) {
        n.policy_context_weights.assign(policy * static_cast<std::size_t>(sizes.hidden), 0);
        n.policy_context_bias.assign(policy, 0);
        n.policy_own_bias.assign(modes * kCellCodes, 0);
        n.policy_opp_bias.assign(modes * kCellCodes, 0);
        n.policy_own_weights.assign(modes * kCellCodes * policy, 0);
        n.policy_opp_weights.assign(modes * kCellCodes * policy, 0);
        n.policy_near_last.assign(kPolicyNearnessBuckets, 0);
        n.policy_near_own.assign(kPolicyNearnessBuckets, 0);
    }
    return n;
}

const std::int16_t* ValueNetwork::own_row(int mode, int code) const noexcept {
    return own_rows.data() + row_index(mode, kCellCodes, code, sizes.accumulator);
}
const std::int16_t* ValueNetwork::opp_row(int mode, int code) const noexcept {
    return opp_rows.data() + row_index(mode, kCellCodes, code, sizes.accumulator);
}
const std::int16_t* ValueNetwork::threat_row(int mode, int mask) const noexcept {
    return threat_rows.data() + row_index(mode, kThreatMasks, mask, sizes.threat);
}

ValueFeatures value_features(const SearchPosition& p) {
    const int us = p.side(), them = us ^ 1;
    ValueFeatures f;
    f.own_mode = network_mode(p.config().rule, us);
    f.opp_mode = network_mode(p.config().rule, them);
    f.threat_mask = threat_mask(p);
    // Counts by code, and the codes seen in the order first seen, sorted at the end: a board has
    // a few dozen distinct codes out of thousands, so no scan of every code.
    std::array<std::array<std::int16_t, kCellCodes>, 2> counts{};
    std::array<std::vector<std::uint16_t>, 2> seen;
    for (int y = 0; y < p.height(); ++y)
        for (int x = 0; x < p.width(); ++x) {
            const int cell = p.cell_of({x, y});
            if (!p.empty(cell)) continue;
            for (int side = 0; side < 2; ++side) {
                const int colour = side == 0 ? us : them;
                const int code = cell_code({p.line_class(cell, colour, 0), p.line_class(cell, colour, 1),
                                            p.line_class(cell, colour, 2), p.line_class(cell, colour, 3)});
                if (counts[side][code]++ == 0) seen[side].push_back(static_cast<std::uint16_t>(code));
            }
        }
    const int beyond = cells_beyond_fitted(p.config());
    for (int side = 0; side < 2; ++side) {
        if (beyond > 0 && counts[side][kQuietCellCode] == 0) seen[side].push_back(kQuietCellCode);
        counts[side][kQuietCellCode] = static_cast<std::int16_t>(counts[side][kQuietCellCode] - beyond);
        std::sort(seen[side].begin(), seen[side].end());
        auto& out = side == 0 ? f.own : f.opp;
        out.reserve(seen[side].size());
        for (std::uint16_t code : seen[side])
            if (counts[side][code] != 0) out.push_back({code, counts[side][code]});
    }
    return f;
}

std::vector<std::int32_t> accumulate(const ValueNetwork& net, const ValueFeatures& f) {
    const int width = net.sizes.accumulator;
    std::vector<std::int32_t> acc(net.accumulator_bias.begin(), net.accumulator_bias.end());
    auto add = [&](const std::int16_t* row, int count) {
        for (int i = 0; i < width; ++i) acc[i] += count * row[i];
    };
    for (const CodeCount& c : f.own) add(net.own_row(f.own_mode, c.code), c.count);
    for (const CodeCount& c : f.opp) add(net.opp_row(f.opp_mode, c.code), c.count);
    return acc;
}

std::vector<std::int32_t> hidden_activations(const ValueNetwork& net, const ValueFeatures& f) {
    // Both scalings round to nearest: truncating would shift every activation down by half a
    // step, a bias the float fit never saw.
    constexpr int kStep = kEmbeddingScale / kActivationScale;
    auto activation = [](std::int32_t v) { return (std::clamp(v, 0, kEmbeddingScale) + kStep / 2) / kStep; };
    std::vector<std::int32_t> input = accumulate(net, f);
    for (std::int32_t& v : input) v = activation(v);
    const std::int16_t* threat = net.threat_row(f.own_mode, f.threat_mask);
    for (int j = 0; j < net.sizes.threat; ++j) input.push_back(activation(threat[j]));
    std::vector<std::int32_t> hidden(static_cast<std::size_t>(net.sizes.hidden));
    const int inputs = net.inputs();
    for (int h = 0; h < net.sizes.hidden; ++h) {
        std::int32_t sum = net.hidden_bias[h];
        const std::int8_t* w = net.hidden_weights.data() + static_cast<std::size_t>(h) * inputs;
        for (int i = 0; i < inputs; ++i) sum += w[i] * input[i];
        hidden[static_cast<std::size_t>(h)] = dense_activation(sum);
    }
    return hidden;
}

std::int32_t evaluate_logit_units(const ValueNetwork& net, const ValueFeatures& f) {
    const std::vector<std::int32_t> hidden = hidden_activations(net, f);
    std::int32_t out = net.output_bias;
    for (int h = 0; h < net.sizes.hidden; ++h) out += net.output_weights[h] * hidden[static_cast<std::size_t>(h)];
    return out;
}

std::vector<std::int32_t> policy_context(const ValueNetwork& net, std::span<const std::int32_t> hidden) {
    std::vector<std::int32_t> context(static_cast<std::size_t>(net.sizes.policy));
    for (int j = 0; j < net.sizes.policy; ++j) {
        std::int32_t sum = net.policy_context_bias[static_cast<std::size_t>(j)];
        const std::int8_t* w = net.policy_context_weights.data() + static_cast<std::size_t>(j) * net.sizes.hidden;
        for (int h = 0; h < net.sizes.hidden; ++h) sum += w[h] * hidden[static_cast<std::size_t>(h)];
        context[static_cast<std::size_t>(j)] = dense_activation(sum);
    }
    return context;
}

std::int32_t policy_logit_units(const ValueNetwork& net, std::span<const std::int32_t> context, const PolicyCell& c) {
    const int width = net.sizes.policy;
    const std::size_t own = static_cast<std::size_t>(c.own_mode) * kCellCodes + static_cast<std::size_t>(c.own_code);
    const std::size_t opp = static_cast<std::size_t>(c.opp_mode) * kCellCodes + static_cast<std::size_t>(c.opp_code);
    std::int32_t out = net.policy_own_bias[own] + net.policy_opp_bias[opp] +
                       net.policy_near_last[static_cast<std::size_t>(c.near_last)] +
                       net.policy_near_own[static_cast<std::size_t>(c.near_own)];
    const std::int8_t* wo = net.policy_own_weights.data() + own * static_cast<std::size_t>(width);
    const std::int8_t* wp = net.policy_opp_weights.data() + opp * static_cast<std::size_t>(width);
    for (int j = 0; j < width; ++j) out += context[static_cast<std::size_t>(j)] * (wo[j] + wp[j]);
    return out;
}

double evaluate_logit(const ValueNetwork& net, const ValueFeatures& f) {
    return evaluate_logit_units(net, f) / static_cast<double>(kActivationScale * kWeightScale);
}

double evaluate_win_probability(const ValueNetwork& net, const ValueFeatures& f) {
    return 1.0 / (1.0 + std::exp(-evaluate_logit(net, f)));
}

std::vector<std::uint8_t> serialise(const ValueNetwork& net) {
    ByteWriter w;
    w.put<std::uint32_t>(kValueNetworkMagic);
    w.put<std::uint32_t>(net.has_policy() ? kPolicyNetworkVersion : kValueNetworkVersion);
    w.put<std::uint32_t>(static_cast<std::uint32_t>(net.family));
    w.put<std::uint32_t>(static_cast<std::uint32_t>(net.modes()));
    w.put<std::uint32_t>(kCellCodes);
    w.put<std::uint32_t>(kThreatMasks);
    w.put<std::uint32_t>(static_cast<std::uint32_t>(net.sizes.accumulator));
    w.put<std::uint32_t>(static_cast<std::uint32_t>(net.sizes.threat));
    w.put<std::uint32_t>(static_cast<std::uint32_t>(net.sizes.hidden));
    w.put<std::uint32_t>(kEmbeddingScale);
    w.put<std::uint32_t>(kActivationScale);
    w.put<std::uint32_t>(kWeightScale);
    if (net.has_policy()) w.put<std::uint32_t>(static_cast<std::uint32_t>(net.sizes.policy));
    w.put_all(net.accumulator_bias);
    w.put_all(net.own_rows);
    w.put_all(net.opp_rows);
    w.put_all(net.threat_rows);
    w.put_all(net.hidden_weights);
    w.put_all(net.hidden_bias);
    w.put_all(net.output_weights);
    w.put(net.output_bias);
    w.put_all(net.policy_context_weights);
    w.put_all(net.policy_context_bias);
    w.put_all(net.policy_own_bias);
    w.put_all(net.policy_opp_bias);
    w.put_all(net.policy_own_weights);
    w.put_all(net.policy_opp_weights);
    w.put_all(net.policy_near_last);
    w.put_all(net.policy_near_own);
    return w.take();
}

Result<ValueNetwork> parse_value_network(std::span<const std::uint8_t> bytes) {
    ByteReader r(bytes);
    if (r.left() < 4 * kHeaderWords) return Failure{"value network: shorter than its header"};
    std::array<std::uint32_t, kHeaderWords> h{};
    for (auto& word : h) word = r.get<std::uint32_t>();
    if (h[0] != kValueNetworkMagic) return Failure{"value network: not a weights file (bad magic)"};
    if (h[1] != kValueNetworkVersion && h[1] != kPolicyNetworkVersion)
        return Failure{"value network: format version " + std::to_string(h[1]) + ", this build reads " +
                       std::to_string(kValueNetworkVersion) + " and " + std::to_string(kPolicyNetworkVersion)};
    std::uint32_t policy = 0;
    if (h[1] == kPolicyNetworkVersion) {
        if (r.left() < 4) return Failure{"value network: shorter than its header"};
        policy = r.get<std::uint32_t>();
        if (policy < 1 || policy > kLargestWidth) return Failure{"value network: a layer width out of range"};
    }
    if (h[2] > 1) return Failure{"value network: unknown rule family " + std::to_string(h[2])};
    const auto family = static_cast<NetworkFamily>(h[2]);
    if (h[4] != static_cast<std::uint32_t>(kCellCodes) || h[5] != static_cast<std::uint32_t>(kThreatMasks))
        return Failure{"value network: made for " + std::to_string(h[4]) + " cell codes and " + std::to_string(h[5]) +
                       " threat masks, this build has " + std::to_string(kCellCodes) + " and " +
                       std::to_string(kThreatMasks)};
    if (h[9] != static_cast<std::uint32_t>(kEmbeddingScale) || h[10] != static_cast<std::uint32_t>(kActivationScale) ||
        h[11] != static_cast<std::uint32_t>(kWeightScale))
        return Failure{"value network: quantised at other scales than this build's"};
    for (int i = 6; i <= 8; ++i)
        if (h[i] < 1 || h[i] > kLargestWidth) return Failure{"value network: a layer width out of range"};
    ValueNetwork net = ValueNetwork::zeros(
        family, {static_cast<int>(h[6]), static_cast<int>(h[7]), static_cast<int>(h[8]), static_cast<int>(policy)});
    if (h[3] != static_cast<std::uint32_t>(net.modes()))
        return Failure{"value network: mode count does not fit its family"};
    if (r.left() != payload_bytes(net))
        return Failure{"value network: " + std::to_string(r.left()) + " bytes of weights where its sizes need " +
                       std::to_string(payload_bytes(net))};
    r.get_all(net.accumulator_bias);
    r.get_all(net.own_rows);
    r.get_all(net.opp_rows);
    r.get_all(net.threat_rows);
    r.get_all(net.hidden_weights);
    r.get_all(net.hidden_bias);
    r.get_all(net.output_weights);
    net.output_bias = r.get<std::int32_t>();
    r.get_all(net.policy_context_weights);
    r.get_all(net.policy_context_bias);
    r.get_all(net.policy_own_bias);
    r.get_all(net.policy_opp_bias);
    r.get_all(net.policy_own_weights);
    r.get_all(net.policy_opp_weights);
    r.get_all(net.policy_near_last);
    r.get_all(net.policy_near_own);
    return net;
}

Result<ValueNetwork> read_value_network(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Failure{"cannot read " + path};
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return parse_value_network(bytes);
}

Status write_value_network(const ValueNetwork& net, const std::string& path) {
    const std::vector<std::uint8_t> bytes = serialise(net);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) return Failure{"cannot write " + path};
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) return Failure{"cannot write " + path};
    return {};
}

}  // namespace tengen
