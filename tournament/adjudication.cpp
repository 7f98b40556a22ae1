#include "tournament/adjudication.h"

#include <fmt/format.h>

#include "ai/vcf_proof.h"
#include "engine/notation.h"
#include "engine/text.h"
#include "tournament/command_line.h"

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

// An adjudicated end: `loser` loses (nullopt: a draw), for the reason `why`.
GameOutcome ended(std::optional<Color> loser, std::string why) {
    GameOutcome out;
    out.winner = !loser ? Winner::Draw : *loser == Color::Black ? Winner::White : Winner::Black;
    out.reason = EndReason::Adjudicated;
    out.adjudication = std::move(why);
    return out;
}

// The side to move has a forced win by fours the arena proves itself: the game ends there.
std::optional<GameOutcome> proven_win(const Board& board, std::uint64_t nodes) {
    const auto proof = prove_vcf(board, nodes);
    if (!proof) return std::nullopt;
    const Winner winner = board.side_to_move() == Color::Black ? Winner::Black : Winner::White;
    return ended(opponent(board.side_to_move()), fmt::format("proven: {} wins by fours: {}", winner_name(winner),
                                                             join_points(proof->line, to_letters, " ")));
}

// The brain that just moved resigns under `r`, if it does.
std::optional<GameOutcome> resignation(const ResignRule& r, const std::vector<RecordedMove>& moves, Color first_mover) {
    const int last = static_cast<int>(moves.size()) - 1;
    if (last < 0) return std::nullopt;
    const Color mover = last % 2 == 0 ? first_mover : opponent(first_mover);
    const bool hopeless =
        last_moves_all(moves, last, r.count, [&](const RecordedMove& m) { return at_most(m, -r.score); });
    const bool agreed = !r.twosided || last_moves_all(moves, last - 1, r.count,
                                                      [&](const RecordedMove& m) { return at_least(m, r.score); });
    if (!hopeless || !agreed) return std::nullopt;
    return ended(mover, fmt::format("resign: {} reported -{} or less on its last {} moves{}",
                                    mover == Color::Black ? "black" : "white", r.score, r.count,
                                    r.twosided ? ", its opponent +" + std::to_string(r.score) + " or more" : ""));
}

// Both brains have called the game level under `d`, from its ply on: a draw.
std::optional<GameOutcome> score_draw(const ScoreDrawRule& d, const std::vector<RecordedMove>& moves,
                                      int opening_stones) {
    const int last = static_cast<int>(moves.size()) - 1;
    if (last < 0 || opening_stones + last + 1 < d.after_ply) return std::nullopt;
    const auto level = [&](const RecordedMove& m) { return within(m, d.score); };
    if (!last_moves_all(moves, last, d.count, level) || !last_moves_all(moves, last - 1, d.count, level))
        return std::nullopt;
    return ended(std::nullopt, fmt::format("draw: both engines reported scores within +-{} on their last {} moves",
                                           d.score, d.count));
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

std::string Adjudication::text() const {
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

std::optional<GameOutcome> adjudicate(const Adjudication& rules, const Board& board,
                                      const std::vector<RecordedMove>& moves, int opening_stones) {
    // One branch a rule.
    if ((rules.draw_after > 0 && static_cast<int>(moves.size()) >= rules.draw_after) ||
        (rules.draw_after_stones > 0 && board.placed_count() >= rules.draw_after_stones))
        return ended(std::nullopt, "");
    if (rules.proof_nodes > 0)
        if (auto proven = proven_win(board, rules.proof_nodes)) return proven;
    const Color first_mover = opening_stones % 2 == 0 ? Color::Black : Color::White;
    if (rules.resign)
        if (auto resigned = resignation(*rules.resign, moves, first_mover)) return resigned;
    if (rules.draw)
        if (auto level = score_draw(*rules.draw, moves, opening_stones)) return level;
    return std::nullopt;
}

}  // namespace tengen
