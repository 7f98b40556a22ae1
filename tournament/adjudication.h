// Adjudication: every rule that ends a game before the board does, in one type with one call.
// A draw after so many moves or stones; from the scores brains report (fastchess's meaning), a
// brain whose own score has stayed hopeless resigns, and a game both brains have called level
// for long is a draw (the scores the arena records with each move, reported_search.h); a win
// by fours the arena proves itself; and a draw once no line of k can still be made. The type
// is part of the schedule's identity whole (schedule_hash.h), so a rule added here changes the
// hash of the runs that use it.
//
// A rule is one type: its option, its help, its parser, its words in the identity and its
// judgement of a game so far. `AdjudicationRules` lists them; the arena's options, the
// settings, the identity and `adjudicate` all read that list, so a new rule is its type, its
// entry at the list's end and its test.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "engine/board.h"
#include "engine/records.h"
#include "engine/result.h"
#include "engine/types.h"
#include "tournament/game_outcome.h"

namespace tengen {

// What a rule judges after a brain's move: the board, the brains' moves (with the scores they
// reported) played after `opening_stones` stones, and who moved first of them.
struct GameSoFar {
    const Board& board;
    const std::vector<RecordedMove>& moves;
    int opening_stones = 0;
    Color first_mover = Color::Black;
};

// --resign score=S count=N [twosided=true]: the brain that just moved has reported a score
// at or below -S on each of its last N moves (with twosided, its opponent at or above +S on
// each of its last N too): it loses.
struct ResignRule {
    static constexpr std::string_view option = "resign";
    static constexpr std::string_view help =
        "score=S count=N [twosided=true]: an engine reporting -S or less on its last N moves loses";
    static constexpr bool trusts_scores = true;
    int score = 0, count = 0;
    bool twosided = false;
    static Result<ResignRule> parse(const std::vector<std::string>& tokens);
    std::string identity() const;
    std::optional<GameOutcome> judge(const GameSoFar& game) const;
};

// --draw score=S count=N [after=PLY]: from ply PLY of the game (opening stones counted) on,
// each brain's last N moves all reported scores within [-S, S]: a draw.
struct ScoreDrawRule {
    static constexpr std::string_view option = "draw";
    static constexpr std::string_view help =
        "score=S count=N [after=PLY]: from ply PLY on, both engines within +-S on their last N moves: a draw";
    static constexpr bool trusts_scores = true;
    int score = 0, count = 0, after_ply = 0;
    static Result<ScoreDrawRule> parse(const std::vector<std::string>& tokens);
    std::string identity() const;
    std::optional<GameOutcome> judge(const GameSoFar& game) const;
};

// --adjudicate-proven [nodes=N]: after each move the arena's own VCF proof (vcf_proof.h) runs
// for the side to move within N positions; a proof ends the game.
struct ProvenWinRule {
    static constexpr std::string_view option = "adjudicate-proven";
    static constexpr std::string_view help =
        "[nodes=N]: end a game when the arena proves a win by fours for the side to move (default 20000 positions)";
    static constexpr bool trusts_scores = false;
    static constexpr std::uint64_t kDefaultNodes = 20000;
    std::uint64_t nodes = kDefaultNodes;
    static Result<ProvenWinRule> parse(const std::vector<std::string>& tokens);
    std::string identity() const;
    std::optional<GameOutcome> judge(const GameSoFar& game) const;
};

// --adjudicate-dead: a draw once every line of k points on the board holds a stone of each
// colour, so neither side can ever make k in a row. Every rule's win needs such a line, and
// so does each of renju's forbidden shapes, so a dead board is a draw under every rule.
struct DeadDrawRule {
    static constexpr std::string_view option = "adjudicate-dead";
    static constexpr std::string_view help =
        "a draw once every line of k points holds a stone of each colour (no one can still win)";
    static constexpr bool trusts_scores = false;
    static Result<DeadDrawRule> parse(const std::vector<std::string>& tokens);
    std::string identity() const;
    std::optional<GameOutcome> judge(const GameSoFar& game) const;
};

// Every rule, in the order it joined the schedule's identity: a new rule goes at the end, so
// the identity of the runs without it stays what it was.
using AdjudicationRules = std::tuple<std::optional<ResignRule>, std::optional<ScoreDrawRule>,
                                     std::optional<ProvenWinRule>, std::optional<DeadDrawRule>>;

template <class F>
void for_each_adjudication_rule_type(F&& f) {
    [&]<class... Rule>(std::tuple<std::optional<Rule>...>*) {
        (f.template operator()<Rule>(), ...);
    }(static_cast<AdjudicationRules*>(nullptr));
}

struct Adjudication {
    int draw_after = 0;         // --draw-after N: a draw after N brain moves; 0 = never
    int draw_after_stones = 0;  // -drawafter N (c-gomoku-cli): a draw once N stones are on the board; 0 = never
    AdjudicationRules rules;

    template <class Rule>
    std::optional<Rule>& rule() {
        return std::get<std::optional<Rule>>(rules);
    }
    template <class Rule>
    const std::optional<Rule>& rule() const {
        return std::get<std::optional<Rule>>(rules);
    }
    // The rules as one line, for the schedule's identity: "" when there are none. The two draw
    // counts are left out: their lines in the identity are older than this one
    // (schedule_settings); every later rule goes in here.
    std::string text() const;
};

// After the last of `moves` (the brains' moves, played on `board` after `opening_stones`
// stones), with the board's own end not come: the game's end the rules give (reason
// Adjudicated; the winner and the why for all but the draw counts), or nullopt to play on.
// The draw counts come first, then the rules the arena judges by itself, then those that take
// the brains' word, each in the list's order. For the scores, a move without one breaks every
// run; a proven win or loss counts as beyond any S.
std::optional<GameOutcome> adjudicate(const Adjudication& rules, const Board& board,
                                      const std::vector<RecordedMove>& moves, int opening_stones);

}  // namespace tengen
