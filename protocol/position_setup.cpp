#include "protocol/position_setup.h"

#include <fmt/format.h>

#include "engine/notation.h"

namespace tengen {

namespace {

// Places moves on a fresh board; a reason if one is illegal or the game is already decided.
// Under renju the order is the game's history, so a five before the last stone ends it there.
// Under every other rule the order means nothing: only the final position is judged.
SetupResult replay(const GameConfig& config, const std::vector<Move>& moves, Color to_move) {
    if (const Status s = check_config(config); !s.ok()) return Failure{s.error()};
    Board board(config);
    const bool order_is_history = config.rule == Rule::Renju;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Move& m = moves[i];
        if (!board.on_board(m.at)) return Failure{"point " + to_protocol(m.at) + " is off the board"};
        if (board.at(m.at) != Color::Empty) return Failure{"point " + to_protocol(m.at) + " is given twice"};
        if (order_is_history) {
            if (board.game_over()) return Failure{"the position already has a winner before " + to_protocol(m.at)};
            board.make(m);
        } else {
            board.place_unjudged(m);
        }
    }
    if (!order_is_history) {
        board.judge_whole_board();
        if (board.winner()) return Failure{"the position already has a winner"};
    }
    if (to_move == Color::Black || to_move == Color::White) board.set_side_to_move(to_move);
    return board;
}

}  // namespace

SetupResult board_from_fields(const GameConfig& config, const std::vector<BoardLine>& lines) {
    std::vector<Point> own, theirs, walls;
    for (const BoardLine& line : lines) {
        switch (line.field) {
        case 1:
            own.push_back(line.at);
            break;
        case 2:
            theirs.push_back(line.at);
            break;
        case 3:
            walls.push_back(line.at);
            break;
        default:
            return Failure{fmt::format("field {} at {} is not 1, 2 or 3", line.field, to_protocol(line.at))};
        }
    }
    const auto difference = static_cast<long>(theirs.size()) - static_cast<long>(own.size());
    if (difference != 0 && difference != 1)
        return Failure{fmt::format("impossible stone counts: {} own, {} opponent's", own.size(), theirs.size())};
    // Equal counts: the engine moves now, so it is black. One more opponent stone: it is white.
    const bool own_is_black = difference == 0;
    const std::vector<Point>& black = own_is_black ? own : theirs;
    const std::vector<Point>& white = own_is_black ? theirs : own;

    std::vector<Move> moves;
    moves.reserve(lines.size());
    for (const Point p : walls) moves.push_back({p, Color::Wall});
    for (std::size_t i = 0; i < black.size(); ++i) {
        moves.push_back({black[i], Color::Black});
        if (i < white.size()) moves.push_back({white[i], Color::White});
    }
    return replay(config, moves, own_is_black ? Color::Black : Color::White);
}

SetupResult board_from_moves(const GameConfig& config, const std::vector<Point>& points) {
    std::vector<Move> moves;
    moves.reserve(points.size());
    for (std::size_t i = 0; i < points.size(); ++i)
        moves.push_back({points[i], i % 2 == 0 ? Color::Black : Color::White});
    return replay(config, moves, points.size() % 2 == 0 ? Color::Black : Color::White);
}

SetupResult board_without(const Board& board, Point p) {
    if (!board.on_board(p)) return Failure{"point " + to_protocol(p) + " is off the board"};
    const Color removed = board.at(p);
    if (removed == Color::Empty) return Failure{"point " + to_protocol(p) + " is empty"};
    if (const auto last = board.last_move(); last && last->at == p) {
        Board copy = board;
        copy.unmake();
        return copy;
    }
    std::vector<Move> moves;
    for (const Move& m : board.history())
        if (m.at != p) moves.push_back(m);
    return replay(board.config(), moves, removed == Color::Wall ? board.side_to_move() : removed);
}

}  // namespace tengen
