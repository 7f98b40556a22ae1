// The last check before a move goes out: the answer must be a legal point, and under renju
// black must not answer a forbidden point when it has any other.
#pragma once

#include "engine/board.h"
#include "ai/searcher.h"

namespace tengen {

// Is p a point the side to move may answer: on board, empty, not forbidden for black under renju.
bool is_playable(Board& board, Point p);

// The search's best move when playable, else the first playable of its ranked moves, else the
// playable point nearest the centre. kNoPoint only when the board has no empty point or the
// game is over. (A search that works never needs the fallback; a wrong answer loses the game.)
Point choose_answer(Board& board, const SearchResult& result);

}  // namespace tengen
