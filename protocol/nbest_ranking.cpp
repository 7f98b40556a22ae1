#include "protocol/nbest_ranking.h"

#include <algorithm>

namespace tengen {

namespace {

// -kInfinite (or beyond) marks a root move a search never scored.
bool is_real_score(Score s) noexcept { return s > -kInfinite && s < kInfinite; }

}  // namespace

void NbestRanking::on_iteration(const SearchInfo& info) {
    if (info.pv.empty()) return;
    if (info.multipv_index == 0) lines_.clear();  // a new iteration's lines begin
    if (info.multipv_index != static_cast<int>(lines_.size())) return;
    lines_.push_back({info.pv.front(), info.score});
}

std::vector<ScoredMove> NbestRanking::ranked(const SearchResult& result, Point answer) const {
    const std::vector<ScoredMove>& others = lines_.empty() ? result.best_moves : lines_;
    auto score_of = [](const std::vector<ScoredMove>& moves, Point p) -> const ScoredMove* {
        const auto it = std::find_if(moves.begin(), moves.end(),
                                     [&](const ScoredMove& m) { return m.move == p && is_real_score(m.score); });
        return it == moves.end() ? nullptr : &*it;
    };

    std::vector<ScoredMove> out;
    if (count_ < 1 || answer == kNoPoint) return out;
    // The answer's own score: the search's when it is the search's move, else what a line gave it.
    Score answer_score = result.score;
    if (answer != result.best || !is_real_score(result.score)) {
        if (const ScoredMove* m = score_of(others, answer))
            answer_score = m->score;
        else if (const ScoredMove* n = score_of(result.best_moves, answer))
            answer_score = n->score;
    }
    if (!is_real_score(answer_score)) answer_score = kDrawScore;
    out.push_back({answer, answer_score});

    for (const ScoredMove& m : others) {
        if (static_cast<int>(out.size()) >= count_) break;
        if (!is_real_score(m.score) || m.move == kNoPoint) continue;
        if (std::any_of(out.begin(), out.end(), [&](const ScoredMove& o) { return o.move == m.move; })) continue;
        out.push_back(m);
    }
    return out;
}

}  // namespace tengen
