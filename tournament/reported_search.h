// What a brain said about its own search before a move: the depth it reached and its score
// from its own side, read from the MESSAGE lines brains print while thinking. Brains spell
// them differently (Tengen: "MESSAGE summary depth 12 eval 35 ...", Rapfi:
// "MESSAGE Depth 12-20 | Eval 35 | ..."), so the reader looks for the words, not a layout.
#pragma once

#include <optional>
#include <string_view>

namespace tengen {

struct ReportedSearch {
    std::optional<int> depth;  // the nominal depth (12 of "12-20")
    std::optional<int> score;  // in the brain's own units, from the mover's view
    std::optional<int> mate;   // proven: the mover wins in n plies (> 0) or loses in -n (< 0)
    bool has_score() const noexcept { return score.has_value() || mate.has_value(); }
    bool operator==(const ReportedSearch&) const = default;
};

// A MESSAGE line's depth and score: the number after "depth" (or "d"), and after "eval",
// "ev", "score" or "cp" an integer or a mate (+M5, -M4, M5; also "mate 5"). Words are matched
// without case, "|" and "," separate like spaces. Nothing found: both empty.
ReportedSearch parse_reported_search(std::string_view message_line);

}  // namespace tengen
