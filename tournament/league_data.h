// Gomocup's leagues as the repository keeps them (tournament/leagues/NAME.json, each a
// `--config` file), embedded at build time by tournament/embed_leagues.cmake.
#pragma once

#include <span>
#include <string_view>

namespace tengen {

struct LeagueFile {
    std::string_view name;  // the file's name without .json: "freestyle-20"
    std::string_view json;  // its text, verbatim
};

// Sorted by name.
std::span<const LeagueFile> league_files() noexcept;

}  // namespace tengen
