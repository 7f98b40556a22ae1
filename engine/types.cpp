#include "engine/types.h"

#include "engine/text.h"
#include <algorithm>
#include <charconv>

namespace tengen {

std::string_view color_name(Color c) noexcept {
    switch (c) {
    case Color::Black:
        return "black";
    case Color::White:
        return "white";
    case Color::Wall:
        return "wall";
    case Color::Empty:
        break;
    }
    return "empty";
}

std::string_view rule_name(Rule r) noexcept {
    switch (r) {
    case Rule::Exact:
        return "exact";
    case Rule::Renju:
        return "renju";
    case Rule::Caro:
        return "caro";
    case Rule::CaroExact:
        return "caro-exact";
    case Rule::Freestyle:
        break;
    }
    return "freestyle";
}

std::optional<Rule> rule_from_gomocup_code(int code) noexcept {
    if (code == 2) return Rule::Renju;  // Yixin-Board's code for renju
    if (code < 0 || code > 15) return std::nullopt;
    const int bits = code & ~2;  // bit 2 is Piskvork's continuous game: no rule of its own
    switch (bits) {
    case 0:
        return Rule::Freestyle;
    case 1:
        return Rule::Exact;
    case 4:
    case 5:
        return Rule::Renju;
    case 8:
        return Rule::Caro;
    case 9:
        return Rule::CaroExact;
    default:
        return std::nullopt;
    }
}

int gomocup_code(Rule r) noexcept {
    switch (r) {
    case Rule::Exact:
        return 1;
    case Rule::Renju:
        return 4;
    case Rule::Caro:
        return 8;
    case Rule::CaroExact:
        return 9;
    case Rule::Freestyle:
        break;
    }
    return 0;
}

std::optional<Rule> parse_rule(std::string_view text) noexcept {
    const std::string lower = to_lower_ascii(text);
    for (Rule r : {Rule::Freestyle, Rule::Exact, Rule::Renju, Rule::Caro, Rule::CaroExact})
        if (lower == rule_name(r)) return r;
    if (lower == "standard" || lower == "exact5" || lower == "exactfive") return Rule::Exact;
    if (lower == "caroexact" || lower == "caro_exact") return Rule::CaroExact;
    const auto code = parse_integer<int>(lower);
    if (!code) return std::nullopt;
    return rule_from_gomocup_code(*code);
}

Status check_config(const GameConfig& c) {
    auto side_ok = [](int s) { return s >= kMinBoardSide && s <= kMaxBoardSide; };
    if (!side_ok(c.width) || !side_ok(c.height))
        return Failure{"board size " + std::to_string(c.width) + "x" + std::to_string(c.height) + " is outside 3..32"};
    const int longer = std::max(c.width, c.height);
    if (c.win_length < 3 || c.win_length > longer)
        return Failure{"win length " + std::to_string(c.win_length) + " must be from 3 to " + std::to_string(longer)};
    if (c.rule == Rule::Renju) {
        if (c.win_length != 5) return Failure{"renju needs a win length of 5"};
        if (c.width < 5 || c.height < 5) return Failure{"renju needs a board of at least 5x5"};
    }
    return {};
}

}  // namespace tengen
