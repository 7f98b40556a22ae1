// Games as other tools read them: SGF (one game tree per game, as c-gomoku-cli's one file of all
// games) and a PGN-like file with the tags and result token BayesElo and Ordo rate from.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "tournament/finished_game.h"

namespace tengen {

// SGF's RE value: B+ / W+ on the board (five, a proof), B+R / W+R when the loser was adjudicated
// to resign on its own scores, B+T / W+T on time, B+F / W+F for any other forfeit (a crash, an
// illegal, forbidden or unreadable move, memory), 0 for a draw.
std::string sgf_result(const FinishedGame& g);
// One game tree: date, round and game number, names, rule, RE, the reason and both time
// controls as the root comment,
// the opening's stones commented as such, then each engine move with its time and what its
// engine reported (`C[depth 12 score -35 time 93ms]`).
std::string sgf_game(const FinishedGame& g);
// One PGN game: [Event], [Date], [Round], [White] (the second player), [Black] (the first),
// [Result] from white's side (1-0, 0-1, 1/2-1/2), [Termination], the moves as a comment, and
// the result token.
std::string pgn_game(const FinishedGame& g);

// --sgf FILE and --pgn FILE: each finished game appended to the files, whole, under a lock.
class GameExports {
public:
    GameExports(std::string sgf_file, std::string pgn_file);
    bool any() const noexcept { return !sgf_.empty() || !pgn_.empty(); }
    Status append(const FinishedGame& g);

private:
    std::string sgf_, pgn_;
    std::mutex mutex_;
};

// Writes every game to FILE as PGN (merge --pgn), replacing it.
Status write_pgn_file(const std::string& path, const std::vector<FinishedGame>& games);

}  // namespace tengen
