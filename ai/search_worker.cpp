#include "ai/search_worker.h"

#include <algorithm>
#include <cmath>

#include "ai/evaluation.h"

namespace tengen {
namespace {

constexpr int kMaxQDepth = 10;         // attacker fours in quiescence
constexpr int kRazorMargin = 200;      // per ply of depth left
constexpr int kFutilityPerPly = 165;   // reverse futility margin a ply
constexpr int kFutilityCutBonus = 31;  // a ply less of margin at a cut node the TT does not know
constexpr int kFailHighBase = -23;     // an expected cut's margin over beta: base ...
constexpr int kFailHighPerPly = 39;    // ... and per ply of depth (Rapfi's, at our scale)
constexpr int kSingularDepth = 6;      // from 8, it paid; from 6 too, a little more (SPRT)
constexpr int kSingularMargin = 8;     // a ply below the TT score the other moves must stay
// A four of ours that blocks nothing while an open three of theirs stands: reduced by this much
// (sixteenths of a ply) when far from their last stone, and from our own; skipped below this
// depth when far from both (Rapfi's 1.93, 0.96 and 4.3 plies).
constexpr int kUselessFourFarThem = 31;
constexpr int kUselessFourFarUs = 15;
constexpr int kUselessFourDepth = 69;

// In sixteenths of a ply, rounded down to whole plies.
struct LmrTable {
    std::array<std::array<std::uint8_t, 64>, 64> r{};
    LmrTable() {
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m)
                r[d][m] = static_cast<std::uint8_t>(kOnePly * static_cast<int>(0.25 + std::log(d) * std::log(m) / 1.2));
    }
};

// The four's cell also makes at least an open two on another line.
bool builds_beside_four(const SearchPosition& p, int cell, int colour) {
    int fours = 0, builds = 0;
    for (int d = 0; d < 4; ++d) {
        const LineShape s = p.shape(cell, colour, d);
        fours += s >= kFour;
        builds += s >= kTwo;
    }
    return fours >= 1 && builds >= 2;
}

// Moves searched at a node before the rest are skipped: 6 + 2 d^1.32 (Rapfi's count
// doubled; at its own size this lost here), halved when the static eval is not improving.
struct MoveCountTable {
    std::array<std::array<int, 64>, 2> count{};
    MoveCountTable() {
        for (int d = 0; d < 64; ++d)
            for (int imp = 0; imp < 2; ++imp)
                count[imp][d] = static_cast<int>((6.0 + 2.0 * std::pow(d, 1.32)) / (2 - imp));
    }
};

const MoveCountTable& move_count_table() {
    static const MoveCountTable table;
    return table;
}

const LmrTable& lmr_table() {
    static const LmrTable table;
    return table;
}

}  // namespace

int SearchWorker::late_move_reduction(int plies, int index) {
    return lmr_table().r[std::min(plies, 63)][std::min(index, 63)];
}

std::uint64_t SharedSearch::total_nodes() const {
    std::uint64_t n = 0;
    for (const SearchWorker* w : workers) n += w->nodes();
    return n;
}

SearchWorker::SearchWorker(const GameConfig& config, EvaluatorChoice evaluator, SharedSearch& shared, int id)
    : evaluator_choice_(evaluator), position_(config, evaluator), shared_(shared), id_(id) {
    lists_.resize(kMaxPly + 8);
    const int area = config.width * config.height;
    for (auto& l : lists_) l.reserve(static_cast<std::size_t>(area));
    for (auto& h : history_) h.assign(static_cast<std::size_t>(area), 0);
    failed_cache_.assign(std::size_t{1} << 15, 0);
    excluded_.fill(-1);
    lmr_table();
}

