#include "ai/exact_solver.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>
#include <vector>

#include "engine/renju.h"
#include "engine/symmetry.h"
#include "engine/zobrist.h"

namespace tengen {

std::string_view solve_value_name(SolveValue v) noexcept {
    switch (v) {
    case SolveValue::Win:
        return "win";
    case SolveValue::Draw:
        return "draw";
    case SolveValue::Loss:
        return "loss";
    case SolveValue::Unknown:
        break;
    }
    return "unknown";
}

namespace {

constexpr int kMaxSymmetries = 8;
constexpr std::uint64_t kShortWinIterationNodes = 4'000'000;

// Move-ordering weights of a line by the stones in it: 4^n for ours, 3^n for theirs,
// capped so that a sum over every line through a point stays far from overflow.
constexpr int kWeightCap = 20;
constexpr auto kOwnLineWeight = [] {
    std::array<std::int64_t, kWeightCap + 1> w{};
    for (int n = 0; n <= kWeightCap; ++n) w[n] = n == 0 ? 1 : w[n - 1] * 4;
    return w;
}();
constexpr auto kTheirLineWeight = [] {
    std::array<std::int64_t, kWeightCap + 1> w{};
    for (int n = 0; n <= kWeightCap; ++n) w[n] = n == 0 ? 1 : w[n - 1] * 3;
    return w;
}();
constexpr int kSlots = 3;  // black, white, wall

int slot_of(Color c) noexcept { return c == Color::Black ? 0 : c == Color::White ? 1 : 2; }

struct TTEntry {
    std::uint64_t key = 0;
    std::int16_t score = 0;
    Bound bound = Bound::None;
    std::uint8_t unused = 0;
    std::int16_t move = -1;    // in the canonical frame
    std::int16_t empties = 0;  // work below this node grows with it: keep the bigger on collision
};

}  // namespace

class ExactSolverImpl {
public:
    explicit ExactSolverImpl(std::size_t tt_bytes) {
        std::size_t entries = 1024;
        while (entries * 2 * sizeof(TTEntry) <= tt_bytes) entries *= 2;
        tt_.resize(entries);
    }

    SolveResult solve(const Board& position, const SolveLimits& limits);

private:
    void prepare(const GameConfig& config);
    void load(const Board& position);
    void place(int cell, Color c);
    void take_back();
    bool limit_reached();
    std::uint64_t canonical_key(int* sym) const noexcept;
    bool position_symmetric() const noexcept;
    // Empty cells where colour c wins at once (rule-checked by Board), appended to out.
    void winning_cells(Color c, std::vector<int>& out);
    bool legal_for(int cell, Color c);
    // Is there a window free of the other colour that c can still fill with the stones it
    // has left to play (a cheap necessary condition for a win)?
    bool can_still_win(Color c, bool to_move) const noexcept;
    std::int64_t order_score(int cell, Color us) const noexcept;
    bool is_live(int cell) const noexcept;  // on a window still open for one side
    void candidate_moves(Color us, Color them, const std::vector<int>& threats, std::vector<int>& moves);
    void keep_one_of_each_symmetric(Color us, std::vector<int>& moves) const;
    Score search(int ply, Score alpha, Score beta);

    // Per configuration.
    GameConfig config_{};
    bool prepared_ = false;
    int cells_ = 0;
    int symmetries_ = 1;
    std::array<std::vector<int>, kMaxSymmetries> perm_;     // cell -> its image
    std::array<std::vector<int>, kMaxSymmetries> inverse_;  // image -> cell
    std::vector<std::uint64_t> keys_;                       // per (canonical cell, slot)
    std::uint64_t white_to_move_key_ = 0;
    std::vector<std::vector<int>> windows_;  // the cells of every k-window
    std::vector<std::vector<int>> windows_of_cell_;
    std::vector<std::vector<int>> move_buffers_;  // one per ply: no allocation in search
    std::vector<std::vector<int>> threat_buffers_;
    std::vector<std::vector<std::pair<std::int64_t, int>>> order_buffers_;

    // Per position, kept up to date by place / take_back.
    Board board_;
    std::vector<std::array<int, kSlots>> window_count_;
    std::array<int, 2> alive_{};  // windows still free of the opponent's stones and walls
    std::array<std::uint64_t, kMaxSymmetries> hash_{};

    std::vector<TTEntry> tt_;
    bool tt_clean_ = true;  // nothing stored since allocation or the last clear

