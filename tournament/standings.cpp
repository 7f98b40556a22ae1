#include "tournament/standings.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>

#include "tournament/pentanomial.h"

namespace tengen {

namespace {

// Points of the given brain in one game: 1, 1/2 or 0.
double points_of(const FinishedGame& g, const std::string& brain) {
    if (g.outcome.winner == Winner::Draw) return 0.5;
    const std::string& winner = g.outcome.winner == Winner::Black ? g.black : g.white;
    return winner == brain ? 1.0 : 0.0;
}

void count(WdlCounts& c, double points) {
    if (points == 1.0)
        ++c.wins;
    else if (points == 0.0)
        ++c.losses;
    else
        ++c.draws;
}

Estimate negated(Estimate e) {
    if (e.value) e.value = -*e.value;
    if (e.undefined_reason == "all-wins")
        e.undefined_reason = "all-losses";
    else if (e.undefined_reason == "all-losses")
        e.undefined_reason = "all-wins";
    return e;
}

const std::string& proposer_of(const FinishedGame& g) { return g.outcome.swap2->proposer_black ? g.black : g.white; }

}  // namespace

const char* sprt_model_name(SprtModel m) noexcept { return m == SprtModel::Logistic ? "logistic" : "normalized"; }

PentaCounts pair_buckets(const std::vector<FinishedGame>& games, const std::string& first, const std::string& second) {
    std::map<int, std::vector<const FinishedGame*>> by_pair;
    for (const FinishedGame& g : games) {
        const bool between = (g.black == first && g.white == second) || (g.black == second && g.white == first);
        if (between) by_pair[g.pair].push_back(&g);
    }
    PentaCounts c;
    for (const auto& [pair, two] : by_pair) {
        // A sample is one opening played with both colours, or with swap2 both brains once
        // as the proposer; anything else (--repeat=false with an openings file, a half-played
        // pair) is not.
        if (two.size() != 2) continue;
        const bool swap2 = two[0]->outcome.swap2 && two[1]->outcome.swap2;
        if (swap2 ? proposer_of(*two[0]) == proposer_of(*two[1])
                  : two[0]->opening != two[1]->opening || two[0]->black == two[1]->black)
            continue;
        if (const auto bucket = penta_bucket(points_of(*two[0], first), points_of(*two[1], first)))
            ++c.buckets[*bucket];
    }
    return c;
}

Standings compute_standings(const std::vector<FinishedGame>& games, std::vector<std::string> names,
                            const std::optional<SprtParams>& sprt) {
    for (const FinishedGame& g : games)
        for (const std::string* n : {&g.black, &g.white})
            if (std::find(names.begin(), names.end(), *n) == names.end()) names.push_back(*n);

    Standings s;
    s.sprt_params = sprt;
    if (names.size() > 2) s.crosstable = crosstable(games, names);
    for (const std::string& name : names) {
        BrainStanding row;
        row.name = name;
        for (const FinishedGame& g : games) {
            if (g.black != name && g.white != name) continue;
            const double p = points_of(g, name);
            row.points += p;
            count(row.wdl, p);
            if (p == 0.0) ++row.losses_by_reason[std::string(reason_name(g.outcome.reason))];
            // The brains' moves alternate from the side to move after the opening.
            const bool black_first = g.opening.size() % 2 == 0;
            const bool plays_black = g.black == name;
            for (std::size_t i = 0; i < g.outcome.moves.size(); ++i) {
                const bool black_move = (i % 2 == 0) == black_first;
                if (black_move != plays_black) continue;
                const std::int64_t ms = g.outcome.moves[i].ms;
                ++row.moves;
                row.move_ms_total += ms;
                row.move_ms_max = std::max(row.move_ms_max, ms);
            }
        }
        row.elo = elo_from_wdl(row.wdl).elo;
        row.elo_samples = row.wdl.games();
        s.rows.push_back(std::move(row));
    }

    if (names.size() == 2) {
        HeadToHead h;
        h.first = names[0];
        h.second = names[1];
        h.wdl = s.rows[0].wdl;
        h.penta = pair_buckets(games, h.first, h.second);
        const bool pairs = h.penta.pairs() > 0;
        h.elo = pairs ? elo_from_penta(h.penta) : elo_from_wdl(h.wdl);
        if (sprt) h.sprt = pairs ? sprt_from_penta(h.penta, *sprt) : sprt_from_wdl(h.wdl, *sprt);
        s.rows[0].elo = h.elo.elo;
        s.rows[1].elo = negated(h.elo.elo);
        for (BrainStanding& row : s.rows) {
            row.elo_basis = pairs ? "pairs" : "games";
            row.elo_samples = pairs ? h.penta.pairs() : h.wdl.games();
        }
        s.head_to_head = std::move(h);
    }

    std::stable_sort(s.rows.begin(), s.rows.end(),
                     [](const BrainStanding& a, const BrainStanding& b) { return a.points > b.points; });
    return s;
}

std::int64_t BrainStanding::failures() const {
    std::int64_t n = 0;
    for (const char* reason : {"time-forfeit", "crash"})
        if (const auto it = losses_by_reason.find(reason); it != losses_by_reason.end()) n += it->second;
    return n;
}

std::string format_standings(const Standings& s, std::optional<double> max_failures_percent) {
    std::size_t width = 6;
    for (const auto& r : s.rows) width = std::max(width, r.name.size());
    const std::string basis = s.rows.empty() ? ""
                              : s.rows.size() > 2
                                  ? " (games, each against the field)"
                                  : fmt::format(" ({} {})", s.rows.front().elo_samples, s.rows.front().elo_basis);
    std::string out = fmt::format("{:>4}  {:<{}}  {:>6}  {:>7}  {:>7}  {}\n", "Rank", "Engine", width, "Games",
                                  "Points", "Score", "Elo +- 95%" + basis);
    int rank = 0;
    for (const auto& r : s.rows) {
        out += fmt::format("{:>4}  {:<{}}  {:>6}  {:>7.1f}  {:>6.1f}%  {}\n", ++rank, r.name, width, r.games(),
                           r.points, 100.0 * r.score(), format_estimate(r.elo));
    }
    if (s.head_to_head) {
        const HeadToHead& h = *s.head_to_head;
        const double score = h.wdl.games()
                                 ? (static_cast<double>(h.wdl.wins) + 0.5 * static_cast<double>(h.wdl.draws)) /
                                       static_cast<double>(h.wdl.games())
                                 : 0.0;
        out += fmt::format("{} vs {}: W-L-D {}-{}-{}, score {:.1f}%, LOS {}\n", h.first, h.second, h.wdl.wins,
                           h.wdl.losses, h.wdl.draws, 100.0 * score,
                           h.elo.los_percent.value ? fmt::format("{:.2f}%", *h.elo.los_percent.value)
                                                   : "- (" + h.elo.los_percent.undefined_reason + ")");
        const auto& b = h.penta.buckets;
        if (h.penta.pairs() > 0)
            out += fmt::format("Pentanomial [LL, LD, WL+DD, WD, WW]: [{}, {}, {}, {}, {}] ({} pairs), nElo {}\n", b[0],
                               b[1], b[2], b[3], b[4], h.penta.pairs(), format_estimate(h.elo.nelo));
        else
            out += fmt::format("No colour-swapped pairs: Elo, nElo and SPRT over {} single games, nElo {}\n",
                               h.wdl.games(), format_estimate(h.elo.nelo));
        if (h.sprt && s.sprt_params) {
            const SprtParams& p = *s.sprt_params;
            out += fmt::format("SPRT elo0={} elo1={} alpha={} beta={} ({}): LLR {:.3f} [{:.3f}, {:.3f}], {}\n", p.elo0,
                               p.elo1, p.alpha, p.beta, sprt_model_name(p.model), h.sprt->llr, h.sprt->lower,
                               h.sprt->upper, verdict_name(h.sprt->verdict));
        }
    }
    if (s.crosstable && s.crosstable->names.size() > 2) out += format_crosstable_and_ratings(*s.crosstable);
    for (const auto& r : s.rows) {
        std::string losses;
        for (const auto& [reason, n] : r.losses_by_reason)
            losses += fmt::format("{}{} {}", losses.empty() ? "" : ", ", n, reason);
        out += fmt::format("{}: losses {}; {} moves, {:.0f} ms on average, {} ms at most\n", r.name,
                           losses.empty() ? "none" : losses, r.moves,
                           r.moves ? static_cast<double>(r.move_ms_total) / static_cast<double>(r.moves) : 0.0,
                           r.move_ms_max);
        if (max_failures_percent && r.games() > 0 &&
            100.0 * static_cast<double>(r.failures()) / static_cast<double>(r.games()) > *max_failures_percent)
            out += fmt::format("{}: DISQUALIFIED: {} time forfeits and crashes in {} games, over --max-failures {}%\n",
                               r.name, r.failures(), r.games(), *max_failures_percent);
    }
    return out;
}

}  // namespace tengen
