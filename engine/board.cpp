#include "engine/board.h"

#include <cassert>
#include <stdexcept>

#include "engine/zobrist.h"

namespace tengen {

Board::Board(const GameConfig& config) : config_(config) {
    if (const Status s = check_config(config); !s.ok()) throw std::invalid_argument(s.error());
    cells_.assign(static_cast<std::size_t>(area()), Color::Empty);
    // Every point is filled at most once, so make() never allocates after this.
    history_.reserve(static_cast<std::size_t>(area()));
    undo_.reserve(static_cast<std::size_t>(area()));
}

void Board::set_side_to_move(Color c) noexcept {
    assert(c == Color::Black || c == Color::White);
    if (c == side_to_move_ || (c != Color::Black && c != Color::White)) return;
    side_to_move_ = c;
    hash_ ^= zobrist_white_to_move();
}

void Board::make(Move m) noexcept {
    assert(!game_over());
    place_unjudged(m);
    if (m.color == Color::Black || m.color == Color::White) {
        // Only lines through the new stone can have changed, so only they are looked at.
        for (Point d : kDirections) {
            if (run_wins(*this, run_through(*this, m.at, d, m.color, config_.win_length), m.color)) {
                status_ = m.color == Color::Black ? GameStatus::BlackWins : GameStatus::WhiteWins;
                return;
            }
        }
    }
    if (history_.size() == cells_.size()) status_ = GameStatus::Draw;
}

void Board::place_unjudged(Move m) noexcept {
    assert(on_board(m.at) && at(m.at) == Color::Empty);
    assert(m.color != Color::Empty);
    undo_.push_back({status_, side_to_move_});
    cells_[static_cast<std::size_t>(index(m.at))] = m.color;
    history_.push_back(m);
    hash_ ^= zobrist_stone(m.at, m.color);
    if (m.color == Color::Black || m.color == Color::White) {
        const Color next = opponent(m.color);
        if (next != side_to_move_) {
            side_to_move_ = next;
            hash_ ^= zobrist_white_to_move();
        }
    }
}

void Board::judge_whole_board() noexcept {
    status_ = GameStatus::Ongoing;
    for (const Move& m : history_) {
        if (m.color != Color::Black && m.color != Color::White) continue;
        for (Point d : kDirections) {
            if (run_wins(*this, run_through(*this, m.at, d, m.color, config_.win_length), m.color)) {
                status_ = m.color == Color::Black ? GameStatus::BlackWins : GameStatus::WhiteWins;
                return;
            }
        }
    }
    if (history_.size() == cells_.size()) status_ = GameStatus::Draw;
}

void Board::unmake() noexcept {
    assert(!history_.empty());
    if (history_.empty()) return;  // a caller's bug must not become memory corruption
    const Move m = history_.back();
    history_.pop_back();
    cells_[static_cast<std::size_t>(index(m.at))] = Color::Empty;
    hash_ ^= zobrist_stone(m.at, m.color);
    const Undo u = undo_.back();
    undo_.pop_back();
    if (u.side_to_move != side_to_move_) hash_ ^= zobrist_white_to_move();
    side_to_move_ = u.side_to_move;
    status_ = u.status;
}

bool Board::is_legal(Point p) const noexcept { return !game_over() && is_empty(p); }

std::optional<Move> Board::last_move() const noexcept {
    if (history_.empty()) return std::nullopt;
    return history_.back();
}

std::optional<Color> Board::winner() const noexcept {
    switch (status_) {
    case GameStatus::BlackWins:
        return Color::Black;
    case GameStatus::WhiteWins:
        return Color::White;
    default:
        return std::nullopt;
    }
}

bool Board::is_winning_move(Point p, Color c) const noexcept {
    if (at(p) != Color::Empty || (c != Color::Black && c != Color::White)) return false;
    for (Point d : kDirections)
        if (run_wins(*this, run_through(*this, p, d, c, config_.win_length), c)) return true;
    return false;
}

std::vector<Point> Board::winning_line() const {
    std::vector<Point> line;
    const auto who = winner();
    if (!who) return line;
    // The game stops at the win, so the winning stone is the last black or white one.
    Point from = kNoPoint;
    for (auto it = history_.rbegin(); it != history_.rend(); ++it)
        if (it->color == *who) {
            from = it->at;
            break;
        }
    if (from == kNoPoint) return line;
    const int uncapped = kMaxBoardSide;
    for (Point d : kDirections) {
        const LineRun run = run_through(*this, from, d, *who, uncapped);
        if (!run_wins(*this, run, *who)) continue;
        Point start = from;
        while (at({start.x - d.x, start.y - d.y}) == *who) start = {start.x - d.x, start.y - d.y};
        for (int i = 0; i < run.length; ++i) line.push_back({start.x + i * d.x, start.y + i * d.y});
        break;
    }
    return line;
}

LineRun run_through(const Board& board, Point p, Point d, Color c, int cap) noexcept {
    LineRun run;
    run.length = 1;
    const Color enemy = opponent(c);

    int n = 0;
    Point q{p.x + d.x, p.y + d.y};
    while (n < cap && board.at(q) == c) {
        ++n;
        q = {q.x + d.x, q.y + d.y};
    }
    run.length += n;
    run.closed_after = n < cap && board.at(q) == enemy;

    n = 0;
    q = {p.x - d.x, p.y - d.y};
    while (n < cap && board.at(q) == c) {
        ++n;
        q = {q.x - d.x, q.y - d.y};
    }
    run.length += n;
    run.closed_before = n < cap && board.at(q) == enemy;
    return run;
}

bool run_wins(const Board& board, const LineRun& run, Color c) noexcept {
    const int k = board.win_length();
    const bool both_closed = run.closed_before && run.closed_after;
    switch (board.rule()) {
    case Rule::Freestyle:
        return run.length >= k;
    case Rule::Exact:
        return run.length == k;
    case Rule::Renju:
        return c == Color::Black ? run.length == k : run.length >= k;
    case Rule::Caro:
        return run.length > k || (run.length == k && !both_closed);
    case Rule::CaroExact:
        return run.length == k && !both_closed;
    }
    return false;
}

}  // namespace tengen
