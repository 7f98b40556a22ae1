// Three or more brains: the crosstable, and Elo ratings fitted jointly over all games by
// maximum likelihood (as BayesElo and Ordo do), instead of each brain against the field.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tournament/finished_game.h"
#include "tournament/stats.h"

namespace tengen {

// cells[i][j]: brain i's wins, losses and draws against brain j.
struct Crosstable {
    std::vector<std::string> names;
    std::vector<std::vector<WdlCounts>> cells;
};
Crosstable crosstable(const std::vector<FinishedGame>& games, const std::vector<std::string>& names);

struct JointRating {
    std::string name;
    double elo = 0;         // mean 0 over the rated brains
    double interval95 = 0;  // +- 1.96 standard errors, from the likelihood's curvature
};

// One virtual draw per pairing that met keeps a brain that won (or lost) every game at a
// finite rating, as BayesElo's prior does.
inline constexpr double kVirtualDrawsPerPairing = 1.0;

// Ratings of the brains that played, best first, with the logistic model
// P(i scores against j) = 1 / (1 + 10^((r_j - r_i) / 400)) and a draw as half a point. nullopt
// when the brains that played do not form one connected group (ratings across groups
// would mean nothing).
std::optional<std::vector<JointRating>> fit_joint_ratings(const Crosstable& table);

// The crosstable and the joint ratings as printed after the standings.
std::string format_crosstable_and_ratings(const Crosstable& table);

}  // namespace tengen
