// Runs a tournament: checks the results file is of the settings' schedule (schedule_identity)
// and resumes from it, starts the brains once to learn their names, plays the remaining games
// of the schedule (or of one shard) on N threads (play_scheduled_game), records each game as
// it ends, stops early when the SPRT decides, and prints the standings.
#pragma once

#include <ostream>

#include "tournament/tournament_observer.h"
#include "tournament/tournament_settings.h"

namespace tengen {

// Exit status: 0 when the tournament finished (whatever the result), 1 when a brain cannot
// start, 2 when the results file cannot be used (or another arena holds it), 3 when a result
// could not be saved (the run stops there), 130 when interrupted by SIGINT or SIGTERM. The
// observer, when given, hears of every game from the game threads (tournament_observer.h).
int run_tournament(const TournamentSettings& settings, std::ostream& out, std::ostream& err,
                   TournamentObserver* observer = nullptr);

}  // namespace tengen
