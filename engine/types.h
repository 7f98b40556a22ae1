// Value types of the game: colours, points, moves, rules and the game's configuration.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/result.h"

namespace tengen {

// Wall is a neutral stone (the protocol's field 3): it blocks lines for both sides.
enum class Color : std::uint8_t { Empty = 0, Black = 1, White = 2, Wall = 3 };

constexpr Color opponent(Color c) noexcept {
    return c == Color::Black ? Color::White : c == Color::White ? Color::Black : c;
}
std::string_view color_name(Color c) noexcept;  // "black", "white", "empty", "wall"

// A point on the board: x is the column, y the row, both from 0 at the top-left.
struct Point {
    int x = -1;
    int y = -1;
    constexpr bool operator==(const Point&) const = default;
    constexpr auto operator<=>(const Point&) const = default;
};
inline constexpr Point kNoPoint{-1, -1};

// Lines between two points in the king's metric: 1 for neighbours, diagonal ones included.
constexpr int chebyshev_distance(Point a, Point b) {
    const int dx = a.x > b.x ? a.x - b.x : b.x - a.x;
    const int dy = a.y > b.y ? a.y - b.y : b.y - a.y;
    return dx > dy ? dx : dy;
}

// A stone placed by a colour. A pass is not a move.
struct Move {
    Point at;
    Color color = Color::Empty;
    constexpr bool operator==(const Move&) const = default;
};

enum class Rule : std::uint8_t { Freestyle, Exact, Renju, Caro, CaroExact };

std::string_view rule_name(Rule r) noexcept;  // "freestyle", "exact", "renju", "caro", "caro-exact"
// Accepts the names above and the Gomocup codes "0", "1", "4", "8", "9" (and every code
// rule_from_gomocup_code accepts).
std::optional<Rule> parse_rule(std::string_view text) noexcept;
// Decodes the Gomocup INFO rule bitmask as docs/protocol.md says: bit 2 (continuous
// game) is ignored except that a plain 2 is renju (Yixin-Board). nullopt for unknown codes.
std::optional<Rule> rule_from_gomocup_code(int code) noexcept;
int gomocup_code(Rule r) noexcept;  // 0, 1, 4, 8, 9

inline constexpr int kMinBoardSide = 3;
inline constexpr int kMaxBoardSide = 32;

struct GameConfig {
    int width = 15;
    int height = 15;
    int win_length = 5;  // k stones in a row
    Rule rule = Rule::Freestyle;
    constexpr bool operator==(const GameConfig&) const = default;
};

// Whether the configuration is playable, else a one-line reason: sides within 3..32,
// 3 <= k <= max(width, height), renju only with k = 5 on boards of at least 5 x 5.
Status check_config(const GameConfig& config);

}  // namespace tengen
