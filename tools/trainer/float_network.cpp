#include "tools/trainer/float_network.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include "ai/cell_code.h"
#include "ai/evaluation.h"
#include "ai/line_shape.h"

namespace tengen {

namespace {

constexpr float kDenseLimit = 127.0f / kWeightScale;           // an int8 weight's range
constexpr float kEmbeddingLimit = 32767.0f / kEmbeddingScale;  // an int16 entry's range

float clip01(float v) { return std::clamp(v, 0.0f, 1.0f); }
bool inside01(float v) { return v > 0.0f && v < 1.0f; }

// The four line classes of every cell code (with repeats), for the per-class part of the rows.
std::vector<std::array<std::uint8_t, 4>> classes_of_codes() {
    std::vector<std::array<std::uint8_t, 4>> out(kCellCodes);
    for (int a = 0; a < kLineClassCount; ++a)
        for (int b = a; b < kLineClassCount; ++b)
            for (int c = b; c < kLineClassCount; ++c)
                for (int d = c; d < kLineClassCount; ++d)
                    out[static_cast<std::size_t>(cell_code({a, b, c, d}))] = {
                        static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b), static_cast<std::uint8_t>(c),
                        static_cast<std::uint8_t>(d)};
    return out;
}

}  // namespace

struct FloatNetwork::Activations {
    std::vector<float> acc, threat, x, z1, h1, dx;
    std::vector<float> class_counts;  // [side][mode][class]: cells times how often the class is in their code
    double out = 0;
};

struct FloatNetwork::Gradients {
    std::vector<float> rows, threat, dense, classes;
    std::vector<std::uint32_t> touched_rows, touched_threat;  // row numbers (offset / width)
    std::vector<std::uint8_t> row_marked, threat_marked;
    double loss = 0;
    Activations scratch;
};

FloatNetwork::FloatNetwork(NetworkFamily family, const ValueNetworkSizes& sizes, const AccumulatorBound& bound,
                           std::uint32_t seed)
    : family_(family),
      sizes_(sizes),
      modes_(family == NetworkFamily::Renju ? 2 : 1),
      inputs_(sizes.accumulator + sizes.threat),
      accumulator_limit_(static_cast<float>(bound.limit)),
      accumulator_penalty_(static_cast<float>(bound.penalty)) {
    std::mt19937 rng(seed);
    const std::size_t acc = static_cast<std::size_t>(sizes.accumulator);
    const std::size_t row_count = 2 * static_cast<std::size_t>(modes_) * kCellCodes;
    const std::size_t threat_count = static_cast<std::size_t>(modes_) * kThreatMasks;
    // A board sums a couple of hundred rows per side, the far cells' few codes many times over:
    // small rows start the sums inside the clipping's slope.
    std::normal_distribution<float> row_init(0.0f, 0.002f), threat_init(0.5f, 0.1f);
    std::normal_distribution<float> w1_init(0.0f, 1.0f / std::sqrt(static_cast<float>(inputs_)));
    std::normal_distribution<float> w2_init(0.0f, 1.0f / std::sqrt(static_cast<float>(sizes.hidden)));
    rows_.resize(row_count * acc);
    for (float& w : rows_) w = row_init(rng);
    class_rows_.assign(2 * static_cast<std::size_t>(modes_) * kLineClassCount * acc, 0.0f);
    classes_m_.assign(class_rows_.size(), 0.0f);
    classes_v_.assign(class_rows_.size(), 0.0f);
    code_classes_ = classes_of_codes();
    threat_.resize(threat_count * static_cast<std::size_t>(sizes.threat));
    for (float& w : threat_) w = threat_init(rng);
    acc_bias_.assign(acc, 0.5f);
    w1_.resize(static_cast<std::size_t>(sizes.hidden) * static_cast<std::size_t>(inputs_));
    for (float& w : w1_) w = std::clamp(w1_init(rng), -kDenseLimit, kDenseLimit);
    b1_.assign(static_cast<std::size_t>(sizes.hidden), 0.5f);
    w2_.resize(static_cast<std::size_t>(sizes.hidden));
    for (float& w : w2_) w = std::clamp(w2_init(rng), -kDenseLimit, kDenseLimit);
    rows_m_.assign(rows_.size(), 0.0f);
    rows_v_.assign(rows_.size(), 0.0f);
    threat_m_.assign(threat_.size(), 0.0f);
    threat_v_.assign(threat_.size(), 0.0f);
    const std::size_t dense = acc_bias_.size() + w1_.size() + b1_.size() + w2_.size() + 1;
    dense_m_.assign(dense, 0.0f);
    dense_v_.assign(dense, 0.0f);
}

FloatNetwork::~FloatNetwork() = default;