    // Per solve.
    SolveLimits limits_{};
    std::chrono::steady_clock::time_point start_{};
    std::uint64_t nodes_ = 0;
    bool stopped_ = false;
    int root_best_ = -1;
};

void ExactSolverImpl::prepare(const GameConfig& config) {
    if (prepared_ && config == config_) return;
    prepared_ = true;
    config_ = config;
    const int w = config.width, h = config.height, k = config.win_length;
    cells_ = w * h;
    symmetries_ = symmetry_count(config);
    for (int s = 0; s < symmetries_; ++s) {
        perm_[s].assign(cells_, 0);
        inverse_[s].assign(cells_, 0);
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                const Point image = apply_symmetry({x, y}, s, config);
                const int from = y * w + x, to = image.y * w + image.x;
                perm_[s][from] = to;
                inverse_[s][to] = from;
            }
        }
    }
    // The program's one key set, read in this board's own cell numbering (keys_ is indexed
    // by canonical cells, which are cells of this board too).
    constexpr Color kSlotColour[kSlots] = {Color::Black, Color::White, Color::Wall};
    keys_.resize(static_cast<std::size_t>(cells_) * kSlots);
    for (int cell = 0; cell < cells_; ++cell)
        for (int slot = 0; slot < kSlots; ++slot)
            keys_[static_cast<std::size_t>(cell) * kSlots + slot] =
                zobrist_stone({cell % w, cell / w}, kSlotColour[slot]);
    white_to_move_key_ = zobrist_white_to_move();

    windows_.clear();
    windows_of_cell_.assign(cells_, {});
    for (const Point d : kDirections) {
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                const int ex = x + d.x * (k - 1), ey = y + d.y * (k - 1);
                if (ex < 0 || ex >= w || ey < 0 || ey >= h) continue;
                std::vector<int> window;
                for (int i = 0; i < k; ++i) window.push_back((y + d.y * i) * w + (x + d.x * i));
                for (int cell : window) windows_of_cell_[cell].push_back(static_cast<int>(windows_.size()));
                windows_.push_back(std::move(window));
            }
        }
    }
    move_buffers_.assign(cells_ + 2, {});
    threat_buffers_.assign(cells_ + 2, {});
    order_buffers_.assign(cells_ + 2, {});
    if (!tt_clean_) std::fill(tt_.begin(), tt_.end(), TTEntry{});  // another game's entries
    tt_clean_ = true;
}

void ExactSolverImpl::load(const Board& position) {
    board_ = position;
    window_count_.assign(windows_.size(), {0, 0, 0});
    alive_ = {static_cast<int>(windows_.size()), static_cast<int>(windows_.size())};
    hash_.fill(0);
    // Replay the stones into the counters without touching the board copy.
    for (int cell = 0; cell < cells_; ++cell) {
        const Color c = position.at(position.point(cell));
        if (c == Color::Empty) continue;
        const int slot = slot_of(c);
        for (int wi : windows_of_cell_[cell]) {
            auto& count = window_count_[wi];
            // A window dies for a colour with the first stone of the other colour or a wall.
            if (slot != 0 && count[1] == 0 && count[2] == 0) --alive_[0];
            if (slot != 1 && count[0] == 0 && count[2] == 0) --alive_[1];
            ++count[slot];
        }
        for (int s = 0; s < symmetries_; ++s) hash_[s] ^= keys_[perm_[s][cell] * kSlots + slot];
    }
}

void ExactSolverImpl::place(int cell, Color c) {
    const int slot = slot_of(c);
    for (int wi : windows_of_cell_[cell]) {
        auto& count = window_count_[wi];
        if (count[slot] == 0 && count[2] == 0) --alive_[1 - slot];  // it was open for them
        ++count[slot];
    }
    for (int s = 0; s < symmetries_; ++s) hash_[s] ^= keys_[perm_[s][cell] * kSlots + slot];
    board_.make({board_.point(cell), c});
}

void ExactSolverImpl::take_back() {
    const Move last = *board_.last_move();
    board_.unmake();
    const int cell = board_.index(last.at);
    const int slot = slot_of(last.color);
    for (int wi : windows_of_cell_[cell]) {
        auto& count = window_count_[wi];
        --count[slot];
        if (count[slot] == 0 && count[2] == 0) ++alive_[1 - slot];
    }
    for (int s = 0; s < symmetries_; ++s) hash_[s] ^= keys_[perm_[s][cell] * kSlots + slot];
}

std::uint64_t ExactSolverImpl::canonical_key(int* sym) const noexcept {
    int best = 0;
    for (int s = 1; s < symmetries_; ++s)
        if (hash_[s] < hash_[best]) best = s;
    if (sym) *sym = best;
    return hash_[best] ^ (board_.side_to_move() == Color::White ? white_to_move_key_ : 0);
}

