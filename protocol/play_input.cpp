#include "protocol/play_input.h"

#include <algorithm>
#include <cctype>

#include "engine/notation.h"
#include "engine/text.h"

namespace tengen {

namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::string lowered(std::string_view s) { return to_lower_ascii(s); }

PlayInput invalid(std::string reason) { return {PlayInputKind::Invalid, kNoPoint, std::move(reason)}; }

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

    if (const auto p = parse_person_point(text)) return {PlayInputKind::Move, *p, std::string(text)};
    // Quote at most a short prefix: the reason must stay one readable line.
    std::string quoted;
    for (const char ch : text.substr(0, 40)) quoted += std::isprint(static_cast<unsigned char>(ch)) ? ch : '?';
    if (text.size() > 40) quoted += "...";
    return invalid("cannot read '" + quoted +
                   "' as one move (like h8 or 8,8: column,row from 1) or a command (type help)");
}

}  // namespace tengen
