#include "protocol/serve_board.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "ai/player.h"
#include "engine/records.h"
#include "engine/notation.h"
#include "engine/text.h"
#include "engine/renju.h"
#include "protocol/analysis_format.h"
#include "protocol/brain_identity.h"
#include "protocol/play_board_view.h"
#include "protocol/play_record_io.h"

namespace tengen {

namespace {

using nlohmann::json;

constexpr int kAnalysisLines = 3;
constexpr std::int64_t kMinTurnMs = 10, kMaxTurnMs = 600'000;
constexpr std::int64_t kInfoIntervalMs = 40;     // at most ~25 analysis messages a second
constexpr std::size_t kMaxWaitingMessages = 64;  // a page sending faster than its board works is refused
constexpr const char* kEngineName = "Tengen";
constexpr const char* kPersonName = "Human";

// A message the page sent that cannot be obeyed: its reason goes back as an error message.
struct Refusal {
    std::string reason;
};

json point_json(Point p) { return {{"x", p.x}, {"y", p.y}, {"name", play_point_name(p)}}; }

json points_json(const std::vector<Point>& points) {
    json out = json::array();
    for (const Point p : points) out.push_back(point_json(p));
    return out;
}

std::string color_word(Color c) { return c == Color::Black ? "black" : "white"; }

json error_json(std::string_view request, std::string_view reason) {
    return {{"type", "error"}, {"request", request}, {"message", reason}};
}

// The messages that leave the position as it is: they do not cancel the engine's move.
bool keeps_position(std::string_view type) { return type == "save" || type == "state" || type == "stop"; }

int int_field(const json& message, const char* key, int fallback, int lo, int hi) {
    if (!message.contains(key)) return fallback;
    const json& v = message.at(key);
    if (!v.is_number_integer()) throw Refusal{std::string(key) + " must be a whole number"};
    const auto n = v.get<std::int64_t>();
    if (n < lo || n > hi) throw Refusal{fmt::format("{} {} is outside {}..{}", key, n, lo, hi)};
    return static_cast<int>(n);
}

std::string string_field(const json& message, const char* key, std::string fallback) {
    if (!message.contains(key)) return fallback;
    const json& v = message.at(key);
    if (!v.is_string()) throw Refusal{std::string(key) + " must be a string"};
    return v.get<std::string>();
}

bool seat_field(const json& message, const char* key, bool fallback) {
    const std::string who = string_field(message, key, fallback ? "engine" : "human");
    if (who == "engine") return true;
    if (who == "human") return false;
    throw Refusal{fmt::format("{} must be \"human\" or \"engine\", not \"{}\"", key, printable_excerpt(who))};
}

std::string result_word(const Board& b) {
    switch (b.status()) {
    case GameStatus::BlackWins:
        return "black";
    case GameStatus::WhiteWins:
        return "white";
    case GameStatus::Draw:
        return "draw";
    case GameStatus::Ongoing:
        break;
    }
    return "";
}

std::string forbidden_reason(Forbidden f) {
    switch (f) {
    case Forbidden::DoubleThree:
        return "double three: it would make two open threes at once";
    case Forbidden::DoubleFour:
        return "double four: it would make two fours at once";
    case Forbidden::Overline:
        return "overline: it would make six or more in a row";
    case Forbidden::None:
        break;
    }
    return "";
}

// What one search has reported so far: the latest line of each rank, sent to the page at
// most every kInfoIntervalMs. Shared by the search thread (on_info) and the worker (the
// final report after the search ends).
struct AnalysisReport {
    std::mutex mutex;
    std::vector<SearchInfo> lines;
    std::int64_t last_sent_ms = -kInfoIntervalMs;
    std::string search;  // "engine" or "analysis"
    std::uint64_t position_id = 0;
    Color side = Color::Black;

    json message(bool final) const {
        json out{{"type", "analysis"},       {"search", search}, {"position_id", position_id},
                 {"side", color_word(side)}, {"final", final},   {"lines", json::array()}};
        if (lines.empty()) return out;
        const SearchInfo& best = lines.front();
        out["depth"] = best.depth;
        out["seldepth"] = best.seldepth;
        out["nodes"] = best.nodes;
        out["nps"] = best.nps;
        out["elapsed_ms"] = best.elapsed_ms;
        int rank = 0;
        for (const SearchInfo& line : lines) {
            if (line.pv.empty()) continue;
            const double win = win_rate(line.score);
            out["lines"].push_back({{"rank", ++rank},
                                    {"move", point_json(line.pv.front())},
                                    {"score", format_score(line.score)},
                                    {"win_probability", win},
                                    {"black_win_probability", side == Color::Black ? win : 1.0 - win},
                                    {"depth", line.depth},
                                    {"pv", points_json(line.pv)}});
        }
        return out;
    }
};

}  // namespace

struct ServeBoard::Game {
    Game(const ServeBoardOptions& o, ServeBoard::Send& s) : options(o), send(s), player(o.hash_bytes) {}

