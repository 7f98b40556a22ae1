#include "ai/move_cost_meter.h"

#include <algorithm>
#include <cstddef>

#include "ai/time_manager.h"

namespace tengen {
namespace {
constexpr std::int64_t kUnlimited = 2147483647;
}

void MoveCostMeter::on_move_asked(std::optional<std::int64_t> time_left_ms, std::int64_t increment_ms) {
    if (!time_left_ms || *time_left_ms >= kUnlimited) {
        last_left_ms_.reset();
        last_own_ms_.reset();
        return;
    }
    const std::int64_t left = saturate_clock_ms(*time_left_ms);
    if (last_left_ms_ && last_own_ms_) {
        const std::int64_t charged = *last_left_ms_ + std::max<std::int64_t>(0, saturate_clock_ms(increment_ms)) - left;
        const std::int64_t cost = charged - *last_own_ms_;
        // A clock that did not move (a manager that sends it once) or went up (a takeback)
        // shows no cost; one that fell by more than a second beyond the move was paused.
        if (cost >= 0 && cost <= kMaxCostMs) {
            if (costs_.size() == kWindow) costs_.erase(costs_.begin());
            costs_.push_back(cost);
        }
    }
    last_left_ms_ = left;
    last_own_ms_.reset();
}

void MoveCostMeter::on_move_answered(std::int64_t own_ms) {
    if (last_left_ms_) last_own_ms_ = std::max<std::int64_t>(0, own_ms);
}

void MoveCostMeter::reset() { *this = MoveCostMeter{}; }

std::int64_t MoveCostMeter::cost_ms() const {
    if (costs_.size() < kMinSamples) return kMinMoveCostMs;
    std::vector<std::int64_t> sorted = costs_;
    const auto middle = sorted.begin() + static_cast<std::ptrdiff_t>((sorted.size() - 1) / 2);
    std::nth_element(sorted.begin(), middle, sorted.end());
    return std::max(kMinMoveCostMs, *middle);
}

}  // namespace tengen
