// Line shapes: what one line through an empty cell becomes if a colour plays there, for any
// win length k and every rule. The window is k cells on each side of the cell, 2 bits each
// (empty, black, white, wall/off-board), split into the cells before and after it.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/types.h"

namespace tengen {

// Ordered by strength; Overline and DoubleFour only occur for renju black (forbidden marks).
enum LineShape : std::uint8_t {
    kDead = 0,     // no five can ever pass through the cell on this line
    kOne,          // alive, nothing more
    kTwoClosed,    // becomes a closed three with one more stone
    kTwo,          // becomes an open three with one more stone
    kThreeClosed,  // becomes a four with one more stone
    kThree,        // an open three: becomes an open four with one more stone
    kFour,         // one way to make five
    kOpenFour,     // two ways to make five that the opponent cannot both stop
    kFive,         // wins now
    kOverline,     // renju black: an overline, forbidden
    kDoubleFour,   // renju black: two fours on one line, forbidden
    kShapeCount
};

// The evaluation's finer view of a line: its LineShape, with open twos told apart by how many
// cells would make them an open three (2, 3, or 4 and more) and open threes by how many would
// make them an open four (1, or 2 and more). Ordered like LineShape.
enum LineClass : std::uint8_t {
    kLcDead = 0,
    kLcOne,
    kLcTwoClosed,
    kLcTwo2,
    kLcTwo3,
    kLcTwo4,
    kLcThreeClosed,
    kLcThree1,
    kLcThree2,
    kLcFour,
    kLcOpenFour,
    kLcFive,
    kLcOverline,
    kLcDoubleFour,
    kLineClassCount
};

inline constexpr std::array<LineShape, kLineClassCount> kShapeOfClass{
    kDead,  kOne,   kTwoClosed, kTwo,      kTwo,  kTwo,      kThreeClosed,
    kThree, kThree, kFour,      kOpenFour, kFive, kOverline, kDoubleFour};

constexpr LineShape shape_of(LineClass c) noexcept { return kShapeOfClass[c]; }

// Cell codes inside line keys and boards.
inline constexpr std::uint8_t kCellEmpty = 0;
inline constexpr std::uint8_t kCellBlack = 1;
inline constexpr std::uint8_t kCellWhite = 2;
inline constexpr std::uint8_t kCellWall = 3;
// The search's cell codes are the engine's Color values: boards are copied cell by cell and
// Zobrist keys are indexed by either.
static_assert(kCellEmpty == static_cast<std::uint8_t>(Color::Empty) &&
              kCellBlack == static_cast<std::uint8_t>(Color::Black) &&
              kCellWhite == static_cast<std::uint8_t>(Color::White) &&
              kCellWall == static_cast<std::uint8_t>(Color::Wall));

// How a colour's fives are judged on a line.
struct LineRule {
    int k = 5;
    bool exact = false;        // a run longer than k does not win
    bool caro = false;         // a run of exactly k blocked at both ends by the opponent does not win
    bool renju_black = false;  // exact, and overlines / double fours are marked as forbidden
};

LineRule line_rule_for(const GameConfig& config, std::uint8_t colour_code);

// Memoised line-class lookup for one colour under one rule. Short windows (k <= 5, or k <= 6 under
// plain freestyle, which never looks at the k-th cell) use a direct table indexed by the key;
// longer ones a hashed cache of computed entries. Not thread-safe: every
// search thread owns its own.
class ShapeTable {
public:
    ShapeTable(const LineRule& rule, std::uint8_t colour_code);

    // Cells on each side that can change a shape: a stone farther away never does.
    int span() const noexcept { return span_; }

    // The span() cells on each side, 2 bits each, in the line's order: before holds the
    // farthest cell before the cell at bits 0-1 and the nearest at the top; after holds the
    // nearest cell after it at bits 0-1. So a window of the line read as one number splits
    // into the two without reversing either. Bits above the span are ignored.
    LineClass lookup(std::uint64_t before, std::uint64_t after) {
        before &= span_mask_;
        after &= span_mask_;
        if (direct_) {
            const std::uint64_t index = before | (after << (2 * span_));
            std::uint8_t s = direct_table_[index];
            if (s != kUnknown) return static_cast<LineClass>(s);
            return compute_and_store(before, after);
        }
        return lookup_hashed(before, after);
    }

    // The direct table's raw form, for a caller that looks up many lines in a row and keeps
    // it in registers (stores through byte pointers would otherwise force the table's
    // fields to be reloaded each time). table is null when the table is hashed. An entry of
    // kUnknownShape must go through lookup(). Entries are LineClass values; the index is
    // (before & mask) | (after & mask) << shift.
    struct DirectView {
        const std::uint8_t* table;
        std::uint64_t mask;
        int shift;
    };
    DirectView direct_view() const noexcept {
        return {direct_ ? direct_table_.data() : nullptr, span_mask_, 2 * span_};
    }
    static constexpr std::uint8_t kUnknownShape = 0xFF;

private:
    static constexpr std::uint8_t kUnknown = kUnknownShape;
    struct HashedEntry {
        std::uint64_t before = ~std::uint64_t{0};
        std::uint64_t after = ~std::uint64_t{0};
        std::uint8_t shape = kUnknown;
    };

    LineClass compute_and_store(std::uint64_t before, std::uint64_t after);
    LineClass lookup_hashed(std::uint64_t before, std::uint64_t after);
    LineClass classify(std::vector<std::uint8_t>& line);  // centre holds the colour
    LineClass compute(std::vector<std::uint8_t>& line);
    int five_state(const std::vector<std::uint8_t>& line) const;  // 0 none, 1 five, 2 overline
    // Most own stones in an unblocked window of k through the centre; -1 when none exists.
    int best_window(const std::vector<std::uint8_t>& line) const;

    LineRule rule_;
    int span_;  // cells each side that can matter: k-1 for plain freestyle, else k
    std::uint64_t span_mask_;
    std::uint8_t colour_;
    std::uint8_t opponent_;
    bool direct_;
    std::vector<std::uint8_t> direct_table_;
    std::vector<HashedEntry> hashed_;
};

}  // namespace tengen
