#include "ai/line_shape.h"

#include <algorithm>

namespace tengen {
namespace {

constexpr int kDirectMaxBits = 20;  // direct tables up to 1 MiB
constexpr int kHashedBits = 18;     // cache entries for longer windows

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
    std::uint64_t h = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
}

}  // namespace

LineRule line_rule_for(const GameConfig& config, std::uint8_t colour_code) {
    LineRule r;
    r.k = config.win_length;
    switch (config.rule) {
    case Rule::Freestyle:
        break;
    case Rule::Exact:
        r.exact = true;
        break;
    case Rule::Caro:
        r.caro = true;
        break;
    case Rule::CaroExact:
        r.caro = true;
        r.exact = true;
        break;
    case Rule::Renju:
        if (colour_code == kCellBlack) {
            r.exact = true;
            r.renju_black = true;
        }
        break;
    }
    return r;
}

ShapeTable::ShapeTable(const LineRule& rule, std::uint8_t colour_code)
    : rule_(rule),
      span_(rule.exact || rule.caro || rule.renju_black ? rule.k : rule.k - 1),
      span_mask_(span_ >= 32 ? ~std::uint64_t{0} : (std::uint64_t{1} << (2 * span_)) - 1),
      colour_(colour_code),
      opponent_(colour_code == kCellBlack ? kCellWhite : kCellBlack),
      direct_(4 * span_ <= kDirectMaxBits) {
    if (direct_)
        direct_table_.assign(std::size_t{1} << (4 * span_), kUnknown);
    else
        hashed_.resize(std::size_t{1} << kHashedBits);
}

LineClass ShapeTable::compute_and_store(std::uint64_t before, std::uint64_t after) {
    const int k = rule_.k;
    std::vector<std::uint8_t> line(2 * k + 1, kCellEmpty);
    for (int i = 0; i < span_; ++i) {
        line[k - span_ + i] = static_cast<std::uint8_t>((before >> (2 * i)) & 3);
        line[k + 1 + i] = static_cast<std::uint8_t>((after >> (2 * i)) & 3);
    }
    line[k] = colour_;
    return classify(line);
}

LineClass ShapeTable::lookup_hashed(std::uint64_t before, std::uint64_t after) {
    HashedEntry& e = hashed_[mix(before, after) & (hashed_.size() - 1)];
    if (e.shape != kUnknown && e.before == before && e.after == after) return static_cast<LineClass>(e.shape);
    return compute_and_store(before, after);
}

LineClass ShapeTable::classify(std::vector<std::uint8_t>& line) {
    const int k = rule_.k;
    std::uint64_t before = 0, after = 0;
    for (int i = 0; i < span_; ++i) {
        before |= std::uint64_t{line[k - span_ + i]} << (2 * i);
        after |= std::uint64_t{line[k + 1 + i]} << (2 * i);
    }
    if (direct_) {
        std::uint8_t& slot = direct_table_[before | (after << (2 * span_))];
        if (slot == kUnknown) slot = compute(line);
        return static_cast<LineClass>(slot);
    }
    HashedEntry& e = hashed_[mix(before, after) & (hashed_.size() - 1)];
    if (e.shape != kUnknown && e.before == before && e.after == after) return static_cast<LineClass>(e.shape);
    const LineClass s = compute(line);
    // compute() may have recursed and reused this slot; write after it returns.
    HashedEntry& slot = hashed_[mix(before, after) & (hashed_.size() - 1)];
    slot = {before, after, static_cast<std::uint8_t>(s)};
    return s;
}

int ShapeTable::five_state(const std::vector<std::uint8_t>& line) const {
    const int k = rule_.k;
    int a = k, b = k;
    while (a > 0 && line[a - 1] == colour_) --a;
    while (b < 2 * k && line[b + 1] == colour_) ++b;
    const int len = b - a + 1;
    if (len < k) return 0;
    if (len > k) return rule_.exact ? 2 : 1;
    // Exactly k: a >= 1 and b <= 2k - 1 here, so both end cells are inside the window.
    if (rule_.caro && line[a - 1] == opponent_ && line[b + 1] == opponent_) return 0;
    return 1;
}

