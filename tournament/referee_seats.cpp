#include "tournament/referee_seats.h"

#include <algorithm>
#include <chrono>

#include "engine/renju.h"
#include "engine/text.h"

namespace tengen {

namespace {

using SteadyClock = std::chrono::steady_clock;
// A write failed: the brain is gone or going; this long to collect its exit status.
constexpr auto kDeathGrace = std::chrono::milliseconds(1000);

GameOutcome loss_of(Color loser, EndReason reason, std::string said, std::vector<RecordedMove> moves) {
    GameOutcome out;
    out.winner = loser == Color::Black ? Winner::White : Winner::Black;
    out.reason = reason;
    // A brain's text is shown on the terminal and stored in the results: printable and short.
    out.loser_said = printable_excerpt(said, kMaxLoserSaid);
    out.moves = std::move(moves);
    return out;
}

// A failed exchange (no answer, death, wrong answer) as the loss it is.
GameOutcome loss_from_answer(Color loser, const BrainAnswer& a, const std::string& what,
                             std::vector<RecordedMove> moves) {
    switch (a.kind) {
    case BrainAnswer::Kind::Timeout:
        // An ERROR it printed meanwhile often says why (a command it misread).
        return loss_of(loser, EndReason::TimeForfeit,
                       "no answer to " + what + " within " + std::to_string(a.ms) + " ms" +
                           (a.last_error.empty() ? "" : "; it said: " + a.last_error),
                       std::move(moves));
    case BrainAnswer::Kind::Crash:
        return loss_of(loser, EndReason::Crash, a.line, std::move(moves));
    case BrainAnswer::Kind::MemoryLimit:
        return loss_of(loser, EndReason::MemoryLimit, a.line, std::move(moves));
    case BrainAnswer::Kind::Line:
    case BrainAnswer::Kind::Abandoned:
        break;
    }
    return loss_of(loser, EndReason::ProtocolError, a.line, std::move(moves));
}

// A new game for one brain: START (RECTSTART), then the settings. The loss when it fails.
std::optional<GameOutcome> begin_game(BrainSession& e, Color side, const RefereeSettings& settings) {
    if (const Status started = e.launch(); !started.ok())
        return loss_of(side, EndReason::Crash, "cannot start: " + started.error(), {});
    const auto deadline = SteadyClock::now() + std::chrono::milliseconds(settings.start_timeout_ms);
    std::optional<GameOutcome> lost;
    if (!e.send(start_command(settings.config))) {
        lost = loss_from_answer(side, e.await_answer(SteadyClock::now() + kDeathGrace), "START", {});
    } else {
        const BrainAnswer ok = e.await_answer(deadline, true);
        const auto last = ok.line.find_last_not_of(" \t");
        if (ok.kind == BrainAnswer::Kind::Abandoned) return abandoned_game();
        if (ok.kind != BrainAnswer::Kind::Line || ok.line.substr(0, last + 1) != "OK")
            lost = loss_from_answer(side, ok, "START", {});
    }
    if (lost) {
        e.kill();
        return lost;
    }
    for (const std::string& line : e.spec().info_lines()) e.send(line);
    e.send("INFO rule " + std::to_string(gomocup_code(settings.config.rule)));
    // win_length is Tengen's own key. Other brains need not know it, and some (Rapfi) lose
    // track of their input on an unknown INFO key, so it is sent only when k is not the
    // protocol's implied 5.
    if (settings.config.win_length != 5) e.send("INFO win_length " + std::to_string(settings.config.win_length));
    e.send("INFO game_type 1");
    return std::nullopt;
}

Color seat_color(int seat) noexcept { return seat == 0 ? Color::Black : Color::White; }

}  // namespace

GameOutcome abandoned_game() {
    GameOutcome out;
    out.abandoned = true;
    return out;
}

std::optional<StoneFault> stone_fault(const Board& board, Point p, const std::string& answer_line) {
    if (!board.is_legal(p)) return StoneFault{EndReason::IllegalMove, answer_line};
    if (board.side_to_move() == Color::Black && board.rule() == Rule::Renju) {
        const Forbidden f = renju_forbidden(board, p);
        if (f != Forbidden::None)
            return StoneFault{EndReason::ForbiddenMove, answer_line + " (" + std::string(forbidden_name(f)) + ")"};
    }
    return std::nullopt;
}

Seats::Seats(const RefereeSettings& settings, BrainSession& black, BrainSession& white)
    : settings_(settings),
      brains_{&black, &white},
      time_left_{black.spec().clock.match_ms, white.spec().clock.match_ms} {}

std::optional<GameOutcome> Seats::begin() {
    for (int seat : {0, 1}) {
        BrainSession& e = brain(seat);
        e.set_pondering_allowed(settings_.pondering);
        if (auto lost = begin_game(e, seat_color(seat), settings_)) return lost;
        e.pause_while_waiting();  // until its first prompt
    }
    return std::nullopt;
}

Seats::Exchange Seats::ask(int seat, const std::function<bool(BrainSession&)>& prompt, bool answer_errors) {
    const auto s = static_cast<std::size_t>(seat);
    BrainSession& e = brain(seat);
    const BrainClock& clock = e.spec().clock;
    // A brain's first answer of a game may carry its start-up work (hash allocation,
    // tables); it gets a fixed grace on top of the tolerance.
    Exchange x;
    x.tolerance = e.spec().tolerance_ms.value_or(settings_.tolerance_ms.value_or(default_tolerance_ms(clock))) +
                  (first_exchange_[s] ? kFirstMoveGraceMs : 0);
    first_exchange_[s] = false;
    e.settle();
    std::int64_t allowed = clock.turn_ms;
    if (clock.has_match_clock()) {
        allowed = std::min(allowed, std::max<std::int64_t>(time_left_[s], 0));
        e.send("INFO time_left " + std::to_string(time_left_[s]));
    }
    const auto deadline = SteadyClock::now() + std::chrono::milliseconds(allowed + x.tolerance);
    const bool sent = prompt(e);
    x.answer = e.await_answer(sent ? deadline : SteadyClock::now() + kDeathGrace, answer_errors);
    e.pause_while_waiting();
    return x;
}

Status Seats::charge(int seat, const Exchange& x) {
    const auto s = static_cast<std::size_t>(seat);
    const BrainClock& clock = brain(seat).spec().clock;
    if (x.answer.ms > clock.turn_ms + x.tolerance)
        return Failure{x.answer.line + " after " + std::to_string(x.answer.ms) + " ms"};
    if (clock.has_match_clock()) {
        time_left_[s] -= x.answer.ms;
        if (time_left_[s] < -x.tolerance)
            return Failure{x.answer.line + " with " + std::to_string(time_left_[s]) + " ms left"};
        time_left_[s] += clock.increment_ms;
    }
    return {};
}

GameOutcome Seats::forfeit(int seat, EndReason reason, std::string said, std::vector<RecordedMove> moves) {
    brain(seat).kill();
    return loss_of(seat_color(seat), reason, std::move(said), std::move(moves));
}

GameOutcome Seats::forfeit(int seat, const BrainAnswer& answer, const std::string& what,
                           std::vector<RecordedMove> moves) {
    brain(seat).kill();
    return loss_from_answer(seat_color(seat), answer, what, std::move(moves));
}

void Seats::exchange_seats() noexcept {
    std::swap(brains_[0], brains_[1]);
    std::swap(known_[0], known_[1]);
    std::swap(first_exchange_[0], first_exchange_[1]);
    std::swap(time_left_[0], time_left_[1]);
}

}  // namespace tengen
