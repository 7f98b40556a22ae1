#include "tournament/game_files.h"

#include <filesystem>
#include <fmt/format.h>
#include <fstream>

#include "tournament/game_exports.h"

namespace tengen {

GameRecord to_game_record(const FinishedGame& g) {
    GameRecord r;
    r.width = g.config.width;
    r.height = g.config.height;
    for (Point p : g.opening) r.moves.push_back(RecordedMove{.at = p});
    r.moves.insert(r.moves.end(), g.outcome.moves.begin(), g.outcome.moves.end());
    r.black_name = g.black;
    r.white_name = g.white;
    r.status = -1;
    return r;
}

Status write_game_files(const FinishedGame& g, const std::string& dir, bool sgf) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Failure{"cannot create " + dir + ": " + ec.message()};
    const GameRecord record = to_game_record(g);
    const std::string stem = (std::filesystem::path(dir) / fmt::format("game-{:06}", g.game)).string();
    {
        std::ofstream out(stem + ".psq", std::ios::trunc);
        out << write_psq(record);
        out.close();  // a full disk shows only when the buffer goes out
        if (!out) return Failure{"cannot write " + stem + ".psq"};
    }
    if (sgf) {
        const std::string result = sgf_result(g);  // B+T, W+F ...: how the game was won
        std::ofstream out(stem + ".sgf", std::ios::trunc);
        out << write_sgf(record, g.config.rule, g.config.win_length, result);
        out.close();
        if (!out) return Failure{"cannot write " + stem + ".sgf"};
    }
    return {};
}

}  // namespace tengen
