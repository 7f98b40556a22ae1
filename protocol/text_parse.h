// Strict parsing of the protocol's small pieces of text: numbers, BOARD lines, the command
// word ("x,y" points: parse_point in engine/notation.h, included here for every reader of the
// protocol). Every parser returns nullopt on malformed input; none throws.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/notation.h"
#include "engine/text.h"
#include "engine/types.h"

namespace tengen {

// The first whitespace-separated word and the trimmed rest of the line.
struct CommandLine {
    std::string_view word;
    std::string_view rest;
};
CommandLine split_command(std::string_view line) noexcept;

// A whole decimal integer with an optional sign and no other characters (spaces trimmed).
std::optional<std::int64_t> parse_int(std::string_view text) noexcept;

// A BOARD/YXBOARD line "x,y,f": a point as parse_point reads it, a comma, the field.
struct BoardLine {
    Point at;
    int field = 0;
};
std::optional<BoardLine> parse_board_line(std::string_view text) noexcept;

}  // namespace tengen