    ServeBoardOptions options;
    ServeBoard::Send& send;
    Player player;
    bool engine_black = false;
    bool engine_white = true;
    std::int64_t turn_ms = 1000;
    bool analysis = true;
    std::vector<int> move_ms;       // per move of the history, for the .psq record
    std::uint64_t position_id = 0;  // changes with every change of the position
    std::chrono::steady_clock::time_point position_since = std::chrono::steady_clock::now();
    std::shared_ptr<AnalysisReport> report;  // the running (or last) search's

    const Board& board() const { return player.position(); }
    bool is_engine(Color c) const { return c == Color::Black ? engine_black : engine_white; }
    bool engine_to_move() const { return is_engine(board().side_to_move()); }
    std::string name_of(Color c) const { return is_engine(c) ? kEngineName : kPersonName; }

    void position_changed() {
        ++position_id;
        position_since = std::chrono::steady_clock::now();
        move_ms.resize(board().history().size(), 0);
    }

    int elapsed_since_change() const {
        return static_cast<int>(
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - position_since)
                .count());
    }

    void handle(const json& message) {
        const std::string type = message.at("type").get<std::string>();
        try {
            if (type == "state") return send_state();
            if (type == "new") return new_game(message);
            if (type == "play") return play(message);
            if (type == "undo") return undo();
            if (type == "settings") return settings(message);
            if (type == "stop") return;  // the network thread already stopped the search
            if (type == "load") return load(message);
            if (type == "save") return save(message);
            throw Refusal{fmt::format("unknown message type \"{}\"", printable_excerpt(type))};
        } catch (const Refusal& refusal) {
            send(error_json(type, refusal.reason).dump());
        } catch (const std::exception& e) {  // a json type error or an allocation: this message fails, not the board
            send(error_json(type, std::string("could not handle the message: ") + e.what()).dump());
        }
    }

    void new_game(const json& m) {
        const Board& b = board();
        const int width = int_field(m, "width", b.width(), 1, 1'000'000);
        const int height = int_field(m, "height", b.height(), 1, 1'000'000);
        const int k = int_field(m, "k", b.win_length(), 1, 1'000'000);
        const std::string rule_text = string_field(m, "rule", std::string(rule_name(b.rule())));
        const auto rule = parse_rule(rule_text);
        if (!rule) throw Refusal{fmt::format("unknown rule \"{}\"", printable_excerpt(rule_text))};
        const GameConfig config{width, height, k, *rule};
        if (const Status s = check_config(config); !s.ok()) throw Refusal{s.error()};
        const bool black = seat_field(m, "black", engine_black), white = seat_field(m, "white", engine_white);
        const std::int64_t ms = int_field(m, "time_ms", static_cast<int>(turn_ms), kMinTurnMs, kMaxTurnMs);
        engine_black = black;
        engine_white = white;
        turn_ms = ms;
        player.new_game(config, options.threads);
        position_changed();
        send_state();
    }

    void play(const json& m) {
        if (!m.contains("x") || !m.contains("y")) throw Refusal{"a move needs x and y"};
        const Point p{int_field(m, "x", 0, -1'000'000, 1'000'000), int_field(m, "y", 0, -1'000'000, 1'000'000)};
        const Board& b = board();
        if (b.game_over()) throw Refusal{"the game is over"};
        if (engine_to_move())
            throw Refusal{fmt::format("it is {}'s move ({})", kEngineName, color_word(b.side_to_move()))};
        if (!b.on_board(p))
            throw Refusal{fmt::format("{} is off the {}x{} board", to_protocol(p), b.width(), b.height())};
        if (!b.is_empty(p)) throw Refusal{fmt::format("{} is already taken", play_point_name(p))};
        if (b.rule() == Rule::Renju && b.side_to_move() == Color::Black)
            if (const Forbidden f = renju_forbidden(b, p); f != Forbidden::None)
                throw Refusal{
                    fmt::format("{} is forbidden to black under renju: {}", play_point_name(p), forbidden_reason(f))};
        const int ms = elapsed_since_change();
        player.play(p);
        position_changed();
        move_ms.back() = ms;
        send_state();
    }

    void undo() {
        if (board().history().empty()) throw Refusal{"there is no move to take back"};
        // Back to the last stone a person played, so a person facing the engine gets the
        // turn again with their own move taken back too.
        while (!board().history().empty()) {
            const Color mover = board().history().back().color;
            player.undo();
            if (!is_engine(mover) || (engine_black && engine_white)) break;
        }
        position_changed();
        send_state();
    }

