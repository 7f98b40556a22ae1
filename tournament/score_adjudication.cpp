#include "tournament/score_adjudication.h"

#include <fmt/format.h>

#include "tournament/command_line.h"
#include "engine/text.h"

namespace tengen {
namespace {

Status set_int(const std::string& key, const std::string& value, int minimum, int& out) {
    const auto n = parse_integer<int>(value);
    if (!n || *n < minimum)
        return Failure{fmt::format("{} needs a whole number of at least {}, got '{}'", key, minimum, value)};
    out = *n;
    return {};
}

bool at_most(const RecordedMove& m, int limit) {  // score <= limit, a proven loss counting as -infinity
    if (m.mate) return *m.mate < 0;
    return m.score && *m.score <= limit;
}
bool at_least(const RecordedMove& m, int limit) {
    if (m.mate) return *m.mate > 0;
    return m.score && *m.score >= limit;
}
bool within(const RecordedMove& m, int bound) { return !m.mate && m.score && *m.score >= -bound && *m.score <= bound; }

// The last `count` moves of the player whose last move has index `last`: all satisfy pred.
template <class Pred>
bool last_moves_all(const std::vector<RecordedMove>& moves, int last, int count, Pred pred) {
    if (last < 0 || last - 2 * (count - 1) < 0) return false;
    for (int i = 0; i < count; ++i)
        if (!pred(moves[static_cast<std::size_t>(last - 2 * i)])) return false;
    return true;
}

}  // namespace

Result<std::uint64_t> parse_proof_options(const std::vector<std::string>& tokens) {
    std::uint64_t nodes = kDefaultProofNodes;
    const Status read = for_each_key_value("--adjudicate-proven", tokens,
                                           [&](const std::string& key, const std::string& value) -> Status {
                                               if (key != "nodes") return Failure{"unknown key '" + key + "'"};
                                               int n = 0;
                                               if (Status bad = set_int(key, value, 1, n); !bad.ok()) return bad;
                                               nodes = static_cast<std::uint64_t>(n);
                                               return {};
                                           });
    if (!read.ok()) return Failure{read.error()};
    return nodes;
}

std::string ScoreAdjudication::text() const {
    std::string out;
    if (resign)
        out +=
            fmt::format("resign score {} count {} twosided {}", resign->score, resign->count, resign->twosided ? 1 : 0);
    if (draw)
        out += fmt::format("{}draw score {} count {} after {}", out.empty() ? "" : " ", draw->score, draw->count,
                           draw->after_ply);
    if (proof_nodes > 0) out += fmt::format("{}proven nodes {}", out.empty() ? "" : " ", proof_nodes);
    return out;
}

Result<ResignRule> parse_resign_options(const std::vector<std::string>& tokens) {
    ResignRule r;
    bool has_score = false, has_count = false;
    const Status read =
        for_each_key_value("--resign", tokens, [&](const std::string& key, const std::string& value) -> Status {
            if (key == "score") return has_score = true, set_int(key, value, 1, r.score);
            if (key == "count") return has_count = true, set_int(key, value, 1, r.count);
            if (key == "twosided") {
                if (value != "true" && value != "false")
                    return Failure{"twosided is true or false, got '" + value + "'"};
                r.twosided = value == "true";
                return {};
            }
            return Failure{"unknown key '" + key + "'"};
        });
    if (!read.ok()) return Failure{read.error()};
    if (!has_score || !has_count) return Failure{"--resign needs score=S and count=N"};
    return r;
}

Result<ScoreDrawRule> parse_score_draw_options(const std::vector<std::string>& tokens) {
    ScoreDrawRule d;
    bool has_score = false, has_count = false;
    const Status read =
        for_each_key_value("--draw", tokens, [&](const std::string& key, const std::string& value) -> Status {
            if (key == "score") return has_score = true, set_int(key, value, 0, d.score);
            if (key == "count") return has_count = true, set_int(key, value, 1, d.count);
            if (key == "after") return set_int(key, value, 0, d.after_ply);
            return Failure{"unknown key '" + key + "'"};
        });
    if (!read.ok()) return Failure{read.error()};
    if (!has_score || !has_count) return Failure{"--draw needs score=S and count=N"};
    return d;
}

std::optional<ScoreVerdict> adjudicate_by_scores(const ScoreAdjudication& rules, const std::vector<RecordedMove>& moves,
                                                 Color first_mover, int opening_plies) {
    const int last = static_cast<int>(moves.size()) - 1;
    if (last < 0) return std::nullopt;
    const Color mover = last % 2 == 0 ? first_mover : opponent(first_mover);
    const char* mover_name = mover == Color::Black ? "black" : "white";
    if (const auto& r = rules.resign) {
        const bool hopeless =
            last_moves_all(moves, last, r->count, [&](const RecordedMove& m) { return at_most(m, -r->score); });
        const bool agreed = !r->twosided || last_moves_all(moves, last - 1, r->count, [&](const RecordedMove& m) {
            return at_least(m, r->score);
        });
        if (hopeless && agreed)
            return ScoreVerdict{
                mover,
                fmt::format("resign: {} reported -{} or less on its last {} moves{}", mover_name, r->score, r->count,
                            r->twosided ? ", its opponent +" + std::to_string(r->score) + " or more" : "")};
    }
    if (const auto& d = rules.draw; d && opening_plies + last + 1 >= d->after_ply) {
        const auto level = [&](const RecordedMove& m) { return within(m, d->score); };
        if (last_moves_all(moves, last, d->count, level) && last_moves_all(moves, last - 1, d->count, level))
            return ScoreVerdict{std::nullopt,
                                fmt::format("draw: both engines reported scores within +-{} on their last {} moves",
                                            d->score, d->count)};
    }
    return std::nullopt;
}

}  // namespace tengen
