#include "protocol/play_game.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <istream>
#include <ostream>
#include <variant>

#include <fmt/format.h>

#include "protocol/play_board_view.h"
#include "protocol/play_record_io.h"
#include "engine/renju.h"
#include "ai/searcher.h"

namespace tengen {

namespace {

char stone_letter(Color c) { return c == Color::Black ? 'X' : 'O'; }

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// A winning line in reading order: sorting by column then row follows every direction.
std::vector<Point> ordered_line(std::vector<Point> line) {
    std::sort(line.begin(), line.end(), [](Point a, Point b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
    return line;
}

}  // namespace

PlayGame::PlayGame(const PlayOptions& options, std::istream& in, std::ostream& out, bool color, bool echo)
    : options_(options), in_(in), out_(out), color_(color), echo_(echo), board_(options.config) {}

PlayGame::~PlayGame() = default;

void PlayGame::say(const std::string& line) { out_ << line << '\n' << std::flush; }

bool PlayGame::over() const { return board_.game_over() || forfeit_.has_value() || board_.empty_count() == 0; }

bool PlayGame::engine_to_move() const {
    switch (options_.mode) {
    case PlayMode::EngineVsEngine:
        return true;
    case PlayMode::HumanVsHuman:
        return false;
    case PlayMode::HumanVsEngine:
        break;
    }
    return board_.side_to_move() != options_.human;
}

std::string PlayGame::side_label(Color c) const { return fmt::format("{} ({})", color_name(c), stone_letter(c)); }

std::string PlayGame::prompt() const {
    if (over()) return "game over (new, undo, save FILE, load FILE, quit)> ";
    return fmt::format("move {}, {} to play> ", board_.stone_count() + 1, side_label(board_.side_to_move()));
}

void PlayGame::show_board() {
    BoardViewStyle style;
    style.color = color_;
    if (board_.game_over()) style.highlight = board_.winning_line();
    out_ << draw_board(board_, style) << std::flush;
    board_shown_ = true;
}

void PlayGame::announce_result() {
    if (forfeit_) {
        say("Game over: " + *forfeit_);
        return;
    }
    const auto winner = board_.winner();
    if (!winner) {
        say("Game over: draw, the board is full.");
        return;
    }
    std::string line = fmt::format("Game over: {} wins with {}.", side_label(*winner),
                                   play_points_text(ordered_line(board_.winning_line())));
    if (options_.mode == PlayMode::HumanVsEngine) line += *winner == options_.human ? " You win." : " Tengen wins.";
    say(line);
}

Searcher& PlayGame::engine() {
    if (!searcher_) searcher_ = std::make_unique<Searcher>(options_.hash_mb << 20);
    return *searcher_;
}

SearchResult PlayGame::think() {
    SearchLimits limits;
    limits.time.turn_ms = std::llround(options_.engine_seconds * 1000.0);
    limits.time.empty_points = board_.empty_count();
    return engine().search(board_, limits);
}

void PlayGame::commit(Point p, int ms) {
    board_.play(p);
    move_ms_.push_back(ms);
    board_shown_ = false;
}

void PlayGame::engine_move() {
    const Color side = board_.side_to_move();
    const std::int64_t start = now_ms();
    const SearchResult result = think();
    const int ms = static_cast<int>(now_ms() - start);
    Point p = result.best;
    if (!board_.is_legal(p)) {
        // Never leave the game stuck on an engine fault: take the first free point.
        for (int i = 0; i < board_.area() && !board_.is_legal(p); ++i) p = board_.point(i);
        say("tengen gave no legal move; playing " + play_point_name(p) + " instead");
    }
    if (board_.rule() == Rule::Renju && side == Color::Black) {
        const Forbidden why = renju_forbidden(board_, p);
        if (why != Forbidden::None)
            forfeit_ = fmt::format("black played the forbidden point {} ({}); white (O) wins.", play_point_name(p),
                                   forbidden_name(why));
    }
    const std::string who = options_.mode == PlayMode::EngineVsEngine ? "tengen " + side_label(side) : "tengen";
    commit(p, ms);
    say(fmt::format("{} plays {} (eval {}, depth {}, {:.2f} s)", who, play_point_name(p), format_score(result.score),
                    result.depth, ms / 1000.0));
    if (options_.mode == PlayMode::EngineVsEngine || over()) show_board();
    if (over()) announce_result();
}

void PlayGame::human_move(Point p, const std::string& typed) {
    if (over()) {
        say("the game is over: type new, undo, save FILE, load FILE or quit");
        return;
    }
    const std::string name = play_point_name(p);
    if (!board_.on_board(p)) {
        say(fmt::format("{} is off the board ({}x{}: a1 to {})", typed, board_.width(), board_.height(),
                        play_point_name({board_.width() - 1, board_.height() - 1})));
        return;
    }
    if (!board_.is_empty(p)) {
        say(name + " is already taken");
        return;
    }
    if (board_.rule() == Rule::Renju && board_.side_to_move() == Color::Black) {
        const Forbidden why = renju_forbidden(board_, p);
        if (why != Forbidden::None) {
            say(fmt::format("{} is forbidden for black under renju: {}", name, forbidden_name(why)));
            return;
        }
    }
    commit(p, 0);
    if (over()) {
        show_board();
        announce_result();
    }
}

void PlayGame::undo() {
    if (options_.mode == PlayMode::EngineVsEngine) {
        say("undo is not available when the engine plays both sides");
        return;
    }
    const auto& history = board_.history();
    const bool has_human_move =
        options_.mode == PlayMode::HumanVsHuman
            ? !history.empty()
            : std::any_of(history.begin(), history.end(), [&](const Move& m) { return m.color == options_.human; });
    if (!has_human_move) {
        say("nothing to undo");
        return;
    }
    // Against the engine: back to the human's last turn (the engine's reply and the move).
    std::vector<Point> taken;
    for (;;) {
        const Move last = *board_.last_move();
        board_.unmake();
        move_ms_.pop_back();
        taken.push_back(last.at);
        if (options_.mode == PlayMode::HumanVsHuman || last.color == options_.human) break;
    }
    std::reverse(taken.begin(), taken.end());
    forfeit_.reset();
    board_shown_ = false;
    say("took back " + play_points_text(taken));
}

void PlayGame::hint() {
    if (over()) {
        say("no hint: the game is over");
        return;
    }
    const SearchResult result = think();
    if (!board_.is_legal(result.best)) {
        say("no hint: the engine found no move");
        return;
    }
    say(fmt::format("hint: {} (eval {}, depth {})", play_point_name(result.best), format_score(result.score),
                    result.depth));
}

void PlayGame::new_game() {
    board_ = Board(board_.config());
    move_ms_.clear();
    forfeit_.reset();
    board_shown_ = false;
    say("new game");
}

void PlayGame::save(const std::string& path) {
    auto name = [&](Color c) {
        const bool human = options_.mode == PlayMode::HumanVsHuman ||
                           (options_.mode == PlayMode::HumanVsEngine && c == options_.human);
        return std::string(human ? "human" : "pbrain-tengen");
    };
    if (const auto why = save_psq_file(path, board_, move_ms_, name(Color::Black), name(Color::White))) {
        say("not saved: " + *why);
        return;
    }
    say(fmt::format("saved {} moves to {}", board_.stone_count(), path));
}

void PlayGame::load(const std::string& path) {
    auto loaded = load_psq_file(path, board_.win_length(), board_.rule());
    if (const auto* why = std::get_if<std::string>(&loaded)) {
        say("not loaded: " + *why);
        return;
    }
    auto& game = std::get<LoadedGame>(loaded);
    board_ = std::move(game.board);
    move_ms_ = std::move(game.move_ms);
    forfeit_.reset();
    say(fmt::format("loaded {} moves from {} ({}x{})", board_.stone_count(), path, board_.width(), board_.height()));
    show_board();
    if (over()) announce_result();
}

void PlayGame::help() {
    say("moves: h8 (column letter, row number; row 1 is the top) or 8,8 (column, row from 1)");
    say("undo            take back your last move (and the engine's reply)");
    say("hint            the engine's suggestion and evaluation");
    say("new             a new game");
    say("save FILE       write the game as a Piskvork .psq record");
    say("load FILE       read a .psq record and continue from it");
    say("quit            leave (end of input too)");
}

int PlayGame::run() {
    const auto& c = board_.config();
    say(fmt::format("Tengen play: {}x{}, {} in a row, {} rule.", c.width, c.height, c.win_length, rule_name(c.rule)));
    switch (options_.mode) {
    case PlayMode::HumanVsEngine:
        say(fmt::format("You have {}; the engine has {} and {} s a move.", side_label(options_.human),
                        side_label(opponent(options_.human)), options_.engine_seconds));
        break;
    case PlayMode::HumanVsHuman:
        say("Two players: black (X) moves first.");
        break;
    case PlayMode::EngineVsEngine:
        say(fmt::format("Tengen plays both sides with {} s a move.", options_.engine_seconds));
        break;
    }
    say("Type a move like h8 or 8,8; help lists the commands. [ ] marks the last move.");

    for (;;) {
        if (!over() && engine_to_move()) {
            engine_move();
            continue;
        }
        if (!board_shown_) show_board();
        out_ << prompt() << std::flush;
        std::string line;
        if (!std::getline(in_, line)) {
            out_ << '\n' << std::flush;
            return 0;
        }
        if (echo_) out_ << line << '\n' << std::flush;
        const PlayInput input = parse_play_input(line);
        switch (input.kind) {
        case PlayInputKind::Empty:
            break;
        case PlayInputKind::Move:
            human_move(input.point, input.text);
            break;
        case PlayInputKind::Undo:
            undo();
            break;
        case PlayInputKind::Hint:
            hint();
            break;
        case PlayInputKind::New:
            new_game();
            break;
        case PlayInputKind::Save:
            save(input.text);
            break;
        case PlayInputKind::Load:
            load(input.text);
            break;
        case PlayInputKind::Help:
            help();
            break;
        case PlayInputKind::Invalid:
            say(input.text);
            break;
        case PlayInputKind::Quit:
            say("bye");
            return 0;
        }
    }
}

}  // namespace tengen
