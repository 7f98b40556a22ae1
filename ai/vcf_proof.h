// A referee's proof of a win by continuous fours (VCF): the side to move makes a five threat
// with every move, the opponent's only answer is to block it, and the chain ends in a five the
// opponent cannot stop. Built on the game core's own win test and renju judge, not on the
// search's patterns, and conservative where that is simpler than exact: a line in which the
// defender's block makes a five threat of its own is not followed. So a proof found is a forced
// win under the rule; a proof not found says nothing. Caro is left out (a stone past a line's
// far end can spoil a five there, which this proof does not model): it never proves anything.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/board.h"

namespace tengen {

struct VcfProof {
    std::vector<Point> line;  // attacker, defender, attacker, ..., ending with the five
    std::uint64_t nodes = 0;
};

// The proof for the side to move, searched within max_nodes positions and max_fours fours;
// nullopt when none was found within them (or the game is over, or the rule is caro).
std::optional<VcfProof> prove_vcf(const Board& position, std::uint64_t max_nodes, int max_fours = 24);

}  // namespace tengen
