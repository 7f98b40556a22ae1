#include "tournament/reported_search.h"

#include <cctype>
#include <string>
#include <vector>

#include "engine/text.h"
namespace tengen {
namespace {

std::vector<std::string> words_of(std::string_view line) {
    std::vector<std::string> words;
    std::string word;
    for (const char c : line) {
        if (std::isspace(static_cast<unsigned char>(c)) || c == '|' || c == ',' || c == ':' || c == '=') {
            if (!word.empty()) words.push_back(to_lower_ascii(word));
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty()) words.push_back(to_lower_ascii(word));
    return words;
}

// The whole text as an integer (a leading + allowed); a trailing "-S" (selective depth) is cut
// first when allow_range is set.
std::optional<int> integer(std::string_view text, bool allow_range = false) {
    if (allow_range)
        if (const auto dash = text.find('-', 1); dash != std::string_view::npos) text = text.substr(0, dash);
    return parse_integer<int>(text);
}

// "+M5", "-M4", "M5" (also "#5", "+#5"): plies to a proven result.
std::optional<int> mate_text(std::string_view text) {
    int sign = 1;
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
        sign = text.front() == '-' ? -1 : 1;
        text.remove_prefix(1);
    }
    if (text.empty() || (text.front() != 'm' && text.front() != '#')) return std::nullopt;
    text.remove_prefix(1);
    const auto n = integer(text);
    if (!n || *n < 0) return std::nullopt;
    return sign * *n;
}

}  // namespace

ReportedSearch parse_reported_search(std::string_view message_line) {
    ReportedSearch found;
    const std::vector<std::string> words = words_of(message_line);
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        const std::string& key = words[i];
        const std::string& value = words[i + 1];
        if ((key == "depth" || key == "d") && !found.depth) {
            if (const auto d = integer(value, true); d && *d >= 0) found.depth = d;
        } else if ((key == "eval" || key == "ev" || key == "score" || key == "cp") && !found.has_score()) {
            if (const auto m = mate_text(value))
                found.mate = m;
            else if (const auto s = integer(value))
                found.score = s;
        } else if (key == "mate" && !found.has_score()) {
            if (const auto m = integer(value)) found.mate = m;
        }
    }
    return found;
}

}  // namespace tengen
