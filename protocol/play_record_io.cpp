#include "protocol/play_record_io.h"

#include <fstream>
#include <sstream>

#include "protocol/play_board_view.h"
#include "engine/text.h"

namespace tengen {

GameRecord record_of_game(const Board& board, const std::vector<int>& move_ms, const std::string& black_name,
                          const std::string& white_name) {
    GameRecord record;
    record.width = board.width();
    record.height = board.height();
    record.black_name = black_name;
    record.white_name = white_name;
    const auto& history = board.history();
    for (std::size_t i = 0; i < history.size(); ++i)
        record.moves.push_back({history[i].at, i < move_ms.size() ? move_ms[i] : 0});
    return record;
}

Status save_psq_file(const std::string& path, const Board& board, const std::vector<int>& move_ms,
                     const std::string& black_name, const std::string& white_name) {
    const GameRecord record = record_of_game(board, move_ms, black_name, white_name);
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) return Failure{"cannot open " + path + " for writing"};
    file << write_psq(record);
    file.close();
    if (!file) return Failure{"cannot write " + path};
    return {};
}

Result<LoadedGame> replay_record(const GameRecord& record, int win_length, Rule rule, const std::string& source) {
    const GameConfig config{record.width, record.height, win_length, rule};
    if (const Status s = check_config(config); !s.ok()) return Failure{source + ": " + s.error()};
    LoadedGame game{Board(config), {}};
    int number = 0;
    for (const RecordedMove& m : record.moves) {
        ++number;
        const std::string where = "move " + std::to_string(number) + " (" + play_point_name(m.at) + ")";
        if (game.board.game_over()) return Failure{source + ": " + where + " comes after the end of the game"};
        if (!game.board.on_board(m.at)) return Failure{source + ": " + where + " is off the board"};
        if (!game.board.is_empty(m.at)) return Failure{source + ": " + where + " is on an occupied point"};
        game.board.play(m.at);
        game.move_ms.push_back(m.ms);
    }
    return game;
}

Result<LoadedGame> load_psq_file(const std::string& path, int win_length, Rule rule) {
    const auto text = read_whole_file(path);
    if (!text) return Failure{"cannot open " + path};
    const auto record = read_psq(*text);
    if (!record) return Failure{path + ": " + record.error()};
    return replay_record(*record, win_length, rule, path);
}

}  // namespace tengen
