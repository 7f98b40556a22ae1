#include "protocol/search_limits_builder.h"

#include <algorithm>

namespace tengen {

SearchLimits build_search_limits(const BrainSettings& settings, const SearchLimitCaps& caps, const Board& position,
                                 int threads, int multipv, std::optional<ArrivalTime> arrived) {
    SearchLimits limits;
    limits.time = settings.clocks;
    limits.time.empty_points = position.empty_count();
    if (arrived)
        charge_waiting_time(
            limits.time,
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - *arrived).count());
    if (caps.max_turn_ms >= 0)
        limits.time.turn_ms = limits.time.turn_ms ? std::min(*limits.time.turn_ms, caps.max_turn_ms) : caps.max_turn_ms;
    auto cap = [](auto value, auto limit) { return limit == 0 ? value : value == 0 ? limit : std::min(value, limit); };
    limits.max_depth = cap(settings.max_depth, caps.max_depth);
    limits.max_nodes = cap(settings.max_nodes, caps.max_nodes);
    limits.threads = threads;
    limits.multipv = std::max(multipv, 1);
    return limits;
}

}  // namespace tengen
