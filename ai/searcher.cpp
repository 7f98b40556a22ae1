// The Searcher face: owns the transposition table, the workers (kept between searches so
// their shape tables stay warm) and the background thread; Lazy SMP over the workers. What the
// search finds is reported as is: which point may leave as an answer is the Player's rule.
#include "ai/searcher.h"

#include <mutex>
#include <thread>

#include "ai/search_worker.h"

namespace tengen {

class SearchThreads {
public:
    explicit SearchThreads(std::size_t tt_bytes) : tt_(tt_bytes) { shared_.tt = &tt_; }
    ~SearchThreads() {
        stop();
        join();
    }

    void set_hash_bytes(std::size_t bytes) {
        join();
        tt_.resize(bytes);
    }
    void clear_hash() {
        join();
        tt_.clear();
    }
    void set_evaluator(EvaluatorChoice choice) {
        join();
        if (choice == evaluator_) return;
        evaluator_ = choice;
        workers_.clear();
        tt_.clear();  // its entries hold the other evaluator's scores
    }
    void wait_until_table_mapped() {
        join();
        tt_.wait_until_mapped();
    }

    void start(const Board& position, const SearchLimits& limits, Searcher::InfoCallback on_info) {
        join();
        tt_.prepare_search(/*must_repeat=*/limits.max_depth > 0 || limits.max_nodes > 0);
        shared_.stop.store(false);
        shared_.budget_used.store(0);
        shared_.max_nodes = limits.max_nodes;
        shared_.on_cutoff = limits.on_cutoff;
        shared_.clock = steady_clock_ms();
        shared_.start_ms = shared_.clock();
        shared_.timer.reset();
        if (!limits.infinite) shared_.timer.emplace(plan_move_time(limits.time), shared_.clock);
        make_workers(position.config(), limits.threads);
        shared_.workers.clear();
        for (auto& w : workers_) shared_.workers.push_back(w.get());
        running_.store(true);
        // A search's threads take their stacks and malloc arenas as it starts, and each waits
        // for the address-space lock behind the helper that maps a fresh table in: 20 to 40 ms
        // of a game's first move. The helper waits until the first iteration is reported.
        warming_hold_ = std::make_unique<TranspositionTable::WarmingPause>(tt_);
        thread_ = std::thread(
            [this, board = position, limits, on_info = std::move(on_info)]() mutable { run(board, limits, on_info); });
    }

    void prepare(const GameConfig& config, int threads) {
        join();
        make_workers(config, threads);
    }

    void stop() { shared_.stop.store(true); }

    SearchResult wait() {
        join();
        return result_;
    }

    bool running() const noexcept { return running_.load(); }

private:
    // Workers of another board shape or evaluator are all remade; a new thread count keeps those there are.
    void make_workers(const GameConfig& config, int count) {
        const std::size_t threads = static_cast<std::size_t>(std::clamp(count, 1, 64));
        if (!workers_.empty() && (workers_[0]->config() != config || workers_[0]->evaluator_choice() != evaluator_))
            workers_.clear();
        workers_.resize(std::min(workers_.size(), threads));
        if (workers_.size() == threads) return;
        const TranspositionTable::WarmingPause hold(tt_);
        while (workers_.size() < threads)
            workers_.push_back(
                std::make_unique<SearchWorker>(config, evaluator_, shared_, static_cast<int>(workers_.size())));
    }

    void join() {
        if (thread_.joinable()) thread_.join();
    }

    void run(Board board, SearchLimits limits, const Searcher::InfoCallback& on_info) {
        std::vector<std::thread> helpers;
        SearchLimits helper_limits = limits;
        helper_limits.multipv = 1;
        for (std::size_t i = 1; i < workers_.size(); ++i)
            helpers.emplace_back([this, i, &board, helper_limits] { workers_[i]->run(board, helper_limits, {}); });
        const Searcher::InfoCallback report = [this, &on_info](const SearchInfo& info) {
            warming_hold_.reset();
            if (on_info) on_info(info);
        };
        SearchResult r = workers_[0]->run(board, limits, report);
        shared_.stop.store(true);
        for (auto& t : helpers) t.join();
        r.nodes = shared_.total_nodes();
        r.elapsed_ms = shared_.elapsed_ms();
        result_ = std::move(r);
        warming_hold_.reset();  // a search that reported nothing
        running_.store(false);
    }

    TranspositionTable tt_;
    EvaluatorChoice evaluator_;
    SharedSearch shared_;
    std::vector<std::unique_ptr<SearchWorker>> workers_;
    std::thread thread_;
    std::atomic<bool> running_{false};
    SearchResult result_;
    std::unique_ptr<TranspositionTable::WarmingPause> warming_hold_;  // this thread's, then run()'s
};

Searcher::Searcher(std::size_t tt_bytes) : threads_(std::make_unique<SearchThreads>(tt_bytes)) {}
Searcher::~Searcher() = default;

void Searcher::set_hash_bytes(std::size_t bytes) { threads_->set_hash_bytes(bytes); }
void Searcher::clear_hash() { threads_->clear_hash(); }
void Searcher::set_evaluator(EvaluatorChoice choice) { threads_->set_evaluator(choice); }
void Searcher::wait_until_table_mapped() { threads_->wait_until_table_mapped(); }

void Searcher::start(const Board& position, const SearchLimits& limits, InfoCallback on_info) {
    threads_->start(position, limits, std::move(on_info));
}

void Searcher::prepare(const GameConfig& config, int threads) { threads_->prepare(config, threads); }
void Searcher::stop() { threads_->stop(); }
SearchResult Searcher::wait() { return threads_->wait(); }
bool Searcher::running() const noexcept { return threads_->running(); }

SearchResult Searcher::search(const Board& position, const SearchLimits& limits, InfoCallback on_info) {
    start(position, limits, std::move(on_info));
    return wait();
}

}  // namespace tengen
