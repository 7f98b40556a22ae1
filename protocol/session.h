// One brain session: the protocol's text in front of a Player. It reads lines, keeps the settings
// INFO sends, turns them into search limits, hands the game and those limits to its Player
// (which owns the board, the searcher and the answer rule) and writes every answer to an
// OutputSink.
//
// process_line() handles one line and returns when its answer is written, so a move's
// search runs inside it. The binary calls it from a worker thread while a reader thread keeps
// listening: END ends the process there, and YXSTOP calls request_stop(). Tests and the fuzzer
// call process_line() directly.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/analysis_reporter.h"
#include "engine/board.h"
#include "protocol/brain_settings.h"
#include "protocol/output_sink.h"
#include "ai/move_cost_meter.h"
#include "ai/player.h"
#include "protocol/text_parse.h"

namespace tengen {

enum class SessionAction { Continue, Quit };

// Lines longer than this are answered with ERROR without being read as a command.
inline constexpr std::size_t kMaxLineChars = 64 * 1024;

// Caps for callers that need every search tiny (the fuzzer, fast tests). 0 / -1 = no cap.
struct SessionOptions {
    std::size_t max_hash_bytes = 0;
    int max_depth = 0;
    std::uint64_t max_nodes = 0;
    std::int64_t max_turn_ms = -1;
    int max_threads = 0;
    EvaluatorChoice evaluator;  // the tables unless the command line chose the network
};

class Session {
public:
    explicit Session(OutputSink& out, SessionOptions options = {});
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // `arrived`: when the line came in, if earlier than now (the binary's reader stamps it).
    // A move's time budget counts from then: time the session spent on the lines before it
    // (a table allocation, say) is already gone from the manager's clock.
    using TimePoint = std::chrono::steady_clock::time_point;
    SessionAction process_line(std::string_view line, std::optional<TimePoint> arrived = std::nullopt);

    // Thread-safe: stops the search of every line numbered below `before_line` (the n-th call
    // of process_line is line n, from 1), whether it is running now or has not started yet.
    // The binary's reader calls request_stop(n) when line n is YXSTOP.
    void request_stop(std::uint64_t before_line);

private:
    enum class Block { None, Board, YxBoard, Swap2 };

    void dispatch(std::string_view word, std::string_view rest);
    void block_line(std::string_view line);
    void finish_block();

    void cmd_start(std::string_view rest);
    void cmd_rectstart(std::string_view rest);
    void cmd_restart();
    void cmd_begin();
    void cmd_turn(std::string_view rest);
    void cmd_info(std::string_view rest);
    void cmd_takeback(std::string_view rest);
    void cmd_play(std::string_view rest);
    void cmd_yxnbest(std::string_view rest);
    void cmd_yxshowforbid();
    void cmd_yxshowinfo();
    void finish_swap2();

    // The board the settings ask for: renju with k != 5 becomes exact.
    GameConfig wanted_config(int width, int height) const;
    void note_renju_downgrade(const GameConfig& config);  // the MESSAGE saying so
    // wanted_config, or an ERROR line and nullopt when it is not playable.
    std::optional<GameConfig> new_config(int width, int height);
    bool open_board(int width, int height);  // START/RECTSTART/RESTART; false after an ERROR
    // Sizes the table for max_memory. Without allow_growth only a shrink happens now (the
    // limit must hold at once); a larger table waits for the next START/RESTART.
    void resize_hash(bool allow_growth = true);
    bool require_board();
    const Board& board() const { return player_.position(); }  // precondition: require_board()

    int search_threads() const;  // settings_.threads within the options and max_memory
    SearchLimits move_limits(const Board& position, int multipv) const;
    // Searches through the player with this line's stop handling (a YXSTOP stops it).
    Answer run_search(const Board& position, const SearchLimits& limits, const Searcher::InfoCallback& on_info);
    // Searches the current position and answers its move; plays it when play is true. With
    // nbest > 0 (YXNBEST) the search ranks that many moves, printed before the answer.
    void think_and_answer(bool play, int nbest = 0);

    void say(std::string_view line);
    void error(std::string_view why);
    void message(std::string_view text);

    OutputSink& out_;
    SessionOptions options_;
    BrainSettings settings_;
    Player player_;

    Block block_ = Block::None;
    std::vector<BoardLine> block_stones_;
    std::vector<Point> block_moves_;
    std::string block_error_;

    // Shared with request_stop() on the reader thread.
    std::mutex stop_mutex_;
    std::uint64_t line_index_ = 0;           // the line being processed
    std::optional<TimePoint> line_arrived_;  // when it came in, if the caller said
    std::uint64_t stop_before_ = 0;          // searches of lines below this stop at once
    bool searching_ = false;
    bool searched_before_ = false;  // the process's first search keeps time for its start-up
    MoveCostMeter move_costs_;      // what the manager's clock loses a move beyond our own time
};

}  // namespace tengen
