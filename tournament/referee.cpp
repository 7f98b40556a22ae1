#include "referee.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "notation.h"
#include "renju.h"
#include "text.h"
#include "vcf_proof.h"

namespace tengen {

namespace {

using Clock = std::chrono::steady_clock;
// A write failed: the engine is gone or going; this long to collect its exit status.
constexpr auto kDeathGrace = std::chrono::milliseconds(1000);

GameOutcome loss_of(Color loser, EndReason reason, std::string said, std::vector<RecordedMove> moves) {
    GameOutcome out;
    out.winner = loser == Color::Black ? Winner::White : Winner::Black;
    out.reason = reason;
    // An engine's text is shown on the terminal and stored in the results: printable and short.
    out.loser_said = printable_excerpt(said, kMaxLoserSaid);
    out.moves = std::move(moves);
    return out;
}

// The arena was interrupted while an engine thought: no result, the game is replayed on resume.
GameOutcome abandoned_game() {
    GameOutcome out;
    out.abandoned = true;
    return out;
}

// A failed exchange (no answer, death, wrong answer) as the loss it is.
GameOutcome loss_from_answer(Color loser, const EngineAnswer& a, const std::string& what,
                             std::vector<RecordedMove> moves) {
    switch (a.kind) {
    case EngineAnswer::Kind::Timeout:
        return loss_of(loser, EndReason::TimeForfeit, "no answer to " + what + " within " + std::to_string(a.ms) + " ms",
                       std::move(moves));
    case EngineAnswer::Kind::Crash:
        return loss_of(loser, EndReason::Crash, a.line, std::move(moves));
    case EngineAnswer::Kind::MemoryLimit:
        return loss_of(loser, EndReason::MemoryLimit, a.line, std::move(moves));
    case EngineAnswer::Kind::Line:
    case EngineAnswer::Kind::Abandoned: break;
    }
    return loss_of(loser, EndReason::ProtocolError, a.line, std::move(moves));
}

// Tells the engine what it has not seen yet and asks for its move: BEGIN on an empty board,
// TURN when it misses only the opponent's last stone, else the whole position as BOARD.
bool prompt_move(EngineSession& engine, const Board& board, int& known_stones) {
    const auto& history = board.history();
    const Color own = board.side_to_move();
    if (history.empty()) return engine.send("BEGIN");
    if (known_stones == static_cast<int>(history.size()) - 1)
        return engine.send("TURN " + to_protocol(history.back().at));
    bool ok = engine.send("BOARD");
    for (const Move& m : history)
        ok = ok && engine.send(to_protocol(m.at) + "," + (m.color == own ? "1" : "2"));
    return ok && engine.send("DONE");
}

// A new game for one engine: START (RECTSTART), then the settings. The loss when it fails.
std::optional<GameOutcome> begin_game(EngineSession& e, Color side, const RefereeSettings& settings) {
    if (auto error = e.launch()) return loss_of(side, EndReason::Crash, "cannot start: " + *error, {});
    const auto deadline = Clock::now() + std::chrono::milliseconds(settings.start_timeout_ms);
    std::optional<GameOutcome> lost;
    if (!e.send(start_command(settings.config))) {
        lost = loss_from_answer(side, e.await_answer(Clock::now() + kDeathGrace), "START", {});
    } else {
        const EngineAnswer ok = e.await_answer(deadline, true);
        const auto last = ok.line.find_last_not_of(" \t");
        if (ok.kind == EngineAnswer::Kind::Abandoned) return abandoned_game();
        if (ok.kind != EngineAnswer::Kind::Line || ok.line.substr(0, last + 1) != "OK")
            lost = loss_from_answer(side, ok, "START", {});
    }
    if (lost) {
        e.kill();
        return lost;
    }
    for (const std::string& line : e.spec().info_lines()) e.send(line);
    e.send("INFO rule " + std::to_string(gomocup_code(settings.config.rule)));
    // win_length is Tengen's own key. Other engines need not know it, and some (Rapfi) lose
    // track of their input on an unknown INFO key, so it is sent only when k is not the
    // protocol's implied 5.
    if (settings.config.win_length != 5)
        e.send("INFO win_length " + std::to_string(settings.config.win_length));
    e.send("INFO game_type 1");
    return std::nullopt;
}

// The game's end on the board (five, full board) or by adjudication, if it has come.
std::optional<GameOutcome> decision(const Board& board, int draw_after, int engine_moves) {
    GameOutcome out;
    if (board.status() == GameStatus::BlackWins || board.status() == GameStatus::WhiteWins) {
        out.winner = board.status() == GameStatus::BlackWins ? Winner::Black : Winner::White;
        out.reason = EndReason::Five;
        return out;
    }
    if (board.status() == GameStatus::Draw || board.empty_count() == 0) {
        out.reason = EndReason::FullBoard;
        return out;
    }
    if (draw_after > 0 && engine_moves >= draw_after) {
        out.reason = EndReason::Adjudicated;
        return out;
    }
    return std::nullopt;
}

// The side to move has a forced win by fours the arena proves itself: the game ends there.
std::optional<GameOutcome> proven_win(const Board& board, std::uint64_t nodes) {
    const auto proof = prove_vcf(board, nodes);
    if (!proof) return std::nullopt;
    GameOutcome out;
    out.winner = board.side_to_move() == Color::Black ? Winner::Black : Winner::White;
    out.reason = EndReason::Adjudicated;
    std::string line;
    for (const Point p : proof->line) {
        if (!line.empty()) line += ' ';
        line += to_letters(p);
    }
    out.adjudication = fmt::format("proven: {} wins by fours: {}", winner_name(out.winner), line);
    return out;
}

}  // namespace

std::int64_t default_tolerance_ms(const EngineClock& clock) noexcept {
    return std::clamp<std::int64_t>(clock.turn_ms, 200, 1000);
}

std::string start_command(const GameConfig& config) {
    if (config.width == config.height) return "START " + std::to_string(config.width);
    return "RECTSTART " + std::to_string(config.width) + "," + std::to_string(config.height);
}

GameOutcome play_game(const RefereeSettings& settings, const std::vector<Point>& opening,
                      EngineSession& black, EngineSession& white) {
    Board board(settings.config);
    for (Point p : opening) board.play(p);

    std::array<EngineSession*, 2> engines{&black, &white};
    auto slot = [](Color c) { return c == Color::Black ? 0 : 1; };
    std::vector<RecordedMove> moves;

    auto finish_loss = [&](Color loser, GameOutcome out) {
        engines[slot(loser)]->kill();
        return out;
    };

    for (Color side : {Color::Black, Color::White}) {
        engines[slot(side)]->set_pondering_allowed(settings.pondering);
        if (auto lost = begin_game(*engines[slot(side)], side, settings)) return *lost;
        engines[slot(side)]->pause_while_waiting();  // until its first prompt
    }

    std::array<int, 2> known{0, 0};  // stones each engine has been told about
    std::array<bool, 2> first_move{true, true};
    std::array<std::int64_t, 2> time_left{black.spec().clock.match_ms, white.spec().clock.match_ms};
    int engine_moves = 0;

    for (;;) {
        if (auto decided = decision(board, settings.draw_after, engine_moves)) {
            decided->moves = std::move(moves);
            return *decided;
        }
        if (settings.adjudication.proof_nodes > 0)
            if (auto proven = proven_win(board, settings.adjudication.proof_nodes)) {
                proven->moves = std::move(moves);
                return *proven;
            }
        if (settings.adjudication.any()) {
            const Color first_mover = opening.size() % 2 == 0 ? Color::Black : Color::White;
            if (auto verdict = adjudicate_by_scores(settings.adjudication, moves, first_mover, static_cast<int>(opening.size()))) {
                GameOutcome out;
                out.winner = !verdict->loser ? Winner::Draw : *verdict->loser == Color::Black ? Winner::White : Winner::Black;
                out.reason = EndReason::Adjudicated;
                out.adjudication = std::move(verdict->why);
                out.moves = std::move(moves);
                return out;
            }
        }

        const Color side = board.side_to_move();
        const int s = slot(side);
        EngineSession& e = *engines[s];
        const EngineClock& clock = e.spec().clock;
        // An engine's first move of a game may carry its start-up work (hash allocation,
        // tables); it gets a fixed grace on top of the tolerance.
        const std::int64_t tolerance = e.spec().tolerance_ms.value_or(settings.tolerance_ms.value_or(default_tolerance_ms(clock))) +
                                       (first_move[s] ? kFirstMoveGraceMs : 0);
        first_move[s] = false;
        e.settle();
        std::int64_t allowed = clock.turn_ms;
        if (clock.has_match_clock()) {
            allowed = std::min(allowed, std::max<std::int64_t>(time_left[s], 0));
            e.send("INFO time_left " + std::to_string(time_left[s]));
        }
        const auto deadline = Clock::now() + std::chrono::milliseconds(allowed + tolerance);
        const bool sent = prompt_move(e, board, known[s]);
        const EngineAnswer answer = e.await_answer(sent ? deadline : Clock::now() + kDeathGrace);
        e.pause_while_waiting();  // its move is in: no thinking on the opponent's time
        if (answer.kind == EngineAnswer::Kind::Abandoned) return abandoned_game();
        if (answer.kind != EngineAnswer::Kind::Line)
            return finish_loss(side, loss_from_answer(side, answer, "the move", std::move(moves)));

        const auto point = parse_protocol(answer.line);
        if (!point) return finish_loss(side, loss_of(side, EndReason::ProtocolError, answer.line, std::move(moves)));
        if (!board.is_legal(*point))
            return finish_loss(side, loss_of(side, EndReason::IllegalMove, answer.line, std::move(moves)));
        if (side == Color::Black && settings.config.rule == Rule::Renju) {
            const Forbidden f = renju_forbidden(board, *point);
            if (f != Forbidden::None)
                return finish_loss(side, loss_of(side, EndReason::ForbiddenMove,
                                                 answer.line + " (" + std::string(forbidden_name(f)) + ")",
                                                 std::move(moves)));
        }
        if (answer.ms > clock.turn_ms + tolerance)
            return finish_loss(side, loss_of(side, EndReason::TimeForfeit,
                                             answer.line + " after " + std::to_string(answer.ms) + " ms", std::move(moves)));
        if (clock.has_match_clock()) {
            time_left[s] -= answer.ms;
            if (time_left[s] < -tolerance)
                return finish_loss(side, loss_of(side, EndReason::TimeForfeit,
                                                 answer.line + " with " + std::to_string(time_left[s]) + " ms left",
                                                 std::move(moves)));
            time_left[s] += clock.increment_ms;
        }
        board.play(*point);
        known[s] = board.stone_count();
        moves.push_back({*point, static_cast<int>(answer.ms), static_cast<int>(answer.cpu_ms), answer.reported.depth,
                         answer.reported.score, answer.reported.mate});
        ++engine_moves;
    }
}

}  // namespace tengen
