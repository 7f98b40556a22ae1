// How one game ended, in the results file's words (docs/arena.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/records.h"
#include "engine/types.h"

namespace tengen {

enum class Winner { Black, White, Draw };
enum class EndReason {
    Five,
    FullBoard,
    Adjudicated,
    IllegalMove,
    ForbiddenMove,
    TimeForfeit,
    Crash,
    ProtocolError,
    MemoryLimit
};

std::string_view winner_name(Winner w) noexcept;  // "black", "white", "draw"
std::optional<Winner> parse_winner(std::string_view text) noexcept;
std::string_view reason_name(EndReason r) noexcept;  // "five", "full-board", ...
std::optional<EndReason> parse_reason(std::string_view text) noexcept;
// Lost by misbehaving (the loser's process is replaced), rather than on the board.
bool is_misbehaviour(EndReason r) noexcept;

// The opening phase of a --swap2 game (Gomocup's swap2, as GomocupJudge runs it). The proposer
// places three stones; the responder swaps, places a fourth or places a fourth and a fifth;
// after two, the proposer swaps or places a sixth. Answers alternate from the proposer; an
// empty answer is SWAP.
struct Swap2Phase {
    std::vector<std::vector<Point>> answers;
    bool proposer_black = true;  // the colour the proposer ended with (black until decided)

    std::vector<Point> stones() const;  // every stone placed, in move order
};

struct GameOutcome {
    Winner winner = Winner::Draw;
    EndReason reason = EndReason::FullBoard;
    std::string loser_said;           // the offending output or exit status, when there is one
    std::vector<RecordedMove> moves;  // the brains' moves only, not the opening
    std::string adjudication;         // why the game was adjudicated on the brains' scores, when it was
    std::optional<Swap2Phase> swap2;  // a --swap2 game: what each side chose
    bool abandoned = false;           // the arena was interrupted mid-game: no result, replayed on resume
};

}  // namespace tengen
