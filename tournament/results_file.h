// The results file (JSON lines): reading it back for resume and merge, and appending a game
// the moment it ends.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "finished_game.h"

namespace tengen {

struct LoadedResults {
    std::vector<FinishedGame> games;  // in file order, each game number once
    bool dropped_torn_line = false;   // the last line was cut off (the arena was killed mid-write)
};

// Reads path; a missing file is an empty result. A torn or unreadable last line is dropped
// (and cut from the file when repair is set, so the game is replayed cleanly). When schedule
// is given, a line of another schedule is an error: never mix two schedules in one file.
std::variant<LoadedResults, std::string> load_results(const std::string& path, const std::optional<std::string>& schedule,
                                                      bool repair);

// Appends whole lines with one write each, flushed to the OS at once; safe from many threads.
class ResultsWriter {
public:
    explicit ResultsWriter(const std::string& path);
    ~ResultsWriter();
    ResultsWriter(const ResultsWriter&) = delete;
    ResultsWriter& operator=(const ResultsWriter&) = delete;

    bool ok() const noexcept { return fd_ >= 0; }
    bool append(const FinishedGame& game);

private:
    std::mutex mutex_;
    int fd_ = -1;
};

}  // namespace tengen
