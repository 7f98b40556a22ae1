// What a tournament plays (settings_from reads it off the command line, run_tournament plays
// it), and the part of it that names the schedule: the identity whose hash every results line
// carries, so a resumed or merged file never mixes two tournaments.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tournament/brain_spec.h"
#include "tournament/openings.h"
#include "tournament/referee.h"
#include "tournament/schedule.h"
#include "tournament/schedule_hash.h"
#include "tournament/stats.h"

namespace tengen {

struct TournamentSettings {
    std::vector<BrainSpec> brains;
    ScheduleOptions schedule;
    std::optional<Shard> shard;
    RefereeSettings referee;
    OpeningBook book;
    std::optional<OpeningOptions> openings;  // what the book was read with; nullopt: no --openings
    std::string openings_text;               // the opening file's contents, for the identity
    bool swap2 = false;  // each game opens with the swap2 phase (no book): the first brain of a pair proposes
    int concurrency = 1;
    std::optional<SprtParams> sprt;
    std::optional<double> max_failures_percent;  // --max-failures: report disqualified brains
    std::string results_path = "tengen-arena.jsonl";
    std::string records_dir;  // empty: no records
    bool sgf = false;
    std::string sgf_file, pgn_file;    // --sgf FILE, --pgn FILE: every game appended to one file
    bool records_losses_only = false;  // -loseonly: records only of the games the first engine lost
    bool live_progress = false;
    std::string command_line;  // as typed, for the resume hint after an interruption
};

// The settings that decide which games are played and how, with a checksum of each brain's
// executable read now: the one place the schedule's identity is taken from the settings.
ScheduleIdentity schedule_identity(const TournamentSettings& settings);

}  // namespace tengen
