// What the arena shows while it plays: one live line rewritten in place on a terminal, or one
// plain line per finished game when the output is a file or a pipe.
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

#include "finished_game.h"
#include "standings.h"

namespace tengen {

class ProgressReporter {
public:
    // total: games this run will play at most; focus: whose W/L/D the line shows (the first
    // engine).
    ProgressReporter(std::ostream& out, bool live, std::int64_t total, std::string focus);

    void game_finished(const FinishedGame& g, const Standings& standings);
    void note(const std::string& line);  // a message that must not be overwritten
    void finish();                       // ends the live line

private:
    std::string summary(const Standings& standings) const;

    std::ostream& out_;
    bool live_;
    std::int64_t total_;
    std::int64_t done_ = 0;
    std::string focus_;
    std::chrono::steady_clock::time_point start_;
    bool line_open_ = false;
};

}  // namespace tengen
