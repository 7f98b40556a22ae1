// The two brains of one game as the referee sees them (internal to the referee): their
// clocks, what each has been told, the timed exchange of a prompt for an answer, and a failed
// exchange turned into the loss it is. Seat 0 plays black unless a swap2 phase exchanges the
// seats.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "tournament/brain_session.h"
#include "tournament/game_outcome.h"
#include "tournament/referee.h"

namespace tengen {

// The arena was interrupted while a brain thought: no result, the game is replayed on resume.
GameOutcome abandoned_game();

// Why the side to move may not put a stone on p (answer_line is what the brain said):
// an occupied or off-board point, or under renju a point forbidden to black. nullopt: it may.
struct StoneFault {
    EndReason reason;
    std::string said;
};
std::optional<StoneFault> stone_fault(const Board& board, Point p, const std::string& answer_line);

class Seats {
public:
    Seats(const RefereeSettings& settings, BrainSession& black, BrainSession& white);

    // START (RECTSTART) and the settings to both brains: the loss of the first that fails.
    std::optional<GameOutcome> begin();

    BrainSession& brain(int seat) noexcept { return *brains_[static_cast<std::size_t>(seat)]; }
    // Stones the brain in the seat has been told about (prompts send only what it lacks).
    int& known(int seat) noexcept { return known_[static_cast<std::size_t>(seat)]; }

    struct Exchange {
        BrainAnswer answer;
        std::int64_t tolerance = 0;  // the grace past the turn time this answer had
    };
    // One timed exchange: the time left (with a match clock), what prompt() writes, then the
    // answer within the turn time (capped by the time left) plus the tolerance. The brain is
    // stopped again once it answered (no thinking on the opponent's time). With answer_errors,
    // ERROR and UNKNOWN lines are answers.
    Exchange ask(int seat, const std::function<bool(BrainSession&)>& prompt, bool answer_errors = false);
    // Charges an answer's time to the seat's clock. It fails when the answer came too late, the
    // reason being what the forfeit says.
    Status charge(int seat, const Exchange& x);

    // The seat's brain loses by misbehaving: its process is killed (the next game starts a
    // fresh one) and the loss goes to the seat's colour.
    GameOutcome forfeit(int seat, EndReason reason, std::string said, std::vector<RecordedMove> moves = {});
    // The same for an exchange that brought no answer line (silence, death, memory).
    GameOutcome forfeit(int seat, const BrainAnswer& answer, const std::string& what,
                        std::vector<RecordedMove> moves = {});

    // The brains change colours (a swap2 choice), each with its clock.
    void exchange_seats() noexcept;

private:
    const RefereeSettings& settings_;
    std::array<BrainSession*, 2> brains_;
    std::array<int, 2> known_{0, 0};
    std::array<bool, 2> first_exchange_{true, true};
    std::array<std::int64_t, 2> time_left_{0, 0};
};

// Plays the game on from the board (an opening on it) to its end: seat 0 is black. Each
// accepted move goes to watch.move.
GameOutcome play_to_the_end(const RefereeSettings& settings, Seats& seats, Board board, const GameWatch& watch);

}  // namespace tengen
