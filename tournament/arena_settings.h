// The tournament's command line read into its settings: every option mapped to the
// TournamentSettings the runner plays, every word read or refused, without running anything.
#pragma once

#include <ostream>

#include "engine/result.h"
#include "engine/types.h"
#include "tournament/arena_options.h"
#include "tournament/tournament_settings.h"

namespace tengen {

// --board (or -boardsize), --k and --rule, checked.
Result<GameConfig> game_config_from(const boost::program_options::variables_map& vm);

// The settings the options ask for. The failure is one message a line (each to be printed
// after "tengen-arena: "): the problems found on the whole command line, then their count,
// or the one setting that cannot be used. Remarks that do not stop the run (an opening file's
// skipped lines, -ratinginterval, -debug) go to `notes`, one "tengen-arena: ..." line each.
// command_line and live_progress are the caller's to fill.
Result<TournamentSettings> settings_from(const ArenaOptions& read, std::ostream& notes);

}  // namespace tengen