    void settings(const json& m) {
        const bool black = seat_field(m, "black", engine_black), white = seat_field(m, "white", engine_white);
        const std::int64_t ms = int_field(m, "time_ms", static_cast<int>(turn_ms), kMinTurnMs, kMaxTurnMs);
        bool wants_analysis = analysis;
        if (m.contains("analysis")) {
            if (!m["analysis"].is_boolean()) throw Refusal{"analysis must be true or false"};
            wants_analysis = m["analysis"].get<bool>();
        }
        engine_black = black;
        engine_white = white;
        turn_ms = ms;
        analysis = wants_analysis;
        send_state();
    }

    void load(const json& m) {
        const std::string format = string_field(m, "format", "psq");
        const std::string text = string_field(m, "text", "");
        const Board& b = board();
        int k = int_field(m, "k", b.win_length(), 1, 1'000'000);
        const std::string rule_text = string_field(m, "rule", std::string(rule_name(b.rule())));
        auto rule = parse_rule(rule_text);
        if (!rule) throw Refusal{fmt::format("unknown rule \"{}\"", printable_excerpt(rule_text))};
        GameRecord record;
        if (format == "psq") {
            auto read = read_psq(text);
            if (!read) throw Refusal{"the .psq record: " + read.error()};
            record = std::move(read).value();
        } else if (format == "sgf") {
            auto read = read_sgf(text);
            if (!read) throw Refusal{"the SGF record: " + read.error()};
            record = read->record;
            if (read->rule) rule = read->rule;
            if (read->win_length) k = *read->win_length;
        } else {
            throw Refusal{fmt::format("unknown record format \"{}\" (psq or sgf)", printable_excerpt(format))};
        }
        auto loaded = replay_record(record, k, *rule, "the record");
        if (!loaded) throw Refusal{loaded.error()};
        player.new_game(loaded->board.config(), options.threads);
        player.set_position(loaded->board);
        position_changed();
        move_ms = loaded->move_ms;
        send_state();
    }

    void save(const json& m) {
        const std::string format = string_field(m, "format", "psq");
        const Board& b = board();
        const GameRecord record = record_of_game(b, move_ms, name_of(Color::Black), name_of(Color::White));
        std::string text;
        if (format == "psq") {
            text = write_psq(record);
        } else if (format == "sgf") {
            const std::string result = result_word(b);
            text = write_sgf(record, b.rule(), b.win_length(),
                             result == "black"   ? "B+"
                             : result == "white" ? "W+"
                             : result == "draw"  ? "0"
                                                 : "");
        } else {
            throw Refusal{fmt::format("unknown record format \"{}\" (psq or sgf)", printable_excerpt(format))};
        }
        send(
            json{{"type", "record"}, {"format", format}, {"filename", "tengen-game." + format}, {"text", text}}.dump());
    }

    void send_state() {
        const Board& b = board();
        json moves = json::array();
        for (const Move& move : b.history()) {
            json entry = point_json(move.at);
            entry["color"] = color_word(move.color);
            moves.push_back(std::move(entry));
        }
        json forbidden = json::array();
        if (b.rule() == Rule::Renju && b.side_to_move() == Color::Black && !b.game_over())
            for (int y = 0; y < b.height(); ++y)
                for (int x = 0; x < b.width(); ++x)
                    if (b.is_empty({x, y}))
                        if (const Forbidden f = renju_forbidden(b, {x, y}); f != Forbidden::None) {
                            json entry = point_json({x, y});
                            entry["reason"] = forbidden_reason(f);
                            forbidden.push_back(std::move(entry));
                        }
        const std::string result = result_word(b);
        send(json{{"type", "state"},
                  {"position_id", position_id},
                  {"width", b.width()},
                  {"height", b.height()},
                  {"k", b.win_length()},
                  {"rule", rule_name(b.rule())},
                  {"to_move", color_word(b.side_to_move())},
                  {"moves", std::move(moves)},
                  {"result", result.empty() ? json(nullptr) : json(result)},
                  {"winning_line", points_json(b.winning_line())},
                  {"forbidden", std::move(forbidden)},
                  {"black", engine_black ? "engine" : "human"},
                  {"white", engine_white ? "engine" : "human"},
                  {"black_name", name_of(Color::Black)},
                  {"white_name", name_of(Color::White)},
                  {"time_ms", turn_ms},
                  {"analysis", analysis},
                  {"engine_to_move", !b.game_over() && engine_to_move()}}
                 .dump());
    }

