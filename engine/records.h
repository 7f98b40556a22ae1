// Game records: Piskvork .psq, SGF and a plain move list.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "engine/types.h"

namespace tengen {

struct RecordedMove {
    Point at;
    int ms = 0;       // time the move took, 0 when unknown
    int cpu_ms = -1;  // CPU time the engine used for it (the arena measures it), -1 when unknown
    // What the engine said of its search for this move, when it said it (arena records): the
    // depth, and its score from its own side in its own units, or a proven result in plies
    // (> 0 it wins, < 0 it loses).
    std::optional<int> depth = std::nullopt, score = std::nullopt, mate = std::nullopt;
    constexpr bool operator==(const RecordedMove&) const = default;
};

// Moves alternate black, white, black... from the first.
struct GameRecord {
    int width = 15;
    int height = 15;
    std::vector<RecordedMove> moves;
    std::string black_name;
    std::string white_name;
    int status = -1;  // the .psq status line (GomocupJudge writes -1)
    bool operator==(const GameRecord&) const = default;
};

// .psq as GomocupJudge writes it: "Piskvorky WxH, 11:11, 0", then "x,y,ms" lines with
// 1-based coordinates, black's name, white's name, the status line.
std::string write_psq(const GameRecord& record);
// Lenient: any header numbers, missing names or status. On failure, a one-line reason.
Result<GameRecord> read_psq(std::string_view text);

// One move per line, "x,y" 0-based (column then row). Blank lines and '#' comments skipped.
std::string write_move_list(const std::vector<Point>& moves);
Result<std::vector<Point>> read_move_list(std::string_view text);

// SGF (FF[4], GM[4]): SZ[n] or SZ[w:h], PB/PW names, RE when a result is given
// ("B+", "W+", "0" for a draw), then ;B[..];W[..] with letters a.. for 0-based x, y.
std::string write_sgf(const GameRecord& record, Rule rule, int win_length, std::string_view result = {});

// What read_sgf finds: the moves of the main line (the first variation at each branch) and,
// when the file names them as write_sgf does, the rule (RU) and k ("C[k in a row wins]").
struct SgfGame {
    GameRecord record;
    std::optional<Rule> rule;
    std::optional<int> win_length;
};
// Lenient about properties it does not know; refuses set-up stones (AB, AW), passes and
// moves out of turn, since a replay could not reproduce them. On failure, a one-line reason.
Result<SgfGame> read_sgf(std::string_view text);

}  // namespace tengen