std::size_t FloatNetwork::row_offset(bool own, int mode, int code) const {
    const std::size_t row = (own ? 0 : static_cast<std::size_t>(modes_) * kCellCodes) +
                            static_cast<std::size_t>(mode) * kCellCodes + static_cast<std::size_t>(code);
    return row * static_cast<std::size_t>(sizes_.accumulator);
}

std::size_t FloatNetwork::threat_offset(int mode, int mask) const {
    return (static_cast<std::size_t>(mode) * kThreatMasks + static_cast<std::size_t>(mask)) *
           static_cast<std::size_t>(sizes_.threat);
}

std::size_t FloatNetwork::class_offset(bool own, int mode, int line_class) const {
    return ((own ? 0 : static_cast<std::size_t>(modes_)) + static_cast<std::size_t>(mode)) * kLineClassCount *
               static_cast<std::size_t>(sizes_.accumulator) +
           static_cast<std::size_t>(line_class) * static_cast<std::size_t>(sizes_.accumulator);
}

void FloatNetwork::forward(const TrainingSet& set, const TrainingSample& s, Activations& a) const {
    const int width = sizes_.accumulator;
    a.acc.assign(acc_bias_.begin(), acc_bias_.end());
    a.class_counts.assign(class_rows_.size() / static_cast<std::size_t>(width), 0.0f);
    const CodeCount* codes = set.codes.data() + s.codes_begin;
    for (int i = 0; i < s.own_codes + s.opp_codes; ++i) {
        const bool own = i < s.own_codes;
        const int mode = own ? s.own_mode : s.opp_mode;
        const float* row = rows_.data() + row_offset(own, mode, codes[i].code);
        const float n = codes[i].count;
        for (int k = 0; k < width; ++k) a.acc[k] += n * row[k];
        for (std::uint8_t c : code_classes_[codes[i].code])
            a.class_counts[class_offset(own, mode, c) / static_cast<std::size_t>(width)] += n;
    }
    // A code's row is its own part plus the rows of its four classes: the class rows are shared
    // by every code, so a rare code starts from what its classes are worth.
    for (std::size_t r = 0; r < a.class_counts.size(); ++r) {
        const float n = a.class_counts[r];
        if (n == 0.0f) continue;
        const float* row = class_rows_.data() + r * static_cast<std::size_t>(width);
        for (int k = 0; k < width; ++k) a.acc[k] += n * row[k];
    }
    const float* threat = threat_.data() + threat_offset(s.own_mode, s.threat_mask);
    a.threat.assign(threat, threat + sizes_.threat);
    a.x.resize(static_cast<std::size_t>(inputs_));
    for (int k = 0; k < width; ++k) a.x[k] = clip01(a.acc[k]);
    for (int j = 0; j < sizes_.threat; ++j) a.x[width + j] = clip01(a.threat[j]);
    a.z1.resize(static_cast<std::size_t>(sizes_.hidden));
    a.h1.resize(static_cast<std::size_t>(sizes_.hidden));
    double out = b2_;
    for (int h = 0; h < sizes_.hidden; ++h) {
        const float* w = w1_.data() + static_cast<std::size_t>(h) * inputs_;
        float z = b1_[h];
        for (int i = 0; i < inputs_; ++i) z += w[i] * a.x[i];
        a.z1[h] = z;
        a.h1[h] = clip01(z);
        out += w2_[h] * a.h1[h];
    }
    a.out = out;
}

double FloatNetwork::logit(const TrainingSet& set, const TrainingSample& s) const {
    Activations a;
    forward(set, s, a);
    return a.out;
}

