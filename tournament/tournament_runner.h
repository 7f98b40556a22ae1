// Runs a tournament: resumes from the results file, starts the brains once to learn their
// names, plays the remaining games of the schedule (or of one shard) on N threads, records
// each game as it ends, stops early when the SPRT decides, and prints the standings.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "tournament/brain_spec.h"
#include "tournament/openings.h"
#include "tournament/referee.h"
#include "tournament/schedule.h"
#include "tournament/stats.h"
#include "tournament/tournament_observer.h"

namespace tengen {

struct TournamentSettings {
    std::vector<BrainSpec> brains;
    ScheduleOptions schedule;
    std::optional<Shard> shard;
    RefereeSettings referee;
    OpeningBook book;
    bool swap2 = false;  // each game opens with the swap2 phase (no book): the first brain of a pair proposes
    int concurrency = 1;
    std::optional<SprtParams> sprt;
    std::optional<double> max_failures_percent;  // --max-failures: report disqualified brains
    std::string results_path = "tengen-arena.jsonl";
    std::string records_dir;  // empty: no records
    bool sgf = false;
    std::string sgf_file, pgn_file;    // --sgf FILE, --pgn FILE: every game appended to one file
    bool records_losses_only = false;  // -loseonly: records only of the games the first engine lost
    std::string schedule_hash;
    std::vector<std::string> schedule_settings;  // what the hash is of, kept in every line
    bool live_progress = false;
    std::string command_line;  // as typed, for the resume hint after an interruption
};

// Exit status: 0 when the tournament finished (whatever the result), 1 when a brain cannot
// start, 2 when the results file cannot be used (or another arena holds it), 3 when a result
// could not be saved (the run stops there), 130 when interrupted by SIGINT or SIGTERM. The
// observer, when given, hears of every game from the game threads (tournament_observer.h).
int run_tournament(const TournamentSettings& settings, std::ostream& out, std::ostream& err,
                   TournamentObserver* observer = nullptr);

}  // namespace tengen
