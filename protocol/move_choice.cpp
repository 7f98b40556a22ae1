#include "protocol/move_choice.h"

#include <limits>

#include "engine/renju.h"

namespace tengen {

bool is_playable(Board& board, Point p) {
    if (!board.is_legal(p)) return false;
    if (board.side_to_move() == Color::Black && is_forbidden_for_black(board, p)) return false;
    return true;
}

Point choose_answer(Board& board, const SearchResult& result) {
    if (board.game_over()) return kNoPoint;
    if (is_playable(board, result.best)) return result.best;
    for (const ScoredMove& m : result.best_moves)
        if (is_playable(board, m.move)) return m.move;

    Point nearest = kNoPoint, nearest_any = kNoPoint;
    long best_distance = std::numeric_limits<long>::max(), best_any = best_distance;
    // Doubled coordinates keep the centre of an even board exact.
    const int cx = board.width() - 1, cy = board.height() - 1;
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const Point p{x, y};
            if (!board.is_legal(p)) continue;
            const long d = static_cast<long>(2 * x - cx) * (2 * x - cx) + static_cast<long>(2 * y - cy) * (2 * y - cy);
            if (d < best_any) best_any = d, nearest_any = p;
            if (d < best_distance && is_playable(board, p)) best_distance = d, nearest = p;
        }
    }
    return nearest != kNoPoint ? nearest : nearest_any;  // every point forbidden: still answer
}

}  // namespace tengen
