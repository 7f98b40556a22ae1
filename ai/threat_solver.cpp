// The threat solvers of SearchWorker: VCF (victory by continuous fours: every defence is the
// forced block) and VCT (threes too: the defender may block the three or counter with fours).
// Both return a mate score from the root's view, or 0 when no win was found.
#include <algorithm>

#include "ai/search_worker.h"

namespace tengen {
namespace {

std::uint64_t cache_key(std::uint64_t hash, int depth, int kind) {
    return hash ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(depth * 4 + kind + 1));
}

}  // namespace

bool SearchWorker::cache_failed(std::uint64_t key) const {
    return failed_cache_[key & (failed_cache_.size() - 1)] == key;
}

void SearchWorker::remember_failed(std::uint64_t key) { failed_cache_[key & (failed_cache_.size() - 1)] = key; }

// The first empty cell where colour `us` would make an open four (the class counts say one exists).
int SearchWorker::flex_four_cell(int us) const {
    const SearchPosition& p = position_;
    int found = -1;
    p.for_each_candidate([&](int cell, Point) {
        if (p.empty(cell) && p.cls(cell, us) == kClsFlexFour) found = cell;
        return found < 0;
    });
    return found;
}

// The wins every attack looks for before it searches: a five to complete now ...
std::optional<Score> SearchWorker::win_by_five(int ply) {
    int cells[2];
    if (find_fives(position_.side(), cells, 1) != 1) return std::nullopt;
    if (ply == 0) threat_first_move_ = cells[0];
    return mate_in(ply + 1);
}

// ... and, once the opponent has no five of its own to complete, an open four: one end is
// blocked at most, the other wins two moves later.
std::optional<Score> SearchWorker::win_by_open_four(int ply) {
    const int us = position_.side();
    if (position_.class_count(us, kClsFlexFour) == 0) return std::nullopt;
    if (ply == 0 && threat_first_move_ < 0) threat_first_move_ = flex_four_cell(us);
    return mate_in(ply + 3);
}

Score SearchWorker::vcf_attack(int ply, int depth_left) {
    if (!tick()) return 0;
    SearchPosition& p = position_;
    const int us = p.side(), them = us ^ 1;
    if (const auto won = win_by_five(ply)) return *won;
    if (p.class_count(them, kClsFive) > 0) return 0;  // we would have to block first
    if (const auto won = win_by_open_four(ply)) return *won;
    if (depth_left <= 0 || ply + 2 >= kMaxPly) return 0;
    const std::uint64_t key = cache_key(p.hash(), depth_left, 0);
    if (cache_failed(key)) return 0;
    MoveList& list = lists_[ply];
    generate_fours(list, us);
    const std::vector<ScoredCell> moves = list;  // deeper plies reuse lists_
    for (const ScoredCell& m : moves) {
        p.make(m.cell);
        Score r = 0;
        if (p.class_count(them, kClsFive) == 0 && p.class_count(us, kClsFive) > 0) {
            // Every answer to the four must still lose (one block, more under caro).
            int defences[kMaxDefences];
            const int n = five_defences(defences);
            r = mate_in(ply + 3);
            for (int i = 0; i < n && r != 0; ++i) {
                p.make(defences[i]);
                const Score s = vcf_attack(ply + 2, depth_left - 1);
                p.unmake();
                r = std::min(r, s);
                if (s == 0) r = 0;
            }
        }
        p.unmake();
        if (aborted_) return 0;
        if (r != 0) {
            if (ply == 0) threat_first_move_ = m.cell;
            pv_[ply][ply] = p.dense_of(m.cell);
            return r;
        }
    }
    remember_failed(key);
    return 0;
}

Score SearchWorker::vct_attack(int ply, int depth_left) {
    if (!tick()) return 0;
    SearchPosition& p = position_;
    const int us = p.side(), them = us ^ 1;
    if (const auto won = win_by_five(ply)) return *won;
    if (ply + 2 >= kMaxPly) return 0;
    if (p.class_count(them, kClsFive) > 0) {
        // We must stop their five first; any stop that keeps our attack going will do.
        int defences[kMaxDefences];
        const int n = five_defences(defences);
        for (int i = 0; i < n; ++i) {
            p.make(defences[i]);
            const Score r = vct_defend(ply + 1, depth_left);
            p.unmake();
            if (aborted_) return 0;
            if (r != 0) {
                if (ply == 0) threat_first_move_ = defences[i];
                return r;
            }
        }
        return 0;
    }
    if (const auto won = win_by_open_four(ply)) return *won;
    if (depth_left <= 0) return 0;
    const std::uint64_t key = cache_key(p.hash(), depth_left, 1);
    if (cache_failed(key)) return 0;

    std::vector<ScoredCell> moves;
    p.for_each_candidate([&](int cell, Point) {
        if (!p.empty(cell)) return;
        const CellClass c = p.cls(cell, us);
        if (c < kClsThree || !playable(cell, us)) return;
        moves.push_back({cell, static_cast<int>(c) * 10000 + p.order_value(cell, us) + p.order_value(cell, them)});
    });
    std::stable_sort(moves.begin(), moves.end(),
                     [](const ScoredCell& a, const ScoredCell& c) { return a.score > c.score; });
    for (const ScoredCell& m : moves) {
        p.make(m.cell);
        const Score r = vct_defend(ply + 1, depth_left - 1);
        p.unmake();
        if (aborted_) return 0;
        if (r != 0) {
            if (ply == 0) threat_first_move_ = m.cell;
            return r;
        }
    }
    remember_failed(key);
    return 0;
}

Score SearchWorker::vct_defend(int ply, int depth_left) {
    if (!tick()) return 0;
    SearchPosition& p = position_;
    const int us = p.side(), attacker = us ^ 1;
    if (p.class_count(us, kClsFive) > 0) return 0;
    if (ply + 2 >= kMaxPly) return 0;
    if (p.class_count(attacker, kClsFive) > 0) {
        int defences[kMaxDefences];
        const int n = five_defences(defences);
        Score worst = mate_in(ply + 2);
        for (int i = 0; i < n; ++i) {
            p.make(defences[i]);
            const Score r = vct_attack(ply + 1, depth_left);
            p.unmake();
            if (aborted_ || r == 0) return 0;
            worst = std::min(worst, r);
        }
        return worst;
    }
    if (p.class_count(us, kClsFlexFour) > 0) return 0;         // our own open four comes first
    if (p.class_count(attacker, kClsFlexFour) == 0) return 0;  // no threat: we are free
    std::vector<int> defences;
    p.for_each_candidate([&](int cell, Point) {
        if (!p.empty(cell)) return;
        if (!p.has_four_shape(cell, attacker) && p.cls(cell, us) < kClsFour) return;
        if (playable(cell, us)) defences.push_back(cell);
    });
    Score worst = mate_in(ply + 4);  // no legal defence: the open four comes next
    for (int cell : defences) {
        p.make(cell);
        const Score r = vct_attack(ply + 1, depth_left);
        p.unmake();
        if (aborted_ || r == 0) return 0;
        worst = std::min(worst, r);
    }
    return worst;
}

}  // namespace tengen
