// One search thread: its own position, move lists, killers and history; the transposition
// table, stop flag and node budget are shared. Iterative-deepening PVS with VCF quiescence,
// plus VCF and VCT solvers at the root. Internal to ai/.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "ai/search_position.h"
#include "ai/searcher.h"
#include "ai/transposition_table.h"

namespace tengen {

inline constexpr int kMaxPly = 160;
// Depths inside the tree count sixteenths of a ply, so a reduction or an extension can be a
// fraction that adds up along a line until it crosses a whole ply. A node searches every move
// while any depth is left: a node with a fraction of a ply left searches one more ply.
inline constexpr int kOnePly = 16;

// State every thread of one search sees.
struct SharedSearch {
    TranspositionTable* tt = nullptr;
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> budget_used{0};  // nodes counted against max_nodes
    std::uint64_t max_nodes = 0;
    std::optional<MoveTimer> timer;  // nullopt: no clock (infinite or depth/node limited bench)
    TimeSource clock;
    std::int64_t start_ms = 0;
    std::vector<class SearchWorker*> workers;
    std::function<void(const CutoffSample&)> on_cutoff;  // SearchLimits::on_cutoff
    std::uint64_t total_nodes() const;
    std::int64_t elapsed_ms() const { return clock() - start_ms; }
};

class SearchWorker {
public:
    SearchWorker(const GameConfig& config, EvaluatorChoice evaluator, SharedSearch& shared, int id);

    const GameConfig& config() const noexcept { return position_.config(); }
    const EvaluatorChoice& evaluator_choice() const noexcept { return evaluator_choice_; }
    std::uint64_t nodes() const noexcept { return nodes_.load(std::memory_order_relaxed); }

    // Runs the whole search from board; the main worker (id 0) reports through on_info.
    SearchResult run(const Board& board, const SearchLimits& limits, const Searcher::InfoCallback& on_info);

private:
    struct ScoredCell {
        int cell;
        int score;
    };
    using MoveList = std::vector<ScoredCell>;
    struct RootMove {
        int cell;
        Score score = -kInfinite;
        Score previous = -kInfinite;
        std::vector<int> pv;  // dense indices, starting with this move
    };

    // Node accounting: false when the search must unwind now (stop, time or node budget).
    bool tick();
    bool aborted() const noexcept { return aborted_; }

    Score search(Score alpha, Score beta, int depth, int ply, bool cut_node);  // depth in sixteenths
    Score qsearch(Score alpha, Score beta, int ply, int qdepth);
    Score evaluate() const;
    Score static_win_in_five(int ply) const;  // a proven win in 5 plies, or 0
    // Cells where the colour makes five (up to two, for the static checks); returns the count.
    int find_fives(int colour, int* out, int limit) const;
    // The side to move's answers to the opponent's five threats (the opponent must have one):
    // the five point itself, and under caro also a stone closing the five's other end. Empty
    // when the threats cannot all be stopped (or every stop is forbidden for renju black).
    static constexpr int kMaxDefences = 4 * kMaxBoardSide + 8;
    int five_defences(int* out);
    // Candidates, best first. The unsorted form leaves the order to pick_next, which a node
    // that cuts off after a move or two pays far less for than a full sort.
    void generate(MoveList& list, int ply, int tt_move_cell);
    void generate_unsorted(MoveList& list, int ply, int tt_move_cell);
    // Moves the best of list[i..] to i; ties keep generation order, as sort_moves does. Picking
    // every move this way and sorting list[i..] at once give the same order.
    static void pick_next(MoveList& list, std::size_t i);
    void generate_fours(MoveList& list, int colour);
    // Sorts list[from..], best first.
    static void sort_moves(MoveList& list, std::size_t from = 0);
    bool playable(int cell, int colour);  // renju: black's forbidden cells are not playable
    // A cutoff by list[tried_index]: its history gains, the moves tried before it lose, and a
    // quiet move becomes this ply's killer.
    void update_cutoff_stats(int cell, int ply, int plies, const MoveList& list, int tried_index, bool quiet);
    void sample_cutoff(int cell, int plies) const;  // to SharedSearch::on_cutoff

