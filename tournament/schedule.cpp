#include "tournament/schedule.h"

#include "engine/text.h"
#include <charconv>

namespace tengen {

std::optional<TournamentKind> parse_tournament_kind(const std::string& text) {
    if (text == "match") return TournamentKind::Match;
    if (text == "gauntlet") return TournamentKind::Gauntlet;
    if (text == "round-robin" || text == "roundrobin") return TournamentKind::RoundRobin;
    return std::nullopt;
}

const char* tournament_kind_name(TournamentKind k) noexcept {
    switch (k) {
    case TournamentKind::Gauntlet:
        return "gauntlet";
    case TournamentKind::RoundRobin:
        return "round-robin";
    case TournamentKind::Match:
        break;
    }
    return "match";
}

Status check_schedule(const ScheduleOptions& o) {
    if (o.brains < 2) return Failure{"at least two engines are needed"};
    if (o.kind == TournamentKind::Match && o.brains != 2)
        return Failure{"a match is between two engines, got " + std::to_string(o.brains) +
                       " (use gauntlet or round-robin)"};
    if (o.games < 1) return Failure{"--games must be at least 1"};
    if (o.rounds < 1) return Failure{"--rounds must be at least 1"};
    // Every game of the schedule is built in memory and numbered by an int; past this a run
    // would abort with bad_alloc (or wrap its game numbers) instead of saying why.
    const std::int64_t pairings =
        o.kind == TournamentKind::RoundRobin ? std::int64_t{o.brains} * (o.brains - 1) / 2 : std::int64_t{o.brains} - 1;
    if (static_cast<double>(o.games) * o.rounds * static_cast<double>(pairings) > kMaxScheduledGames)
        return Failure{"the schedule would hold more than " + std::to_string(kMaxScheduledGames) + " games (--games " +
                       std::to_string(o.games) + " x --rounds " + std::to_string(o.rounds) + " x " +
                       std::to_string(pairings) + " pairings); split the run into several"};
    if (o.repeat && o.games % 2 != 0)
        return Failure{"--games must be even when openings are repeated with colours swapped (got " +
                       std::to_string(o.games) + "; or use --repeat=false)"};
    return {};
}

std::vector<std::pair<int, int>> pairings_of(const ScheduleOptions& o) {
    std::vector<std::pair<int, int>> out;
    if (o.kind == TournamentKind::RoundRobin) {
        for (int i = 0; i < o.brains; ++i)
            for (int j = i + 1; j < o.brains; ++j) out.emplace_back(i, j);
    } else {
        for (int j = 1; j < o.brains; ++j) out.emplace_back(0, j);
    }
    return out;
}

std::vector<ScheduledGame> build_schedule(const ScheduleOptions& o) {
    std::vector<ScheduledGame> out;
    const auto pairings = pairings_of(o);
    int game = 0;
    for (int round = 0; round < o.rounds; ++round) {
        for (std::size_t p = 0; p < pairings.size(); ++p) {
            const auto [first, second] = pairings[p];
            for (int j = 0; j < o.games; ++j, ++game) {
                ScheduledGame g;
                g.game = game;
                g.round = round;
                g.pair = game / 2;
                // Colour-swapped pairs alternate within each pair. Without them, colours alternate
                // over the pairing's games across rounds, and each pairing starts on the other
                // colour from the one before, so an odd --games leaves nobody with the extra
                // black in every round or every pairing.
                const bool swapped =
                    o.repeat ? j % 2 == 1
                             : (static_cast<std::int64_t>(round) * o.games + j + static_cast<std::int64_t>(p)) % 2 == 1;
                g.black = swapped ? second : first;
                g.white = swapped ? first : second;
                g.opening = o.repeat ? std::int64_t{round} * (o.games / 2) + j / 2 : std::int64_t{round} * o.games + j;
                out.push_back(g);
            }
        }
    }
    return out;
}

bool schedule_extends(const ScheduleOptions& o) { return o.rounds == 1 && pairings_of(o).size() == 1; }

std::optional<Shard> parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    if (slash == std::string::npos) return std::nullopt;
    Shard s;
    auto parse = [](const std::string& t, int& v) {
        const auto n = parse_integer<int>(t);
        if (n) v = *n;
        return n.has_value();
    };
    if (!parse(text.substr(0, slash), s.index) || !parse(text.substr(slash + 1), s.count)) return std::nullopt;
    if (s.count < 1 || s.index < 0 || s.index >= s.count) return std::nullopt;
    return s;
}

}  // namespace tengen
