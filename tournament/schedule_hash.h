// The "schedule" field: a short hash of every option that defines which games are played and
// how (brains and their executables, openings, games, rounds, board, rule, time control), so a resumed or merged
// results file never mixes two different tournaments.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tournament/adjudication.h"
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
    Adjudication adjudication;  // every rule: games end otherwise with other rules
    bool swap2 = false;
    bool pondering = false;  // --pondering: the brain not to move keeps thinking, so play changes
    // A checksum of each brain's executable (executable_checksum), in brain order: resuming
    // with a rebuilt brain is another schedule, never a mix of two binaries' games.
    std::vector<std::string> executables;
};

// FNV-1a 64 of the executable a brain's cmd names (a cmd without a slash is looked up in
// PATH, a relative one from the arena's directory, as the arena starts it), in hex; "missing"
// when it cannot be read.
std::string executable_checksum(const std::string& cmd);

// The canonical description, one setting a line ("engine name=a [INFO timeout_turn 1000]",
// "board 15x15 k 5 rule freestyle draw-after 0", "executable 5f0c..."): kept in the results
// file so a refused resume can say which settings differ.
std::vector<std::string> schedule_settings(const ScheduleIdentity& id);
// 16 hex digits (FNV-1a 64 of the description's lines under a version line).
std::string schedule_hash(const ScheduleIdentity& id);

}  // namespace tengen
