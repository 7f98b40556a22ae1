// Move generation of SearchWorker: the candidate moves of a node (threat-aware, with the
// TT move, killers and history in the order), the fours of quiescence and the threat solvers,
// the answers to a five threat, and the renju playability test every generator applies.
#include <algorithm>

#include "ai/move_order_weights.h"
#include "ai/search_worker.h"

namespace tengen {

namespace {

// The network's logit units (1 / (kActivationScale * kWeightScale) each) in one unit of the
// learned ordering (1/41.1 of a logit, move_order_weights.h), so history and the bonuses keep
// their weight beside either.
constexpr int kPolicyUnitsPerOrderUnit = kActivationScale * kWeightScale / 41;
static_assert(kPolicyUnitsPerOrderUnit == 198);

}  // namespace

int SearchWorker::find_fives(int colour, int* out, int limit) const {
    const int total = position_.class_count(colour, kClsFive);
    if (total == 0) return 0;
    // A five point almost always lies on a line through the last stone (the four it just
    // made); look there first and scan the whole box only when some are elsewhere.
    if (const int last = position_.last_cell(); last >= 0) {
        const int k = position_.config().win_length;
        int n = 0;
        for (int d = 0; d < 4; ++d) {
            const int off = position_.dir_offset(d);
            for (int i = -k; i <= k; ++i) {
                const int cell = last + i * off;
                if (i == 0 || position_.code(cell) != kCellEmpty || position_.cls(cell, colour) != kClsFive) continue;
                out[n++] = cell;
                if (n >= limit) return n;
            }
        }
        if (n == total) return n;
    }
    int n = 0;
    position_.for_each_candidate([&](int cell, Point) {
        if (position_.empty(cell) && position_.cls(cell, colour) == kClsFive) out[n++] = cell;
        return n < limit;
    });
    return n;
}

int SearchWorker::five_defences(int* out) {
    SearchPosition& p = position_;
    const int us = p.side(), them = us ^ 1;
    const Rule rule = p.config().rule;
    int fives[2];
    const int n = find_fives(them, fives, 2);
    if (n == 0) return 0;
    if (rule != Rule::Caro && rule != Rule::CaroExact) {
        if (n >= 2 || !playable(fives[0], us)) return 0;
        out[0] = fives[0];
        return 1;
    }
    // Caro: any stone that leaves the opponent without a five is a defence. It must lie on
    // a line through the first five point (the point itself or past a run's end).
    int count = 0;
    auto try_cell = [&](int cell) {
        if (!p.empty(cell) || !playable(cell, us)) return;
        for (int i = 0; i < count; ++i)
            if (out[i] == cell) return;
        p.make(cell);
        const bool stops = p.class_count(them, kClsFive) == 0;
        p.unmake();
        if (stops && count < kMaxDefences) out[count++] = cell;
    };
    try_cell(fives[0]);
    // Past each end of the run the five point would complete.
    const std::uint8_t their_code = them == 0 ? kCellBlack : kCellWhite;
    for (int d = 0; d < 4; ++d) {
        if (p.shape(fives[0], them, d) != kFive) continue;
        const int off = p.dir_offset(d);
        int a = fives[0] - off, b = fives[0] + off;
        while (p.code(a) == their_code) a -= off;
        while (p.code(b) == their_code) b += off;
        try_cell(a);
        try_cell(b);
    }
    return count;
}

bool SearchWorker::playable(int cell, int colour) {
    if (colour != 0 || !position_.renju()) return true;
    const CellClass c = position_.cls(cell, 0);
    if (c == kClsForbid) return false;
    if (c == kClsDoubleThree) return !position_.is_forbidden(cell);
    return true;
}

void SearchWorker::generate(MoveList& list, int ply, int tt_move_cell) {
    generate_unsorted(list, ply, tt_move_cell);
    sort_moves(list);
}

void SearchWorker::pick_next(MoveList& list, std::size_t i) {
    std::size_t best = i;
    for (std::size_t j = i + 1; j < list.size(); ++j)
        if (list[j].score > list[best].score) best = j;
    if (best != i)
        std::rotate(list.begin() + static_cast<std::ptrdiff_t>(i), list.begin() + static_cast<std::ptrdiff_t>(best),
                    list.begin() + static_cast<std::ptrdiff_t>(best) + 1);
}

void SearchWorker::generate_unsorted(MoveList& list, int ply, int tt_move_cell) {
    list.clear();
    SearchPosition& p = position_;
    const int us = p.side(), them = us ^ 1;
    const SearchPosition::Box b = p.candidate_box();
    if (b.x1 < b.x0) {
        // No stones yet: the playable empty point nearest the centre.
        const double cx = (p.width() - 1) / 2.0, cy = (p.height() - 1) / 2.0;
        int best = -1;
        double best_d = 1e9;
        for (int y = 0; y < p.height(); ++y)
            for (int x = 0; x < p.width(); ++x) {
                const int cell = p.cell_of({x, y});
                const double d = (x - cx) * (x - cx) + (y - cy) * (y - cy);
                if (p.empty(cell) && d < best_d && playable(cell, us)) {
                    best_d = d;
                    best = cell;
                }
            }
        if (best >= 0) list.push_back({best, 0});
        return;
    }
    // Against an open three only its blocks and our fours matter. Caro is left out: a stone
    // past a far end can also spoil the open four there, and this set would miss it.
    const Rule rule = p.config().rule;
    const bool must_defend = p.class_count(them, kClsFlexFour) > 0 && rule != Rule::Caro && rule != Rule::CaroExact;
    const std::array<int, 2> killers = killers_[std::min(ply, kMaxPly)];
    // The learned ordering's nearness to the opponent's last stone and to our own.
    const int last = p.last_cell(), own = p.cell_two_plies_ago();
    const Point last_at = last >= 0 ? p.point_of(last) : Point{}, own_at = own >= 0 ? p.point_of(own) : Point{};
    static constexpr std::array<std::int16_t, kNearnessBuckets> kNoNearness{};
    const auto& near_last = p.learned_order() ? kOrderNearLast : kNoNearness;
    const auto& near_own = p.learned_order() ? kOrderNearOwn : kNoNearness;
    // The network's policy head, where it has one, orders in place of the per-code values:
    // it reads the same codes, reweighed by the network's context of the whole board.
    const NetworkEvaluator* policy = p.evaluator().network();
    if (policy && !policy->has_policy()) policy = nullptr;
    const PolicyContext context = policy ? policy->policy_context(p) : PolicyContext{};
    // pass 0: threat-aware; 1: every candidate; 2: every empty point (nothing near stones).
    for (int pass = 0; pass < 3 && list.empty(); ++pass) {
        auto consider = [&](int cell, Point at) {
            if (!p.empty(cell)) return;
            if (pass < 2 && !p.near_stones(cell)) return;
            if (pass == 0 && must_defend && !p.has_four_shape(cell, them) && p.cls(cell, us) < kClsFour) return;
            if (!playable(cell, us)) return;
            const int dense = at.y * p.width() + at.x;
            const int near_last_bucket = last >= 0 ? nearness_bucket(at, last_at) : kNoStoneBucket;
            const int near_own_bucket = own >= 0 ? nearness_bucket(at, own_at) : kNoStoneBucket;
            int score = history_[us][dense] / 64;
            if (policy)
                score += policy->policy_units(context, us, p.cell_code_at(cell, us), p.cell_code_at(cell, them),
                                              near_last_bucket, near_own_bucket) /
                         kPolicyUnitsPerOrderUnit;
            else
                score += p.order_attack(cell, us) + p.order_defence(cell, them) + near_last[near_last_bucket] +
                         near_own[near_own_bucket];
            if (cell == tt_move_cell)
                score += 1 << 28;
            else if (dense == killers[0])
                score += 1 << 20;
            else if (dense == killers[1])
                score += 1 << 19;
            list.push_back({cell, score});
        };
        if (pass < 2) {
            p.for_each_candidate(consider);
            continue;
        }
        for (int y = 0; y < p.height(); ++y)
            for (int x = 0; x < p.width(); ++x) consider(p.cell_of({x, y}), Point{x, y});
    }
}

void SearchWorker::generate_fours(MoveList& list, int colour) {
    list.clear();
    SearchPosition& p = position_;
    if (p.four_cells(colour) == 0) return;
    p.for_each_candidate([&](int cell, Point) {
        if (!p.empty(cell)) return;
        const CellClass c = p.cls(cell, colour);
        if (c < kClsFour && !(c == kClsDoubleThree && p.has_four_shape(cell, colour))) return;
        if (!p.has_four_shape(cell, colour) || !playable(cell, colour)) return;
        list.push_back({cell, p.order_value(cell, colour) * 2 + p.order_value(cell, colour ^ 1)});
    });
    sort_moves(list);
}

void SearchWorker::sort_moves(MoveList& list, std::size_t from) {
    // Insertion sort: lists are short, mostly small, and this needs no buffer. Ties keep
    // generation order, so the result is deterministic.
    for (std::size_t i = from + 1; i < list.size(); ++i) {
        const ScoredCell m = list[i];
        std::size_t j = i;
        while (j > from && list[j - 1].score < m.score) {
            list[j] = list[j - 1];
            --j;
        }
        list[j] = m;
    }
}

void SearchWorker::update_cutoff_stats(int cell, int ply, int plies, const MoveList& list, int tried_index,
                                       bool quiet) {
    const int us = position_.side();
    const int dense = position_.dense_of(cell);
    auto& k = killers_[std::min(ply, kMaxPly)];
    if (quiet && k[0] != dense) {
        k[1] = k[0];
        k[0] = dense;
    }
    const int bonus = std::min(plies * plies, 400);
    auto& h = history_[us];
    h[dense] += bonus * 32 - h[dense] * bonus / 512;
    for (int i = 0; i < tried_index; ++i) {
        const int d = position_.dense_of(list[i].cell);
        h[d] -= bonus * 32 + h[d] * bonus / 512;
    }
}

}  // namespace tengen