bool SearchWorker::tick() {
    if (aborted_) return false;
    if (shared_.stop.load(std::memory_order_relaxed)) {
        aborted_ = true;
        return false;
    }
    if (shared_.max_nodes != 0) {
        const std::uint64_t before = shared_.budget_used.fetch_add(1, std::memory_order_relaxed);
        if (before >= shared_.max_nodes) {
            shared_.budget_used.fetch_sub(1, std::memory_order_relaxed);
            shared_.stop.store(true, std::memory_order_relaxed);
            aborted_ = true;
            return false;
        }
    }
    const std::uint64_t n = nodes_.load(std::memory_order_relaxed) + 1;
    nodes_.store(n, std::memory_order_relaxed);
    if (local_limit_ != 0 && n >= local_limit_) aborted_ = true;  // this node is the solver's last
    if (id_ == 0 && shared_.timer && (++node_poll_ & 1023) == 0 && shared_.timer->hard_expired()) {
        shared_.stop.store(true, std::memory_order_relaxed);
        aborted_ = true;
        return false;
    }
    return true;
}

void SearchWorker::extend_pv(int ply, int cell) {
    pv_[ply][ply] = position_.dense_of(cell);
    for (int j = ply + 1; j < pv_length_[ply + 1]; ++j) pv_[ply][j] = pv_[ply + 1][j];
    pv_length_[ply] = std::max(ply + 1, pv_length_[ply + 1]);
}

void SearchWorker::sample_cutoff(int cell, int plies) const {
    const SearchPosition& p = position_;
    CutoffSample sample;
    sample.move = p.point_of(cell);
    sample.depth = plies;
    std::vector<Point> black, white;
    const int last = p.last_cell(), previous = p.cell_two_plies_ago();
    for (int y = 0; y < p.height(); ++y)
        for (int x = 0; x < p.width(); ++x) {
            const int c = p.cell_of({x, y});
            if (c == last || c == previous) continue;
            if (p.code(c) == kCellBlack) black.push_back({x, y});
            if (p.code(c) == kCellWhite) white.push_back({x, y});
        }
    for (int c : {previous, last})
        if (c >= 0) (p.code(c) == kCellBlack ? black : white).push_back(p.point_of(c));
    if (black.size() != white.size() && black.size() != white.size() + 1) return;  // walls, or a handicap
    for (std::size_t i = 0; i < black.size(); ++i) {
        sample.stones.push_back(black[i]);
        if (i < white.size()) sample.stones.push_back(white[i]);
    }
    shared_.on_cutoff(sample);
}

Score SearchWorker::evaluate() const { return evaluate_position(position_); }

Score SearchWorker::static_win_in_five(int ply) const {
    // A four-three, or two open threes, wins in 5 plies when the opponent has no four to
    // interpose: the block of the four (or of one three) cannot touch the other line, which
    // then becomes an open four. Renju black is left to the search: its open-four point
    // may turn out forbidden.
    const SearchPosition& p = position_;
    const int us = p.side(), them = us ^ 1;
    if (p.four_cells(them) != 0 || (us == 0 && p.renju())) return 0;
    if (p.class_count(us, kClsFourThree) > 0 || p.class_count(us, kClsDoubleThree) > 0) return mate_in(ply + 5);
    return 0;
}

// The opponent threatens five: only its blocks are searched, each by `child` (the child
// node's search, from the child's side). No blocks: lost in 2.
template <class ChildSearch>
Score SearchWorker::search_blocks(Score alpha, Score beta, int ply, ChildSearch child) {
    SearchPosition& p = position_;
    int defences[kMaxDefences];
    const int n = five_defences(defences);
    if (n == 0) return mated_in(ply + 2);
    if (ply >= kMaxPly) return evaluate();
    Score best = -kInfinite;
    for (int i = 0; i < n; ++i) {
        shared_.tt->prefetch(p.hash_after(defences[i]));
        p.make(defences[i]);
        const Score s = -child(-beta, -alpha);
        p.unmake();
        if (aborted_) return 0;
        if (s > best) {
            best = s;
            extend_pv(ply, defences[i]);
            alpha = std::max(alpha, s);
            if (alpha >= beta) break;
        }
    }
    return best;
}

