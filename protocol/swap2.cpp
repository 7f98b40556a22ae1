#include "protocol/swap2.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include <fmt/format.h>

#include "engine/notation.h"

namespace tengen {

namespace {

// Three-stone shapes (black, white, black) as offsets from the centre. None is known to be
// balanced; the search picks whichever it judges closest to even.
constexpr int kShapes[][3][2] = {
    {{0, 0}, {1, -1}, {2, 0}}, {{0, 0}, {0, -1}, {2, 1}},  {{0, 0}, {1, 1}, {-1, 2}},
    {{0, 0}, {2, 0}, {0, 2}},  {{0, 0}, {-1, -1}, {3, 0}}, {{0, 0}, {1, 0}, {-2, 2}},
};

// Openings of three stones that fit this board and do not end the game.
std::vector<std::vector<Point>> candidate_openings(const Board& empty) {
    std::vector<std::vector<Point>> out;
    const int cx = empty.width() / 2, cy = empty.height() / 2;
    for (const auto& shape : kShapes) {
        std::vector<Point> stones;
        Board b = empty;
        for (const auto& offset : shape) {
            const Point p{cx + offset[0], cy + offset[1]};
            if (!b.is_legal(p)) break;
            b.play(p);
            stones.push_back(p);
        }
        if (stones.size() == 3 && !b.game_over()) out.push_back(stones);
    }
    return out;
}

Result<Swap2Decision> place_three(const Board& opening, std::int64_t budget_ms, const PositionSearch& search) {
    const auto candidates = candidate_openings(opening);
    if (candidates.empty()) {
        // A tiny board: three stones, black-white-black, each the search's move.
        Board b = opening;
        std::vector<Point> stones;
        for (int i = 0; i < 3; ++i) {
            const Point p = b.game_over() ? kNoPoint : search(b, std::max<std::int64_t>(budget_ms / 3, 1)).move;
            if (p == kNoPoint) return Failure{"the board has no room for a swap2 opening"};
            b.play(p);
            stones.push_back(p);
        }
        return Swap2Decision{join_points(stones, to_protocol, " "), stones};
    }
    const std::int64_t each_ms = std::max<std::int64_t>(budget_ms / static_cast<std::int64_t>(candidates.size()), 1);
    std::size_t best = 0;
    Score best_imbalance = kInfinite;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        Board b = opening;
        for (const Point p : candidates[i]) b.play(p);
        const Score imbalance = std::abs(search(b, each_ms).search.score);
        if (imbalance < best_imbalance) best_imbalance = imbalance, best = i;
    }
    return Swap2Decision{join_points(candidates[best], to_protocol, " "), candidates[best]};
}

// Black's 5th stone after our 4th: the search's best reply and the empty points next to the
// stones, nearest their middle first; whichever leaves white's score closest to zero, so the
// opponent, who now picks a colour, gains as little as possible by the choice.
std::optional<Point> balancing_fifth(const Board& four, std::int64_t budget_ms, const PositionSearch& search) {
    std::vector<Point> candidates;
    auto consider = [&](Point p) {
        if (!may_play(four, p)) return;  // black to move: the answer rule's own test
        if (std::find(candidates.begin(), candidates.end(), p) != candidates.end()) return;
        Board after = four;
        after.play(p);
        if (after.game_over()) return;
        candidates.push_back(p);
    };
    const std::int64_t each_ms = std::max<std::int64_t>(budget_ms / (kFifthStoneCandidates + 1), 1);
    consider(search(four, each_ms).move);
    double mx = 0, my = 0;
    for (const Move& m : four.history()) mx += m.at.x, my += m.at.y;
    mx /= static_cast<double>(four.history().size());
    my /= static_cast<double>(four.history().size());
    std::vector<std::pair<double, Point>> near;
    for (int y = 0; y < four.height(); ++y)
        for (int x = 0; x < four.width(); ++x) {
            bool touches = false;
            for (const Move& m : four.history())
                touches = touches || (std::abs(m.at.x - x) <= 1 && std::abs(m.at.y - y) <= 1);
            if (touches) near.push_back({(x - mx) * (x - mx) + (y - my) * (y - my), Point{x, y}});
        }
    std::stable_sort(near.begin(), near.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [distance, p] : near) {
        if (static_cast<int>(candidates.size()) >= kFifthStoneCandidates) break;
        consider(p);
    }
    std::optional<Point> best;
    Score best_imbalance = kInfinite;
    for (const Point p : candidates) {
        Board after = four;
        after.play(p);
        const Score imbalance = std::abs(search(after, each_ms).search.score);
        if (imbalance < best_imbalance) best_imbalance = imbalance, best = p;
    }
    return best;
}

}  // namespace

Result<Swap2Decision> decide_swap2(const Board& opening, std::int64_t budget_ms, const PositionSearch& search) {
    if (opening.placed_count() == 0) return place_three(opening, budget_ms, search);
    if (opening.game_over()) return Failure{"the opening already has a winner"};

    // Three or five stones, white to move. SWAP takes the side not to move (black); a stone
    // takes the side to move (white) and plays its move.
    // After three stones half the time is kept for balancing a 4th and 5th stone.
    const bool may_place_two = opening.placed_count() == 3;
    const std::int64_t first_ms = may_place_two ? std::max<std::int64_t>(budget_ms / 2, 1) : budget_ms;
    const Answer answer = search(opening, first_ms);
    const Point move = answer.move;
    const Score score = answer.search.score;
    if (move == kNoPoint) return Swap2Decision{"SWAP", {}};
    const Score margin = opening.placed_count() == 3 ? kSwapMargin : 0;
    if (score < -margin) return Swap2Decision{"SWAP", {}};
    if (may_place_two && score < 0 && !is_mate_score(score)) {
        Board four = opening;
        four.play(move);
        if (!four.game_over()) {
            if (const auto fifth = balancing_fifth(four, budget_ms - first_ms, search))
                return Swap2Decision{to_protocol(move) + " " + to_protocol(*fifth), {move, *fifth}};
        }
    }
    return Swap2Decision{to_protocol(move), {move}};
}

}  // namespace tengen