bool ExactSolverImpl::position_symmetric() const noexcept {
    for (int s = 1; s < symmetries_; ++s)
        if (hash_[s] == hash_[0]) return true;
    return false;
}

void ExactSolverImpl::winning_cells(Color c, std::vector<int>& out) {
    const int own = slot_of(c), other = 1 - own;
    const int k = config_.win_length;
    for (std::size_t wi = 0; wi < windows_.size(); ++wi) {
        const auto& count = window_count_[wi];
        if (count[own] != k - 1 || count[other] != 0 || count[2] != 0) continue;
        for (int cell : windows_[wi]) {
            if (board_.at(board_.point(cell)) != Color::Empty) continue;
            if (std::find(out.begin(), out.end(), cell) == out.end() && board_.is_winning_move(board_.point(cell), c))
                out.push_back(cell);
            break;
        }
    }
}

bool ExactSolverImpl::legal_for(int cell, Color c) {
    const Point p = board_.point(cell);
    if (board_.at(p) != Color::Empty) return false;
    if (config_.rule == Rule::Renju && c == Color::Black) return renju_forbidden(board_, p) == Forbidden::None;
    return true;
}

bool ExactSolverImpl::can_still_win(Color c, bool to_move) const noexcept {
    const int own = slot_of(c);
    if (alive_[own] == 0) return false;
    const int k = config_.win_length;
    const int empties = board_.empty_count();
    const int stones_left = to_move ? (empties + 1) / 2 : empties / 2;
    const int needed_at_least = k - stones_left;  // a window must hold this many already
    // Erdos-Selfridge: when the windows c can still fill weigh sum 2^-(cells missing) below
    // 1/2 (c to move) or 1 (the other side to move), the other side can block every one of
    // them. Under renju the blocker may not be black: its forbidden points could be needed.
    const bool blocker_is_free = !(config_.rule == Rule::Renju && c == Color::White);
    std::uint64_t weight = 0;  // in units of 2^-k
    bool reachable = false;
    for (const auto& count : window_count_) {
        if (count[1 - own] != 0 || count[2] != 0 || count[own] < needed_at_least) continue;
        reachable = true;
        weight += std::uint64_t{1} << count[own];
    }
    if (!reachable) return false;
    if (!blocker_is_free) return true;
    const std::uint64_t bound = std::uint64_t{1} << (to_move ? k - 1 : k);
    return weight >= bound;
}

bool ExactSolverImpl::is_live(int cell) const noexcept {
    for (int wi : windows_of_cell_[cell]) {
        const auto& count = window_count_[wi];
        if (count[2] == 0 && (count[0] == 0 || count[1] == 0)) return true;
    }
    return false;
}

// Prefer points on many lines that are still open, weighted by the stones already in them;
// our own lines a little above the opponent's (measured: fewer nodes for wins and draws).
std::int64_t ExactSolverImpl::order_score(int cell, Color us) const noexcept {
    const int own = slot_of(us), other = 1 - own;
    std::int64_t score = 0;
    for (int wi : windows_of_cell_[cell]) {
        const auto& count = window_count_[wi];
        if (count[2] != 0) continue;
        if (count[other] == 0) score += kOwnLineWeight[std::min(count[own], kWeightCap)];
        if (count[own] == 0) score += kTheirLineWeight[std::min(count[other], kWeightCap)];
    }
    return score;
}

bool ExactSolverImpl::limit_reached() {
    if (stopped_) return true;
    if (limits_.max_nodes != 0 && nodes_ >= limits_.max_nodes) stopped_ = true;
    if (limits_.max_seconds > 0 && (nodes_ & 1023) == 0) {
        const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start_;
        if (spent.count() >= limits_.max_seconds) stopped_ = true;
    }
    return stopped_;
}

