// One game of the schedule from its first line to its last: the results line's header, the
// game itself (with the swap2 phase, whose choice may swap the colours), and the files that
// record it. The runner (tournament_runner.cpp) keeps the rest: which game is next, the order
// the results go into the file, and when to stop.
#pragma once

#include <string>
#include <vector>

#include "engine/result.h"
#include "tournament/brain_session.h"
#include "tournament/finished_game.h"
#include "tournament/game_exports.h"
#include "tournament/schedule.h"
#include "tournament/tournament_observer.h"
#include "tournament/tournament_settings.h"

namespace tengen {

// What every game of a run shares.
struct GameTable {
    const TournamentSettings& settings;
    const std::vector<std::string>& names;  // the brains' display names, in settings.brains order
    std::string schedule_hash;
    std::vector<std::string> schedule_settings;  // what the hash is of, kept in every line
    TournamentObserver* observer = nullptr;      // told of the game's start, opening and moves
};

// Plays the game `slot` names between the sessions of its black and white brain (the
// schedule's black proposes under swap2) and returns its results line, dated as it ended:
// outcome.abandoned when the run was interrupted (the observer has been told then).
FinishedGame play_scheduled_game(const GameTable& table, const ScheduledGame& slot, BrainSession& black,
                                 BrainSession& white);

// The game's records: --records DIR's files and the --sgf FILE / --pgn FILE exports (with
// -loseonly only of a game the first brain lost).
Status record_game(const GameTable& table, const FinishedGame& game, GameExports& exports);

}  // namespace tengen
