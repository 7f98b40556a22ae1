// How one game ended, in the results file's words (docs/arena.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "records.h"
#include "types.h"

namespace tengen {

enum class Winner { Black, White, Draw };
enum class EndReason { Five, FullBoard, Adjudicated, IllegalMove, ForbiddenMove, TimeForfeit, Crash, ProtocolError, MemoryLimit };

std::string_view winner_name(Winner w) noexcept;  // "black", "white", "draw"
std::optional<Winner> parse_winner(std::string_view text) noexcept;
std::string_view reason_name(EndReason r) noexcept;  // "five", "full-board", ...
std::optional<EndReason> parse_reason(std::string_view text) noexcept;
// Lost by misbehaving (the loser's process is replaced), rather than on the board.
bool is_misbehaviour(EndReason r) noexcept;

struct GameOutcome {
    Winner winner = Winner::Draw;
    EndReason reason = EndReason::FullBoard;
    std::string loser_said;           // the offending output or exit status, when there is one
    std::vector<RecordedMove> moves;  // the engines' moves only, not the opening
    std::string adjudication;         // why the game was adjudicated on the engines' scores, when it was
    bool abandoned = false;           // the arena was interrupted mid-game: no result, replayed on resume
};

}  // namespace tengen
