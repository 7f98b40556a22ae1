// Self-play files as data: reading one back (to resume a run or to merge shards), each line
// known by the run and game it belongs to.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "protocol/selfplay_game.h"

namespace tengen {

// Which game of which run a line is: two lines with the same key are the same game, and a
// build that plays the same search writes the same bytes for it.
struct SelfplayGameKey {
    std::string rule;
    int width = 0;
    int height = 0;
    int k = 0;
    std::uint64_t seed = 0;
    std::uint64_t nodes = 0;
    std::string evaluator = "tables";  // the "evaluator" field; lines without one are the tables'
    int game = 0;
    auto operator<=>(const SelfplayGameKey&) const = default;
};

// The record's "evaluator" value for the choice in games of this config: "tables" or "network"
// (kernels do not matter; auto is what it resolves to, evaluation_for).
std::string evaluator_field(EvaluatorChoice choice, const GameConfig& config);
SelfplayGameKey key_of(const SelfplaySettings& settings, int game);
// "game 17 (freestyle 15x15 k=5, seed 1001, 8000 nodes)"
std::string describe(const SelfplayGameKey& key);

struct SelfplayLine {
    SelfplayGameKey key;
    std::string text;  // the whole line, without its newline
};

Result<SelfplayLine> parse_selfplay_line(std::string_view text);

struct SelfplayFile {
    std::vector<SelfplayLine> games;
    std::size_t whole_bytes = 0;  // the file's bytes up to the end of its last whole line
    bool torn_tail = false;       // it ends in a line without its newline: cut while being written
};

// Every line must be a self-play record; only a last line without its newline may be
// unfinished, and it is reported, not read.
Result<SelfplayFile> read_selfplay_file(const std::string& path);

// How many lines of `expected`, a command's games in the order it writes them, the output
// file already holds (0 when it does not exist or is empty). They must be exactly those
// games' first ones; anything else is refused and the file left as it is. A last line cut
// off while being written is removed from the file, so that game is written again.
Result<std::size_t> resume_output(const std::string& path, const std::vector<SelfplayGameKey>& expected);

}  // namespace tengen
