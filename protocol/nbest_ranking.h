// YXNBEST's ranked moves. A search asked for n lines reports, after each completed iteration,
// its n best root moves with their scores (multipv_index 0..n-1); those are ranked and scored
// together. The search's own list after it stops is not: an iteration cut short leaves the
// moves it did not reach unscored (-kInfinite) and the rest unsorted, and a move proven better
// during that iteration is answered without being first in it. So the ranking is the last
// completed iteration's, led by the answered move.
#pragma once

#include <vector>

#include "ai/searcher.h"

namespace tengen {

class NbestRanking {
public:
    explicit NbestRanking(int count) noexcept : count_(count) {}

    // Called on the search thread after each completed iteration, once per line.
    void on_iteration(const SearchInfo& info);

    // At most count moves, all different, each with a score a search gave it: the answered
    // move first, then the last completed iteration's other lines in their order. Before any
    // iteration completed (a search stopped at once) the search's result stands in for them.
    std::vector<ScoredMove> ranked(const SearchResult& result, Point answer) const;

private:
    int count_;
    std::vector<ScoredMove> lines_;  // the latest iteration's, by multipv_index
};

}  // namespace tengen
