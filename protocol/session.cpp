#include "protocol/session.h"

#include <algorithm>
#include <array>
#include <exception>
#include <thread>

#include <fmt/format.h>

#include "protocol/analysis_format.h"
#include "protocol/analysis_reporter.h"
#include "protocol/brain_identity.h"
#include "protocol/nbest_ranking.h"
#include "protocol/platform_io.h"
#include "protocol/position_setup.h"
#include "protocol/search_limits_builder.h"
#include "engine/notation.h"
#include "engine/renju.h"
#include "protocol/swap2.h"

namespace tengen {

namespace {

constexpr std::size_t kStartupHashBytes = std::size_t{1} << 20;
constexpr std::size_t kFallbackHashBytes = std::size_t{16} << 20;

// Half the machine's memory: a max_memory larger than that is a typo, not a wish.
std::size_t physical_memory_cap() {
    const std::size_t physical = platform::physical_memory_bytes();
    if (physical == 0) return std::size_t{1} << 30;
    return physical / 2;
}

bool is_word(std::string_view word, std::string_view upper) { return to_upper_ascii(word) == upper; }

// The words dispatch() obeys (END is taken before it).
constexpr std::array<std::string_view, 18> kCommandWords = {
    "START", "RECTSTART", "RESTART",    "BEGIN",  "TURN",        "INFO",         "TAKEBACK", "PLAY",       "ABOUT",
    "BOARD", "YXBOARD",   "SWAP2BOARD", "YXSTOP", "YXHASHCLEAR", "YXSHOWFORBID", "YXNBEST",  "YXSHOWINFO", "END"};

bool is_command_word(std::string_view word) {
    const std::string upper = to_upper_ascii(word);
    return std::find(kCommandWords.begin(), kCommandWords.end(), upper) != kCommandWords.end();
}

bool has_player_stones(const Board& board) {
    for (const Move& m : board.history())
        if (m.color == Color::Black || m.color == Color::White) return true;
    return false;
}

}  // namespace

Session::Session(OutputSink& out, SessionOptions options)
    : out_(out),
      options_(options),
      player_(options.max_hash_bytes ? std::min(options.max_hash_bytes, kStartupHashBytes) : kStartupHashBytes) {
    player_.set_evaluator(options.evaluator);
}

Session::~Session() = default;

void Session::say(std::string_view line) { out_.write_line(line); }
void Session::error(std::string_view why) { out_.write_line(fmt::format("ERROR {}", why)); }
void Session::message(std::string_view text) { out_.write_line(fmt::format("MESSAGE {}", text)); }

void Session::request_stop(std::uint64_t before_line) {
    std::lock_guard lock(stop_mutex_);
    stop_before_ = std::max(stop_before_, before_line);
    if (searching_ && line_index_ < stop_before_) player_.stop();
}

SessionAction Session::process_line(std::string_view line, std::optional<TimePoint> arrived) {
    {
        std::lock_guard lock(stop_mutex_);
        ++line_index_;
    }
    line_arrived_ = arrived;
    if (line.size() > kMaxLineChars) {
        if (block_ != Block::None && block_error_.empty()) block_error_ = "a line in the block is too long";
        if (block_ == Block::None) error(fmt::format("line too long ({} bytes)", line.size()));
        return SessionAction::Continue;
    }
    const auto [word, rest] = split_command(line);
    if (word.empty()) return SessionAction::Continue;  // empty lines are ignored
    if (is_word(word, "END")) return SessionAction::Quit;

    if (block_ != Block::None) {
        if (is_word(word, "DONE")) {
            finish_block();
            return SessionAction::Continue;
        }
        // Only a command this brain knows ends a block; any other line (a stone line, a word)
        // belongs to it, so a malformed one is answered once, by DONE's ERROR.
        if (!is_command_word(word)) {
            block_line(line);
            return SessionAction::Continue;
        }
        // INFO is accepted at any time, and a late YXSTOP has nothing to stop: neither is a
        // sign that the block was abandoned.
        if (is_word(word, "INFO")) {
            cmd_info(rest);
            return SessionAction::Continue;
        }
        if (is_word(word, "YXSTOP")) return SessionAction::Continue;
        // A command inside a block: the manager forgot DONE. Drop the block (a MESSAGE, so the
        // command's own answer stays the first answer line) and obey the command.
        block_ = Block::None;
        message("a BOARD block was not closed by DONE; it was ignored");
    }
    dispatch(word, rest);
    return SessionAction::Continue;
}

void Session::dispatch(std::string_view word_text, std::string_view rest) {
    const std::string word = to_upper_ascii(word_text);
    if (word == "START") return cmd_start(rest);
    if (word == "RECTSTART") return cmd_rectstart(rest);
    if (word == "RESTART") return cmd_restart();
    if (word == "BEGIN") return cmd_begin();
    if (word == "TURN") return cmd_turn(rest);
    if (word == "INFO") return cmd_info(rest);
    if (word == "TAKEBACK") return cmd_takeback(rest);
    if (word == "PLAY") return cmd_play(rest);
    if (word == "ABOUT") return say(kAboutLine);
    if (word == "BOARD" || word == "YXBOARD" || word == "SWAP2BOARD") {
        block_ = word == "BOARD" ? Block::Board : word == "YXBOARD" ? Block::YxBoard : Block::Swap2;
        block_stones_.clear();
        block_moves_.clear();
        block_error_.clear();
        // Without a game the block is still read to its DONE, which answers the one ERROR.
        if (!player_.has_game()) block_error_ = "no game yet: send START first";
        return;
    }
    if (word == "YXSTOP") return;  // the reader already stopped any search; idle, nothing to do
    if (word == "YXHASHCLEAR") return player_.clear_hash();
    if (word == "YXSHOWFORBID") return cmd_yxshowforbid();
    if (word == "YXNBEST") return cmd_yxnbest(rest);
    if (word == "YXSHOWINFO") return cmd_yxshowinfo();
    say("UNKNOWN " + printable_excerpt(word_text));
}

// ---------------------------------------------------------------- blocks

void Session::block_line(std::string_view line) {
    if (!block_error_.empty()) return;  // the first problem is the one reported
    if (block_ == Block::Swap2) {
        if (const auto p = parse_point(line))
            block_moves_.push_back(*p);
        else
            block_error_ = "malformed swap2 move \"" + printable_excerpt(trim(line)) + "\"";
        return;
    }
    if (const auto stone = parse_board_line(line))
        block_stones_.push_back(*stone);
    else
        block_error_ = "malformed board line \"" + printable_excerpt(trim(line)) + "\"";
}

void Session::finish_block() {
    const Block block = block_;
    block_ = Block::None;
    if (!block_error_.empty()) return error(block_error_);
    if (block == Block::Swap2) return finish_swap2();

    auto built = board_from_fields(board().config(), block_stones_);
    if (!built) return error(built.error());
    player_.set_position(std::move(built).value());
    if (block == Block::Board) think_and_answer(true);
}

void Session::finish_swap2() {
    const std::size_t count = block_moves_.size();
    if (count != 0 && count != 3 && count != 5)
        return error(fmt::format("swap2 needs 0, 3 or 5 stones, not {}", count));
    auto built = board_from_moves(board().config(), block_moves_);
    if (!built) return error(built.error());
    Board opening = std::move(built).value();

    const SearchLimits limits = move_limits(opening, 1);
    const std::int64_t budget = plan_move_time(limits.time).hard_ms;
    auto search = [&](const Board& position, std::int64_t ms) {
        SearchLimits each = limits;
        each.time = TimeControl{};
        each.time.turn_ms = std::max<std::int64_t>(ms, 1);
        each.time.empty_points = position.empty_count();
        if (position.game_over()) return Answer{};
        // No analysis: the candidates' lines would only confuse a GUI.
        return run_search(position, each, {});
    };
    const auto decision = decide_swap2(opening, budget, search);
    if (!decision) return error(decision.error());
    const Swap2Decision& chosen = *decision;
    for (const Point p : chosen.placed) opening.play(p);
    player_.set_position(std::move(opening));
    say(chosen.answer);
}

// ---------------------------------------------------------------- game set-up

GameConfig Session::wanted_config(int width, int height) const {
    GameConfig config{width, height, settings_.win_length, settings_.rule};
    if (config.rule == Rule::Renju && config.win_length != 5) config.rule = Rule::Exact;
    return config;
}

void Session::note_renju_downgrade(const GameConfig& config) {
    if (settings_.rule == Rule::Renju && config.rule != Rule::Renju)
        message(fmt::format("renju is defined for five in a row only: playing exact {} in a row instead",
                            config.win_length));
}

std::optional<GameConfig> Session::new_config(int width, int height) {
    const GameConfig config = wanted_config(width, height);
    if (const int longer = std::max(width, height); config.win_length > longer) {
        // check_config's "win length 5 must be from 3 to 3" reads as if the brain could not
        // count: say what is wrong and what the manager can send instead.
        error(
            fmt::format("a {}x{} board is too small for {} in a row: send INFO win_length {} before START for {} "
                        "in a row there, or START a board of at least {}",
                        width, height, config.win_length, longer, longer, config.win_length));
        return std::nullopt;
    }
    if (const Status s = check_config(config); !s.ok()) {
        error(s.error());
        return std::nullopt;
    }
    note_renju_downgrade(config);
    return config;
}

bool Session::open_board(int width, int height) {
    const auto config = new_config(width, height);
    if (!config) return false;
    player_.new_game(*config, search_threads());
    block_ = Block::None;
    move_costs_.reset();
    resize_hash();
    return true;
}

void Session::resize_hash(bool allow_growth) {
    std::size_t wanted = std::min(table_bytes_for(settings_), physical_memory_cap());
    if (options_.max_hash_bytes) wanted = std::min(wanted, options_.max_hash_bytes);
    const std::size_t current = player_.hash_bytes();
    if (wanted == current || (wanted > current && !allow_growth)) return;
    try {
        // Through a tiny table first, so the old and the new one never exist together: the
        // peak stays under max_memory (GomocupJudge sends it only after START).
        if (current > kStartupHashBytes && wanted > kStartupHashBytes) player_.set_hash_bytes(kStartupHashBytes);
        player_.set_hash_bytes(wanted);
    } catch (const std::exception& e) {
        message(fmt::format("cannot allocate a {} MiB table ({}); using {} MiB", wanted >> 20, e.what(),
                            kFallbackHashBytes >> 20));
        try {
            player_.set_hash_bytes(kFallbackHashBytes);
        } catch (const std::exception&) {
            // the table is down to one spare bucket; the next resize tries again
        }
    }
}

bool Session::require_board() {
    if (player_.has_game()) return true;
    error("no game yet: send START first");
    return false;
}

void Session::cmd_start(std::string_view rest) {
    // "START n", or Yixin-Board's "START w h" (its every start, square boards included).
    const auto [first, second] = split_command(rest);
    const auto width = parse_int(second.empty() ? rest : first);
    const auto height = second.empty() ? width : parse_int(second);
    auto side_ok = [](std::optional<std::int64_t> n) { return n && *n >= kMinBoardSide && *n <= kMaxBoardSide; };
    if (!side_ok(width) || !side_ok(height))
        return error(fmt::format("unsupported board size \"{}\" (this brain plays {}..{})", printable_excerpt(rest),
                                 kMinBoardSide, kMaxBoardSide));
    if (open_board(static_cast<int>(*width), static_cast<int>(*height))) say("OK");
}

void Session::cmd_rectstart(std::string_view rest) {
    const auto size = parse_point(rest);
    if (!size || size->x < kMinBoardSide || size->x > kMaxBoardSide || size->y < kMinBoardSide ||
        size->y > kMaxBoardSide)
        return error(fmt::format("unsupported board size \"{}\" (this brain plays {}..{} a side)",
                                 printable_excerpt(rest), kMinBoardSide, kMaxBoardSide));
    if (open_board(size->x, size->y)) say("OK");
}

void Session::cmd_restart() {
    if (!require_board()) return;
    if (open_board(board().width(), board().height())) say("OK");
}

void Session::cmd_info(std::string_view rest) {
    const auto [key, value] = split_command(rest);
    if (key.empty()) return message("INFO without a key ignored");
    const InfoOutcome outcome = apply_info(settings_, key, value);
    switch (outcome.effect) {
    case InfoEffect::Rejected:
    case InfoEffect::Unsupported:
        return message(outcome.message);
    // Managers send max_memory right after START, and the first move at once (c-gomoku-cli,
    // GomocupJudge, Piskvork): a bigger table then cost ~0.7 s of that move (allocated and
    // cleared), more than a short turn. Growing waits for the next START; START itself already
    // allocated the default table.
    case InfoEffect::Memory:
        if (is_word(key, "MAX_MEMORY") && settings_.max_memory > 0 && settings_.max_memory < kLeastMaxMemory)
            message(
                fmt::format("INFO max_memory {} is below this brain's floor of {} MiB (the program, one search "
                            "thread, the smallest table): it plays with a {} MiB table and one search thread",
                            settings_.max_memory, kLeastMaxMemory >> 20, kMinHashBytes >> 20));
        return resize_hash(/*allow_growth=*/!player_.has_game());
    case InfoEffect::GameShape: {
        if (!player_.has_game() || board().placed_count() != 0) return;  // applies at the next START/RESTART
        const GameConfig config = wanted_config(board().width(), board().height());
        if (!check_config(config).ok())
            return message(
                fmt::format("rule {} with {} in a row does not fit this {}x{} board; it applies at the next START",
                            rule_name(settings_.rule), settings_.win_length, board().width(), board().height()));
        note_renju_downgrade(config);
        player_.new_game(config, search_threads());
        return;
    }
    case InfoEffect::None:
    case InfoEffect::TimeSetting:
        return;
    }
}

// ---------------------------------------------------------------- moves

void Session::cmd_begin() {
    if (!require_board()) return;
    if (has_player_stones(board())) return error("BEGIN needs an empty board");
    think_and_answer(true);
}

void Session::cmd_turn(std::string_view rest) {
    if (!require_board()) return;
    const auto p = parse_point(rest);
    if (!p) return error(fmt::format("malformed move \"{}\"", printable_excerpt(rest)));
    if (!board().on_board(*p)) return error(fmt::format("move {} is off the board", to_protocol(*p)));
    if (board().at(*p) != Color::Empty) return error(fmt::format("move {} is on an occupied point", to_protocol(*p)));
    if (board().game_over()) return error("the game is over");
    player_.play(*p);
    think_and_answer(true);
}

void Session::cmd_takeback(std::string_view rest) {
    if (!require_board()) return;
    const auto p = parse_point(rest);
    if (!p) return error(fmt::format("malformed point \"{}\"", printable_excerpt(rest)));
    auto rebuilt = board_without(board(), *p);
    if (!rebuilt) return error(rebuilt.error());
    player_.set_position(std::move(rebuilt).value());
    say("OK");
}

void Session::cmd_play(std::string_view rest) {
    if (!require_board()) return;
    const auto p = parse_point(rest);
    if (!p) return error(fmt::format("malformed move \"{}\"", printable_excerpt(rest)));
    if (board().game_over()) return error("the game is over");
    if (!board().is_legal(*p)) return error(fmt::format("move {} is off the board or occupied", to_protocol(*p)));
    player_.play(*p);
    say(to_protocol(*p));
}

int Session::search_threads() const {
    const int wanted =
        std::max(options_.max_threads ? std::min(settings_.threads, options_.max_threads) : settings_.threads, 1);
    // Under max_memory a thread must fit beside the table (max_memory bounds the whole process).
    return threads_within(settings_.max_memory, player_.hash_bytes(), wanted);
}

SearchLimits Session::move_limits(const Board& position, int multipv) const {
    const SearchLimitCaps caps{options_.max_depth, options_.max_nodes, options_.max_turn_ms};
    SearchLimits limits = build_search_limits(settings_, caps, position, search_threads(), multipv, line_arrived_);
    limits.time.first_search_of_process = !searched_before_;
    limits.time.move_cost_ms = move_costs_.cost_ms();
    return limits;
}

Answer Session::run_search(const Board& position, const SearchLimits& limits, const Searcher::InfoCallback& on_info) {
    {
        std::lock_guard lock(stop_mutex_);
        player_.start(position, limits, on_info);
        searching_ = true;
        searched_before_ = true;
        if (stop_before_ > line_index_) player_.stop();  // a YXSTOP came before we started
    }
    Answer answer = player_.wait();
    {
        std::lock_guard lock(stop_mutex_);
        searching_ = false;
    }
    return answer;
}

void Session::think_and_answer(bool play, int nbest) {
    if (board().game_over()) return error("the game is over");
    const auto asked = line_arrived_.value_or(std::chrono::steady_clock::now());
    if (play) move_costs_.on_move_asked(settings_.clocks.time_left_ms, settings_.clocks.increment_ms);
    const SearchLimits limits = move_limits(board(), std::max(nbest, 1));
    // The process's start may be on its first move's clock (GomocupJudge): no move cost.
    const bool cost_is_evidence = !limits.time.first_search_of_process;
    AnalysisReporter reporter(out_, settings_.show_detail, limits.multipv);
    NbestRanking ranking(nbest);
    const Answer answer = run_search(board(), limits, [&](const SearchInfo& info) {
        reporter.on_iteration(info);
        ranking.on_iteration(info);
    });
    if (answer.move == kNoPoint) return error("no legal move");
    int rank = 0;
    for (const ScoredMove& m : ranking.ranked(answer.search, answer.move)) say(nbest_line(++rank, m));
    reporter.on_finished(answer.search, answer.move);
    say(to_protocol(answer.move));
    if (play) {
        if (cost_is_evidence)
            move_costs_.on_move_answered(
                std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - asked)
                    .count());
        player_.play(answer.move);
    }
}