// Moves: every empty point, or only those that stop every immediate win of theirs (`threats`).
void ExactSolverImpl::candidate_moves(Color us, Color them, const std::vector<int>& threats, std::vector<int>& moves) {
    moves.clear();
    if (threats.empty()) {
        for (int cell = 0; cell < cells_; ++cell)
            if (board_.at(board_.point(cell)) == Color::Empty) moves.push_back(cell);
        // Freestyle only: a stone never hurts its owner, so a point on no line that either
        // side can still complete is a pass, and any live point is at least as good (value
        // and distance): see docs/solved.md. Other rules punish extra stones (overlines,
        // closed ends), so there every point stays.
        if (config_.rule == Rule::Freestyle) {
            const auto live_end =
                std::stable_partition(moves.begin(), moves.end(), [&](int cell) { return is_live(cell); });
            if (live_end != moves.begin()) moves.erase(live_end, moves.end());
        }
    } else if (config_.rule == Rule::Caro || config_.rule == Rule::CaroExact) {
        // Under caro a stone at the far end of their line can also spoil the five.
        for (int cell = 0; cell < cells_; ++cell) {
            if (board_.at(board_.point(cell)) != Color::Empty) continue;
            place(cell, us);
            bool stops_all = true;
            for (int t : threats)
                if (t != cell && board_.is_winning_move(board_.point(t), them)) stops_all = false;
            take_back();
            if (stops_all) moves.push_back(cell);
        }
    } else if (threats.size() == 1) {
        moves.push_back(threats.front());
    }
}

// Symmetric children are the same position: keep one of each.
void ExactSolverImpl::keep_one_of_each_symmetric(Color us, std::vector<int>& moves) const {
    std::vector<std::uint64_t> seen;
    const int s_us = slot_of(us);
    std::size_t kept = 0;
    for (int cell : moves) {
        std::uint64_t child = ~std::uint64_t{0};
        for (int s = 0; s < symmetries_; ++s) child = std::min(child, hash_[s] ^ keys_[perm_[s][cell] * kSlots + s_us]);
        if (std::find(seen.begin(), seen.end(), child) != seen.end()) continue;
        seen.push_back(child);
        moves[kept++] = cell;
    }
    moves.resize(kept);
}

Score ExactSolverImpl::search(int ply, Score alpha, Score beta) {
    ++nodes_;
    if (limit_reached()) return 0;
    const Color us = board_.side_to_move(), them = opponent(us);
    if (board_.empty_count() == 0) return kDrawScore;
    if (ply == 0) {  // every early return below still leaves a legal move to report
        root_best_ = -1;
        for (int cell = 0; cell < cells_ && root_best_ < 0; ++cell)
            if (legal_for(cell, us)) root_best_ = cell;
    }

    // No result can come sooner than our own next move.
    alpha = std::max(alpha, mated_in(ply + 1));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;

    auto& threats = threat_buffers_[ply];
    threats.clear();
    winning_cells(us, threats);
    if (!threats.empty()) {
        if (ply == 0) root_best_ = threats.front();
        return mate_in(ply + 1);
    }

    // Lines nobody can complete in the moves left bound the value at a draw.
    // Not at the root: there the blocking move itself must be found and named.
    if (ply > 0) {
        const bool we_can_win = can_still_win(us, true);
        const bool they_can_win = can_still_win(them, false);
        if (!we_can_win && !they_can_win) return kDrawScore;
        if (!they_can_win && beta <= kDrawScore) return kDrawScore;
        if (!we_can_win && alpha >= kDrawScore) return kDrawScore;
    }

    int sym = 0;
    const std::uint64_t key = canonical_key(&sym);
    TTEntry& slot = tt_[key & (tt_.size() - 1)];
    int tt_move = -1;
    if (slot.key == key && slot.bound != Bound::None) {
        if (slot.move >= 0) tt_move = inverse_[sym][slot.move];
        const Score s = score_from_tt(slot.score, ply);
        if (ply > 0) {
            if (slot.bound == Bound::Exact) return s;
            if (slot.bound == Bound::Lower && s >= beta) return s;
            if (slot.bound == Bound::Upper && s <= alpha) return s;
        }
    }

    // The moves: first their immediate wins, which every move must stop.
    threats.clear();
    winning_cells(them, threats);
    auto& moves = move_buffers_[ply];
    candidate_moves(us, them, threats, moves);
    if (moves.empty()) return mated_in(ply + 2);  // two wins at once: we block one at most
    if (moves.size() > 1 && position_symmetric()) keep_one_of_each_symmetric(us, moves);

    auto& ordered = order_buffers_[ply];
    ordered.clear();
    for (int cell : moves)
        ordered.emplace_back(cell == tt_move ? std::numeric_limits<std::int64_t>::max() : order_score(cell, us), cell);
    std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first > b.first; });

    const Score original_alpha = alpha;
    Score best = -kInfinite;
    int best_move = -1;
    for (const auto& [unused, cell] : ordered) {
        if (!legal_for(cell, us)) continue;
        place(cell, us);
        const Score s = -search(ply + 1, -beta, -alpha);
        take_back();
        if (stopped_) return 0;
        if (s > best) {
            best = s;
            best_move = cell;
            if (ply == 0) root_best_ = cell;
        }
        alpha = std::max(alpha, s);
        if (alpha >= beta) break;
    }
    // Renju: black with only forbidden points left must play one and loses.
    if (best_move < 0) return threats.empty() ? mated_in(ply + 1) : mated_in(ply + 2);

    const Bound bound = best <= original_alpha ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Exact;
    const int empties = board_.empty_count();
    if (slot.key == key || empties >= slot.empties || slot.bound == Bound::None) {
        slot.key = key;
        slot.score = static_cast<std::int16_t>(score_to_tt(best, ply));
        slot.bound = bound;
        slot.move = static_cast<std::int16_t>(perm_[sym][best_move]);
        slot.empties = static_cast<std::int16_t>(empties);
    }
    return best;
}

