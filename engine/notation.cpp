#include "engine/notation.h"

#include <algorithm>

#include <cctype>

#include "engine/text.h"

namespace tengen {
namespace {

constexpr int kLetterColumns = 26;
// Far beyond any board; only keeps the number parsers from overflowing.
constexpr int kMaxCoordinate = 100000;

bool is_digit(char ch) noexcept { return ch >= '0' && ch <= '9'; }
bool is_space(char ch) noexcept { return ch == ' ' || ch == '\t'; }

// Reads an unsigned decimal number at text[pos...], advancing pos. nullopt when no digit or
// the number is absurdly large.
std::optional<int> read_number(std::string_view text, std::size_t& pos) {
    if (pos >= text.size() || !is_digit(text[pos])) return std::nullopt;
    int value = 0;
    while (pos < text.size() && is_digit(text[pos])) {
        value = value * 10 + (text[pos] - '0');
        if (value > kMaxCoordinate) return std::nullopt;
        ++pos;
    }
    return value;
}

// One "letter digits" point at text[pos...], advancing pos.
std::optional<Point> read_letters(std::string_view text, std::size_t& pos) {
    if (pos >= text.size()) return std::nullopt;
    const char letter = static_cast<char>(std::tolower(static_cast<unsigned char>(text[pos])));
    if (letter < 'a' || letter > 'z') return std::nullopt;
    ++pos;
    auto row = read_number(text, pos);
    if (!row || *row < 1) return std::nullopt;
    return Point{letter - 'a', *row - 1};
}

}  // namespace

std::string to_letters(Point p) {
    if (p.x < 0 || p.x >= kLetterColumns || p.y < 0) return to_protocol(p);
    std::string text(1, static_cast<char>('a' + p.x));
    text += std::to_string(p.y + 1);
    return text;
}

std::optional<Point> parse_letters(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size() && is_space(text[pos])) ++pos;
    auto p = read_letters(text, pos);
    while (pos < text.size() && is_space(text[pos])) ++pos;
    if (!p || pos != text.size()) return std::nullopt;
    return p;
}

std::optional<std::vector<Point>> parse_letter_sequence(std::string_view text) {
    std::vector<Point> points;
    std::size_t pos = 0;
    while (true) {
        while (pos < text.size() && is_space(text[pos])) ++pos;
        if (pos == text.size()) break;
        auto p = read_letters(text, pos);
        if (!p) return std::nullopt;
        points.push_back(*p);
    }
    return points;
}

std::string to_protocol(Point p) { return std::to_string(p.x) + "," + std::to_string(p.y); }

std::optional<Point> parse_point(std::string_view text) noexcept {
    const auto comma = text.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    // A second comma makes the y field no integer: parse_integer refuses it.
    const auto x = parse_integer<int>(text.substr(0, comma));
    const auto y = parse_integer<int>(text.substr(comma + 1));
    auto in_range = [](int v) { return v >= -kMaxPointCoordinate && v <= kMaxPointCoordinate; };
    if (!x || !y || !in_range(*x) || !in_range(*y)) return std::nullopt;
    return Point{*x, *y};
}

std::string join_points(const std::vector<Point>& points, std::string (*write)(Point), std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (i > 0) out += separator;
        out += write(points[i]);
    }
    return out;
}

Result<std::vector<Point>> parse_person_points(std::string_view raw) {
    std::vector<Point> out;
    // "8, 8" is one point: spaces next to a comma do not separate tokens.
    std::string joined;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (is_space(raw[i])) {
            std::size_t j = i;
            while (j < raw.size() && is_space(raw[j])) ++j;
            const bool by_comma = (!joined.empty() && joined.back() == ',') || (j < raw.size() && raw[j] == ',');
            if (!by_comma) joined += ' ';
            i = j - 1;
            continue;
        }
        joined += raw[i];
    }
    const std::string_view text = joined;
    auto fail = [&](std::string_view token) {
        return Failure{"cannot read '" + std::string(token.substr(0, 40)) + "': expected " + kPersonNotationHelp};
    };
    std::size_t pos = 0;
    while (pos < text.size()) {
        while (pos < text.size() && (is_space(text[pos]) || text[pos] == ';')) ++pos;
        if (pos == text.size()) break;
        std::size_t end = pos;
        while (end < text.size() && !is_space(text[end]) && text[end] != ';') ++end;
        const std::string_view token = text.substr(pos, end - pos);
        pos = end;
        const bool has_letter = std::any_of(token.begin(), token.end(),
                                            [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
        if (has_letter) {
            std::string packed;
            for (char c : token)
                if (c != ',') packed += c;
            const auto points = parse_letter_sequence(packed);
            if (!points || points->empty()) return fail(token);
            out.insert(out.end(), points->begin(), points->end());
            continue;
        }
        const auto p = parse_point(token);
        if (!p) return fail(token);
        out.push_back({p->x - 1, p->y - 1});  // "0,0" reads as off the board: the caller says so
    }
    return out;
}

std::optional<Point> parse_person_point(std::string_view text) {
    const auto read = parse_person_points(text);
    if (!read || read->size() != 1) return std::nullopt;
    return read->front();
}

}  // namespace tengen
