// The "schedule" field: a short hash of every option that defines which games are played and
// how (engines, openings, games, rounds, board, rule, time control), so a resumed or merged
// results file never mixes two different tournaments.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine_spec.h"
#include "openings.h"
#include "schedule.h"
#include "types.h"

namespace tengen {

struct ScheduleIdentity {
    std::vector<EngineSpec> engines;
    ScheduleOptions schedule;
    GameConfig config;
    std::optional<OpeningOptions> openings;
    std::string openings_text;  // the file's contents: the same file elsewhere hashes the same
    int draw_after = 0;
};

// 16 hex digits (FNV-1a 64 of a canonical description).
std::string schedule_hash(const ScheduleIdentity& id);

}  // namespace tengen