double FloatNetwork::accumulate_gradient(const TrainingSet& set, const TrainingSample& s, Activations& a,
                                         Gradients& g) const {
    forward(set, s, a);
    const double p = 1.0 / (1.0 + std::exp(-a.out));
    const double pc = std::clamp(p, 1e-7, 1 - 1e-7);
    const double loss = -(s.target * std::log(pc) + (1 - s.target) * std::log(1 - pc));
    const float d = static_cast<float>(p - s.target);  // d loss / d logit
    const int width = sizes_.accumulator;
    // The dense gradients, laid out as dense_m_: acc_bias, w1, b1, w2, b2.
    float* g_acc_bias = g.dense.data();
    float* g_w1 = g_acc_bias + width;
    float* g_b1 = g_w1 + w1_.size();
    float* g_w2 = g_b1 + b1_.size();
    float* g_b2 = g_w2 + w2_.size();
    *g_b2 += d;
    a.dx.assign(static_cast<std::size_t>(inputs_), 0.0f);
    for (int h = 0; h < sizes_.hidden; ++h) {
        g_w2[h] += d * a.h1[h];
        if (!inside01(a.z1[h])) continue;
        const float dz = d * w2_[h];
        g_b1[h] += dz;
        const float* w = w1_.data() + static_cast<std::size_t>(h) * inputs_;
        float* gw = g_w1 + static_cast<std::size_t>(h) * inputs_;
        for (int i = 0; i < inputs_; ++i) {
            gw[i] += dz * a.x[i];
            a.dx[i] += dz * w[i];
        }
    }
    for (int k = 0; k < width; ++k) {
        if (!inside01(a.acc[k])) a.dx[k] = 0.0f;
        const float excess = a.acc[k] - std::clamp(a.acc[k], -accumulator_limit_, accumulator_limit_);
        a.dx[k] += accumulator_penalty_ * excess;
    }
    for (int k = 0; k < width; ++k) g_acc_bias[k] += a.dx[k];
    for (std::size_t r = 0; r < a.class_counts.size(); ++r) {
        const float n = a.class_counts[r];
        if (n == 0.0f) continue;
        float* gr = g.classes.data() + r * static_cast<std::size_t>(width);
        for (int k = 0; k < width; ++k) gr[k] += n * a.dx[k];
    }
    const CodeCount* codes = set.codes.data() + s.codes_begin;
    for (int i = 0; i < s.own_codes + s.opp_codes; ++i) {
        const bool own = i < s.own_codes;
        const std::size_t offset = row_offset(own, own ? s.own_mode : s.opp_mode, codes[i].code);
        const std::size_t row = offset / static_cast<std::size_t>(width);
        if (!g.row_marked[row]) {
            g.row_marked[row] = 1;
            g.touched_rows.push_back(static_cast<std::uint32_t>(row));
        }
        const float n = codes[i].count;
        float* gr = g.rows.data() + offset;
        for (int k = 0; k < width; ++k) gr[k] += n * a.dx[k];
    }
    const std::size_t t_offset = threat_offset(s.own_mode, s.threat_mask);
    const std::size_t t_row = t_offset / static_cast<std::size_t>(sizes_.threat);
    if (!g.threat_marked[t_row]) {
        g.threat_marked[t_row] = 1;
        g.touched_threat.push_back(static_cast<std::uint32_t>(t_row));
    }
    for (int j = 0; j < sizes_.threat; ++j)
        if (inside01(a.threat[j])) g.threat[t_offset + j] += a.dx[width + j];
    return loss;
}

double FloatNetwork::train_batch(const TrainingSet& set, const std::vector<std::uint32_t>& batch,
                                 const AdamSettings& adam, int threads) {
    threads = std::clamp(threads, 1, 2);
    if (batch.size() < 64) threads = 1;  // not worth a thread
    while (static_cast<int>(scratch_.size()) < threads) {
        Gradients g;
        g.rows.assign(rows_.size(), 0.0f);
        g.threat.assign(threat_.size(), 0.0f);
        g.dense.assign(dense_m_.size(), 0.0f);
        g.classes.assign(class_rows_.size(), 0.0f);
        g.row_marked.assign(rows_.size() / static_cast<std::size_t>(sizes_.accumulator), 0);
        g.threat_marked.assign(threat_.size() / static_cast<std::size_t>(sizes_.threat), 0);
        scratch_.push_back(std::move(g));
    }
    auto run = [&](int part) {
        Gradients& g = scratch_[static_cast<std::size_t>(part)];
        g.loss = 0;
        const std::size_t begin = batch.size() * static_cast<std::size_t>(part) / static_cast<std::size_t>(threads);
        const std::size_t end = batch.size() * static_cast<std::size_t>(part + 1) / static_cast<std::size_t>(threads);
        for (std::size_t i = begin; i < end; ++i)
            g.loss += accumulate_gradient(set, set.samples[batch[i]], g.scratch, g);
    };
    if (threads == 1) {
        run(0);
    } else {
        std::thread helper(run, 1);
        run(0);
        helper.join();
    }
    Gradients& total = scratch_[0];
    const int width = sizes_.accumulator, twidth = sizes_.threat;
    for (int part = 1; part < threads; ++part) {
        Gradients& g = scratch_[static_cast<std::size_t>(part)];
        total.loss += g.loss;
        for (std::size_t i = 0; i < g.dense.size(); ++i) total.dense[i] += std::exchange(g.dense[i], 0.0f);
        for (std::size_t i = 0; i < g.classes.size(); ++i) total.classes[i] += std::exchange(g.classes[i], 0.0f);
        for (std::uint32_t row : g.touched_rows) {
            if (!total.row_marked[row]) total.row_marked[row] = 1, total.touched_rows.push_back(row);
            g.row_marked[row] = 0;
            for (int k = 0; k < width; ++k) total.rows[row * width + k] += std::exchange(g.rows[row * width + k], 0.0f);
        }
        g.touched_rows.clear();
        for (std::uint32_t row : g.touched_threat) {
            if (!total.threat_marked[row]) total.threat_marked[row] = 1, total.touched_threat.push_back(row);
            g.threat_marked[row] = 0;
            for (int k = 0; k < twidth; ++k)
                total.threat[row * twidth + k] += std::exchange(g.threat[row * twidth + k], 0.0f);
        }
        g.touched_threat.clear();
    }

    const AdamStep step(adam, ++step_, batch.size());
    const float decay = static_cast<float>(adam.rate * adam.code_decay);
    auto update = [&step](float& w, float& m, float& v, float& g, float limit) { step.apply(w, m, v, g, limit); };
    for (std::uint32_t row : total.touched_rows) {
        total.row_marked[row] = 0;
        for (int k = 0; k < width; ++k) {
            const std::size_t i = static_cast<std::size_t>(row) * width + k;
            rows_[i] -= decay * rows_[i];
            update(rows_[i], rows_m_[i], rows_v_[i], total.rows[i], kEmbeddingLimit);
        }
    }
    total.touched_rows.clear();
    for (std::uint32_t row : total.touched_threat) {
        total.threat_marked[row] = 0;
        for (int k = 0; k < twidth; ++k) {
            const std::size_t i = static_cast<std::size_t>(row) * twidth + k;
            update(threat_[i], threat_m_[i], threat_v_[i], total.threat[i], kEmbeddingLimit);
        }
    }
    total.touched_threat.clear();
    for (std::size_t i = 0; i < class_rows_.size(); ++i)
        update(class_rows_[i], classes_m_[i], classes_v_[i], total.classes[i], kEmbeddingLimit);
    std::size_t at = 0;
    auto update_all = [&](std::vector<float>& weights, float limit) {
        for (float& w : weights) {
            update(w, dense_m_[at], dense_v_[at], total.dense[at], limit);
            ++at;
        }
    };
    update_all(acc_bias_, kEmbeddingLimit);
    update_all(w1_, kDenseLimit);
    update_all(b1_, 1e6f);
    update_all(w2_, kDenseLimit);
    update(b2_, dense_m_[at], dense_v_[at], total.dense[at], 1e6f);
    return total.loss / static_cast<double>(batch.size());
}

