#include "tournament/referee.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/notation.h"
#include "tournament/referee_seats.h"
#include "engine/renju.h"
#include "engine/text.h"

namespace tengen {

namespace {

// Tells the brain what it has not seen yet and asks for its move: BEGIN on an empty board,
// TURN when it misses only the opponent's last stone, else the whole position as BOARD.
bool prompt_move(BrainSession& brain, const Board& board, int& known_stones, bool by_board) {
    const auto& history = board.history();
    const Color own = board.side_to_move();
    if (history.empty()) return brain.send("BEGIN");
    if (!by_board && known_stones == static_cast<int>(history.size()) - 1)
        return brain.send("TURN " + to_protocol(history.back().at));
    bool ok = brain.send("BOARD");
    for (const Move& m : history) ok = ok && brain.send(to_protocol(m.at) + "," + (m.color == own ? "1" : "2"));
    return ok && brain.send("DONE");
}

// The game's end on the board (five, full board), if it has come.
std::optional<GameOutcome> decision(const Board& board) {
    GameOutcome out;
    if (board.status() == GameStatus::BlackWins || board.status() == GameStatus::WhiteWins) {
        out.winner = board.status() == GameStatus::BlackWins ? Winner::Black : Winner::White;
        out.reason = EndReason::Five;
        return out;
    }
    // A full board, or under renju black to move with only forbidden points left: no one can
    // move on, a draw.
    if (board.status() == GameStatus::Draw || !side_to_move_can_play(board)) {
        out.reason = EndReason::FullBoard;
        return out;
    }
    return std::nullopt;
}

}  // namespace

std::int64_t default_tolerance_ms(const BrainClock& clock) noexcept {
    return std::clamp<std::int64_t>(clock.turn_ms, 200, 1000);
}

std::string start_command(const GameConfig& config) {
    if (config.width == config.height) return "START " + std::to_string(config.width);
    return "RECTSTART " + std::to_string(config.width) + "," + std::to_string(config.height);
}

GameOutcome referee_game(const RefereeSettings& settings, const std::vector<Point>& opening, BrainSession& black,
                         BrainSession& white, const GameWatch& watch) {
    Board board(settings.config);
    for (Point p : opening) board.play(p);
    Seats seats(settings, black, white);
    if (auto lost = seats.begin()) return *lost;
    if (watch.opening) watch.opening(opening, false);
    return play_to_the_end(settings, seats, std::move(board), watch);
}

GameOutcome play_to_the_end(const RefereeSettings& settings, Seats& seats, Board board, const GameWatch& watch) {
    std::vector<RecordedMove> moves;
    const int opening_stones = static_cast<int>(board.history().size());

    for (;;) {
        auto decided = decision(board);
        if (!decided) decided = adjudicate(settings.adjudication, board, moves, opening_stones);
        if (decided) {
            decided->moves = std::move(moves);
            return *decided;
        }

        const Color side = board.side_to_move();
        const int seat = side == Color::Black ? 0 : 1;
        const Seats::Exchange x = seats.ask(
            seat, [&](BrainSession& e) { return prompt_move(e, board, seats.known(seat), settings.send_by_board); });
        const BrainAnswer& answer = x.answer;
        if (answer.kind == BrainAnswer::Kind::Abandoned) return abandoned_game();
        if (answer.kind != BrainAnswer::Kind::Line) return seats.forfeit(seat, answer, "the move", std::move(moves));

        const auto point = parse_point(answer.line);
        if (!point) return seats.forfeit(seat, EndReason::ProtocolError, answer.line, std::move(moves));
        if (auto fault = stone_fault(board, *point, answer.line))
            return seats.forfeit(seat, fault->reason, std::move(fault->said), std::move(moves));
        if (const Status in_time = seats.charge(seat, x); !in_time.ok())
            return seats.forfeit(seat, EndReason::TimeForfeit, in_time.error(), std::move(moves));
        board.play(*point);
        seats.known(seat) = board.placed_count();
        moves.push_back({*point, static_cast<int>(answer.ms), static_cast<int>(answer.cpu_ms), answer.reported.depth,
                         answer.reported.score, answer.reported.mate});
        if (watch.move) watch.move(moves.back());
    }
}

}  // namespace tengen