    SearchLimits limits(bool engine_move) const {
        BrainSettings settings;
        settings.clocks.turn_ms = turn_ms;
        const int lines = engine_move ? 1 : std::min(kAnalysisLines, std::max(board().empty_count(), 1));
        SearchLimits out = build_search_limits(settings, options.caps, board(), options.threads, lines);
        out.infinite = !engine_move;  // an analysis runs until the position changes
        return out;
    }

    Searcher::InfoCallback start_report(bool engine_move, int multipv) {
        report = std::make_shared<AnalysisReport>();
        report->search = engine_move ? "engine" : "analysis";
        report->position_id = position_id;
        report->side = board().side_to_move();
        return [report = report, send = send, multipv](const SearchInfo& info) {
            std::lock_guard lock(report->mutex);
            if (info.multipv_index == 0) report->lines.clear();
            if (info.multipv_index != static_cast<int>(report->lines.size())) return;  // a line out of order
            report->lines.push_back(info);
            const bool complete = static_cast<int>(report->lines.size()) == multipv;
            if (!complete || info.elapsed_ms - report->last_sent_ms < kInfoIntervalMs) return;
            report->last_sent_ms = info.elapsed_ms;
            send(report->message(false).dump());
        };
    }

    void finish_report() {
        if (!report) return;
        std::lock_guard lock(report->mutex);
        send(report->message(true).dump());
    }

    void play_engine_move(Point p, int ms) {
        player.play(p);
        position_changed();
        move_ms.back() = ms;
        send_state();
    }
};

ServeBoard::ServeBoard(Send send, ServeBoardOptions options)
    : send_(std::move(send)), game_(std::make_unique<Game>(options, send_)) {
    game_->player.new_game(GameConfig{15, 15, 5, Rule::Freestyle}, options.threads);
    worker_ = std::thread([this] { run_worker(); });
}

ServeBoard::~ServeBoard() {
    close();
    if (worker_.joinable()) worker_.join();
}

void ServeBoard::close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    cancelled_ = true;
    if (search_ != Search::None) game_->player.stop();
    wake_.notify_all();
}

void ServeBoard::receive(std::string_view text) {
    json message = json::parse(text, nullptr, false);
    if (message.is_discarded()) return send_(error_json("", "the message is not JSON").dump());
    if (!message.is_object() || !message.contains("type") || !message["type"].is_string())
        return send_(error_json("", "a message is a JSON object with a string \"type\"").dump());
    const std::string type = message["type"].get<std::string>();
    std::lock_guard lock(mutex_);
    if (closed_) return;
    if (queue_.size() >= kMaxWaitingMessages)
        return send_(error_json(type, "too many messages are waiting: this one was dropped").dump());
    queue_.push_back(std::move(message));
    wake_.notify_all();
    // An analysis is for the position on the board now: any message ends it. The engine's
    // move is cut short only by a message that changes the game; "stop" has it move now.
    if (search_ == Search::Analysis || (search_ == Search::EngineMove && !keeps_position(type))) {
        cancelled_ = search_ == Search::EngineMove;
        game_->player.stop();
    } else if (search_ == Search::EngineMove && type == "stop") {
        game_->player.stop();
    }
}

std::optional<json> ServeBoard::next_message() {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [&] { return closed_ || !queue_.empty(); });
    if (closed_) return std::nullopt;
    json message = std::move(queue_.front());
    queue_.pop_front();
    return message;
}

void ServeBoard::run_worker() {
    game_->send_state();
    think_while_idle();
    while (const auto message = next_message()) {
        game_->handle(*message);
        think_while_idle();
    }
}

// With no message waiting: the engine's move when it is to move (again and again when it
// plays both sides), else an analysis of the position for the person to move, if wanted.
void ServeBoard::think_while_idle() {
    Game& g = *game_;
    while (!g.board().game_over()) {
        const bool engine_move = g.engine_to_move();
        if (!engine_move && !g.analysis) return;
        const SearchLimits limits = g.limits(engine_move);
        const auto started = std::chrono::steady_clock::now();
        {
            std::lock_guard lock(mutex_);
            if (closed_ || !queue_.empty()) return;
            search_ = engine_move ? Search::EngineMove : Search::Analysis;
            cancelled_ = false;
            g.player.start(limits, g.start_report(engine_move, limits.multipv));
        }
        const Answer answer = g.player.wait();
        bool cancelled = false;
        {
            std::lock_guard lock(mutex_);
            search_ = Search::None;
            cancelled = cancelled_;
        }
        if (cancelled) return;
        g.finish_report();
        if (!engine_move) return;  // the analysis was stopped or ran out of depth
        if (answer.move == kNoPoint) {
            send_(error_json("engine", "the engine found no move to play").dump());
            return;
        }
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
        g.play_engine_move(answer.move, static_cast<int>(ms.count()));
    }
}

}  // namespace tengen
