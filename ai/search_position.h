// The search's own view of a position: a padded board with incremental per-line pattern
// codes. Every empty cell knows, per colour and direction, the shape its line would take if
// that colour played there; per colour, a threat class and a potential value summarised
// from its four shapes. make/unmake refresh only the cells within k of the move on its four
// lines, and keep per-colour class counts and potential sums for threats and move ordering.
// The evaluation is its evaluator's (ai/position_evaluator.h), told of every code that changes.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "engine/board.h"
#include "ai/line_shape.h"
#include "ai/position_evaluator.h"

namespace tengen {

// What playing a cell does for a colour, strongest last. Renju black marks exactly
// forbidden cells (overline, double four) as kClsForbid; its double threes are
// kClsDoubleThree and must be confirmed with is_forbidden().
enum CellClass : std::uint8_t {
    kClsForbid = 0,
    kClsNone,
    kClsThree,        // makes an open three
    kClsDoubleThree,  // makes two open threes
    kClsFour,         // makes a four
    kClsFourThree,    // makes a four and an open three
    kClsFlexFour,     // makes an open four or two fours: wins next move
    kClsFive,         // wins now
    kClassCount
};

// What an empty cell is for one colour, from its four shapes; one 12-byte unit, so a make
// saves and an unmake restores it whole. The search position's own record; shared tables
// hold one for every cell code. Aligned to 4, not 2: at 10 bytes the Touched records (then
// 28 bytes) and these tables' entries straddle cache lines more often, and the middlegames
// timed slower.
struct alignas(4) CellInfo {
    std::uint8_t cls;            // CellClass
    std::uint8_t four;           // some line makes a four or better
    std::int16_t order_value;    // move-ordering potential
    std::int16_t order_attack;   // learned move ordering, as the mover
    std::int16_t order_defence;  // ... and as the opponent
    std::uint16_t code;          // the cell code (ai/cell_code.h) of the four shapes
};

class SearchPosition {
public:
    explicit SearchPosition(const GameConfig& config, EvaluatorChoice evaluator = {});

    // Copies the stones (walls included) and the side to move; drops all history.
    void set_from(const Board& board);

    const GameConfig& config() const noexcept { return config_; }
    int width() const noexcept { return config_.width; }
    int height() const noexcept { return config_.height; }

    // Cells are indices into the padded board; points are the board's coordinates.
    int cell_of(Point p) const noexcept { return (p.y + pad_) * stride_ + p.x + pad_; }
    // From a table: otherwise a division by the stride on every make, hash_after and dense_of.
    Point point_of(int cell) const noexcept { return points_[static_cast<std::size_t>(cell)]; }
    // A compact index 0..W*H-1 for move tables and the TT.
    int dense_of(int cell) const noexcept {
        Point p = point_of(cell);
        return p.y * config_.width + p.x;
    }
    int cell_of_dense(int dense) const noexcept { return cell_of({dense % config_.width, dense / config_.width}); }

    int side() const noexcept { return side_; }  // 0 black, 1 white
    std::uint64_t hash() const noexcept { return hash_; }
    // The hash once the side to move has played the cell, known before make: the search
    // prefetches the child's TT bucket with it while make updates the patterns.
    std::uint64_t hash_after(int cell) const noexcept;
    int ply() const noexcept { return static_cast<int>(records_.size()); }
    int stones() const noexcept { return stones_; }  // black and white stones; walls are not counted
    int empty_cells() const noexcept { return config_.width * config_.height - stones_ - walls_; }
    int last_cell() const noexcept { return records_.empty() ? -1 : records_.back().cell; }
    // The stone placed two moves ago (the side to move's last stone), -1 before the search's
    // second move: like last_cell, only the search's own line is known.
    int cell_two_plies_ago() const noexcept { return records_.size() < 2 ? -1 : records_[records_.size() - 2].cell; }

    bool empty(int cell) const noexcept { return cells_[cell] == kCellEmpty; }
    std::uint8_t code(int cell) const noexcept { return cells_[cell]; }
    bool near_stones(int cell) const noexcept { return near_[cell] != 0; }
    CellClass cls(int cell, int colour) const noexcept { return static_cast<CellClass>(info_[cell * 2 + colour].cls); }
    // How much the cell is worth playing for the colour: the move ordering's hand-set potential,
    // not an evaluation.
    int order_value(int cell, int colour) const noexcept { return info_[cell * 2 + colour].order_value; }
    // The move ordering's values (the learned ones of ai/move_order_weights.h where they were
    // fitted, see learned_order): the cell for the colour to move, and for the colour whose
    // move it would spoil.
    int order_attack(int cell, int colour) const noexcept { return info_[cell * 2 + colour].order_attack; }
    int order_defence(int cell, int colour) const noexcept { return info_[cell * 2 + colour].order_defence; }
    // The ordering is the learned one (freestyle, five in a row), with its nearness terms.
    bool learned_order() const noexcept { return learned_order_; }
    LineShape shape(int cell, int colour, int dir) const noexcept { return shape_of(line_class(cell, colour, dir)); }
    // The finer class of that line (line_shape.h), which the evaluation's codes are made of.
    LineClass line_class(int cell, int colour, int dir) const noexcept {
        return static_cast<LineClass>(shapes_[cell * 8 + colour * 4 + dir]);
    }
    // Some line makes a four or better.
    bool has_four_shape(int cell, int colour) const noexcept { return info_[cell * 2 + colour].four != 0; }

    int class_count(int colour, CellClass c) const noexcept { return cls_count_[colour][c]; }
    // Empty cells where the colour would make a four or better on some line.
    int four_cells(int colour) const noexcept { return four_cells_[colour]; }
    int potential(int colour) const noexcept { return potential_[colour]; }
    // The same before the last move (equal to potential() at the root of the record).
    int previous_potential(int colour) const noexcept {
        return records_.empty() ? potential_[colour] : records_.back().potential[colour];
    }

