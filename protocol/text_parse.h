// Strict parsing of the protocol's small pieces of text: numbers, "x,y" points, BOARD lines,
// the command word. Every parser returns nullopt on malformed input; none throws.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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

// "x,y" or "x, y" (spaces allowed around both numbers). Does not check the board's size.
std::optional<Point> parse_point(std::string_view text) noexcept;

// A BOARD/YXBOARD line "x,y,f" (spaces allowed around each field).
struct BoardLine {
    Point at;
    int field = 0;
};
std::optional<BoardLine> parse_board_line(std::string_view text) noexcept;

}  // namespace tengen