Score SearchWorker::qsearch(Score alpha, Score beta, int ply, int qdepth) {
    pv_length_[ply] = ply;
    if (!tick()) return 0;
    seldepth_ = std::max(seldepth_, ply);
    SearchPosition& p = position_;
    const int us = p.side(), them = us ^ 1;
    if (p.class_count(us, kClsFive) > 0) return mate_in(ply + 1);
    if (p.empty_cells() == 0) return kDrawScore;
    if (p.class_count(them, kClsFive) > 0)
        return search_blocks(alpha, beta, ply, [&](Score a, Score b) { return qsearch(a, b, ply + 1, qdepth); });
    if (p.class_count(us, kClsFlexFour) > 0) return mate_in(ply + 3);
    if (const Score m = static_win_in_five(ply)) return m;
    if (qdepth >= kMaxQDepth || ply >= kMaxPly || p.four_cells(us) == 0) return evaluate();
    // Only the first quiescence node goes through the TT: deeper ones filter their fours by
    // the path (locality to our previous stone), so their results are not the position's.
    const bool first = qdepth == 0;
    const std::uint64_t key = p.hash();
    if (first) {
        TTHit hit;
        if (shared_.tt->probe(key, hit) && hit.depth >= 0) {
            const Score s = score_from_tt(hit.score, ply);
            if (hit.bound == Bound::Exact || (hit.bound == Bound::Lower && s >= beta) ||
                (hit.bound == Bound::Upper && s <= alpha))
                return s;
        }
    }
    const Score stand = evaluate();
    if (stand >= beta) return stand;
    const Score alpha_orig = alpha;
    alpha = std::max(alpha, stand);
    int best_cell = -1;
    MoveList& list = lists_[ply];
    generate_fours(list, us);
    // Only fours that also build on another line (at least an open two there): a bare four
    // spends a threat for nothing but the tempo the block gives back. Past the first four,
    // keep the chain local too: only fours within 4 lines of our previous stone (played two
    // plies ago), as continuing VCF attacks almost always are.
    const bool chained = qdepth >= 1 && p.ply() >= 2;
    const Point anchor = chained ? p.point_of(p.cell_two_plies_ago()) : Point{};
    std::erase_if(list, [&](const ScoredCell& m) {
        if (chained) {
            const Point q = p.point_of(m.cell);
            if (std::abs(q.x - anchor.x) > 4 || std::abs(q.y - anchor.y) > 4) return true;
        }
        return !builds_beside_four(p, m.cell, us);
    });
    Score best = stand;
    const int count = static_cast<int>(list.size());
    for (int i = 0; i < count; ++i) {
        const int cell = list[i].cell;
        p.make(cell);
        const Score s = -qsearch(-beta, -alpha, ply + 1, qdepth + 1);
        p.unmake();
        if (aborted_) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                best_cell = cell;
                extend_pv(ply, cell);
                if (s >= beta) break;
            }
        }
    }
    if (first) {
        const Bound bound = best >= beta ? Bound::Lower : best > alpha_orig ? Bound::Exact : Bound::Upper;
        shared_.tt->store(key, score_to_tt(best, ply), stand, best_cell >= 0 ? p.dense_of(best_cell) : -1, 0, bound);
    }
    return best;
}

