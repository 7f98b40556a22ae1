// One finished game as the results file holds it: one JSON object per line, with every field
// docs/arena.md lists.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tournament/game_outcome.h"
#include "engine/result.h"
#include "engine/types.h"

namespace tengen {

struct FinishedGame {
    int game = 0, round = 0, pair = 0;
    std::string black, white;
    GameConfig config;
    std::vector<Point> opening;
    GameOutcome outcome;
    std::string schedule;  // hash of the schedule-defining options
    // Provenance (empty in files written before these fields existed): the arena's version,
    // when the game ended (UTC, ISO 8601), and each side's time control as its key reads
    // (st=0.2, tc=60/5+0.5).
    std::string arena_version, date, black_tc, white_tc;
    // What the schedule hash is computed from, one setting a line (schedule_settings): lets a
    // refused resume name the settings that differ. Empty in older files.
    std::vector<std::string> settings;
};

// One move as a results line holds it: the point, its time, and what its engine reported of
// its search (the fields it gave). The report's replay reads the same object.
nlohmann::ordered_json move_json(const RecordedMove& m);
// One line of JSON, no newline.
std::string to_json_line(const FinishedGame& g);
// The game, or why the line is not a complete result.
Result<FinishedGame> from_json_line(const std::string& line);

}  // namespace tengen
