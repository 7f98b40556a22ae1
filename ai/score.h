// Search scores: centi-stone-ish evaluation units, with mate scores near +-kMate.
#pragma once

#include <cstdint>
#include <string>

namespace tengen {

using Score = std::int32_t;

inline constexpr Score kMate = 30000;              // a win on this very ply
inline constexpr Score kMateBound = kMate - 1024;  // |score| >= this is a proven result
inline constexpr Score kInfinite = kMate + 1;
inline constexpr Score kDrawScore = 0;

constexpr Score mate_in(int plies) noexcept { return kMate - plies; }
constexpr Score mated_in(int plies) noexcept { return -kMate + plies; }
constexpr bool is_mate_score(Score s) noexcept { return s >= kMateBound || s <= -kMateBound; }
// Plies to the end of a proven game (positive for either sign), 0 when not a mate score.
constexpr int mate_plies(Score s) noexcept { return s >= kMateBound ? kMate - s : s <= -kMateBound ? kMate + s : 0; }

// "340", "+M7" (we win in 7 plies) or "-M6" (we lose in 6 plies).
std::string format_score(Score s);

}  // namespace tengen
