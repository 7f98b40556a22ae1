#include "tournament/opening_generator.h"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "engine/board.h"
#include "engine/random.h"
#include "ai/searcher.h"

namespace tengen {

namespace {

// Random distinct stones in the square around the centre; empty when the game would already be
// decided.
std::vector<Point> random_opening(const GenerateSettings& s, SplitMix64& random) {
    Board board(s.config);
    const int cx = s.config.width / 2, cy = s.config.height / 2;
    const int side = 2 * s.radius + 1;
    std::vector<Point> stones;
    for (int guard = 0; static_cast<int>(stones.size()) < s.stones && guard < 1000; ++guard) {
        const Point p{cx - s.radius + static_cast<int>(random.below(side)),
                      cy - s.radius + static_cast<int>(random.below(side))};
        if (!board.is_legal(p)) continue;
        board.play(p);
        if (board.game_over()) return {};
        stones.push_back(p);
    }
    if (static_cast<int>(stones.size()) != s.stones) return {};
    return stones;
}

// A quick search's score swings with the parity of its depth (the side that moves last in the
// horizon looks better), so the judgement is the mean of two consecutive depths. Fixed depths and
// a cleared table make the same seed give the same openings on every run.
bool balanced(Searcher& searcher, const Board& board, const GenerateSettings& s) {
    long long sum = 0;
    for (int depth : {s.search_depth, s.search_depth + 1}) {
        SearchLimits limits;
        limits.max_depth = depth;
        limits.time.turn_ms = s.search_ms;
        limits.time.match_ms = 0;
        searcher.clear_hash();
        const SearchResult r = searcher.search(board, limits);
        if (is_mate_score(r.score)) return false;
        sum += r.score;
    }
    return std::abs(sum / 2) <= s.balance;
}

}  // namespace

std::vector<std::vector<Point>> generate_balanced_openings(const GenerateSettings& s,
                                                           const std::function<void(int, int)>& progress) {
    std::vector<std::vector<Point>> found;
    std::set<std::vector<Point>> seen;
    SplitMix64 random(s.seed);
    Searcher searcher(std::size_t{32} << 20);
    const long long max_tries = static_cast<long long>(s.count) * s.max_tries_per_opening;
    int tried = 0;
    while (static_cast<int>(found.size()) < s.count && tried < max_tries) {
        ++tried;
        std::vector<Point> stones = random_opening(s, random);
        if (stones.empty() || seen.count(stones)) continue;
        seen.insert(stones);
        Board board(s.config);
        for (Point p : stones) board.play(p);
        if (balanced(searcher, board, s)) found.push_back(std::move(stones));
        if (progress) progress(static_cast<int>(found.size()), tried);
    }
    return found;
}

}  // namespace tengen