    // The cell code of an empty cell's four line classes for the colour, what the evaluator
    // is told of when it changes.
    int cell_code_at(int cell, int colour) const noexcept { return info_[cell * 2 + colour].code; }
    // Kept in step with every make, unmake and set_from; the search evaluates through it.
    const SearchEvaluator& evaluator() const noexcept { return evaluator_; }

    void make(int cell);
    void unmake();

    // Renju: is the empty cell forbidden for black? Exact, with the recursive double-three
    // check. Always false under other rules.
    bool is_forbidden(int cell);
    bool renju() const noexcept { return config_.rule == Rule::Renju; }

    // Cells to scan for candidates: the stones' bounding box grown by 2, clipped.
    struct Box {
        int x0, y0, x1, y1;
    };
    Box candidate_box() const noexcept;
    // Calls visit(cell, point) for each cell of candidate_box(), row by row, left to right
    // (move orders and so node counts depend on this order). A visit that returns bool stops
    // the scan by returning false; for_each_candidate then returns false too.
    template <class Visit>
    bool for_each_candidate(Visit visit) const {
        const Box b = candidate_box();
        for (int y = b.y0; y <= b.y1; ++y) {
            int cell = cell_of({b.x0, y});
            for (int x = b.x0; x <= b.x1; ++x, ++cell) {
                if constexpr (std::is_same_v<decltype(visit(cell, Point{x, y})), bool>) {
                    if (!visit(cell, Point{x, y})) return false;
                } else {
                    visit(cell, Point{x, y});
                }
            }
        }
        return true;
    }
    int stride() const noexcept { return stride_; }
    int dir_offset(int dir) const noexcept { return dir_offsets_[dir]; }

private:
    struct Touched {
        // Filled field by field in place: an empty constructor spares emplace_back the zeroing
        // of every new entry.
        Touched() noexcept {}
        int cell;
        std::uint8_t dir;
        std::uint8_t old_shape[2];
        std::array<CellInfo, 2> old_info;
    };
    struct Record {
        int cell;
        int touched_begin;
        int side;
        std::uint64_t hash;
        std::array<std::array<int, kClassCount>, 2> cls_count;
        std::array<int, 2> potential;
        std::array<int, 2> four_cells;
        Box bbox;
    };

    void place(int cell, int colour);  // colour 0/1; does not pass the turn by itself
    void refresh_cell(int cell);       // recompute class and value from the shapes
    void add_cell_stats(int cell, int sign);
    // One colour's shapes at the cell changed: refresh its class and values and the sums.
    void recount_colour(int cell, int colour);
    bool forbidden_recursive(int cell, int depth);
    // The reach_ cells before and after the one at line place `at`, in the shape tables' order
    // (higher bits hold more of the line and are for the tables to mask).
    void line_window(int at, std::uint64_t& before, std::uint64_t& after) const noexcept {
        if (reach_ > 14) return line_window_wide(at, before, after);
        // The whole window, 2 reach + 1 cells, and at most 3 cells before it: one word.
        const int first = at - reach_;
        std::uint64_t w;
        std::memcpy(&w, line_bits_.data() + (first >> 2), sizeof w);
        w >>= 2 * (first & 3);
        before = w;
        after = w >> (2 * reach_ + 2);
    }
    void line_window_wide(int at, std::uint64_t& before, std::uint64_t& after) const noexcept;
    void set_line_cell(int cell, std::uint8_t code) noexcept;

    GameConfig config_;
    int k_;
    int pad_;
    int stride_;
    std::array<int, 4> dir_offsets_{};
    std::vector<std::uint8_t> cells_;
    // Every cell again, 2 bits each, once per direction: that direction's lines of the padded
    // board laid end to end, so the cells around one on its line are neighbours in these bits
    // and a move sets 4 pairs of bits instead of updating a key for every cell within k. Each
    // line runs into the padding for at least k cells past any board cell, so a window around a
    // board cell never reaches the next line. 16 bytes of slack for word loads at the end.
    std::vector<std::uint8_t> line_bits_;
    std::vector<std::int32_t> line_pos_;     // [cell * 4 + dir]: the cell's place in line_bits_, in cells
    int reach_ = 0;                          // the larger of the two tables' spans
    std::vector<std::uint8_t> shapes_;       // LineClass, [cell * 8 + colour * 4 + dir]
    std::vector<CellInfo> info_;             // [cell * 2 + colour]
    std::vector<std::uint8_t> near_;         // stones within the 5x5 square
    std::vector<Point> points_;              // [cell]: its board point (outside the board for padding)
    std::vector<std::uint64_t> stone_keys_;  // [cell * 2 + colour]: Zobrist key of a stone there
    std::array<std::unique_ptr<ShapeTable>, 2> tables_;
    bool learned_order_ = false;  // see learned_order()
    // Each colour's CellInfo by cell code, for this rule and ordering (a shared table): make
    // copies an entry whole.
    std::array<const CellInfo*, 2> info_by_code_{};

    std::array<std::array<int, kClassCount>, 2> cls_count_{};
    std::array<int, 2> potential_{};
    // Beside the sums make updates with it, where its own sums were before it had its own unit.
    SearchEvaluator evaluator_;
    std::array<int, 2> four_cells_{};
    int side_ = 0;
    int stones_ = 0;
    int walls_ = 0;
    std::uint64_t hash_ = 0;
    Box bbox_{0, 0, -1, -1};  // stones' bounding box (empty when x1 < x0)
    std::vector<Record> records_;
    std::vector<Touched> touched_;
};

}  // namespace tengen