// ---------------------------------------------------------------- Yixin-Board

void Session::cmd_yxnbest(std::string_view rest) {
    if (!require_board()) return;
    const auto n = parse_int(rest);
    if (!n || *n < 1) return error(fmt::format("YXNBEST needs a count >= 1, not \"{}\"", printable_excerpt(rest)));
    const int count = static_cast<int>(std::min<std::int64_t>(*n, std::max(board().empty_count(), 1)));
    think_and_answer(false, count);
}

void Session::cmd_yxshowforbid() {
    if (!require_board()) return;
    std::string line = "FORBID ";
    const Board& b = board();
    if (b.rule() == Rule::Renju && b.side_to_move() == Color::Black && !b.game_over()) {
        for (int y = 0; y < b.height(); ++y)
            for (int x = 0; x < b.width(); ++x)
                if (b.is_empty({x, y}) && renju_forbidden(b, {x, y}) != Forbidden::None)
                    line += fmt::format("{:02}{:02}", x, y);
    }
    say(line + ".");
}

// Yixin-Board reads both as the ends of its sliders. MAX_THREAD_NUM: the threads the machine
// runs at once (a larger thread_num is taken, but only shares them). MAX_HASH_SIZE is an
// exponent: the GUI offers hash_size 2^k KiB for k up to it, so it is the largest k whose
// table the brain would really make under its caps (half the machine, max_memory), and at
// most 30, beyond which the GUI's 2^k overflows its int.
void Session::cmd_yxshowinfo() {
    const unsigned threads = std::max(std::thread::hardware_concurrency(), 1u);
    std::size_t most_bytes = physical_memory_cap();
    if (settings_.max_memory > 0)
        most_bytes = std::min(most_bytes, hash_bytes_for(settings_.max_memory, settings_.threads));
    if (options_.max_hash_bytes) most_bytes = std::min(most_bytes, options_.max_hash_bytes);
    int exponent = 0;
    while (exponent < 30 && (std::size_t{1} << (exponent + 1 + 10)) <= most_bytes) ++exponent;
    say(fmt::format("MESSAGE INFO MAX_THREAD_NUM {}", threads));
    say(fmt::format("MESSAGE INFO MAX_HASH_SIZE {}", exponent));
}

}  // namespace tengen