int ShapeTable::best_window(const std::vector<std::uint8_t>& line) const {
    const int k = rule_.k;
    int best = -1;
    for (int s = 1; s <= k; ++s) {
        int own = 0;
        bool open = true;
        for (int i = s; i < s + k && open; ++i) {
            open = line[i] == colour_ || line[i] == kCellEmpty;
            own += line[i] == colour_;
        }
        if (open) best = std::max(best, own);
    }
    return best;
}

LineClass ShapeTable::compute(std::vector<std::uint8_t>& line) {
    const int k = rule_.k;
    const int f = five_state(line);
    if (f == 1) return kLcFive;
    if (f == 2) return rule_.renju_black ? kLcOverline : kLcDead;
    // Every level needs one more own stone in some unblocked window of k through the
    // centre: levels the best window cannot reach are skipped, which keeps long k cheap.
    const int most = best_window(line);
    if (most < 0) return kLcDead;
    if (most < k - 3) return kLcOne;

    if (most >= k - 1) {
        // Cells that would complete a five through the centre.
        int points[64];
        int n = 0;
        for (int i = 1; i < 2 * k; ++i) {
            if (i == k || line[i] != kCellEmpty) continue;
            line[i] = colour_;
            if (five_state(line) == 1) points[n++] = i;
            line[i] = kCellEmpty;
        }
        if (n >= 2) {
            for (int x = 0; x < n; ++x) {
                for (int y = x + 1; y < n; ++y) {
                    const int p = points[x], q = points[y];
                    if (rule_.renju_black) {
                        // A straight four: both fives extend the same run of k-1.
                        if (q - p != k) continue;
                        bool run = true;
                        for (int i = p + 1; i < q && run; ++i) run = line[i] == colour_;
                        if (run) return kLcOpenFour;
                        continue;
                    }
                    // The opponent blocking one point must leave the other a five (caro's ends).
                    line[p] = opponent_;
                    line[q] = colour_;
                    const bool q_holds = five_state(line) == 1;
                    line[q] = opponent_;
                    line[p] = colour_;
                    const bool p_holds = five_state(line) == 1;
                    line[p] = kCellEmpty;
                    line[q] = kCellEmpty;
                    if (q_holds && p_holds) return kLcOpenFour;
                }
            }
            if (rule_.renju_black) return kLcDoubleFour;
        }
        if (n >= 1) return kLcFour;
    }

    // Below a four the class counts the cells that lift the line one level: an open three
    // with two open-four cells is harder to stop than one with one, and so on for twos.
    if (most >= k - 2) {
        bool closed_three = false;
        int open_four_cells = 0;
        for (int i = 1; i < 2 * k; ++i) {
            if (i == k || line[i] != kCellEmpty) continue;
            line[i] = colour_;
            const LineShape s = shape_of(classify(line));
            line[i] = kCellEmpty;
            open_four_cells += s == kOpenFour;
            if (s == kFour) closed_three = true;
        }
        if (open_four_cells > 0) return open_four_cells >= 2 ? kLcThree2 : kLcThree1;
        if (closed_three) return kLcThreeClosed;
    }

    bool closed_two = false;
    int open_three_cells = 0;
    for (int i = 1; i < 2 * k; ++i) {
        if (i == k || line[i] != kCellEmpty) continue;
        line[i] = colour_;
        const LineShape s = shape_of(classify(line));
        line[i] = kCellEmpty;
        open_three_cells += s == kThree;
        if (s == kThreeClosed) closed_two = true;
    }
    if (open_three_cells > 0) return open_three_cells >= 4 ? kLcTwo4 : open_three_cells == 3 ? kLcTwo3 : kLcTwo2;
    return closed_two ? kLcTwoClosed : kLcOne;
}

}  // namespace tengen