    // run()'s phases, in order: reset, a forced answer (or the root moves), a win the threat
    // solvers prove, iterative deepening.
    struct RunContext {
        const SearchLimits& limits;
        const Searcher::InfoCallback& on_info;
        int multipv;
    };
    void reset_for(const Board& board);
    std::optional<SearchResult> forced_answer_or_roots(const RunContext& run);
    std::optional<SearchResult> proven_win_at_root(const RunContext& run);
    void deepen(const RunContext& run, SearchResult& result);
    // One depth with aspiration windows widened until the score falls inside; roots_ sorted.
    Score search_iteration(int depth, Score previous, int multipv);
    bool should_stop_iterating(int depth, Score score, int stable_iterations) const;
    void report(const RunContext& run, int depth, Score score, const std::vector<int>& pv, int index) const;
    SearchResult answer_now(const RunContext& run, int cell, Score score);
    SearchResult answer_single(const RunContext& run, int cell, Score score);
    std::vector<Point> points_of(const std::vector<int>& dense) const;

    Score root_search(std::vector<RootMove>& moves, Score alpha, Score beta, int depth, int multipv);
    // In sixteenths of a ply, for a node with `plies` whole plies left and the move at `index`.
    static int late_move_reduction(int plies, int index);

    // The threat solver (threat_solver.cpp): VCF and VCT proofs on the worker's own position,
    // node count and table, so a proof found at the root or inside the search costs no copy.
    // Runs a root threat solver within a node budget; a mate score and its first move, or 0.
    Score run_solver(bool vct, std::uint64_t budget, int& first_cell);
    Score vcf_attack(int ply, int depth_left);
    Score vct_attack(int ply, int depth_left);
    Score vct_defend(int ply, int depth_left);
    int flex_four_cell(int us) const;
    std::optional<Score> win_by_five(int ply);
    std::optional<Score> win_by_open_four(int ply);
    bool cache_failed(std::uint64_t key) const;
    void remember_failed(std::uint64_t key);

    template <class ChildSearch>
    Score search_blocks(Score alpha, Score beta, int ply, ChildSearch child);
    // The PV at ply becomes `cell` followed by the child's PV.
    void extend_pv(int ply, int cell);

    EvaluatorChoice evaluator_choice_;
    SearchPosition position_;
    SharedSearch& shared_;
    int id_;
    std::atomic<std::uint64_t> nodes_{0};
    bool aborted_ = false;
    std::uint64_t local_limit_ = 0;  // a solver's node budget (0: none); hitting it aborts only locally
    int seldepth_ = 0;
    std::uint64_t node_poll_ = 0;

    std::vector<MoveList> lists_;                                 // per ply
    std::array<std::array<int, 2>, kMaxPly + 8> killers_{};       // dense indices
    std::array<std::vector<int>, 2> history_;                     // [colour][dense]
    std::array<std::array<int, kMaxPly + 8>, kMaxPly + 8> pv_{};  // triangular PV, dense indices
    std::array<int, kMaxPly + 8> pv_length_{};
    // Static evaluation of the node at each ply, kNoStaticEval where none was taken (forced
    // blocks, the root): whether our position improved over two plies decides pruning margins.
    static constexpr Score kNoStaticEval = -2 * kInfinite;
    std::array<Score, kMaxPly + 8> static_eval_{};
    std::array<int, kMaxPly + 8> excluded_{};  // the TT move a singular test leaves out, or -1
    std::vector<std::uint64_t> failed_cache_;  // threat-solver failures
    int threat_first_move_ = -1;               // cell of the solver's first move
    std::vector<RootMove> roots_;
    struct PartialBest {
        bool valid = false;
        int cell = -1;
        Score score = 0;
        std::vector<int> pv;
    } partial_best_;
};

}  // namespace tengen
