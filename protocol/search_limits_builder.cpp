#include "protocol/search_limits_builder.h"

#include <algorithm>

namespace tengen {

SearchLimits build_search_limits(const BrainSettings& settings, const SearchLimitCaps& caps, const Board& position,
                                 int threads, int multipv, std::optional<ArrivalTime> arrived) {
    SearchLimits limits;
    limits.time = settings.clocks;
    limits.time.empty_points = position.empty_count();
    limits.time.stones_on_board = position.placed_count();
    charge_waiting_time(limits.time, arrived);
    if (caps.max_turn_ms >= 0)
        limits.time.turn_ms = limits.time.turn_ms ? std::min(*limits.time.turn_ms, caps.max_turn_ms) : caps.max_turn_ms;
    auto cap = [](auto value, auto limit) { return limit == 0 ? value : value == 0 ? limit : std::min(value, limit); };
    limits.max_depth = cap(settings.max_depth, caps.max_depth);
    limits.max_nodes = cap(settings.max_nodes, caps.max_nodes);
    limits.threads = threads;
    limits.multipv = std::max(multipv, 1);
    return limits;
}

// The manager's clock for this move started when the line arrived; what the session spent
// since (on earlier lines) is taken off the turn and the match clock, so the searcher's budget,
// which counts from its own start, ends when the manager's does.
void charge_waiting_time(TimeControl& time, std::optional<ArrivalTime> arrived) {
    if (!arrived) return;
    const auto waited =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - *arrived).count();
    if (waited <= 0) return;
    if (time.turn_ms && *time.turn_ms > 0) time.turn_ms = std::max<std::int64_t>(*time.turn_ms - waited, 1);
    constexpr std::int64_t kUnlimited = 2147483647;
    if (time.time_left_ms && *time.time_left_ms < kUnlimited) *time.time_left_ms -= waited;
}

}  // namespace tengen
