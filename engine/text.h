// Small text helpers every layer uses: trimming, ASCII case, strict integers, whole files.
// Nothing here knows about the protocol or the arena; their parsers build on these.
#pragma once

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"

namespace tengen {

// Spaces, tabs and line endings (a stray CR from a caller that did not split lines counts).
constexpr bool is_space_ascii(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n';
}

std::string_view trim(std::string_view text) noexcept;
std::string to_upper_ascii(std::string_view text);
std::string to_lower_ascii(std::string_view text);

// A whole decimal integer of type Int: surrounding spaces are trimmed, one leading '+' or
// '-' is allowed, nothing else; out of Int's range is nullopt, never a wrapped value.
template <class Int>
std::optional<Int> parse_integer(std::string_view text) noexcept {
    text = trim(text);
    if (!text.empty() && text.front() == '+') {
        text.remove_prefix(1);
        if (!text.empty() && text.front() == '-') return std::nullopt;  // "+-7": two signs
    }
    if (text.empty()) return std::nullopt;
    Int value{};
    const char* last = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), last, value);
    if (ec != std::errc{} || ptr != last) return std::nullopt;
    return value;
}

// Text from another program shown or stored on one line (an echoed command, an engine's
// output): control and non-ASCII bytes become '?', so escape sequences cannot reach a terminal
// and a line cannot break framing, and anything longer than max_chars is cut with "...".
std::string printable_excerpt(std::string_view text, std::size_t max_chars = 60);

// The file's bytes, or why it cannot be read ("cannot open FILE: No such file or directory").
Result<std::string> read_whole_file(const std::string& path);

std::string join(const std::vector<std::string>& parts, std::string_view separator);

}  // namespace tengen
