// What a tournament tells a watcher while it runs (the live report, live_server.h): the
// brains and the games already in the results file, then each game as it starts, its moves,
// and its end. The game threads call it, so each call must be quick and must not throw; a
// watcher that needs more work hands it to a thread of its own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/board.h"
#include "tournament/finished_game.h"

namespace tengen {

class TournamentObserver {
public:
    virtual ~TournamentObserver() = default;
    // Before the first game: the brains' display names, the games the file already holds and
    // the number of games this run (or shard) covers.
    virtual void tournament_started(const std::vector<std::string>& names, const std::vector<FinishedGame>& finished,
                                    std::int64_t in_scope) = 0;
    // A game begins: its number, brains, board and book opening (none under swap2) are set,
    // its outcome is not.
    virtual void game_started(const FinishedGame& game) = 0;
    // The stones before the brains' first move; colours_swapped: swap2 gave the proposer white.
    virtual void opening_placed(int game, const std::vector<Point>& stones, bool colours_swapped) = 0;
    virtual void move_played(int game, const RecordedMove& move) = 0;
    // The game ended and its line is in the results file.
    virtual void game_finished(const FinishedGame& game) = 0;
    // The game ended without a result (the run was interrupted, or its line could not be saved).
    virtual void game_abandoned(int game) = 0;
};

}  // namespace tengen
