// Adjudication from the scores brains report (fastchess's meaning): a brain whose own score
// has stayed hopeless resigns, and a game both brains have called level for long is a draw.
// The scores are the ones the arena records with each move (reported_search.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/records.h"
#include "engine/result.h"
#include "engine/types.h"

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
struct ScoreAdjudication {
    std::optional<ResignRule> resign;
    std::optional<ScoreDrawRule> draw;
    // --adjudicate-proven [nodes=N]: after each move the arena's own VCF proof (vcf_proof.h)
    // runs for the side to move within N positions; 0 = off.
    std::uint64_t proof_nodes = 0;
    bool any() const noexcept { return resign || draw; }
    // The rules as one line, for the schedule's identity: "" when there are none.
    std::string text() const;
};

Result<ResignRule> parse_resign_options(const std::vector<std::string>& tokens);
Result<ScoreDrawRule> parse_score_draw_options(const std::vector<std::string>& tokens);
// `--adjudicate-proven [nodes=N]`: the node budget (default kDefaultProofNodes).
inline constexpr std::uint64_t kDefaultProofNodes = 20000;
Result<std::uint64_t> parse_proof_options(const std::vector<std::string>& tokens);

struct ScoreVerdict {
    std::optional<Color> loser;  // nullopt: a draw
    std::string why;             // e.g. "resign: white reported <= -600 on its last 3 moves"
};

// After the last of `moves` (the brains' moves, the first played by `first_mover`): the
// verdict the rules give, or nullopt to play on. A move without a score breaks every run;
// a proven win or loss counts as beyond any S.
std::optional<ScoreVerdict> adjudicate_by_scores(const ScoreAdjudication& rules, const std::vector<RecordedMove>& moves,
                                                 Color first_mover, int opening_plies);

}  // namespace tengen
