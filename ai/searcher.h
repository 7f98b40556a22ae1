// The one narrow face of search: limits in, best move and per-iteration info out, a stop flag.
// Front ends reach it through the Player (ai/player.h), which owns the game and the answer
// rule; tools that only want a score or a node count (bench, the arena's opening generator)
// use it directly.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/board.h"
#include "ai/evaluator_choice.h"
#include "ai/score.h"
#include "ai/time_manager.h"

namespace tengen {

// A beta cutoff the search sampled, for fitting the move ordering (selfplay --cutoffs): the
// node's stones, black first and alternating, its last two in the order they were played, and
// the move that refuted the opponent's.
struct CutoffSample {
    std::vector<Point> stones;
    Point move;
    int depth = 0;  // whole plies left at the node
};

struct SearchLimits {
    TimeControl time;             // clocks; all "not given" means the 5000 ms default below
    bool infinite = false;        // ignore the clocks, run until stop() or another limit
    int max_depth = 0;            // 0 = no limit
    std::uint64_t max_nodes = 0;  // 0 = no limit (threat-solver nodes count too)
    int threads = 1;
    int multipv = 1;  // YXNBEST n: report the n best root moves
    // Training data only: called at about one in 16 cutoffs with two plies or more left (the
    // node's key decides, so a repeated search samples the same), from every search thread.
    std::function<void(const CutoffSample&)> on_cutoff;
};

struct SearchInfo {
    int depth = 0;
    int seldepth = 0;
    Score score = 0;  // from the side to move's view; mate scores via score.h
    std::uint64_t nodes = 0;
    std::uint64_t nps = 0;
    std::int64_t elapsed_ms = 0;
    std::vector<Point> pv;
    int multipv_index = 0;  // 0 for the best line
};

struct ScoredMove {
    Point move;
    Score score = 0;
};

struct SearchResult {
    Point best = kNoPoint;  // kNoPoint only when the board has no legal move
    Score score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
    std::int64_t elapsed_ms = 0;
    std::vector<Point> pv;
    std::vector<ScoredMove> best_moves;  // multipv lines, best first (at least the best)
};

class SearchThreads;  // the implementation (table, workers, threads), private to ai/

// Owns its transposition table and threads: two Searchers can live in one process.
// start() copies the position, so the caller's board is never touched during search.
class Searcher {
public:
    explicit Searcher(std::size_t tt_bytes = std::size_t{256} << 20);
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    void set_hash_bytes(std::size_t bytes);  // reallocates now, not inside a move's budget
    void clear_hash();
    // How positions are judged (the tables by default); a change clears the table, whose
    // entries hold the other evaluator's scores. Waits for a running search first.
    void set_evaluator(EvaluatorChoice choice);
    // A new or cleared table is mapped in by a helper thread while searches already run (see
    // TranspositionTable::prepare_search); this waits until it is done, for a caller that
    // times a search and wants none of that work inside it.
    void wait_until_table_mapped();

    // Makes the search's per-thread state for this board shape now (shape tables, history,
    // move lists: some 20 ms on a new shape, several times that while a fresh table's pages are
    // still being mapped), so that a game's first move does not pay for it. start() makes
    // whatever is missing itself; waits for a running search first.
    void prepare(const GameConfig& config, int threads);

    using InfoCallback = std::function<void(const SearchInfo&)>;
    // Starts searching on a background thread; on_info is called from that thread after each
    // completed iteration. Precondition: no search running, the game is not over.
    void start(const Board& position, const SearchLimits& limits, InfoCallback on_info = {});
    void stop();          // asks the running search to finish now (thread-safe, idempotent)
    SearchResult wait();  // blocks until the search ends and returns its result
    bool running() const noexcept;

    // start() + wait(), for callers that have nothing else to do meanwhile.
    SearchResult search(const Board& position, const SearchLimits& limits, InfoCallback on_info = {});

private:
    std::unique_ptr<SearchThreads> threads_;
};

}  // namespace tengen
