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
    : options_(options), in_(in), out_(out), color_(color), echo_(echo), player_(options.hash_mb << 20) {
    player_.set_evaluator(options.evaluator);
    player_.new_game(options.config);
}

PlayGame::~PlayGame() = default;

void PlayGame::say(const std::string& line) { out_ << line << '\n' << std::flush; }

// A full board, and renju black left with only forbidden points, are draws: no one can move.
bool PlayGame::over() const { return board().game_over() || !side_to_move_can_play(board()); }

bool PlayGame::engine_to_move() const {
    switch (options_.mode) {
    case PlayMode::EngineVsEngine:
        return true;
    case PlayMode::HumanVsHuman:
        return false;
    case PlayMode::HumanVsEngine:
        break;
    }
    return board().side_to_move() != options_.human;
}

std::string PlayGame::side_label(Color c) const { return fmt::format("{} ({})", color_name(c), stone_letter(c)); }

std::string PlayGame::prompt() const {
    if (over()) return "game over (new, undo, save FILE, load FILE, quit)> ";
    return fmt::format("move {}, {} to play> ", board().placed_count() + 1, side_label(board().side_to_move()));
}

void PlayGame::show_board() {
    BoardViewStyle style;
    style.color = color_;
    if (board().game_over()) style.highlight = board().winning_line();
    out_ << draw_board(board(), style) << std::flush;
    board_shown_ = true;
}

void PlayGame::announce_result() {
    const auto winner = board().winner();
    if (!winner) {
        say(board().empty_count() == 0 ? "Game over: draw, the board is full."
                                       : "Game over: draw, black has no point it may play.");
        return;
    }
    std::string line = fmt::format("Game over: {} wins with {}.", side_label(*winner),
                                   play_points_text(ordered_line(board().winning_line())));
    if (options_.mode == PlayMode::HumanVsEngine) line += *winner == options_.human ? " You win." : " Tengen wins.";
    say(line);
}

Answer PlayGame::think() {
    SearchLimits limits;
    limits.time.turn_ms = std::llround(options_.engine_seconds * 1000.0);
    limits.time.empty_points = board().empty_count();
    return player_.think(limits);
}

void PlayGame::commit(Point p, int ms) {
    player_.play(p);
    move_ms_.push_back(ms);
    board_shown_ = false;
}

void PlayGame::engine_move() {
    const Color side = board().side_to_move();
    const std::int64_t start = now_ms();
    const Answer answer = think();
    const SearchResult& result = answer.search;
    const int ms = static_cast<int>(now_ms() - start);
    const Point p = answer.move;  // a point the engine may play: over() rules out having none
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
    if (!board().on_board(p)) {
        say(fmt::format("{} is off the board ({}x{}: a1 to {})", typed, board().width(), board().height(),
                        play_point_name({board().width() - 1, board().height() - 1})));
        return;
    }
    if (!board().is_empty(p)) {
        say(name + " is already taken");
        return;
    }
    if (board().rule() == Rule::Renju && board().side_to_move() == Color::Black) {
        const Forbidden why = renju_forbidden(board(), p);
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
    const auto& history = board().history();
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
        const Move last = *board().last_move();
        player_.undo();
        move_ms_.pop_back();
        taken.push_back(last.at);
        if (options_.mode == PlayMode::HumanVsHuman || last.color == options_.human) break;
    }
    std::reverse(taken.begin(), taken.end());
    board_shown_ = false;
    say("took back " + play_points_text(taken));
}

void PlayGame::hint() {
    if (over()) {
        say("no hint: the game is over");
        return;
    }
    const Answer answer = think();
    if (answer.move == kNoPoint) {
        say("no hint: the engine found no move");
        return;
    }
    say(fmt::format("hint: {} (eval {}, depth {})", play_point_name(answer.move), format_score(answer.search.score),
                    answer.search.depth));
}

void PlayGame::new_game() {
    player_.new_game(board().config());
    move_ms_.clear();
    board_shown_ = false;
    say("new game");
}

void PlayGame::save(const std::string& path) {
    auto name = [&](Color c) {
        const bool human = options_.mode == PlayMode::HumanVsHuman ||
                           (options_.mode == PlayMode::HumanVsEngine && c == options_.human);
        return std::string(human ? "human" : "pbrain-tengen");
    };
    if (const Status saved = save_psq_file(path, board(), move_ms_, name(Color::Black), name(Color::White));
        !saved.ok()) {
        say("not saved: " + saved.error());
        return;
    }
    say(fmt::format("saved {} moves to {}", board().placed_count(), path));
}

void PlayGame::load(const std::string& path) {
    auto loaded = load_psq_file(path, board().win_length(), board().rule());
    if (!loaded) {
        say("not loaded: " + loaded.error());
        return;
    }
    LoadedGame& game = *loaded;
    player_.set_position(std::move(game.board));
    move_ms_ = std::move(game.move_ms);
    say(fmt::format("loaded {} moves from {} ({}x{})", board().placed_count(), path, board().width(),
                    board().height()));
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
    const auto& c = board().config();
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
