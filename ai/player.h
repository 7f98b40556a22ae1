// The player every front end talks to: the brain session (protocol text), `play` (a
// terminal) and selfplay each hold one Player. It owns the game being played, the Searcher with
// its table, and the one rule about what may leave as an answer. Front ends only fill in
// SearchLimits and show the answer; none of them touches the Searcher or judges a move itself.
#pragma once

#include <cstddef>
#include <optional>

#include "engine/board.h"
#include "ai/searcher.h"

namespace tengen {

// What the player answers: a point the side to move may play, and the search behind it.
struct Answer {
    // kNoPoint only when the board has no empty point or the game is over. When renju leaves
    // black nothing but forbidden points, the one nearest the centre (a referee calls the
    // position a draw before it asks; a brain must still answer something).
    Point move = kNoPoint;
    SearchResult search;
};

// The answer rule: the search's best move when the side to move may play it, else the first
// such point among its ranked moves, else the playable point nearest the centre. A working
// search never needs the fallback; it is here so that a fault costs a weaker move, never a
// forfeited game.
Point playable_answer(const Board& position, const SearchResult& result);

// Whether p is a point the side to move may play: on the board, empty, and under renju not
// forbidden to black.
bool may_play(const Board& position, Point p);

class Player {
public:
    explicit Player(std::size_t hash_bytes);
    ~Player();
    Player(const Player&) = delete;
    Player& operator=(const Player&) = delete;

    // ---- the game
    bool has_game() const noexcept { return game_.has_value(); }
    const Board& position() const { return *game_; }  // precondition: has_game()
    // Also makes the search's state for the new shape for `threads` threads (see
    // Searcher::prepare), so the game's first move does not wait for it.
    void new_game(const GameConfig& config, int threads = 1);
    void set_position(Board position);
    void play(Point p);  // precondition: position().is_legal(p)
    void undo();         // takes the last stone back; precondition: a stone to take back

    // ---- the table
    // Reallocates now (never inside a move's budget). Throws std::bad_alloc (or what the
    // allocation throws) and then holds no known size: hash_bytes() is 0.
    void set_hash_bytes(std::size_t bytes);
    std::size_t hash_bytes() const noexcept { return hash_bytes_; }
    void clear_hash();

    // ---- judgement
    // The tables or the value network (Searcher::set_evaluator); a change clears the table.
    void set_evaluator(EvaluatorChoice choice) { searcher_.set_evaluator(choice); }

    // ---- thinking
    // start() searches the game's position, or another one (swap2 weighs candidate openings
    // that are not the game), on the searcher's thread; wait() returns the answer for the
    // position searched. Precondition of start: nothing running, the position not over.
    void start(const SearchLimits& limits, Searcher::InfoCallback on_info = {});
    void start(const Board& position, const SearchLimits& limits, Searcher::InfoCallback on_info = {});
    Answer wait();
    void stop();  // thread-safe, idempotent: the running search answers with what it has
    bool thinking() const noexcept { return searcher_.running(); }

    // start() + wait().
    Answer think(const SearchLimits& limits, Searcher::InfoCallback on_info = {});
    Answer think_about(const Board& position, const SearchLimits& limits, Searcher::InfoCallback on_info = {});

private:
    std::optional<Board> game_;
    std::optional<Board> searched_;  // the position of the running (or last) search
    Searcher searcher_;
    std::size_t hash_bytes_;
};

}  // namespace tengen
