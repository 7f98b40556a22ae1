#include "ai/search_position.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "ai/cell_code.h"
#include "ai/cell_pattern.h"
#include "ai/evaluation.h"
#include "ai/move_order_weights.h"
#include "engine/zobrist.h"

namespace tengen {
namespace {

// Potential of one line shape for the colour that would play there: the hand-set values
// that order moves (attack and block value of a cell).
constexpr std::array<int, kShapeCount> kShapeValue{0, 1, 3, 10, 12, 40, 55, 200, 500, 0, 0};

// A cell's summary for one colour, from its four line shapes.
struct CellSummary {
    std::int16_t order_value;    // move-ordering potential
    std::int16_t order_attack;   // learned move ordering: the mover's value here
    std::int16_t order_defence;  // ... and the opponent's
    std::uint16_t code;          // the cell code
    std::uint8_t cls;            // CellClass
    std::uint8_t four;           // some line makes a four or better
};
struct CombinedTables {
    // By eval_mode, then learned ordering or not, then cell code: 2,380 entries of 12 bytes
    // (28 KB a table; indexed by all 38,416 orders of four classes instead, 450 KB, it read no
    // faster).
    std::array<std::array<std::vector<CellInfo>, 2>, kEvalModes> info;
};

// The search's threat class is the pattern with the distinctions it does not need merged.
constexpr CellClass class_of(CellPattern pattern) {
    switch (pattern) {
    case kPatForbid:
        return kClsForbid;
    case kPatFive:
        return kClsFive;
    case kPatFlexFour:
        return kClsFlexFour;
    case kPatFourThree:
        return kClsFourThree;
    case kPatFourPlus:
    case kPatFour:
        return kClsFour;
    case kPatDoubleThree:
        return kClsDoubleThree;  // renju black: maybe forbidden, see is_forbidden
    case kPatThreePlus:
    case kPatThree:
        return kClsThree;
    default:
        return kClsNone;
    }
}

std::int16_t clamp_value(int v) { return static_cast<std::int16_t>(std::clamp(v, -4000, 4000)); }

CellSummary summarise(const std::array<int, 4>& classes, int mode) {
    std::array<int, 4> s{};
    bool four = false;
    for (int d = 0; d < 4; ++d) {
        s[d] = shape_of(static_cast<LineClass>(classes[d]));
        four = four || (s[d] >= kFour && s[d] <= kFive);
    }
    const CellPattern pattern = cell_pattern(s, is_renju_black_mode(mode));
    const CellClass c = class_of(pattern);
    int v = 0;
    for (int d = 0; d < 4; ++d) v += kShapeValue[s[d]];
    if (c == kClsFourThree) v += 150;
    if (c == kClsDoubleThree) v += is_renju_black_mode(mode) ? 20 : 100;
    if (c == kClsFlexFour) v += 200;
    if (c == kClsForbid) v = 0;
    CellSummary out{};
    out.order_value = clamp_value(v);
    const int fine_code = cell_code(classes);
    constexpr bool kFine = kOrderAttack.size() == static_cast<std::size_t>(kCellCodes);
    const int code = kFine ? fine_code : order_code(s);
    out.order_attack = kOrderAttack[code];  // read only where the rule is freestyle
    out.order_defence = kOrderDefence[code];
    out.code = static_cast<std::uint16_t>(fine_code);
    out.cls = static_cast<std::uint8_t>(c);
    out.four = four ? 1 : 0;
    return out;
}

// The learned ordering was fitted on freestyle searches: other rules and lengths keep the
// hand-set one (the mover's value twice, the opponent's once).
CellInfo info_of(const CellSummary& sum, bool learned) {
    return CellInfo{sum.cls,
                    sum.four,
                    sum.order_value,
                    learned ? sum.order_attack : static_cast<std::int16_t>(sum.order_value * 2),
                    learned ? sum.order_defence : sum.order_value,
                    sum.code};
}

// Built by the first SearchPosition of the process, inside START (see Searcher::prepare).
const CombinedTables& combined_tables() {
    static const CombinedTables tables = [] {
        CombinedTables t;
        for (int mode = 0; mode < kEvalModes; ++mode) {
            for (auto& table : t.info[mode]) table.resize(kCellCodes);
            std::array<int, 4> c{};
            for (c[0] = 0; c[0] < kLineClassCount; ++c[0])
                for (c[1] = c[0]; c[1] < kLineClassCount; ++c[1])
                    for (c[2] = c[1]; c[2] < kLineClassCount; ++c[2])
                        for (c[3] = c[2]; c[3] < kLineClassCount; ++c[3]) {
                            const CellSummary sum = summarise(c, mode);
                            for (int learned = 0; learned < 2; ++learned)
                                t.info[mode][learned][cell_code(c)] = info_of(sum, learned != 0);
                        }
        }
        return t;
    }();
    return tables;
}

// Adds 1 (or -1) to the five stone counts from row[0] to row[4] with one 8-byte load and
// store instead of five of each: a count never exceeds 25 and never drops below 0, so no byte
// carries into the next, and the three bytes after the five are stored back unchanged.
static_assert(std::endian::native == std::endian::little, "the low five bytes are the first five counts");
constexpr std::uint64_t kFiveOnes = 0x0101010101;
void add_to_five(std::uint8_t* row, int sign) {
    std::uint64_t counts;
    std::memcpy(&counts, row, sizeof counts);
    counts = sign > 0 ? counts + kFiveOnes : counts - kFiveOnes;
    std::memcpy(row, &counts, sizeof counts);
}

std::uint64_t config_salt(const GameConfig& c) {
    std::uint64_t h = 0xD6E8FEB86659FD93ull;
    for (std::uint64_t v :
         {std::uint64_t(c.width), std::uint64_t(c.height), std::uint64_t(c.win_length), std::uint64_t(c.rule)}) {
        h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
        h *= 0xFF51AFD7ED558CCDull;
    }
    return h;
}

}  // namespace

SearchPosition::SearchPosition(const GameConfig& config, EvaluatorChoice evaluator)
    : config_(config),
      k_(config.win_length),
      pad_(config.win_length),
      stride_(config.width + 2 * config.win_length),
      evaluator_(config, evaluator) {
    dir_offsets_ = {1, stride_, stride_ + 1, 1 - stride_};
    const std::size_t n = static_cast<std::size_t>(stride_) * (config_.height + 2 * pad_);
    cells_.assign(n, kCellWall);
    line_bits_.assign(n + 16, 0);  // 4 directions of n cells at 2 bits: n bytes
    line_pos_.assign(n * 4, 0);
    // Each direction's lines in turn, each from the padded board's edge to the opposite one.
    const int rows = config_.height + 2 * pad_;
    const std::array<Point, 4> steps{Point{1, 0}, Point{0, 1}, Point{1, 1}, Point{1, -1}};
    for (int d = 0; d < 4; ++d) {
        const Point step = steps[static_cast<std::size_t>(d)];
        auto inside = [&](int x, int y) { return x >= 0 && y >= 0 && x < stride_ && y < rows; };
        int next = d * static_cast<int>(n);
        for (int cell = 0; cell < static_cast<int>(n); ++cell) {
            const int x0 = cell % stride_, y0 = cell / stride_;
            if (inside(x0 - step.x, y0 - step.y)) continue;  // not where a line starts
            for (int x = x0, y = y0; inside(x, y); x += step.x, y += step.y)
                line_pos_[static_cast<std::size_t>(y * stride_ + x) * 4 + d] = next++;
        }
    }
    shapes_.assign(n * 8, kLcDead);
    info_.assign(n * 2, CellInfo{kClsNone, 0, 0, 0, 0, static_cast<std::uint16_t>(kNoCellCode)});
    near_.assign(n + 8, 0);  // add_to_five stores 8 bytes for 5: room past the last row
    points_.resize(n);
    stone_keys_.assign(n * 2, 0);
    for (int cell = 0; cell < static_cast<int>(n); ++cell) {
        const Point p{cell % stride_ - pad_, cell / stride_ - pad_};
        points_[static_cast<std::size_t>(cell)] = p;
        if (p.x < 0 || p.y < 0 || p.x >= config_.width || p.y >= config_.height) continue;
        for (int c = 0; c < 2; ++c)
            stone_keys_[static_cast<std::size_t>(cell) * 2 + c] =
                zobrist_stone(p, static_cast<Color>(c == 0 ? kCellBlack : kCellWhite));
    }
    for (int c = 0; c < 2; ++c) {
        const std::uint8_t code = c == 0 ? kCellBlack : kCellWhite;
        tables_[c] = std::make_unique<ShapeTable>(line_rule_for(config_, code), code);
    }
    reach_ = std::max(tables_[0]->span(), tables_[1]->span());
    learned_order_ = config_.rule == Rule::Freestyle && config_.win_length == 5;
    const CombinedTables& tables = combined_tables();
    for (int c = 0; c < 2; ++c)
        info_by_code_[c] = tables.info[eval_mode(config_.rule, c)][learned_order_ ? 1 : 0].data();
    records_.reserve(config_.width * config_.height + 8);
    touched_.reserve(static_cast<std::size_t>(config_.width * config_.height) * 8 * k_ + 64);
}

void SearchPosition::set_from(const Board& board) {
    records_.clear();
    touched_.clear();
    std::fill(cells_.begin(), cells_.end(), kCellWall);
    std::fill(near_.begin(), near_.end(), 0);
    stones_ = walls_ = 0;
    bbox_ = {0, 0, -1, -1};
    hash_ = config_salt(config_);
    for (int y = 0; y < config_.height; ++y) {
        for (int x = 0; x < config_.width; ++x) {
            const Color c = board.at({x, y});
            const int cell = cell_of({x, y});
            cells_[cell] = static_cast<std::uint8_t>(c);
            if (c == Color::Empty) continue;
            hash_ ^= zobrist_stone({x, y}, c);
            if (c == Color::Wall) {
                ++walls_;
                continue;
            }
            ++stones_;
            bbox_ = bbox_.x1 < bbox_.x0 ? Box{x, y, x, y}
                                        : Box{std::min(bbox_.x0, x), std::min(bbox_.y0, y), std::max(bbox_.x1, x),
                                              std::max(bbox_.y1, y)};
            for (int dy = -2; dy <= 2; ++dy) add_to_five(&near_[cell + dy * stride_ - 2], +1);
        }
    }
    side_ = board.side_to_move() == Color::White ? 1 : 0;
    if (side_ == 1) hash_ ^= zobrist_white_to_move();
    std::fill(line_bits_.begin(), line_bits_.end(), 0);
    for (int cell = 0; cell < static_cast<int>(cells_.size()); ++cell)
        if (cells_[cell] != kCellEmpty) set_line_cell(cell, cells_[cell]);

    for (auto& row : cls_count_) row.fill(0);
    potential_.fill(0);
    four_cells_.fill(0);
    for (int y = 0; y < config_.height; ++y) {
        for (int x = 0; x < config_.width; ++x) {
            const int cell = cell_of({x, y});
            if (cells_[cell] != kCellEmpty) continue;
            for (int d = 0; d < 4; ++d) {
                std::uint64_t before = 0, after = 0;
                line_window(line_pos_[static_cast<std::size_t>(cell) * 4 + d], before, after);
                for (int c = 0; c < 2; ++c)
                    shapes_[cell * 8 + c * 4 + d] =
                        tables_[c]->lookup(before >> (2 * (reach_ - tables_[c]->span())), after);
            }
            refresh_cell(cell);
            add_cell_stats(cell, +1);
        }
    }
    evaluator_.refresh(*this);
}

void SearchPosition::set_line_cell(int cell, std::uint8_t code) noexcept {
    for (int d = 0; d < 4; ++d) {
        const int at = line_pos_[static_cast<std::size_t>(cell) * 4 + d];
        std::uint8_t& byte = line_bits_[static_cast<std::size_t>(at) >> 2];
        const int shift = 2 * (at & 3);
        byte = static_cast<std::uint8_t>((byte & ~(3 << shift)) | (code << shift));
    }
}

void SearchPosition::line_window_wide(int at, std::uint64_t& before, std::uint64_t& after) const noexcept {
    const std::uint8_t* bits = line_bits_.data();
    auto read = [bits](int from) {
        std::uint64_t low, high;
        std::memcpy(&low, bits + (from >> 2), sizeof low);
        std::memcpy(&high, bits + (from >> 2) + 8, sizeof high);
        const int shift = 2 * (from & 3);
        return shift == 0 ? low : (low >> shift) | (high << (64 - shift));
    };
    before = read(at - reach_);
    after = read(at + 1);
}

void SearchPosition::refresh_cell(int cell) {
    for (int c = 0; c < 2; ++c) info_[cell * 2 + c] = info_by_code_[c][cell_code_of(&shapes_[cell * 8 + c * 4])];
}

void SearchPosition::recount_colour(int cell, int c) {
    // The evaluator gets the code as computed, not read back from the entry: its lookup need
    // not wait for that load.
    const int code = cell_code_of(&shapes_[cell * 8 + c * 4]);
    const CellInfo& now = info_by_code_[c][code];
    CellInfo& info = info_[cell * 2 + c];
    --cls_count_[c][info.cls];
    ++cls_count_[c][now.cls];
    potential_[c] += now.order_value - info.order_value;
    four_cells_[c] += now.four - info.four;
    evaluator_.code_changed(cell, c, info.code, code);
    info = now;
}

void SearchPosition::add_cell_stats(int cell, int sign) {
    for (int c = 0; c < 2; ++c) {
        const CellInfo& info = info_[cell * 2 + c];
        cls_count_[c][info.cls] += sign;
        potential_[c] += sign * info.order_value;
        four_cells_[c] += sign * info.four;
    }
}

SearchPosition::Box SearchPosition::candidate_box() const noexcept {
    if (bbox_.x1 < bbox_.x0) return {0, 0, -1, -1};
    return {std::max(0, bbox_.x0 - 2), std::max(0, bbox_.y0 - 2), std::min(config_.width - 1, bbox_.x1 + 2),
            std::min(config_.height - 1, bbox_.y1 + 2)};
}

std::uint64_t SearchPosition::hash_after(int cell) const noexcept {
    return hash_ ^ stone_keys_[static_cast<std::size_t>(cell) * 2 + side_] ^ zobrist_white_to_move();
}

void SearchPosition::make(int cell) {
    place(cell, side_);
    side_ ^= 1;
    hash_ ^= zobrist_white_to_move();
}

void SearchPosition::place(int cell, int colour) {
    Record r;
    r.cell = cell;
    r.touched_begin = static_cast<int>(touched_.size());
    r.side = side_;
    r.hash = hash_;
    r.cls_count = cls_count_;
    r.potential = potential_;
    r.four_cells = four_cells_;
    r.bbox = bbox_;
    records_.push_back(r);
    evaluator_.push();

    add_cell_stats(cell, -1);
    for (int c = 0; c < 2; ++c) evaluator_.code_changed(cell, c, info_[cell * 2 + c].code, kNoCellCode);
    const std::uint8_t code = colour == 0 ? kCellBlack : kCellWhite;
    cells_[cell] = code;
    ++stones_;
    const Point p = point_of(cell);
    hash_ ^= stone_keys_[static_cast<std::size_t>(cell) * 2 + colour];
    bbox_ = bbox_.x1 < bbox_.x0 ? Box{p.x, p.y, p.x, p.y}
                                : Box{std::min(bbox_.x0, p.x), std::min(bbox_.y0, p.y), std::max(bbox_.x1, p.x),
                                      std::max(bbox_.y1, p.y)};
    for (int dy = -2; dy <= 2; ++dy) add_to_five(&near_[cell + dy * stride_ - 2], +1);

    set_line_cell(cell, code);

    ShapeTable& black = *tables_[0];
    ShapeTable& white = *tables_[1];
    const int reach = reach_;
    // A table of a shorter span reads its cells before the move from further up the window.
    const int black_skip = 2 * (reach - black.span()), white_skip = 2 * (reach - white.span());
    // Raw pointers and the tables' direct views in locals: the byte stores below would
    // otherwise make the compiler reload every vector's data pointer after each one.
    const std::int32_t* const line_pos = line_pos_.data();
    const std::uint8_t* const cells = cells_.data();
    const std::uint8_t* const bits = line_bits_.data();
    std::uint8_t* const shapes = shapes_.data();
    const ShapeTable::DirectView black_view = black.direct_view();
    const ShapeTable::DirectView white_view = white.direct_view();
    auto look = [](ShapeTable& table, const ShapeTable::DirectView& view, std::uint64_t before, std::uint64_t after) {
        if (view.table) {
            const std::uint8_t s = view.table[(before & view.mask) | ((after & view.mask) << view.shift)];
            if (s != ShapeTable::kUnknownShape) return static_cast<LineClass>(s);
        }
        return table.lookup(before, after);
    };
    // Up to reach 7, every window a move touches on one line lies in one word: the stone's
    // 2 reach neighbours on each side, the windows' outer ends, and up to 3 cells of
    // alignment, at most 64 bits. Each window is then that word shifted.
    const bool one_word = reach <= 7;
    for (int d = 0; d < 4; ++d) {
        const int off = dir_offsets_[d];
        const int at = line_pos[cell * 4 + d];
        std::uint64_t line_word = 0;
        if (one_word) {
            const int from = at - 2 * reach;
            std::memcpy(&line_word, bits + (from >> 2), sizeof line_word);
            line_word >>= 2 * (from & 3);
        }
        // From the farthest cell before the stone to the farthest after it; the stone's own
        // cell is no longer empty.
        int q = cell - reach * off;
        for (int j = 0; j <= 2 * reach; ++j, q += off) {
            if (cells[q] != kCellEmpty) continue;
            std::uint64_t before, after;
            if (one_word) {
                before = line_word >> (2 * j);
                after = before >> (2 * reach + 2);
            } else {
                line_window(at - reach + j, before, after);
            }
            std::uint8_t* s = shapes + q * 8;
            // Most touched cells keep both shapes (the stone is too far, or the line was
            // already dead): nothing to save, recount or restore for them.
            const LineClass new_black = look(black, black_view, before >> black_skip, after);
            const LineClass new_white = look(white, white_view, before >> white_skip, after);
            if (new_black == s[d] && new_white == s[4 + d]) continue;
            // Field by field into the vector: built whole on the stack, the record was
            // read back by one wide load right after its narrow stores, a store-forwarding
            // stall that a profile showed as the hottest instruction of make.
            Touched& t = touched_.emplace_back();
            t.cell = q;
            t.dir = static_cast<std::uint8_t>(d);
            t.old_shape[0] = s[d];
            t.old_shape[1] = s[4 + d];
            t.old_info[0] = info_[q * 2];
            t.old_info[1] = info_[q * 2 + 1];
            if (new_black != s[d]) {
                s[d] = new_black;
                recount_colour(q, 0);
            }
            if (new_white != s[4 + d]) {
                s[4 + d] = new_white;
                recount_colour(q, 1);
            }
        }
    }
}

void SearchPosition::unmake() {
    const Record& r = records_.back();
    const int cell = r.cell;
    for (int t = static_cast<int>(touched_.size()) - 1; t >= r.touched_begin; --t) {
        const Touched& e = touched_[t];
        shapes_[e.cell * 8 + e.dir] = e.old_shape[0];
        shapes_[e.cell * 8 + 4 + e.dir] = e.old_shape[1];
        info_[e.cell * 2] = e.old_info[0];
        info_[e.cell * 2 + 1] = e.old_info[1];
    }
    touched_.resize(r.touched_begin);
    set_line_cell(cell, kCellEmpty);
    for (int dy = -2; dy <= 2; ++dy) add_to_five(&near_[cell + dy * stride_ - 2], -1);
    cells_[cell] = kCellEmpty;
    --stones_;
    side_ = r.side;
    hash_ = r.hash;
    cls_count_ = r.cls_count;
    potential_ = r.potential;
    evaluator_.pop();
    four_cells_ = r.four_cells;
    bbox_ = r.bbox;
    records_.pop_back();
}

bool SearchPosition::is_forbidden(int cell) {
    if (!renju() || cells_[cell] != kCellEmpty) return false;
    return forbidden_recursive(cell, 0);
}

bool SearchPosition::forbidden_recursive(int cell, int depth) {
    const CellClass c = cls(cell, 0);
    if (c == kClsForbid) return true;
    if (c != kClsDoubleThree) return false;
    if (depth >= 6) return true;  // deeper chains do not occur in real positions; stay safe
    // A double-three candidate: each three is real only if one of its straight-four points
    // is itself not forbidden once this stone stands.
    std::array<bool, 4> three_dirs{};
    for (int d = 0; d < 4; ++d) three_dirs[d] = shape(cell, 0, d) == kThree;
    const int saved_side = side_;
    place(cell, 0);
    int real_threes = 0;
    for (int d = 0; d < 4 && real_threes < 2; ++d) {
        if (!three_dirs[d]) continue;
        const int off = dir_offsets_[d];
        bool real = false;
        for (int i = -(k_ - 1); i <= k_ - 1 && !real; ++i) {
            const int q = cell + i * off;
            if (i == 0 || cells_[q] != kCellEmpty) continue;
            if (shape(q, 0, d) != kOpenFour) continue;
            // The straight four must be this three's: q joined to the stone by black stones
            // only (a four the line's other stones make beyond a gap is not).
            bool joined = true;
            for (int j = std::min(i, 0) + 1; j < std::max(i, 0) && joined; ++j)
                joined = cells_[cell + j * off] == kCellBlack;
            if (!joined) continue;
            // As Gomocup's referee judges it, a straight-four point where black would also
            // make a five (on another line) is no use to the three.
            real = cls(q, 0) != kClsFive && !forbidden_recursive(q, depth + 1);
        }
        real_threes += real;
    }
    unmake();
    side_ = saved_side;
    return real_threes >= 2;
}

}  // namespace tengen
