#include "ai/player.h"

#include <limits>
#include <utility>

#include "engine/renju.h"

namespace tengen {

bool may_play(const Board& position, Point p) {
    if (!position.is_legal(p)) return false;
    return !(position.side_to_move() == Color::Black && is_forbidden_for_black(position, p));
}

Point playable_answer(const Board& position, const SearchResult& result) {
    if (position.game_over()) return kNoPoint;
    if (may_play(position, result.best)) return result.best;
    for (const ScoredMove& m : result.best_moves)
        if (may_play(position, m.move)) return m.move;

    Point nearest = kNoPoint, nearest_any = kNoPoint;
    long best_distance = std::numeric_limits<long>::max(), best_any = best_distance;
    // Doubled coordinates keep the centre of an even board exact.
    const int cx = position.width() - 1, cy = position.height() - 1;
    for (int y = 0; y < position.height(); ++y) {
        for (int x = 0; x < position.width(); ++x) {
            const Point p{x, y};
            if (!position.is_legal(p)) continue;
            const long d = static_cast<long>(2 * x - cx) * (2 * x - cx) + static_cast<long>(2 * y - cy) * (2 * y - cy);
            if (d < best_any) best_any = d, nearest_any = p;
            if (d < best_distance && may_play(position, p)) best_distance = d, nearest = p;
        }
    }
    return nearest != kNoPoint ? nearest : nearest_any;  // every point forbidden: still answer
}

Player::Player(std::size_t hash_bytes) : searcher_(hash_bytes), hash_bytes_(hash_bytes) {}

Player::~Player() {
    if (searcher_.running()) {
        searcher_.stop();
        searcher_.wait();
    }
}

void Player::new_game(const GameConfig& config, int threads) {
    game_.emplace(config);
    searcher_.prepare(config, threads);
}
void Player::set_position(Board position) { game_ = std::move(position); }
void Player::play(Point p) { game_->play(p); }
void Player::undo() { game_->unmake(); }

void Player::set_hash_bytes(std::size_t bytes) {
    hash_bytes_ = 0;
    searcher_.set_hash_bytes(bytes);
    hash_bytes_ = bytes;
}

void Player::clear_hash() { searcher_.clear_hash(); }

void Player::start(const SearchLimits& limits, Searcher::InfoCallback on_info) {
    start(*game_, limits, std::move(on_info));
}

void Player::start(const Board& position, const SearchLimits& limits, Searcher::InfoCallback on_info) {
    searched_ = position;
    searcher_.start(position, limits, std::move(on_info));
}

Answer Player::wait() {
    Answer answer;
    answer.search = searcher_.wait();
    answer.move = playable_answer(*searched_, answer.search);
    return answer;
}

void Player::stop() { searcher_.stop(); }

Answer Player::think(const SearchLimits& limits, Searcher::InfoCallback on_info) {
    start(limits, std::move(on_info));
    return wait();
}

Answer Player::think_about(const Board& position, const SearchLimits& limits, Searcher::InfoCallback on_info) {
    start(position, limits, std::move(on_info));
    return wait();
}

}  // namespace tengen
