// The results file (JSON lines): reading it back for resume and merge, and appending a game
// the moment it ends.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "tournament/finished_game.h"

namespace tengen {

struct LoadedResults {
    std::vector<FinishedGame> games;  // in file order, each game number once
    bool dropped_torn_line = false;   // the last line was cut off (the arena was killed mid-write)
};

// Reads path; a missing file is an empty result. A torn last line (no newline, and the start of
// a results line) is dropped (and cut from the file when repair is set, so the game is replayed
// cleanly); any other line that is not a result is an error naming the line and the field.
// When schedule is given, a line of another schedule is an error: never mix two schedules in
// one file.
Result<LoadedResults> load_results(const std::string& path, const std::optional<std::string>& schedule, bool repair);

// Appends whole lines with one write each, flushed to the OS at once; safe from many threads.
// It holds an exclusive lock on the file for its lifetime, so two arenas never play into one
// results file. A failed append (a full disk) is rolled back to the last whole line.
class ResultsWriter {
public:
    explicit ResultsWriter(const std::string& path);
    ~ResultsWriter();
    ResultsWriter(const ResultsWriter&) = delete;
    ResultsWriter& operator=(const ResultsWriter&) = delete;

    // Why the file cannot be written (cannot open, or another process holds its lock), if so.
    const std::optional<std::string>& error() const noexcept { return error_; }
    // Whether the whole line was written; else what failed (the file is left as before).
    Status append(const FinishedGame& game);

private:
    std::mutex mutex_;
    int fd_ = -1;
    std::optional<std::string> error_;
};

}  // namespace tengen
