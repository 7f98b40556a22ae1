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

// Mate scores are stored relative to the node, not the root, so a transposition reached at
// another ply reads the right distance. Both searches' tables (the game search's and the
// exact solver's) store them so.
constexpr Score score_to_tt(Score s, int ply) noexcept {
    return s >= kMateBound ? s + ply : s <= -kMateBound ? s - ply : s;
}
constexpr Score score_from_tt(Score s, int ply) noexcept {
    return s >= kMateBound ? s - ply : s <= -kMateBound ? s + ply : s;
}

// What a stored score says of the node's value: exact, at least it (a cut), at most it.
enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// "340", "+M7" (we win in 7 plies) or "-M6" (we lose in 6 plies).
std::string format_score(Score s);

}  // namespace tengen
