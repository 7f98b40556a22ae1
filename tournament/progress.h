// What the arena shows while it plays: one line per finished game, its result; then the
// standings so far (W-L-D, score, Elo, the SPRT's LLR, the ETA), on a terminal as one live line
// under the results, rewritten in place, else at the end of each game's line (a file or a pipe).
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

#include "tournament/finished_game.h"
#include "tournament/standings.h"

namespace tengen {

class ProgressReporter {
public:
    // total: games in scope (the schedule or the shard); already: of those, finished before
    // this run (a resume); focus: whose W/L/D the line shows (the first brain).
    ProgressReporter(std::ostream& out, bool live, std::int64_t total, std::int64_t already, std::string focus);

    void game_finished(const FinishedGame& g, const Standings& standings);
    void note(const std::string& line);  // a message that must not be overwritten
    void finish();                       // ends the live line

private:
    std::string summary(const Standings& standings) const;

    std::ostream& out_;
    bool live_;
    std::int64_t total_;
    std::int64_t done_ = 0;    // finished in scope, earlier runs included
    std::int64_t played_ = 0;  // finished by this run: the ETA's pace
    std::string focus_;
    std::string last_black_, last_white_;  // the brains of the last finished game
    std::chrono::steady_clock::time_point start_;
    bool line_open_ = false;
};

}  // namespace tengen
