// Writing and reading points for people and for the protocol.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "engine/types.h"

namespace tengen {

// "h8" for {7, 7}: column letter a..z for x = 0..25, then y + 1. Columns past z have no
// letter: those points are written "x,y" (0-based, the protocol's form).
std::string to_letters(Point p);
// Parses "h8" (case-insensitive). nullopt if malformed. Does not check the board's size.
std::optional<Point> parse_letters(std::string_view text);
// Parses a whole letter sequence without separators, e.g. "h8i9j7" (c-gomoku-cli's pos form).
std::optional<std::vector<Point>> parse_letter_sequence(std::string_view text);

// Points as people type them (play, solve --position, bench --positions): letters ("h8",
// several may run together: "h8i9") or the drawing's labels as numbers, column then row,
// both from 1 ("8,8" is h8). Tokens are separated by spaces or ';'; commas may also separate
// letter points ("h8,i9"). The reason names the forms expected. A number 0 reads as a point
// off the board (x or y = -1), for the caller to refuse with the board's own words.
inline constexpr const char* kPersonNotationHelp =
    "moves like h8 i9 (a column letter and a row from 1) or 8,8 9,9 (column,row, both from 1)";
Result<std::vector<Point>> parse_person_points(std::string_view text);
// Exactly one point in the same forms; nullopt otherwise.
std::optional<Point> parse_person_point(std::string_view text);

// The protocol's "x,y" (0-based).
std::string to_protocol(Point p);
// Reads "x,y" the way the brain protocol always has, for every program that reads one (the
// brain, the arena's referee and check, move lists, person notation): two decimal integers
// joined by one comma, each with an optional sign and spaces (any ASCII white space) around
// it, nothing else; |x| and |y| at most kMaxPointCoordinate. Negative numbers read: whether
// the point is on the board is the caller's to say, in the board's words. nullopt otherwise.
inline constexpr int kMaxPointCoordinate = 1000000;
std::optional<Point> parse_point(std::string_view text) noexcept;

// The points written one by one (to_letters or to_protocol) with separator between them.
std::string join_points(const std::vector<Point>& points, std::string (*write)(Point), std::string_view separator);

}  // namespace tengen
