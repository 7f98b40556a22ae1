// The game loop of `pbrain-tengen play`: the terminal in front of a Player. It reads lines,
// plays the human's moves, asks the Player for Tengen's, and draws the board. Streams are injected so the loop is the same for a terminal and a pipe.
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "ai/player.h"
#include "protocol/play_input.h"
#include "protocol/play_options.h"

namespace tengen {

class PlayGame {
public:
    // color: the caller has decided that ANSI colour is wanted and possible. echo: write each
    // line read after its prompt (for input that is not a terminal, so transcripts read well).
    PlayGame(const PlayOptions& options, std::istream& in, std::ostream& out, bool color, bool echo);
    ~PlayGame();
    PlayGame(const PlayGame&) = delete;
    PlayGame& operator=(const PlayGame&) = delete;

    // Plays until quit or end of input; returns the exit code (0).
    int run();

private:
    bool over() const;
    bool engine_to_move() const;
    std::string side_label(Color c) const;
    std::string prompt() const;
    void show_board();
    void announce_result();
    void engine_move();
    Answer think();
    const Board& board() const { return player_.position(); }
    void human_move(Point p, const std::string& typed);
    void commit(Point p, int ms);  // plays for the side to move
    void undo();
    void hint();
    void new_game();
    void save(const std::string& path);
    void load(const std::string& path);
    void help();
    // One line on out, flushed: every answer is a line a pipe can read at once.
    void say(const std::string& line);

    PlayOptions options_;
    std::istream& in_;
    std::ostream& out_;
    bool color_;
    bool echo_;
    Player player_;             // owns the game and plays Tengen's side
    std::vector<int> move_ms_;  // per move of the game's history
    bool board_shown_ = false;
};

}  // namespace tengen
