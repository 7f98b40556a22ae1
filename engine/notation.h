// Writing and reading points for people and for the protocol.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "types.h"

namespace tengen {

// "h8" for {7, 7}: column letter a..z for x = 0..25, then y + 1. Columns past z have no
// letter: those points are written "x,y" (0-based, the protocol's form).
std::string to_letters(Point p);
// Parses "h8" (case-insensitive). nullopt if malformed. Does not check the board's size.
std::optional<Point> parse_letters(std::string_view text);
// Parses a whole letter sequence without separators, e.g. "h8i9j7" (c-gomoku-cli's pos form).
std::optional<std::vector<Point>> parse_letter_sequence(std::string_view text);

// The protocol's "x,y" (0-based); accepts spaces around the comma and numbers.
std::string to_protocol(Point p);
std::optional<Point> parse_protocol(std::string_view text);

}  // namespace tengen
