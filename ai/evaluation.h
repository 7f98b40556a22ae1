// The static evaluation of a search position, from the side to move's view.
#pragma once

#include "score.h"
#include "search_position.h"

namespace tengen {

// Tempo-aware: every colour's cells are valued for its role (to move, or just moved), and the
// sum is averaged with the position before the last move to damp the odd/even swing. Meant
// for positions where nobody holds a five and the side to move has no flex four (the search
// scores those as mates); elsewhere it still returns a finite score.
Score evaluate_position(const SearchPosition& p);

}  // namespace tengen
