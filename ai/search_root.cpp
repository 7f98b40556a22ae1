// The root of SearchWorker: forced moves, the threat solvers, iterative deepening with
// aspiration windows, multi-PV, reporting and the decision to stop.
#include <algorithm>

#include "ai/search_worker.h"

namespace tengen {
namespace {

constexpr std::uint64_t kVcfRootBudget = 20000;
constexpr std::uint64_t kVctRootBudget = 30000;
constexpr int kVctMaxDepth = 5;

}  // namespace

Score SearchWorker::run_solver(bool vct, std::uint64_t budget, int& first_cell) {
    std::fill(failed_cache_.begin(), failed_cache_.end(), 0);
    local_limit_ = nodes() + budget;
    Score found = 0;
    if (!vct) {
        threat_first_move_ = -1;
        found = vcf_attack(0, 30);
    } else {
        for (int depth = 1; depth <= kVctMaxDepth && found == 0 && !aborted_; ++depth) {
            threat_first_move_ = -1;
            found = vct_attack(0, depth);
        }
    }
    local_limit_ = 0;
    const bool out_of_budget = aborted_;
    if (out_of_budget && !shared_.stop.load(std::memory_order_relaxed)) aborted_ = false;
    if (out_of_budget) found = 0;
    first_cell = found != 0 ? threat_first_move_ : -1;
    if (first_cell < 0) found = 0;
    return found;
}

Score SearchWorker::root_search(std::vector<RootMove>& moves, Score alpha, Score beta, int depth, int multipv) {
    SearchPosition& p = position_;
    const Score alpha_orig = alpha;
    Score best = -kInfinite;
    partial_best_.valid = false;
    const int count = static_cast<int>(moves.size());
    std::vector<Score> done;
    // Late root moves (sorted by the last iteration's scores) are reduced as inside the tree, a
    // ply less: with one PV line only, and not while an open three of theirs must be answered.
    const bool reduce_late = depth >= 3 && multipv == 1 && p.class_count(p.side() ^ 1, kClsFlexFour) == 0;
    for (int i = 0; i < count; ++i) {
        RootMove& m = moves[i];
        Score floor = alpha;
        if (multipv > 1) {
            floor = alpha_orig;
            if (static_cast<int>(done.size()) >= multipv) {
                std::vector<Score> sorted = done;
                std::nth_element(sorted.begin(), sorted.begin() + (multipv - 1), sorted.end(), std::greater<>());
                floor = std::max(alpha_orig, sorted[multipv - 1]);
            }
        }
        int r = 0;  // in sixteenths of a ply, like every depth below the root
        if (reduce_late && i >= 3 && p.cls(m.cell, p.side()) < kClsFour)  // our fours never
            r = std::clamp(late_move_reduction(depth, i) - kOnePly, 0, (depth - 2) * kOnePly);
        const int child_depth = (depth - 1) * kOnePly;
        shared_.tt->prefetch(p.hash_after(m.cell));
        p.make(m.cell);
        Score s;
        if (i == 0 || (multipv > 1 && i < multipv)) {
            s = -search(-beta, -floor, child_depth, 1, false);
        } else {
            s = -search(-floor - 1, -floor, child_depth - r, 1, true);
            if (s > floor && r > 0 && !aborted_) s = -search(-floor - 1, -floor, child_depth, 1, true);
            if (s > floor && s < beta && !aborted_) s = -search(-beta, -floor, child_depth, 1, false);
        }
        p.unmake();
        if (aborted_) {
            for (int j = i; j < count; ++j) moves[j].score = -kInfinite;
            break;
        }
        m.score = s;
        done.push_back(s);
        if (s > floor || i == 0) {
            m.pv.assign(1, p.dense_of(m.cell));
            for (int j = 1; j < pv_length_[1]; ++j) m.pv.push_back(pv_[1][j]);
        }
        if (s > best) {
            best = s;
            if (i > 0 || s > alpha) partial_best_ = {true, m.cell, s, m.pv};
        }
        if (s > alpha) alpha = s;
        if (alpha >= beta) {
            for (int j = i + 1; j < count; ++j) moves[j].score = -kInfinite;
            break;
        }
    }
    return best;
}

void SearchWorker::reset_for(const Board& board) {
    position_.set_from(board);
    aborted_ = false;
    local_limit_ = 0;
    seldepth_ = 0;
    node_poll_ = 0;
    nodes_.store(0, std::memory_order_relaxed);
    for (auto& k : killers_) k = {-1, -1};
    for (auto& h : history_) std::fill(h.begin(), h.end(), 0);
    static_eval_.fill(kNoStaticEval);
    roots_.clear();
}

std::vector<Point> SearchWorker::points_of(const std::vector<int>& dense) const {
    std::vector<Point> out;
    for (int d : dense) out.push_back({d % position_.width(), d / position_.width()});
    return out;
}

void SearchWorker::report(const RunContext& run, int depth, Score score, const std::vector<int>& pv, int index) const {
    if (id_ != 0 || !run.on_info) return;
    SearchInfo info;
    info.depth = depth;
    info.seldepth = std::max(seldepth_, depth);
    info.score = score;
    info.nodes = shared_.total_nodes();
    info.elapsed_ms = shared_.elapsed_ms();
    info.nps =
        info.elapsed_ms > 0 ? info.nodes * 1000 / static_cast<std::uint64_t>(info.elapsed_ms) : info.nodes * 1000;
    info.pv = points_of(pv);
    info.multipv_index = index;
    run.on_info(info);
}

SearchResult SearchWorker::answer_now(const RunContext& run, int cell, Score score) {
    // roots_[0] is `cell` with a one-move PV.
    SearchResult result;
    result.best = position_.point_of(cell);
    result.score = score;
    result.depth = 1;
    result.pv = {result.best};
    result.best_moves = {{result.best, score}};
    report(run, 1, score, roots_[0].pv, 0);
    return result;
}

SearchResult SearchWorker::answer_single(const RunContext& run, int cell, Score score) {
    roots_.push_back({cell, score, score, {position_.dense_of(cell)}});
    return answer_now(run, cell, score);
}

std::optional<SearchResult> SearchWorker::forced_answer_or_roots(const RunContext& run) {
    SearchPosition& p = position_;
    const int us = p.side(), them = us ^ 1;
    int cells[2];
    // A win on the board: take it.
    if (find_fives(us, cells, 1) == 1) return answer_single(run, cells[0], mate_in(1));
    // The opponent threatens five: only the blocks count.
    std::vector<int> root_cells;
    if (p.class_count(them, kClsFive) > 0) {
        int defences[kMaxDefences];
        const int n = five_defences(defences);
        if (n == 0) {
            // Lost anyway: block one five point if we may, else any playable point.
            find_fives(them, cells, 1);
            int cell = cells[0];
            if (!playable(cell, us)) {
                MoveList& list = lists_[0];
                generate(list, 0, -1);
                if (!list.empty()) cell = list[0].cell;
            }
            return answer_single(run, cell, mated_in(2));
        }
        root_cells.assign(defences, defences + n);
    } else {
        MoveList& list = lists_[0];
        generate(list, 0, -1);
        for (const ScoredCell& m : list) root_cells.push_back(m.cell);
    }
    if (root_cells.empty()) {
        // Renju black with nothing but forbidden points, or a full board.
        for (int y = 0; y < p.height() && root_cells.empty(); ++y)
            for (int x = 0; x < p.width() && root_cells.empty(); ++x)
                if (p.empty(p.cell_of({x, y}))) root_cells.push_back(p.cell_of({x, y}));
        if (root_cells.empty()) return SearchResult{};  // no legal move at all
        return answer_single(run, root_cells[0], kDrawScore);
    }
    for (int cell : root_cells) roots_.push_back({cell, -kInfinite, -kInfinite, {p.dense_of(cell)}});
    if (roots_.size() == 1 && p.stones() == 0) return answer_single(run, roots_[0].cell, evaluate());
    return std::nullopt;
}

std::optional<SearchResult> SearchWorker::proven_win_at_root(const RunContext& run) {
    SearchPosition& p = position_;
    int first = -1;
    // Scale the solver budgets to about a sixth of the soft time at a conservative 250
    // nodes per millisecond: short turns cannot afford them, long ones can afford more.
    std::uint64_t vcf_budget = kVcfRootBudget, vct_budget = kVctRootBudget;
    if (shared_.timer) {
        const std::uint64_t affordable =
            static_cast<std::uint64_t>(std::max<std::int64_t>(shared_.timer->budget().soft_ms, 1)) * 40;
        vcf_budget = std::clamp<std::uint64_t>(affordable, 1000, 5 * kVcfRootBudget);
        vct_budget = std::clamp<std::uint64_t>(affordable, 1000, 5 * kVctRootBudget);
    }
    // A node limit is a budget like time: the solvers get the share of it they get of a short
    // turn's (about 4% each), where they could otherwise spend all of it and leave the search
    // nothing, as they did on a sixth of the middlegames at 20,000 nodes.
    if (shared_.max_nodes != 0) {
        const std::uint64_t share = std::max<std::uint64_t>(shared_.max_nodes / 25, 250);
        vcf_budget = std::min(vcf_budget, share);
        vct_budget = std::min(vct_budget, share);
    }
    Score won = run_solver(false, vcf_budget, first);
    // VCT trusts that an open three is stopped only on its own line's four points, which
    // caro's end rule breaks; caro keeps VCF only.
    const bool caro = p.config().rule == Rule::Caro || p.config().rule == Rule::CaroExact;
    if (won == 0 && !aborted_ && !caro && p.class_count(p.side() ^ 1, kClsFlexFour) == 0)
        won = run_solver(true, vct_budget, first);
    if (won != 0 && first >= 0) {
        const auto it = std::find_if(roots_.begin(), roots_.end(), [&](const RootMove& m) { return m.cell == first; });
        if (it != roots_.end())
            std::rotate(roots_.begin(), it, it + 1);
        else
            roots_.insert(roots_.begin(), {first, won, won, {}});
        roots_[0].score = won;
        roots_[0].pv = {p.dense_of(first)};
        SearchResult result = answer_now(run, first, won);
        result.nodes = nodes();
        return result;
    }
    if (aborted_) {
        // Stopped inside the solvers: the best-ordered root move is all there is.
        SearchResult result;
        result.best = p.point_of(roots_[0].cell);
        result.best_moves = {{result.best, 0}};
        result.pv = {result.best};
        return result;
    }
    return std::nullopt;
}

Score SearchWorker::search_iteration(int depth, Score previous, int multipv) {
    Score alpha = -kInfinite, beta = kInfinite, delta = 40;
    if (depth >= 5 && !is_mate_score(previous)) {
        alpha = previous - delta;
        beta = previous + delta;
    }
    Score score = 0;
    while (true) {
        score = root_search(roots_, alpha, beta, depth, multipv);
        if (aborted_) break;
        std::stable_sort(roots_.begin(), roots_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (score <= alpha && alpha > -kInfinite) {
            beta = (alpha + beta) / 2;
            alpha = std::max<Score>(-kInfinite, score - delta);
        } else if (score >= beta && beta < kInfinite) {
            beta = std::min<Score>(kInfinite, score + delta);
        } else {
            break;
        }
        delta *= 2;
        if (delta > 1500) {
            alpha = -kInfinite;
            beta = kInfinite;
        }
    }
    return score;
}

bool SearchWorker::should_stop_iterating(int depth, Score score, int stable_iterations) const {
    const SearchPosition& p = position_;
    // Every line has ended within this depth (no empty point is left beyond it): a deeper
    // iteration would only repeat this one, and the depth reported stays the real one.
    if (depth >= p.empty_cells()) return true;
    if (roots_.size() == 1 && depth >= 2) return true;                    // a forced move
    if (is_mate_score(score) && mate_plies(score) <= depth) return true;  // proven
    if (shared_.timer) {
        const std::int64_t elapsed = shared_.timer->elapsed_ms();
        const std::int64_t soft = shared_.timer->budget().soft_ms;
        // Past the soft limit no new iteration; with a long-stable best move, half of it
        // is enough when the time saved is worth something. An unfinished iteration still
        // counts when it finds a better move.
        if (elapsed >= soft) return true;
        if (stable_iterations >= 6 && elapsed * 2 >= soft && shared_.timer->budget().saving_pays) return true;
    }
    return false;
}

void SearchWorker::deepen(const RunContext& run, SearchResult& result) {
    SearchPosition& p = position_;
    result.best = p.point_of(roots_[0].cell);
    result.score = 0;
    result.pv = {result.best};
    shared_.tt->new_search();
    Score previous = 0;
    int stable_iterations = 0;
    int last_best = roots_[0].cell;
    const int start_depth = 1 + (id_ > 0 ? id_ % 2 : 0);
    for (int depth = start_depth; depth < kMaxPly; ++depth) {
        if (run.limits.max_depth > 0 && depth > run.limits.max_depth) break;
        // A timed search that began before the table was mapped in takes all of it now.
        if (id_ == 0) shared_.tt->grow_if_mapped();
        seldepth_ = 0;
        search_iteration(depth, previous, run.multipv);
        if (aborted_) {
            // A move proven better than the last iteration's choice is still worth playing.
            if (partial_best_.valid && partial_best_.score > previous && depth > start_depth) {
                result.best = p.point_of(partial_best_.cell);
                result.score = partial_best_.score;
                result.pv = points_of(partial_best_.pv);
            }
            break;
        }
        previous = roots_[0].score;
        result.best = p.point_of(roots_[0].cell);
        result.score = previous;
        result.depth = depth;
        result.pv = points_of(roots_[0].pv);
        for (int i = 0; i < run.multipv && i < static_cast<int>(roots_.size()); ++i)
            report(run, depth, roots_[i].score, roots_[i].pv, i);

        stable_iterations = roots_[0].cell == last_best ? stable_iterations + 1 : 0;
        last_best = roots_[0].cell;
        if (id_ != 0) continue;
        if (should_stop_iterating(depth, previous, stable_iterations)) break;
    }
}

SearchResult SearchWorker::run(const Board& board, const SearchLimits& limits, const Searcher::InfoCallback& on_info) {
    reset_for(board);
    const RunContext run{limits, on_info, std::max(1, limits.multipv)};
    if (auto forced = forced_answer_or_roots(run)) return *forced;
    // Forced wins first: a proven win is played at once.
    if (id_ == 0 && position_.class_count(position_.side() ^ 1, kClsFive) == 0)
        if (auto proven = proven_win_at_root(run)) return *proven;
    SearchResult result;
    deepen(run, result);
    result.best_moves.clear();
    for (int i = 0; i < run.multipv && i < static_cast<int>(roots_.size()); ++i)
        result.best_moves.push_back({position_.point_of(roots_[i].cell), roots_[i].score});
    if (result.best_moves.empty() || result.best_moves[0].move != result.best)
        result.best_moves.insert(result.best_moves.begin(), {result.best, result.score});
    result.nodes = nodes();
    return result;
}

}  // namespace tengen
