// The position: stones on a W x H board, the side to move, the history, the Zobrist hash
// and the game's result, all kept up to date by make/unmake.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/types.h"

namespace tengen {

enum class GameStatus : std::uint8_t { Ongoing, BlackWins, WhiteWins, Draw };

// The four line directions: horizontal, vertical, diagonal, anti-diagonal.
inline constexpr std::array<Point, 4> kDirections{{{1, 0}, {0, 1}, {1, 1}, {1, -1}}};

class Board {
public:
    // Throws std::invalid_argument with check_config()'s reason when the config is not
    // playable; call check_config() first where bad input is expected.
    explicit Board(const GameConfig& config = {});

    const GameConfig& config() const noexcept { return config_; }
    int width() const noexcept { return config_.width; }
    int height() const noexcept { return config_.height; }
    int win_length() const noexcept { return config_.win_length; }
    Rule rule() const noexcept { return config_.rule; }
    int area() const noexcept { return config_.width * config_.height; }

    bool on_board(Point p) const noexcept {
        return p.x >= 0 && p.y >= 0 && p.x < config_.width && p.y < config_.height;
    }
    // Off-board points read as Wall, so callers may walk past the edge.
    Color at(Point p) const noexcept;
    bool is_empty(Point p) const noexcept { return on_board(p) && at(p) == Color::Empty; }
    // Dense index y * width + x, for callers that keep per-point arrays.
    int index(Point p) const noexcept { return p.y * config_.width + p.x; }
    Point point(int index) const noexcept { return {index % config_.width, index / config_.width}; }

    Color side_to_move() const noexcept { return side_to_move_; }
    void set_side_to_move(Color c) noexcept;  // Black or White; updates the hash

    // Places m.color (Black, White or Wall) at the empty on-board point m.at. A black or
    // white stone passes the turn to the other colour; a wall leaves the turn unchanged.
    // Preconditions (checked only by assert): on board, empty, game not over.
    void make(Move m) noexcept;
    void play(Point p) noexcept { make({p, side_to_move_}); }
    // Takes back the last make(); restores stones, side to move, hash and status exactly.
    void unmake() noexcept;

    // Setting up a position from a list of stones whose order means nothing (a BOARD block
    // outside renju): place each without judging (a five that a later stone turns into an
    // overline, or that later blockers close under caro, is not a win), then judge the whole
    // board once. Same preconditions as make() except that the game may look over meanwhile.
    void place_unjudged(Move m) noexcept;
    void judge_whole_board() noexcept;

    // Is p a legal point for the side to move: on board, empty, game not over. (Renju
    // forbidden points are legal to place here; see renju.h for the rule check.)
    bool is_legal(Point p) const noexcept;

    const std::vector<Move>& history() const noexcept { return history_; }
    std::optional<Move> last_move() const noexcept;
    // Points placed so far: stones and walls (history().size()).
    int placed_count() const noexcept { return static_cast<int>(history_.size()); }
    int empty_count() const noexcept { return area() - placed_count(); }

    std::uint64_t hash() const noexcept { return hash_; }

    // Result so far, decided from each move as it is made (O(k), no board scan).
    GameStatus status() const noexcept { return status_; }
    bool game_over() const noexcept { return status_ != GameStatus::Ongoing; }
    std::optional<Color> winner() const noexcept;

    // Would a stone of colour c at empty point p complete a winning line under the rule?
    // O(k): looks only along the four lines through p. False when p is not empty or not on
    // the board.
    bool is_winning_move(Point p, Color c) const noexcept;
    // The stones of the winning line through the last move when it won, else empty.
    std::vector<Point> winning_line() const;

private:
    struct Undo {
        GameStatus status;
        Color side_to_move;
    };
    GameConfig config_;
    std::vector<Color> cells_;
    std::vector<Move> history_;
    std::vector<Undo> undo_;
    Color side_to_move_ = Color::Black;
    GameStatus status_ = GameStatus::Ongoing;
    std::uint64_t hash_ = 0;
};

// The length of the run of colour c through p along direction d (p counted as c),
// capped at cap on each side; and whether each end is closed by an opponent stone. A wall or
// the board's edge is not an opponent stone, and an end where the cap stopped the walk is
// reported open (the run goes on, so it is longer than cap anyway).
struct LineRun {
    int length = 0;
    bool closed_before = false;  // the cell before the run holds an opponent stone
    bool closed_after = false;
};
LineRun run_through(const Board& board, Point p, Point d, Color c, int cap) noexcept;

// Does a run decide a win for colour c under the board's rule and k?
bool run_wins(const Board& board, const LineRun& run, Color c) noexcept;

// Hot path: inline so walks along lines cost a bounds check and a load.
inline Color Board::at(Point p) const noexcept {
    return on_board(p) ? cells_[static_cast<std::size_t>(p.y * config_.width + p.x)] : Color::Wall;
}

}  // namespace tengen
