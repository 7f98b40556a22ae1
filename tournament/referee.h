// The referee: plays one game between two brain sessions from an opening to the end, with the
// game core deciding legality and result, and the arena keeping both clocks.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/board.h"
#include "tournament/brain_session.h"
#include "tournament/game_outcome.h"
#include "tournament/adjudication.h"

namespace tengen {

struct RefereeSettings {
    GameConfig config;
    bool send_by_board = false;                // -sendbyboard: every move asked for with BOARD, never TURN
    std::optional<std::int64_t> tolerance_ms;  // --tolerance; default: default_tolerance_ms()
    std::int64_t start_timeout_ms = 10000;     // START must be answered within this
    bool pondering = false;                    // false: the brain not to move is stopped
    Adjudication adjudication;                 // every rule that ends a game before the board does
};

// Told of a game while it is played (the live report): the stones on the board before the
// brains' first move (the opening, or the swap2 phase's, and whether that phase gave the
// proposer white), then each brain move once the referee accepted it. Called on the game's
// thread, so each call must be quick; an empty function is skipped.
struct GameWatch {
    std::function<void(const std::vector<Point>& stones, bool colours_swapped)> opening;
    std::function<void(const RecordedMove& move)> move;
};

// The grace past a deadline before a time forfeit when --tolerance is not given: the turn
// time clamped to 200..1000 ms (1000 ms for match clocks of a second or more, less for short
// turns, never below 200 ms so process wake-up on a busy machine is not a forfeit).
std::int64_t default_tolerance_ms(const BrainClock& clock) noexcept;
// Longest text of a misbehaving brain kept in a game's loser_said (then "..." follows).
inline constexpr std::size_t kMaxLoserSaid = 200;
// Added to the tolerance for each brain's first move of a game (start-up work).
inline constexpr std::int64_t kFirstMoveGraceMs = 1000;

// The START (or RECTSTART) line for a board.
std::string start_command(const GameConfig& config);

// Plays the game. Sessions that are not running are launched first. After a loss by
// misbehaviour the loser's process is killed, so its next game starts a fresh one. The opening
// must be legal and undecided on this board (openings.h checks that).
GameOutcome referee_game(const RefereeSettings& settings, const std::vector<Point>& opening, BrainSession& black,
                         BrainSession& white, const GameWatch& watch = {});

// A --swap2 game: Gomocup's swap2 opening phase through SWAP2BOARD (game_outcome.h,
// Swap2Phase), then the game from the position it made with the colours the brains chose.
// The proposer counts as black and the responder as white until the phase decides: a loss in
// the phase goes to the brain that misbehaved in it. Needs k >= 4 (three stones of a colour
// must not decide the game).
GameOutcome referee_swap2_game(const RefereeSettings& settings, BrainSession& proposer, BrainSession& responder,
                               const GameWatch& watch = {});

}  // namespace tengen
