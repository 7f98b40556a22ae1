// Adjudication: every rule that ends a game before the board does, in one type with one call.
// A draw after so many moves or stones; from the scores brains report (fastchess's meaning), a
// brain whose own score has stayed hopeless resigns, and a game both brains have called level
// for long is a draw (the scores the arena records with each move, reported_search.h); and a
// win by fours the arena proves itself. The type is part of the schedule's identity whole
// (schedule_hash.h), so a rule added here changes the hash of the runs that use it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/records.h"
#include "engine/result.h"
#include "engine/types.h"
#include "tournament/game_outcome.h"

namespace tengen {

// --resign score=S count=N [twosided=true]: the brain that just moved has reported a score
// at or below -S on each of its last N moves (with twosided, its opponent at or above +S on
// each of its last N too): it loses.
struct ResignRule {
    int score = 0, count = 0;
    bool twosided = false;
};
// --draw score=S count=N [after=PLY]: from ply PLY of the game (opening stones counted) on,
// each brain's last N moves all reported scores within [-S, S]: a draw.
struct ScoreDrawRule {
    int score = 0, count = 0, after_ply = 0;
};
struct Adjudication {
    int draw_after = 0;         // --draw-after N: a draw after N brain moves; 0 = never
    int draw_after_stones = 0;  // -drawafter N (c-gomoku-cli): a draw once N stones are on the board; 0 = never
    std::optional<ResignRule> resign;
    std::optional<ScoreDrawRule> draw;
    // --adjudicate-proven [nodes=N]: after each move the arena's own VCF proof (vcf_proof.h)
    // runs for the side to move within N positions; 0 = off.
    std::uint64_t proof_nodes = 0;
    // The rules as one line, for the schedule's identity: "" when there are none. The two draw
    // counts are left out: their lines in the identity are older than this one
    // (schedule_settings); every later rule goes in here.
    std::string text() const;
};

Result<ResignRule> parse_resign_options(const std::vector<std::string>& tokens);
Result<ScoreDrawRule> parse_score_draw_options(const std::vector<std::string>& tokens);
// `--adjudicate-proven [nodes=N]`: the node budget (default kDefaultProofNodes).
inline constexpr std::uint64_t kDefaultProofNodes = 20000;
Result<std::uint64_t> parse_proof_options(const std::vector<std::string>& tokens);

// After the last of `moves` (the brains' moves, played on `board` after `opening_stones`
// stones), with the board's own end not come: the game's end the rules give (reason
// Adjudicated; the winner and the why for all but the draw counts), or nullopt to play on.
// The rules are tried in order: the draw counts, the proof, resign, the score draw. For the
// scores, a move without one breaks every run; a proven win or loss counts as beyond any S.
std::optional<GameOutcome> adjudicate(const Adjudication& rules, const Board& board,
                                      const std::vector<RecordedMove>& moves, int opening_stones);

}  // namespace tengen