ValueNetwork FloatNetwork::quantised(bool quiet_rows_zero) const {
    ValueNetwork net = ValueNetwork::zeros(family_, sizes_);
    auto to_int16 = [](float v, int scale) {
        return static_cast<std::int16_t>(std::clamp<long>(std::lround(v * scale), -32767, 32767));
    };
    auto to_int8 = [](float v) {
        return static_cast<std::int8_t>(std::clamp<long>(std::lround(v * kWeightScale), -127, 127));
    };
    auto to_int32 = [](float v) { return static_cast<std::int32_t>(std::lround(v * kActivationScale * kWeightScale)); };
    for (std::size_t i = 0; i < acc_bias_.size(); ++i)
        net.accumulator_bias[i] = to_int16(acc_bias_[i], kEmbeddingScale);
    // The engine's row for a code is the whole of it: its own part and its classes' rows.
    const int width = sizes_.accumulator;
    for (int side = 0; side < 2; ++side)
        for (int mode = 0; mode < modes_; ++mode)
            for (int code = 0; code < kCellCodes; ++code) {
                const std::size_t at = row_offset(side == 0, mode, code);
                std::int16_t* out = (side == 0 ? net.own_rows : net.opp_rows).data() +
                                    (static_cast<std::size_t>(mode) * kCellCodes + static_cast<std::size_t>(code)) *
                                        static_cast<std::size_t>(width);
                if (code == kQuietCellCode && quiet_rows_zero) continue;  // zero: the fit never saw it
                for (int k = 0; k < width; ++k) {
                    float v = rows_[at + k];
                    for (std::uint8_t c : code_classes_[static_cast<std::size_t>(code)])
                        v += class_rows_[class_offset(side == 0, mode, c) + k];
                    out[k] = to_int16(v, kEmbeddingScale);
                }
            }
    for (std::size_t i = 0; i < threat_.size(); ++i) net.threat_rows[i] = to_int16(threat_[i], kEmbeddingScale);
    for (std::size_t i = 0; i < w1_.size(); ++i) net.hidden_weights[i] = to_int8(w1_[i]);
    for (std::size_t i = 0; i < b1_.size(); ++i) net.hidden_bias[i] = to_int32(b1_[i]);
    for (std::size_t i = 0; i < w2_.size(); ++i) net.output_weights[i] = to_int8(w2_[i]);
    net.output_bias = to_int32(b2_);
    return net;
}

}  // namespace tengen
