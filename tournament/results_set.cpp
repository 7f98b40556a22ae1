#include "tournament/results_set.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "tournament/results_file.h"

namespace tengen {

namespace {

constexpr std::size_t kConflictsShown = 3;

// A game as a reader tells two apart: who played which colour, how it ended, how long.
std::string game_summary(const FinishedGame& game) {
    const std::string result = game.outcome.winner == Winner::Draw    ? "draw"
                               : game.outcome.winner == Winner::Black ? game.black + " won"
                                                                      : game.white + " won";
    return game.black + " (black) against " + game.white + ", " + result + " by " +
           std::string(reason_name(game.outcome.reason)) + " after " + std::to_string(game.outcome.moves.size()) +
           " moves";
}

}  // namespace

Result<ResultsSet> load_results_set(const std::vector<std::string>& paths, bool pool) {
    ResultsSet set;
    struct FirstSeen {
        std::string path;
        std::size_t index;  // in set.games
        std::string line;   // as the results file holds it, to compare
    };
    std::map<std::pair<std::string, int>, FirstSeen> seen;  // by (schedule, game), a game's identity
    std::vector<std::string> conflicts;
    std::optional<std::string> schedule;
    std::vector<std::string> schedules;  // in the order met
    for (const std::string& path : paths) {
        // Resuming treats a missing file as nothing played yet; reading one here is a typo.
        if (!std::filesystem::exists(path)) return Failure{"no such file " + path};
        auto loaded = load_results(path, pool ? std::nullopt : schedule, false);
        if (!loaded) {
            const std::string& e = loaded.error();
            return Failure{e + (e.find("another schedule") != std::string::npos ? kPoolHint : "")};
        }
        LoadedResults& result = *loaded;
        if (result.dropped_torn_line) set.warnings.push_back("ignored a torn last line of " + path);
        for (FinishedGame& g : result.games) {
            if (!schedule) schedule = g.schedule;
            if (g.schedule != *schedule && !pool) return Failure{path + " holds games of another schedule" + kPoolHint};
            if (std::find(schedules.begin(), schedules.end(), g.schedule) == schedules.end())
                schedules.push_back(g.schedule);
            std::string line = to_json_line(g);
            const auto [it, first] = seen.try_emplace({g.schedule, g.game}, FirstSeen{path, set.games.size(), line});
            if (first) {
                set.games.push_back(std::move(g));
            } else if (it->second.line != line) {
                // The same game read twice (a file given twice, a shard merged again) counts
                // once; two different games under one number mean files of different runs.
                conflicts.push_back("game " + std::to_string(g.game) + " (" + it->second.path + ": " +
                                    game_summary(set.games[it->second.index]) + "; " + path + ": " + game_summary(g) +
                                    ")");
            }
        }
    }
    if (!conflicts.empty()) {
        std::string listed;
        for (std::size_t i = 0; i < conflicts.size() && i < kConflictsShown; ++i)
            listed += (i ? ", " : "") + conflicts[i];
        if (conflicts.size() > kConflictsShown)
            listed += " and " + std::to_string(conflicts.size() - kConflictsShown) + " more";
        return Failure{std::to_string(conflicts.size()) +
                       (conflicts.size() == 1 ? " game number holds" : " game numbers hold") +
                       " different games in different files: " + listed};
    }
    if (schedules.size() > 1) {
        // Pooled runs must be of the same brains, or the standings would compare others.
        std::set<std::string> brains_of_first, brains;
        for (const FinishedGame& g : set.games) {
            (g.schedule == schedules.front() ? brains_of_first : brains).insert(g.black);
            (g.schedule == schedules.front() ? brains_of_first : brains).insert(g.white);
        }
        for (const std::string& e : brains)
            if (!brains_of_first.count(e)) return Failure{"--pool: engine '" + e + "' is not in the first run"};
        // Each schedule's numbers follow the previous one's (an even offset keeps pairs whole).
        std::map<std::string, int> offset;
        std::int64_t next = 0;
        for (const std::string& s : schedules) {
            offset[s] = static_cast<int>(next);
            int top = -1;
            for (const FinishedGame& g : set.games)
                if (g.schedule == s) top = std::max(top, g.game);
            next += (std::int64_t{top} + 2) / 2 * 2;
            // Numbers past an int would wrap negative and sort the games out of their pairs.
            if (next > std::numeric_limits<int>::max())
                return Failure{"--pool: the runs together number more games than can be counted (" +
                               std::to_string(next) + ")"};
        }
        for (FinishedGame& g : set.games) {
            g.game += offset[g.schedule];
            g.pair = g.game / 2;
        }
    }
    std::stable_sort(set.games.begin(), set.games.end(),
                     [](const FinishedGame& a, const FinishedGame& b) { return a.game < b.game; });
    set.runs = schedules.size();
    if (!set.games.empty()) {
        const FinishedGame& g = set.games.front();
        // With swap2 the colours are the game's outcome; the proposer is the schedule's black.
        const bool first_black = g.outcome.swap2 ? g.outcome.swap2->proposer_black : true;
        const bool even = g.game % 2 == 0;
        set.names = (even == first_black) ? std::vector{g.black, g.white} : std::vector{g.white, g.black};
    }
    for (const FinishedGame& g : set.games)  // three or more brains: the rest as they first appear
        for (const std::string* n : {&g.black, &g.white})
            if (std::find(set.names.begin(), set.names.end(), *n) == set.names.end()) set.names.push_back(*n);
    return set;
}

}  // namespace tengen
