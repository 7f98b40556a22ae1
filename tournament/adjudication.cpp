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

// A rule's words: none at all, refused with the option's name.
Status no_words(std::string_view option, const std::vector<std::string>& tokens) {
    if (tokens.empty()) return {};
    return Failure{fmt::format("--{} takes no words, got '{}'", option, tokens.front())};
}

// Some line of k points on the board lacks a stone of one colour: that colour's opponent may
// still fill it.
bool some_line_still_open(const Board& board) {
    const int k = board.config().win_length;
    for (const Point d : kDirections)
        for (int y = 0; y < board.height(); ++y)
            for (int x = 0; x < board.width(); ++x) {
                if (!board.on_board({x + d.x * (k - 1), y + d.y * (k - 1)})) continue;
                bool black = false, white = false;
                for (int i = 0; i < k && !(black && white); ++i) {
                    const Color c = board.at({x + d.x * i, y + d.y * i});
                    black = black || c == Color::Black;
                    white = white || c == Color::White;
                }
                if (!(black && white)) return true;
            }
    return false;
}

}  // namespace

Result<ResignRule> ResignRule::parse(const std::vector<std::string>& tokens) {
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

std::string ResignRule::identity() const {
    return fmt::format("resign score {} count {} twosided {}", score, count, twosided ? 1 : 0);
}

// The brain that just moved resigns, if it does.
std::optional<GameOutcome> ResignRule::judge(const GameSoFar& game) const {
    const int last = static_cast<int>(game.moves.size()) - 1;
    if (last < 0) return std::nullopt;
    const Color mover = last % 2 == 0 ? game.first_mover : opponent(game.first_mover);
    const bool hopeless =
        last_moves_all(game.moves, last, count, [&](const RecordedMove& m) { return at_most(m, -score); });
    const bool agreed = !twosided || last_moves_all(game.moves, last - 1, count,
                                                    [&](const RecordedMove& m) { return at_least(m, score); });
    if (!hopeless || !agreed) return std::nullopt;
    return ended(mover, fmt::format("resign: {} reported -{} or less on its last {} moves{}",
                                    mover == Color::Black ? "black" : "white", score, count,
                                    twosided ? fmt::format(", its opponent +{} or more", score) : std::string()));
}

Result<ScoreDrawRule> ScoreDrawRule::parse(const std::vector<std::string>& tokens) {
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

std::string ScoreDrawRule::identity() const {
    return fmt::format("draw score {} count {} after {}", score, count, after_ply);
}

// Both brains have called the game level, from the rule's ply on: a draw.
std::optional<GameOutcome> ScoreDrawRule::judge(const GameSoFar& game) const {
    const int last = static_cast<int>(game.moves.size()) - 1;
    if (last < 0 || game.opening_stones + last + 1 < after_ply) return std::nullopt;
    const auto level = [&](const RecordedMove& m) { return within(m, score); };
    if (!last_moves_all(game.moves, last, count, level) || !last_moves_all(game.moves, last - 1, count, level))
        return std::nullopt;
    return ended(std::nullopt,
                 fmt::format("draw: both engines reported scores within +-{} on their last {} moves", score, count));
}

Result<ProvenWinRule> ProvenWinRule::parse(const std::vector<std::string>& tokens) {
    ProvenWinRule p;
    const Status read = for_each_key_value("--adjudicate-proven", tokens,
                                           [&](const std::string& key, const std::string& value) -> Status {
                                               if (key != "nodes") return Failure{"unknown key '" + key + "'"};
                                               int n = 0;
                                               if (Status bad = set_int(key, value, 1, n); !bad.ok()) return bad;
                                               p.nodes = static_cast<std::uint64_t>(n);
                                               return {};
                                           });
    if (!read.ok()) return Failure{read.error()};
    return p;
}

std::string ProvenWinRule::identity() const { return fmt::format("proven nodes {}", nodes); }

// The side to move has a forced win by fours the arena proves itself: the game ends there.
std::optional<GameOutcome> ProvenWinRule::judge(const GameSoFar& game) const {
    const auto proof = prove_vcf(game.board, nodes);
    if (!proof) return std::nullopt;
    const Color to_move = game.board.side_to_move();
    const Winner winner = to_move == Color::Black ? Winner::Black : Winner::White;
    return ended(opponent(to_move), fmt::format("proven: {} wins by fours: {}", winner_name(winner),
                                                join_points(proof->line, to_letters, " ")));
}

Result<DeadDrawRule> DeadDrawRule::parse(const std::vector<std::string>& tokens) {
    if (Status s = no_words(option, tokens); !s.ok()) return Failure{s.error()};
    return DeadDrawRule{};
}

std::string DeadDrawRule::identity() const { return "dead"; }

std::optional<GameOutcome> DeadDrawRule::judge(const GameSoFar& game) const {
    if (some_line_still_open(game.board)) return std::nullopt;
    return ended(std::nullopt,
                 fmt::format("dead: every line of {} holds stones of both colours", game.board.config().win_length));
}

std::string Adjudication::text() const {
    std::string out;
    std::apply(
        [&](const auto&... rule) {
            const auto add = [&](const auto& r) {
                if (!r) return;
                if (!out.empty()) out += ' ';
                out += r->identity();
            };
            (add(rule), ...);
        },
        rules);
    return out;
}

std::optional<GameOutcome> adjudicate(const Adjudication& rules, const Board& board,
                                      const std::vector<RecordedMove>& moves, int opening_stones) {
    if ((rules.draw_after > 0 && static_cast<int>(moves.size()) >= rules.draw_after) ||
        (rules.draw_after_stones > 0 && board.placed_count() >= rules.draw_after_stones))
        return ended(std::nullopt, "");
    const GameSoFar game{board, moves, opening_stones, opening_stones % 2 == 0 ? Color::Black : Color::White};
    std::optional<GameOutcome> end;
    // What the arena sees for itself outranks what the brains say.
    for (const bool by_scores : {false, true})
        std::apply(
            [&](const auto&... rule) {
                const auto judge = [&](const auto& r) {
                    if (end || !r || std::decay_t<decltype(*r)>::trusts_scores != by_scores) return;
                    end = r->judge(game);
                };
                (judge(rule), ...);
            },
            rules.rules);
    return end;
}

}  // namespace tengen
