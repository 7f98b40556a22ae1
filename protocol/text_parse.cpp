#include "protocol/text_parse.h"

namespace tengen {

CommandLine split_command(std::string_view line) noexcept {
    line = trim(line);
    std::size_t end = 0;
    while (end < line.size() && !is_space_ascii(line[end])) ++end;
    return {line.substr(0, end), trim(line.substr(end))};
}

std::optional<std::int64_t> parse_int(std::string_view text) noexcept { return parse_integer<std::int64_t>(text); }

std::optional<BoardLine> parse_board_line(std::string_view text) noexcept {
    const auto last_comma = text.rfind(',');
    if (last_comma == std::string_view::npos) return std::nullopt;
    const auto at = parse_point(text.substr(0, last_comma));
    const auto field = parse_integer<int>(text.substr(last_comma + 1));
    if (!at || !field || *field < -kMaxPointCoordinate || *field > kMaxPointCoordinate) return std::nullopt;
    return BoardLine{*at, *field};
}

}  // namespace tengen
