// `--records DIR`: each finished game as a .psq file (and .sgf with --sgf), named by its number.
#pragma once

#include <string>

#include "engine/result.h"
#include "tournament/finished_game.h"

namespace tengen {

// The whole game, opening stones first, as records.h's GameRecord.
GameRecord to_game_record(const FinishedGame& g);
// Writes DIR/game-000017.psq (and .sgf); a one-line reason on failure.
Status write_game_files(const FinishedGame& g, const std::string& dir, bool sgf);

}  // namespace tengen
