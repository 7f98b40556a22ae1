// The games of several results files as one set: shards of one schedule, a resumed run's
// pieces, or (on request) runs of the same brains with other settings pooled. Shared by
// `merge` and `report`.
#pragma once

#include <string>
#include <vector>

#include "engine/result.h"
#include "tournament/finished_game.h"

namespace tengen {

struct ResultsSet {
    std::vector<FinishedGame> games;  // each game once, sorted by number (renumbered when pooled)
    std::size_t runs = 0;             // schedules the games come from (more than one only when pooled)
    // The brains: the first game's as the schedule orders them (its black in even-numbered
    // games), then the others as they first appear.
    std::vector<std::string> names;
    std::vector<std::string> warnings;  // torn last lines skipped ("ignored a torn last line of F")
};

// A missing file, a file of another schedule without pool, pooled runs of other brains, or two
// different games under one number of one schedule is an error (the message; the same game
// twice counts once). Torn last lines are skipped and named in warnings.
Result<ResultsSet> load_results_set(const std::vector<std::string>& paths, bool pool);

// What to add to the "another schedule" message.
inline constexpr const char* kPoolHint = " (--pool pools runs of the same engines made with other settings)";

}  // namespace tengen