Score SearchWorker::search(Score alpha, Score beta, int depth, int ply, bool cut_node) {
    pv_length_[ply] = ply;
    static_eval_[ply] = kNoStaticEval;
    if (!tick()) return 0;
    seldepth_ = std::max(seldepth_, ply);
    SearchPosition& p = position_;
    const bool pv_node = beta - alpha > 1;
    const int us = p.side(), them = us ^ 1;
    if (p.class_count(us, kClsFive) > 0) return mate_in(ply + 1);
    if (p.empty_cells() == 0) return kDrawScore;
    if (p.class_count(them, kClsFive) > 0) {
        // The block is forced: search it (them, under caro) without spending depth.
        return search_blocks(alpha, beta, ply,
                             [&](Score a, Score b) { return search(a, b, depth, ply + 1, !cut_node); });
    }
    if (ply >= kMaxPly) return evaluate();
    if (p.class_count(us, kClsFlexFour) > 0) return mate_in(ply + 3);
    if (const Score m = static_win_in_five(ply)) return m;

    // Mate-distance pruning: nothing here beats a win on the next move or loses sooner than now.
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;

    if (depth <= 0) return qsearch(alpha, beta, ply, 0);

    const std::uint64_t key = p.hash();
    TTHit hit;
    const int excluded = excluded_[ply];
    const bool tt_hit = shared_.tt->probe(key, hit);
    int tt_cell = -1;
    if (tt_hit) {
        if (hit.move >= 0 && hit.move < p.width() * p.height()) tt_cell = p.cell_of_dense(hit.move);
        if (!pv_node && excluded < 0 && hit.depth * kOnePly >= depth) {
            const Score s = score_from_tt(hit.score, ply);
            if (hit.bound == Bound::Exact || (hit.bound == Bound::Lower && s >= beta) ||
                (hit.bound == Bound::Upper && s <= alpha))
                return s;
        }
    }
    // A node that has been on the principal variation (its TT entry says so) stays likely to
    // matter: its late moves are reduced as a PV node's are (Rapfi's ttPv).
    const bool tt_pv = pv_node || (tt_hit && hit.pv);
    const Score static_eval = tt_hit ? hit.eval : evaluate();
    static_eval_[ply] = static_eval;
    const bool improving = ply >= 2 && static_eval_[ply - 2] != kNoStaticEval && static_eval > static_eval_[ply - 2];
    // A TT bound on the far side of the static evaluation is the better estimate for pruning.
    Score eval = static_eval;
    if (tt_hit && !is_mate_score(score_from_tt(hit.score, ply))) {
        const Score s = score_from_tt(hit.score, ply);
        if ((s > eval && hit.bound != Bound::Upper) || (s < eval && hit.bound != Bound::Lower)) eval = s;
    }
    const bool their_threats = p.class_count(them, kClsFlexFour) > 0 || p.class_count(them, kClsFourThree) > 0;

    // Reverse futility at every depth: far above beta with no threat against us, the search
    // won't fall below it. The margin grows a ply at a time and shrinks when we improve.
    if (!pv_node && excluded < 0 && !their_threats && beta < kMateBound && beta > -kMateBound && eval < kMateBound) {
        const int margin_depth = depth - kOnePly * (improving ? 2 : 1);
        const int per_ply = kFutilityPerPly - (cut_node && !tt_hit ? kFutilityCutBonus : 0);
        const int margin = std::max(0, per_ply * margin_depth / kOnePly);
        if (eval - margin >= beta) return eval;
    }

    // Razoring: far below alpha near the leaves, only a run of fours could save the node;
    // let the quiescence search look for one instead of searching every quiet move.
    if (!pv_node && excluded < 0 && depth <= 2 * kOnePly && !their_threats &&
        eval + kRazorMargin * depth / kOnePly <= alpha && alpha > -kMateBound) {
        const Score q = qsearch(alpha, alpha + 1, ply, 0);
        if (aborted_) return 0;
        if (q <= alpha) return q;
    }
    // Internal iterative reduction: without a TT move the ordering is a guess, and a node
    // never searched before is seldom critical; one ply less finds a move to store.
    if (depth >= 3 * kOnePly && tt_cell < 0 && !their_threats) depth -= kOnePly;
    const int plies = depth / kOnePly;  // whole plies left, for the rules that count them

    // Singular extension: when every move but the TT move stays well below the TT move's
    // score, the TT move is searched a ply deeper; when even they reach beta, the node is a
    // cut (multi-cut). Tested before this node's move list is made, since the test search
    // runs at the same ply and reuses its list. Not while an open three or four-three of
    // theirs is on the board: the answers are few and forced anyway. One ply only: a second one
    // for a move far more singular still played weaker at 300,000 nodes a move, where it made
    // the tree a third larger for no more completed depth (SPRT, thirty-fifth session).
    int singular_extension = 0;
    if (excluded < 0 && depth >= kSingularDepth * kOnePly && tt_cell >= 0 && !their_threats &&
        hit.bound != Bound::Upper && hit.depth * kOnePly >= depth - 3 * kOnePly && p.cls(tt_cell, us) < kClsFour) {
        const Score tt_score = score_from_tt(hit.score, ply);
        if (tt_score > -kMateBound && tt_score < kMateBound) {
            const Score singular_beta = tt_score - kSingularMargin * depth / kOnePly;
            excluded_[ply] = tt_cell;
            // Half the depth left after the move, in whole plies.
            const int test_depth = (depth - kOnePly) / 2 / kOnePly * kOnePly;
            const Score s = search(singular_beta - 1, singular_beta, test_depth, ply, cut_node);
            excluded_[ply] = -1;
            if (aborted_) return 0;
            if (s < singular_beta)
                singular_extension = 1;
            else if (singular_beta >= beta)
                return singular_beta;
        }
    }

    MoveList& list = lists_[ply];
    generate_unsorted(list, ply, tt_cell);
    if (list.empty()) return kDrawScore;

    const Score alpha_orig = alpha;
    Score best = -kInfinite;
    int best_cell = -1;
    const int count = static_cast<int>(list.size());
    const bool defending = p.class_count(them, kClsFlexFour) > 0;
    // A cut node whose eval stands well above beta expects to fail high on some move: every
    // move that is not a four is searched a ply shallower, the first one too. The margin
    // grows with depth, as Rapfi's does: with eval >= beta alone, which shortened every deep
    // cut node near beta, the engine played weaker (SPRT, twenty-first session).
    const bool expected_cut = cut_node && !pv_node && !their_threats && depth >= 2 * kOnePly &&
                              eval >= beta + kFailHighBase + kFailHighPerPly * depth / kOnePly;
    // Past this many searched moves the rest are pruned (move-count pruning). Renju's PV nodes
    // keep half as many moves again: at the same count they leaned the other way there (SPRTs,
    // twenty-eighth and twenty-ninth sessions).
    const int counted_moves = move_count_table().count[improving][std::min(plies, 63)];
    const int move_count_limit = pv_node && p.renju() ? counted_moves * 3 / 2 : counted_moves;
    // Facing an open three, a four of ours that blocks nothing only delays the defence, and far
    // from the last stones of both sides it seldom starts a real counter-attack (Rapfi's
    // "useless defence"): reduced, and skipped near the leaves when far from both. Only stones
    // of the search's own line count: the root does not know the game's last moves.
    const int their_last = p.last_cell(), our_last = p.cell_two_plies_ago();
    auto far_from = [&](int cell, int stone) {
        return stone >= 0 && chebyshev_distance(p.point_of(cell), p.point_of(stone)) > 4;
    };
    int searched = 0;
    // Once moves are being pruned, most of the rest will be: picking each then costs a scan of
    // the tail for a move skipped at once, so the tail is sorted in one go instead (the same
    // order, so the same search).
    bool rest_sorted = false;
    auto sort_rest = [&](int i) {
        if (!rest_sorted) sort_moves(list, static_cast<std::size_t>(i) + 1);
        rest_sorted = true;
    };
    for (int i = 0; i < count; ++i) {
        if (!rest_sorted) pick_next(list, static_cast<std::size_t>(i));
        const int cell = list[i].cell;
        if (cell == excluded) continue;
        const bool tactical = p.cls(cell, us) >= kClsThree || p.cls(cell, them) >= kClsThree;
        const bool our_four = p.cls(cell, us) >= kClsFour;
        const bool forcing = our_four || p.cls(cell, them) >= kClsFour;
        const bool quiet = !tactical && !defending && cell != tt_cell;
        // Our fours force an answer and are not reduced; a cell that only spoils the
        // opponent's four is an ordinary move here. Facing an open three the late blocks are
        // reduced too: the TT move or the first block is almost always the defence that holds,
        // and searching every other block in full paid less than the depth it cost (SPRT,
        // twenty-sixth session; Rapfi reduces them likewise).
        const bool reducible = !our_four && cell != tt_cell;
        int counter_reduction = 0;
        if (defending && our_four && p.cls(cell, them) < kClsFour) {
            const bool far_them = far_from(cell, their_last), far_us = far_from(cell, our_last);
            if (far_them && far_us && depth < kUselessFourDepth && best > -kMateBound) continue;
            counter_reduction = (far_them ? kUselessFourFarThem : 0) + (far_us ? kUselessFourFarUs : 0);
        }
        // Late-move pruning once a non-losing move exists.
        if (!pv_node && quiet && depth <= 4 * kOnePly && best > -kMateBound && searched >= 3 + plies * plies * 2) {
            sort_rest(i);
            continue;
        }
        // Move-count pruning at every depth, of threes as well as quiet moves: only our fours,
        // the TT move and the answers to an open three are always searched. PV nodes too, as
        // Rapfi prunes them.
        if (!our_four && !defending && cell != tt_cell && best > -kMateBound && searched >= move_count_limit) {
            sort_rest(i);
            continue;
        }

        shared_.tt->prefetch(p.hash_after(cell));
        p.make(cell);
        const int extension = cell == tt_cell ? singular_extension : 0;
        Score s;
        const int shallower = expected_cut && !forcing ? kOnePly : 0;
        const int child_depth = depth - kOnePly + extension * kOnePly;
        if (searched == 0) {
            s = -search(-beta, -alpha, child_depth - shallower, ply + 1, false);
            if (s > alpha && shallower) s = -search(-beta, -alpha, child_depth, ply + 1, false);
        } else {
            int r = shallower;
            // Every move after the first. The table gives the second move no reduction, so of
            // it only a cut node's extra ply is left: searched a ply shallower, it played better
            // in self-play than at full depth (twenty-second session).
            if (depth >= 3 * kOnePly && reducible) {
                r += late_move_reduction(plies, searched);
                if (tt_pv) r -= kOnePly;
                if (cut_node) r += kOnePly;
            }
            if (depth >= 2 * kOnePly) r += counter_reduction;
            r = std::clamp(r, 0, std::max(depth - 2 * kOnePly, 0));
            s = -search(-alpha - 1, -alpha, child_depth - r, ply + 1, true);
            if (s > alpha && r > 0) s = -search(-alpha - 1, -alpha, child_depth, ply + 1, !cut_node);
            if (s > alpha && s < beta) s = -search(-beta, -alpha, child_depth, ply + 1, false);
        }
        p.unmake();
        if (aborted_) return 0;
        ++searched;
        if (s > best) {
            best = s;
            best_cell = cell;
            if (s > alpha) {
                alpha = s;
                extend_pv(ply, cell);
                if (alpha >= beta) {
                    if (shared_.on_cutoff && plies >= 2 && excluded < 0 && (key & 15) == 0) sample_cutoff(cell, plies);
                    // Threes and fours learn a history too, where it paid: their shapes
                    // order them among themselves only roughly. Not in renju, where the
                    // same change leaned the other way (SPRTs, eighteenth session).
                    if (!tactical || !p.renju()) update_cutoff_stats(cell, ply, plies, list, i, !tactical);
                    break;
                }
            }
        }
    }
    // Everything pruned, or only the excluded move there. A singular test's result is not
    // the position's, so it is not stored.
    if (best_cell < 0) return excluded >= 0 ? alpha : static_eval;
    if (excluded >= 0) return best;
    const Bound bound = best >= beta ? Bound::Lower : best > alpha_orig ? Bound::Exact : Bound::Upper;
    // A node that failed low has no best move, only the least bad of upper bounds: it keeps the
    // move an earlier visit found rather than naming one.
    shared_.tt->store(key, score_to_tt(best, ply), static_eval, bound == Bound::Upper ? -1 : p.dense_of(best_cell),
                      depth / kOnePly, bound, tt_pv);
    return best;
}

}  // namespace tengen
