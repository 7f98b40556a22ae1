// The one place that turns a front end's settings into a search's SearchLimits: the brain
// session (the manager's INFO settings under the command line's caps) and `serve` (a board's
// settings in the page) build their limits here, so both read the clocks the same way.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "ai/searcher.h"
#include "engine/board.h"
#include "protocol/brain_settings.h"

namespace tengen {

// Upper bounds the command line puts on the settings; 0 (or -1 for the turn) means none.
struct SearchLimitCaps {
    int max_depth = 0;
    std::uint64_t max_nodes = 0;
    std::int64_t max_turn_ms = -1;
};

using ArrivalTime = std::chrono::steady_clock::time_point;

// The limits for a search of `position` with `threads` threads and `multipv` ranked lines (at
// least 1). `arrived`: when the command asking for the move came in; the time since then is
// already gone from the clocks (charge_waiting_time, ai/time_manager.h).
SearchLimits build_search_limits(const BrainSettings& settings, const SearchLimitCaps& caps, const Board& position,
                                 int threads, int multipv, std::optional<ArrivalTime> arrived = std::nullopt);

}  // namespace tengen
