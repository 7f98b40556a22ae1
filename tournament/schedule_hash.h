// The "schedule" field: a short hash of every option that defines which games are played and
// how (brains and their executables, openings, games, rounds, board, rule, time control), so a resumed or merged
// results file never mixes two different tournaments.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tournament/brain_spec.h"
#include "tournament/openings.h"
#include "tournament/schedule.h"
#include "engine/types.h"

namespace tengen {

struct ScheduleIdentity {
    std::vector<BrainSpec> brains;
    ScheduleOptions schedule;
    GameConfig config;
    std::optional<OpeningOptions> openings;
    std::string openings_text;  // the file's contents: the same file elsewhere hashes the same
    int draw_after = 0;
    bool swap2 = false;
    bool pondering = false;    // --pondering: the brain not to move keeps thinking, so play changes
    std::string adjudication;  // ScoreAdjudication::text(): games end otherwise with other rules
    // A checksum of each brain's executable (executable_checksum), in brain order: resuming
    // with a rebuilt brain is another schedule, never a mix of two binaries' games.
    std::vector<std::string> executables;
};

// FNV-1a 64 of the executable a brain's cmd names (a cmd without a slash is looked up in
// PATH, a relative one from the arena's directory, as the arena starts it), in hex; "missing"
// when it cannot be read.
std::string executable_checksum(const std::string& cmd);

// 16 hex digits (FNV-1a 64 of a canonical description).
std::string schedule_hash(const ScheduleIdentity& id);

}  // namespace tengen
