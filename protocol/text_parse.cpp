#include "text_parse.h"

#include <charconv>
#include <vector>

namespace tengen {

namespace {

// Line endings count as space too, so a stray CR from a caller that did not split lines is trimmed.
bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n'; }

// Splits on commas into trimmed fields; at most max_fields (more -> nullopt).
std::optional<std::vector<std::string_view>> split_commas(std::string_view text, std::size_t max_fields) {
    std::vector<std::string_view> fields;
    while (true) {
        const auto comma = text.find(',');
        fields.push_back(trim(text.substr(0, comma)));
        if (fields.size() > max_fields) return std::nullopt;
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return fields;
}

std::optional<int> parse_coordinate(std::string_view text) noexcept {
    const auto value = parse_int(text);
    if (!value || *value < -1000000 || *value > 1000000) return std::nullopt;
    return static_cast<int>(*value);
}

}  // namespace

std::string_view trim(std::string_view text) noexcept {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
}

std::string to_upper_ascii(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

CommandLine split_command(std::string_view line) noexcept {
    line = trim(line);
    std::size_t end = 0;
    while (end < line.size() && !is_space(line[end])) ++end;
    return {line.substr(0, end), trim(line.substr(end))};
}

std::optional<std::int64_t> parse_int(std::string_view text) noexcept {
    text = trim(text);
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    if (text.empty()) return std::nullopt;
    std::int64_t value = 0;
    const char* last = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), last, value);
    if (ec != std::errc{} || ptr != last) return std::nullopt;
    return value;
}

std::optional<Point> parse_point(std::string_view text) noexcept {
    const auto fields = split_commas(text, 2);
    if (!fields || fields->size() != 2) return std::nullopt;
    const auto x = parse_coordinate((*fields)[0]);
    const auto y = parse_coordinate((*fields)[1]);
    if (!x || !y) return std::nullopt;
    return Point{*x, *y};
}

std::optional<BoardLine> parse_board_line(std::string_view text) noexcept {
    const auto fields = split_commas(text, 3);
    if (!fields || fields->size() != 3) return std::nullopt;
    const auto x = parse_coordinate((*fields)[0]);
    const auto y = parse_coordinate((*fields)[1]);
    const auto f = parse_coordinate((*fields)[2]);
    if (!x || !y || !f) return std::nullopt;
    return BoardLine{{*x, *y}, *f};
}

std::string printable_excerpt(std::string_view text, std::size_t max_chars) {
    std::string out;
    const bool cut = text.size() > max_chars;
    if (cut) text = text.substr(0, max_chars);
    out.reserve(text.size() + 3);
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        out.push_back(u >= 0x20 && u < 0x7f ? c : '?');
    }
    if (cut) out += "...";
    return out;
}

}  // namespace tengen
