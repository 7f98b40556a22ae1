// The standings of a set of finished games: points and Elo per brain and, for two brains,
// the head-to-head figures (W/L/D, pentanomial pairs, LOS, SPRT) from the first's view.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tournament/finished_game.h"
#include "tournament/joint_ratings.h"
#include "tournament/stats.h"

namespace tengen {

struct BrainStanding {
    std::string name;
    WdlCounts wdl;
    double points = 0;
    Estimate elo;  // against the field
    // What the Elo is computed over: "pairs" (colour-swapped pairs, head to head) or "games".
    std::string elo_basis = "games";
    std::int64_t elo_samples = 0;                                // how many of them
    std::map<std::string, std::int64_t> losses_by_reason;        // "five", "time-forfeit", "crash", ...
    std::int64_t moves = 0, move_ms_total = 0, move_ms_max = 0;  // its own moves and their times
    // Time forfeits and crashes, the failures Gomocup disqualifies a brain for.
    std::int64_t failures() const;
    std::int64_t games() const noexcept { return wdl.games(); }
    double score() const noexcept { return games() ? points / static_cast<double>(games()) : 0; }
};

struct HeadToHead {
    std::string first, second;
    WdlCounts wdl;      // first's wins, losses, draws
    PentaCounts penta;  // complete pairs only (both games of an opening)
    EloReport elo;      // from the pairs when there are any, else from the games
    std::optional<SprtReport> sprt;
};

struct Standings {
    std::vector<BrainStanding> rows;         // best first
    std::optional<HeadToHead> head_to_head;  // exactly two brains
    std::optional<SprtParams> sprt_params;
    std::optional<Crosstable> crosstable;  // three or more brains: printed with joint ratings
};

// names: the brains in command-line order (missing ones are added from the games in the order
// they first appear).
Standings compute_standings(const std::vector<FinishedGame>& games, std::vector<std::string> names,
                            const std::optional<SprtParams>& sprt);

// Pair buckets of the first brain against the second over complete pairs.
PentaCounts pair_buckets(const std::vector<FinishedGame>& games, const std::string& first, const std::string& second);

// The printed table, then per brain its losses by reason and its move times. With
// max_failures_percent, a brain whose time forfeits and crashes exceed that share of its
// games is reported as disqualified (as Gomocup does); the results stand as played.
std::string format_standings(const Standings& s, std::optional<double> max_failures_percent = std::nullopt);
// "normalized" / "logistic".
const char* sprt_model_name(SprtModel m) noexcept;

}  // namespace tengen
