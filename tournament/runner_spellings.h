// Other runners' spellings of the arena's option values (c-gomoku-cli, cutechess-cli,
// fastchess), read as the arena's own. Each returns the arena's tokens, and adds to `problems`
// what cannot be read, naming the spelling to use instead, so a command line is refused with
// every problem at once.
#pragma once

#include <string>
#include <vector>

namespace tengen {

// --openings: c-gomoku-cli's type=offset|pos (format=offset|letters) and srand=N (seed=N).
std::vector<std::string> opening_tokens(const std::vector<std::string>& tokens, std::vector<std::string>& problems);
// --resign and --draw: fastchess's movecount=N (count=N) and movenumber=N (after=N plies),
// and c-gomoku-cli's two numbers COUNT SCORE (count=COUNT score=SCORE).
std::vector<std::string> adjudication_tokens(const std::string& option, const std::vector<std::string>& tokens,
                                             std::vector<std::string>& problems);
// --pgn / -pgnout: FILE (c-gomoku-cli, cutechess-cli) or file=FILE (fastchess); empty when
// there is none.
std::string pgn_file(const std::string& option, const std::vector<std::string>& tokens,
                     std::vector<std::string>& problems);
// -log: no tokens (c-gomoku-cli: a log of every engine, here `fallback`) or file=FILE (fastchess).
std::string log_file(const std::vector<std::string>& tokens, const std::string& fallback,
                     std::vector<std::string>& problems);

}  // namespace tengen
