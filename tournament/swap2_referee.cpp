// The swap2 opening phase of a --swap2 game, as GomocupJudge runs it, then the game.
#include <sstream>
#include <variant>

#include "engine/notation.h"
#include "tournament/referee.h"
#include "tournament/referee_seats.h"
#include "engine/text.h"

namespace tengen {

namespace {

// The stones of a SWAP2BOARD answer ("x,y x,y ..."), empty for SWAP; nullopt when malformed.
std::optional<std::vector<Point>> parse_swap2_answer(const std::string& line) {
    if (to_upper_ascii(trim(line)) == "SWAP") return std::vector<Point>{};
    std::istringstream words(line);
    std::vector<Point> stones;
    for (std::string word; words >> word;) {
        const auto p = parse_point(word);
        if (!p) return std::nullopt;
        stones.push_back(*p);
    }
    if (stones.empty()) return std::nullopt;
    return stones;
}

bool send_swap2_board(BrainSession& e, const Board& board) {
    bool ok = e.send("SWAP2BOARD");
    for (const Move& m : board.history()) ok = ok && e.send(to_protocol(m.at));
    return ok && e.send("DONE");
}

// One step of the phase: the seat's brain sees the stones so far and answers. The stones it
// placed are on the board when it returns them (empty: SWAP); a misbehaviour is its loss.
// allowed_counts[n] says whether n stones are a valid answer (0 = SWAP).
std::variant<std::vector<Point>, GameOutcome> swap2_step(Seats& seats, int seat, Board& board,
                                                         std::array<bool, 4> allowed_counts, const char* expected) {
    // ERROR and UNKNOWN are answers here: a brain without swap2 loses at once, not on time.
    const Seats::Exchange x = seats.ask(
        seat, [&](BrainSession& e) { return send_swap2_board(e, board); }, true);
    if (x.answer.kind == BrainAnswer::Kind::Abandoned) return abandoned_game();
    if (x.answer.kind != BrainAnswer::Kind::Line) return seats.forfeit(seat, x.answer, "SWAP2BOARD");
    const auto stones = parse_swap2_answer(x.answer.line);
    if (!stones || stones->size() >= allowed_counts.size() || !allowed_counts[stones->size()])
        return seats.forfeit(seat, EndReason::ProtocolError, x.answer.line + " (SWAP2BOARD expects " + expected + ")");
    for (const Point p : *stones) {
        if (auto fault = stone_fault(board, p, x.answer.line))
            return seats.forfeit(seat, fault->reason, std::move(fault->said));
        board.play(p);
        if (board.game_over())
            return seats.forfeit(seat, EndReason::IllegalMove, x.answer.line + " (ends the game in the opening)");
    }
    if (const Status in_time = seats.charge(seat, x); !in_time.ok())
        return seats.forfeit(seat, EndReason::TimeForfeit, in_time.error());
    return *stones;
}

}  // namespace

GameOutcome referee_swap2_game(const RefereeSettings& settings, BrainSession& proposer, BrainSession& responder,
                               const GameWatch& watch) {
    Board board(settings.config);
    // Seat 0 plays black: the proposer's until a choice says otherwise.
    Seats seats(settings, proposer, responder);
    Swap2Phase phase;
    auto finished = [&](GameOutcome out) {
        out.swap2 = phase;
        return out;
    };
    if (auto lost = seats.begin()) return finished(std::move(*lost));

    auto step = [&](int seat, std::array<bool, 4> allowed, const char* expected) -> std::optional<GameOutcome> {
        auto answer = swap2_step(seats, seat, board, allowed, expected);
        if (auto* out = std::get_if<GameOutcome>(&answer)) return std::move(*out);
        phase.answers.push_back(std::move(std::get<std::vector<Point>>(answer)));
        return std::nullopt;
    };

    // The proposer places three stones: black, white, black.
    if (auto lost = step(0, {false, false, false, true}, "three stones")) return finished(std::move(*lost));
    // The responder swaps (takes black), places white's fourth (keeps white), or places a
    // fourth and a fifth and leaves the choice to the proposer.
    if (auto lost = step(1, {true, true, true, false}, "SWAP, one stone or two")) return finished(std::move(*lost));
    const std::size_t responder_stones = phase.answers.back().size();
    if (responder_stones == 0) {
        seats.exchange_seats();
        phase.proposer_black = false;
    } else if (responder_stones == 2) {
        // The proposer swaps (takes black, the responder places the sixth as white) or places
        // white's sixth itself and keeps white.
        if (auto lost = step(0, {true, true, false, false}, "SWAP or one stone")) return finished(std::move(*lost));
        if (!phase.answers.back().empty()) {
            seats.exchange_seats();
            phase.proposer_black = false;
        }
    }
    if (watch.opening) watch.opening(phase.stones(), !phase.proposer_black);
    return finished(play_to_the_end(settings, seats, std::move(board), watch));
}

}  // namespace tengen
