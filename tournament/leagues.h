// Gomocup's leagues as values: each embedded league file (league_data.h) read into the
// conditions it fixes, and its clocks scaled for a quick rehearsal (docs/arena.md, "Leagues").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/result.h"
#include "engine/types.h"
#include "tournament/brain_spec.h"

namespace tengen {

struct League {
    std::string name;
    std::string json_text;  // the file as embedded, for --print and --config league:NAME
    nlohmann::json json;    // the same, parsed
    GameConfig config;      // board, k and rule
    BrainClock clock;       // the file's each.tc (or st)
    std::optional<std::int64_t> memory;
    int draw_after = 0;
};

// Every embedded league, by name; a file that does not read as a league is an error naming it
// (the build embeds only the repository's files, which the tests read).
Result<std::vector<League>> all_leagues();
// The league of that name, or an error that lists the known names.
Result<League> find_league(const std::string& name);
// "caro, fastgame, ..." in the order all_leagues() gives.
std::string league_names();

// The clock with every time multiplied by scale (> 0), rounded to the millisecond, at least 1.
BrainClock scaled_clock(const BrainClock& clock, double scale);
// "20x20 freestyle, tc=18/3 (a game 18 s, a move 3 s), memory 350 MiB, draw after 200 moves".
std::string league_conditions(const League& league, double scale = 1);
// The --each tokens the league's "each" stands for, clocks scaled: {"tc=18/3", "memory=367001600"}.
std::vector<std::string> league_each_tokens(const League& league, double scale);

// `--config` text: "league:NAME" is that league's embedded file, anything else a file's path.
Result<std::string> read_config_text(const std::string& path);

}  // namespace tengen
