// Which games a tournament plays, in schedule order, with game, round and pair numbered from 0
// exactly as docs/arena.md defines them, and the split of that schedule into shards.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/result.h"

namespace tengen {

enum class TournamentKind { Match, Gauntlet, RoundRobin };
std::optional<TournamentKind> parse_tournament_kind(const std::string& text);
const char* tournament_kind_name(TournamentKind k) noexcept;

struct ScheduleOptions {
    TournamentKind kind = TournamentKind::Match;
    int brains = 2;
    int games = 2;  // per pairing per round
    int rounds = 1;
    bool repeat = true;  // each opening twice, colours swapped
};

// Whether the options make a schedule, and why not.
// The most games one run schedules: each is built in memory and numbered by an int.
inline constexpr std::int64_t kMaxScheduledGames = 10'000'000;

Status check_schedule(const ScheduleOptions& o);

// The pairings of one round, (first, second) by brain index: match and gauntlet pair brain
// 0 with each other brain, round-robin every two brains (i < j).
std::vector<std::pair<int, int>> pairings_of(const ScheduleOptions& o);

struct ScheduledGame {
    int game = 0;  // 2 * pair + 0 or 1
    int round = 0;
    int pair = 0;   // the two games that share an opening (with repeat)
    int black = 0;  // brain indices
    int white = 1;
    // Position in the opening sequence. The same for every pairing of a round, so each
    // opponent in a gauntlet meets the same openings.
    std::int64_t opening = 0;
};

// Rounds, then pairings, then that pairing's games. The first brain of a pairing is black
// in even games.
std::vector<ScheduledGame> build_schedule(const ScheduleOptions& o);
// True when a larger --games only appends games (one pairing, one round): the first games keep
// their numbers, colours and openings, so a finished run can be extended.
bool schedule_extends(const ScheduleOptions& o);

struct Shard {
    int index = 0;
    int count = 1;
    bool contains(const ScheduledGame& g) const noexcept { return g.pair % count == index; }
};
// "I/N" with 0 <= I < N.
std::optional<Shard> parse_shard(const std::string& text);

}  // namespace tengen
