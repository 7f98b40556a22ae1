#include "protocol/text_parse.h"

#include <charconv>
#include <vector>

namespace tengen {

namespace {

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

CommandLine split_command(std::string_view line) noexcept {
    line = trim(line);
    std::size_t end = 0;
    while (end < line.size() && !is_space_ascii(line[end])) ++end;
    return {line.substr(0, end), trim(line.substr(end))};
}

std::optional<std::int64_t> parse_int(std::string_view text) noexcept { return parse_integer<std::int64_t>(text); }

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

}  // namespace tengen
