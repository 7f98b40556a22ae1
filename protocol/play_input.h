// One line typed in `play`: a move or a command. Board-dependent checks (off the board,
// occupied, forbidden) belong to the game loop; this only reads the text.
#pragma once

#include <string>
#include <string_view>

#include "engine/types.h"

namespace tengen {

enum class PlayInputKind { Empty, Move, Undo, Hint, New, Save, Load, Quit, Help, Invalid };

struct PlayInput {
    PlayInputKind kind = PlayInputKind::Empty;
    Point point = kNoPoint;  // Move: 0-based; may lie off the board (the caller says so)
    std::string text;        // Move: the text as typed; Save / Load: the file name; Invalid: the reason
};

// Moves: "h8" (letters, case-insensitive) or "8,8" (column, row from 1; spaces allowed
// around the comma). Commands: undo, hint, new, save FILE, load FILE, quit (exit), help (?).
PlayInput parse_play_input(std::string_view line);

}  // namespace tengen
