// Tallying finished games into the counts stats.h works on. The two games of an opening pair
// (colours swapped) form one pentanomial sample, bucketed by brain A's points in the pair.
#pragma once

#include <cstddef>
#include <optional>

#include "tournament/stats.h"

namespace tengen {

// One game's result from brain A's point of view.
enum class GameScore { Loss, Draw, Win };

// 1 -> Win, 0.5 -> Draw, 0 -> Loss; anything else is not a game score.
std::optional<GameScore> game_score_from_points(double points) noexcept;

// Index into PentaCounts::buckets: A's points in the pair, in half points (0 = LL ... 4 = WW).
// A win and a loss land in WL+DD whichever game came first.
std::size_t penta_bucket(GameScore first, GameScore second) noexcept;
std::optional<std::size_t> penta_bucket(double first_points, double second_points) noexcept;

void add_game(WdlCounts& wdl, GameScore score) noexcept;
// Counts the pair once in penta (the games themselves are not added to any WdlCounts).
void add_pair(PentaCounts& penta, GameScore first, GameScore second) noexcept;

// Records both games of a finished pair in wdl and the pair in penta. Returns false, recording
// nothing, when either score is not 1, 0.5 or 0.
bool record_pair(WdlCounts& wdl, PentaCounts& penta, double first_points, double second_points) noexcept;

}  // namespace tengen
