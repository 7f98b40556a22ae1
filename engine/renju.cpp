#include "engine/renju.h"

#include <array>

namespace tengen {
namespace {

// The analysis runs on a private copy of the stones in a fixed 34 x 34 grid with a frame of
// walls: every walk along a line stops at the frame, so no bounds checks, and the recursive
// check can place and lift stones without touching the caller's board (its status, history
// and hash would all have to follow).
constexpr int kStride = kMaxBoardSide + 2;
constexpr int kGridCells = kStride * kStride;

enum Cell : unsigned char { kEmpty = 0, kBlack = 1, kBlocker = 2 };  // white and walls block alike

struct Grid {
    std::array<unsigned char, kGridCells> cells;
    static constexpr std::array<int, 4> kSteps{1, kStride, kStride + 1, 1 - kStride};  // as kDirections
    static constexpr int at(Point p) noexcept { return (p.y + 1) * kStride + (p.x + 1); }
};

void fill_grid(const Board& board, Grid& grid) noexcept {
    grid.cells.fill(kBlocker);
    for (int y = 0; y < board.height(); ++y)
        for (int x = 0; x < board.width(); ++x) {
            const Color c = board.at({x, y});
            grid.cells[static_cast<std::size_t>(Grid::at({x, y}))] = c == Color::Empty   ? kEmpty
                                                                     : c == Color::Black ? kBlack
                                                                                         : kBlocker;
        }
}

// The black stones around cell i along one line, i counted as black:
//   [before_far blacks] before [run_before blacks] i [run_after blacks] after [after_far blacks]
// where before/after are the first non-black cells next to i's run. The far counts are only
// taken when that cell is empty (a stone placed there would join them to the run).
struct BlackRun {
    int run_before = 0, run_after = 0;
    int before = 0, after = 0;  // cell indices
    int before_far = 0, after_far = 0;
    bool before_empty = false, after_empty = false;
    int run() const noexcept { return run_before + 1 + run_after; }
};

BlackRun shape_at(const Grid& g, int i, int step) noexcept {
    BlackRun s;
    const auto& c = g.cells;
    int j = i + step;
    while (c[static_cast<std::size_t>(j)] == kBlack) ++s.run_after, j += step;
    s.after = j;
    s.after_empty = c[static_cast<std::size_t>(j)] == kEmpty;
    if (s.after_empty)
        for (j += step; c[static_cast<std::size_t>(j)] == kBlack; j += step) ++s.after_far;
    j = i - step;
    while (c[static_cast<std::size_t>(j)] == kBlack) ++s.run_before, j -= step;
    s.before = j;
    s.before_empty = c[static_cast<std::size_t>(j)] == kEmpty;
    if (s.before_empty)
        for (j -= step; c[static_cast<std::size_t>(j)] == kBlack; j -= step) ++s.before_far;
    return s;
}

// Would a black stone on the empty cell before (after) i's run make exactly five with it?
bool five_via_before(const BlackRun& s) noexcept { return s.before_empty && s.before_far + 1 + s.run() == 5; }
bool five_via_after(const BlackRun& s) noexcept { return s.after_empty && s.run() + 1 + s.after_far == 5; }

// The number of distinct fours i's stone makes in this line. Both ends completing a
// contiguous four is one straight four; both ends completing two different fours (X.XXX.X,
// XX.XX.XX, XXX.X.XXX) are two.
int fours_in_line(const BlackRun& s) noexcept {
    const bool via_before = five_via_before(s);
    const bool via_after = five_via_after(s);
    if (via_before && via_after) return s.run() == 4 ? 1 : 2;
    return via_before || via_after ? 1 : 0;
}

// Is cell e an open end of a four: empty, and a stone there makes five and not six (the cell
// beyond it, in the direction away from the four, is not black)?
bool open_end(const Grid& g, int e, int away) noexcept {
    return g.cells[static_cast<std::size_t>(e)] == kEmpty && g.cells[static_cast<std::size_t>(e + away)] != kBlack;
}

// Would a black stone on the cell before (after) i's run make a straight four .XXXX. there,
// each end then making exactly five? Then that cell is a candidate to make this line a three.
bool straight_four_via_before(const Grid& g, const BlackRun& s, int step) noexcept {
    if (!s.before_empty || s.before_far + 1 + s.run() != 4) return false;
    const int far_end = s.before - (s.before_far + 1) * step;
    return open_end(g, s.after, step) && open_end(g, far_end, -step);
}
bool straight_four_via_after(const Grid& g, const BlackRun& s, int step) noexcept {
    if (!s.after_empty || s.run() + 1 + s.after_far != 4) return false;
    const int far_end = s.after + (s.after_far + 1) * step;
    return open_end(g, s.before, -step) && open_end(g, far_end, step);
}

Forbidden forbidden_at(Grid& g, int i);

// Would a black stone on empty cell i make exactly five in some line?
bool makes_five(const Grid& g, int i) noexcept {
    for (int step : Grid::kSteps)
        if (shape_at(g, i, step).run() == 5) return true;
    return false;
}

// A three is real only when one of its straight-four points is usable by black, with i's
// stone on the board (the caller has placed it). Usable, as Gomocup's referee judges it: the
// point is not forbidden, and a stone there does not make a five (the referee counts such a
// point as spent on the five, so the line is no open three).
bool real_three(Grid& g, const BlackRun& s, int step) {
    auto usable = [&g](int cell) { return !makes_five(g, cell) && forbidden_at(g, cell) == Forbidden::None; };
    if (straight_four_via_before(g, s, step) && usable(s.before)) return true;
    if (straight_four_via_after(g, s, step) && usable(s.after)) return true;
    return false;
}

// The rule for empty cell i. Recursion places one more black stone per level and only goes
// on while a point still has two candidate threes, so it ends quickly in real positions.
Forbidden forbidden_at(Grid& g, int i) {
    std::array<BlackRun, 4> shapes;
    bool overline = false;
    for (int d = 0; d < 4; ++d) {
        shapes[static_cast<std::size_t>(d)] = shape_at(g, i, Grid::kSteps[static_cast<std::size_t>(d)]);
        const int run = shapes[static_cast<std::size_t>(d)].run();
        if (run == 5) return Forbidden::None;  // a five is never forbidden
        if (run > 5) overline = true;
    }
    if (overline) return Forbidden::Overline;

    int fours = 0;
    std::array<bool, 4> maybe_three{};
    int candidate_threes = 0;
    for (int d = 0; d < 4; ++d) {
        const auto& s = shapes[static_cast<std::size_t>(d)];
        const int step = Grid::kSteps[static_cast<std::size_t>(d)];
        const int f = fours_in_line(s);
        fours += f;
        if (f == 0 && (straight_four_via_before(g, s, step) || straight_four_via_after(g, s, step))) {
            maybe_three[static_cast<std::size_t>(d)] = true;
            ++candidate_threes;
        }
    }
    if (fours >= 2) return Forbidden::DoubleFour;
    if (candidate_threes < 2) return Forbidden::None;

    g.cells[static_cast<std::size_t>(i)] = kBlack;
    int real = 0;
    int unchecked = candidate_threes;
    // Stop as soon as two are real, or when the unchecked ones can no longer make two.
    for (int d = 0; d < 4 && real < 2 && real + unchecked >= 2; ++d) {
        if (!maybe_three[static_cast<std::size_t>(d)]) continue;
        --unchecked;
        if (real_three(g, shapes[static_cast<std::size_t>(d)], Grid::kSteps[static_cast<std::size_t>(d)])) ++real;
    }
    g.cells[static_cast<std::size_t>(i)] = kEmpty;
    return real >= 2 ? Forbidden::DoubleThree : Forbidden::None;
}

// Cheap screen on the real board: a forbidden point needs two lines holding at least two
// black stones near it, or one line holding four (one-line double four, overline).
bool could_be_forbidden(const Board& board, Point p) noexcept {
    int busy_lines = 0;
    for (Point d : kDirections) {
        int blacks = 0;
        for (int sign : {1, -1})
            for (int i = 1; i <= 5; ++i) {
                const Color c = board.at({p.x + sign * i * d.x, p.y + sign * i * d.y});
                if (c == Color::Black)
                    ++blacks;
                else if (c != Color::Empty)
                    break;
            }
        if (blacks >= 4) return true;
        if (blacks >= 2 && ++busy_lines >= 2) return true;
    }
    return false;
}

}  // namespace

std::string_view forbidden_name(Forbidden f) noexcept {
    switch (f) {
    case Forbidden::DoubleThree:
        return "double three";
    case Forbidden::DoubleFour:
        return "double four";
    case Forbidden::Overline:
        return "overline";
    case Forbidden::None:
        break;
    }
    return "";
}

Forbidden renju_forbidden(const Board& board, Point p) {
    if (!board.is_empty(p) || !could_be_forbidden(board, p)) return Forbidden::None;
    Grid grid;
    fill_grid(board, grid);
    return forbidden_at(grid, Grid::at(p));
}

bool side_to_move_can_play(const Board& board) {
    const bool judged = board.rule() == Rule::Renju && board.side_to_move() == Color::Black;
    for (int i = 0; i < board.width() * board.height(); ++i) {
        const Point p = board.point(i);
        if (board.is_empty(p) && (!judged || renju_forbidden(board, p) == Forbidden::None)) return true;
    }
    return false;
}

bool is_forbidden_for_black(const Board& board, Point p) {
    return board.rule() == Rule::Renju && renju_forbidden(board, p) != Forbidden::None;
}

}  // namespace tengen