SolveResult ExactSolverImpl::solve(const Board& position, const SolveLimits& limits) {
    prepare(position.config());
    tt_clean_ = false;
    load(position);
    limits_ = limits;
    start_ = std::chrono::steady_clock::now();
    nodes_ = 0;
    stopped_ = false;
    SolveResult result;
    auto finish = [&](SolveResult r) {
        r.nodes = nodes_;
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        return r;
    };

    if (position.game_over() || position.empty_count() == 0) {
        const auto winner = position.winner();
        if (!winner) {
            result.value = SolveValue::Draw;
            result.score = kDrawScore;
        } else {
            // The last move won: the side to move has lost.
            result.value = *winner == position.side_to_move() ? SolveValue::Win : SolveValue::Loss;
            result.score = result.value == SolveValue::Win ? mate_in(0) : mated_in(0);
            result.distance = 0;
        }
        result.distance_exact = true;
        return finish(result);
    }

    const auto point_of = [&](int cell) { return cell >= 0 ? board_.point(cell) : kNoPoint; };
    // Phase 0: short wins first, by null windows on the distance (a fail-high at d after a
    // fail-low at d - 2 is a win in exactly d plies). Stops once an iteration, or the phase,
    // grows costly: a long win or a draw is then left to the unbounded searches below.
    for (int d = 1; d <= position.empty_count(); d += 2) {
        const std::uint64_t before = nodes_;
        const Score bound = search(0, mate_in(d) - 1, mate_in(d));
        if (stopped_) {
            result.stopped = true;
            return finish(result);
        }
        if (bound >= mate_in(d)) {
            result.value = SolveValue::Win;
            result.best = point_of(root_best_);
            result.score = mate_in(d);
            result.distance = d;
            result.distance_exact = true;
            return finish(result);
        }
        if (nodes_ - before > kShortWinIterationNodes || nodes_ > 4 * kShortWinIterationNodes) break;
    }

    // Phase 1: the value, by two null-window searches around the draw.
    Score s = search(0, kDrawScore, kDrawScore + 1);
    if (stopped_) {
        result.stopped = true;
        return finish(result);
    }
    if (s > kDrawScore) {
        result.value = SolveValue::Win;
    } else {
        s = search(0, kDrawScore - 1, kDrawScore);
        if (stopped_) {
            result.stopped = true;
            return finish(result);
        }
        result.value = s >= kDrawScore ? SolveValue::Draw : SolveValue::Loss;
    }
    result.best = point_of(root_best_);
    result.score = result.value == SolveValue::Draw ? kDrawScore : s;
    if (result.value == SolveValue::Draw) {
        result.distance_exact = true;
        return finish(result);
    }
    // A fail-high is a lower bound: the win found takes at most this many plies.
    result.distance = result.value == SolveValue::Win && is_mate_score(s) ? mate_plies(s) : -1;
    if (!limits.exact_distance) return finish(result);

    // Phase 2: the fastest win or the slowest loss.
    const Score refined =
        result.value == SolveValue::Win ? search(0, s - 1, kInfinite) : search(0, -kInfinite, kDrawScore);
    if (stopped_) {
        result.stopped = true;
        return finish(result);
    }
    result.score = refined;
    result.best = point_of(root_best_);
    result.distance = mate_plies(refined);
    result.distance_exact = true;
    return finish(result);
}

ExactSolver::ExactSolver(std::size_t tt_bytes) : impl_(std::make_unique<ExactSolverImpl>(tt_bytes)) {}
ExactSolver::~ExactSolver() = default;

SolveResult ExactSolver::solve(const Board& position, const SolveLimits& limits) {
    return impl_->solve(position, limits);
}

}  // namespace tengen
