#include "play_input.h"

#include <algorithm>
#include <cctype>

#include "notation.h"

namespace tengen {

namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::string lowered(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    return out;
}

PlayInput invalid(std::string reason) { return {PlayInputKind::Invalid, kNoPoint, std::move(reason)}; }

// "8,8" counts from 1 like the drawing's labels; parse_protocol reads the numbers.
std::optional<Point> parse_numbers(std::string_view text) {
    if (text.find(',') == std::string_view::npos) return std::nullopt;
    const auto p = parse_protocol(text);
    if (!p) return std::nullopt;
    return Point{p->x - 1, p->y - 1};
}

}  // namespace

PlayInput parse_play_input(std::string_view line) {
    const std::string_view text = trimmed(line);
    if (text.empty()) return {};
    const std::size_t space = text.find_first_of(" \t");
    const std::string word = lowered(text.substr(0, space));
    const std::string_view rest = space == std::string_view::npos ? std::string_view{} : trimmed(text.substr(space));

    auto bare = [&](PlayInputKind kind) {
        if (!rest.empty()) return invalid("'" + word + "' takes no argument");
        return PlayInput{kind, kNoPoint, {}};
    };
    if (word == "undo" || word == "u") return bare(PlayInputKind::Undo);
    if (word == "hint") return bare(PlayInputKind::Hint);
    if (word == "new") return bare(PlayInputKind::New);
    if (word == "quit" || word == "exit" || word == "q") return bare(PlayInputKind::Quit);
    if (word == "help" || word == "?") return bare(PlayInputKind::Help);
    if (word == "save" || word == "load") {
        if (rest.empty()) return invalid("'" + word + "' needs a file name: " + word + " FILE");
        return {word == "save" ? PlayInputKind::Save : PlayInputKind::Load, kNoPoint, std::string(rest)};
    }

    if (const auto p = parse_numbers(text)) return {PlayInputKind::Move, *p, std::string(text)};
    if (text.find(',') == std::string_view::npos) {
        if (const auto p = parse_letters(text)) return {PlayInputKind::Move, *p, std::string(text)};
    }
    // Quote at most a short prefix: the reason must stay one readable line.
    std::string quoted;
    for (const char ch : text.substr(0, 40)) quoted += std::isprint(static_cast<unsigned char>(ch)) ? ch : '?';
    if (text.size() > 40) quoted += "...";
    return invalid("cannot read '" + quoted + "' as a move (like h8 or 8,8) or a command (type help)");
}

}  // namespace tengen
