// Saving and loading `play`'s games as Piskvork .psq files (records.h does the format).
#pragma once

#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/records.h"
#include "engine/result.h"

namespace tengen {

// The board's moves as a record, with their times in ms (same length as the history, or empty).
GameRecord record_of_game(const Board& board, const std::vector<int>& move_ms, const std::string& black_name,
                          const std::string& white_name);

// Writes the board's moves with their times in ms (same length as the history, or empty).
// Fails with a one-line reason.
Status save_psq_file(const std::string& path, const Board& board, const std::vector<int>& move_ms,
                     const std::string& black_name, const std::string& white_name);

struct LoadedGame {
    Board board;
    std::vector<int> move_ms;
};

// Replays a record on a board of its size with the given k and rule. Either the game or a
// one-line reason that starts with `source` (a file's path, say): a bad size, an illegal move.
Result<LoadedGame> replay_record(const GameRecord& record, int win_length, Rule rule, const std::string& source);

// Reads a .psq file and replays it on a board of the record's size with the given k and
// rule. Either the game or a one-line reason (unreadable file, bad size, an illegal move).
Result<LoadedGame> load_psq_file(const std::string& path, int win_length, Rule rule);

}  // namespace tengen
