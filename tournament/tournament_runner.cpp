#include "tournament/tournament_runner.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <pthread.h>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "tournament/brain_probe.h"
#include "tournament/brain_session.h"
#include "tournament/game_exports.h"
#include "tournament/progress.h"
#include "tournament/results_file.h"
#include "tournament/schedule_difference.h"
#include "tournament/scheduled_game.h"
#include "tournament/standings.h"

namespace tengen {

namespace {

// Shared between the game threads; every member is touched under mutex only.
struct Scoreboard {
    std::mutex mutex;
    std::vector<FinishedGame> games;  // from the file, then as they end
    bool stop = false;                // the SPRT decided, the run was interrupted or a result could not be saved
    std::optional<std::string> write_error;
};

// Starts every brain once before any game: its display name, or nullopt after reporting each
// brain that cannot start.
std::optional<std::vector<std::string>> brain_names(const TournamentSettings& settings, std::ostream& err) {
    std::vector<std::string> about_names;
    bool all_started = true;
    for (std::size_t i = 0; i < settings.brains.size(); ++i) {
        const BrainSpec& spec = settings.brains[i];
        const ProbeResult probe = probe_brain(spec, settings.referee.config, settings.referee.start_timeout_ms);
        const std::string shown = spec.name.empty() ? file_name_of(spec.cmd) : spec.name;
        if (probe.failure) {
            err << "tengen-arena: engine " << i + 1 << " '" << shown << "' (" << spec.cmd
                << ") cannot start: " << *probe.failure << "\n";
            all_started = false;
        }
        about_names.push_back(probe.about_name);
    }
    if (!all_started) return std::nullopt;
    return unique_names(settings.brains, about_names);
}

// SIGINT and SIGTERM are blocked in the calling thread (and so in every game thread it starts)
// for the object's lifetime, and taken with wait(); the previous mask comes back at the end.
class InterruptWatch {
public:
    InterruptWatch() {
        sigemptyset(&signals_);
        sigaddset(&signals_, SIGINT);
        sigaddset(&signals_, SIGTERM);
        ::pthread_sigmask(SIG_BLOCK, &signals_, &previous_);
    }
    ~InterruptWatch() {
        // A signal that came after the last wait would kill us when unblocked: take it first.
        const timespec none{0, 0};
        while (::sigtimedwait(&signals_, nullptr, &none) > 0) {}
        ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
    }
    InterruptWatch(const InterruptWatch&) = delete;
    InterruptWatch& operator=(const InterruptWatch&) = delete;

    // The signal that came within the time, or 0.
    int wait(std::chrono::milliseconds time) {
        const timespec t{static_cast<time_t>(time.count() / 1000), static_cast<long>(time.count() % 1000) * 1000000L};
        const int s = ::sigtimedwait(&signals_, nullptr, &t);
        return s > 0 ? s : 0;
    }

private:
    sigset_t signals_{};
    sigset_t previous_{};
};

// The SPRT has decided the match: no game after it is played.
bool sprt_decided(const Standings& s) {
    return s.head_to_head && s.head_to_head->sprt && s.head_to_head->sprt->verdict != SprtVerdict::Continue;
}

// The games the results file holds, after checking they are of this schedule; nullopt after
// reporting why the file cannot be used.
std::optional<LoadedResults> previous_games(const GameTable& table, std::ostream& err) {
    const TournamentSettings& settings = table.settings;
    auto loaded = load_results(settings.results_path, table.schedule_hash, true);
    if (!loaded) {
        err << "tengen-arena: " << loaded.error();
        if (loaded.error().find("another schedule") != std::string::npos) {
            if (const std::string why = schedule_difference(settings.results_path, table.schedule_settings);
                !why.empty())
                err << ". What differs: " << why;
            err << ". Use another --results file, or the same command line and the same engine executables as the "
                   "games in it (a rebuilt engine is a different engine; a larger --games extends only a schedule of "
                   "one pairing and one round)";
        }
        err << "\n";
        return std::nullopt;
    }
    if (loaded->dropped_torn_line)
        err << "tengen-arena: dropped a torn last line of " << settings.results_path << "; that game is replayed\n";
    return std::move(*loaded);
}

// Brains that name one log file share one writer, so their lines never interleave.
std::vector<std::shared_ptr<ProtocolLog>> brain_logs(const TournamentSettings& settings, std::ostream& err) {
    std::vector<std::shared_ptr<ProtocolLog>> logs;
    std::map<std::string, std::shared_ptr<ProtocolLog>> log_files;
    for (const BrainSpec& spec : settings.brains) {
        std::shared_ptr<ProtocolLog> log;
        if (!spec.log.empty()) {
            auto& shared = log_files[spec.log];
            if (!shared) {
                shared = std::make_shared<ProtocolLog>(spec.log);
                if (!shared->ok()) err << "tengen-arena: cannot write the log " << spec.log << "\n";
            }
            log = shared;
        }
        logs.push_back(std::move(log));
    }
    return logs;
}

struct Todo {
    std::vector<ScheduledGame> games;  // of this run (or shard), not yet in the file, in schedule order
    std::int64_t in_scope = 0;         // the games of this run (or shard), played or not
};

// The games left to play; nullopt after reporting a file that holds a game past the schedule.
std::optional<Todo> games_to_play(const TournamentSettings& settings, const std::vector<FinishedGame>& finished,
                                  std::ostream& err) {
    std::set<int> done;
    const std::vector<ScheduledGame> schedule = build_schedule(settings.schedule);
    const std::int64_t scheduled = static_cast<std::int64_t>(schedule.size());
    for (const FinishedGame& g : finished) {
        if (g.game >= scheduled) {
            err << "tengen-arena: " << settings.results_path << " holds game " << g.game << " but the schedule has "
                << scheduled << " games: --games may grow a run, never shrink it\n";
            return std::nullopt;
        }
        done.insert(g.game);
    }
    Todo todo;
    for (const ScheduledGame& g : schedule) {
        if (settings.shard && !settings.shard->contains(g)) continue;
        ++todo.in_scope;
        if (!done.count(g.game)) todo.games.push_back(g);
    }
    return todo;
}

// Everything the game threads share.
struct Run {
    const GameTable& table;
    const std::vector<std::shared_ptr<ProtocolLog>>& logs;
    const std::vector<ScheduledGame>& todo;
    const bool sprt_may_stop;
    Scoreboard& board;
    ProgressReporter& progress;
    ResultsWriter& writer;
    GameExports& exports;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> abandon{false};
};

// A finished game into the file, its records, and the standings; false when the run stops
// because the game could not be saved.
bool keep_game(Run& run, FinishedGame game) {
    const TournamentSettings& settings = run.table.settings;
    TournamentObserver* observer = run.table.observer;
    // A game whose result is not in the file is not counted either: the file is the
    // record, and a resume replays the game.
    if (const Status saved = run.writer.append(game); !saved.ok()) {
        std::lock_guard lock(run.board.mutex);
        if (!run.board.write_error)
            run.board.write_error = "could not save game " + std::to_string(game.game) + " to " +
                                    settings.results_path + ": " + saved.error();
        run.board.stop = true;
        if (observer) observer->game_abandoned(game.game);
        return false;
    }
    const Status recorded = record_game(run.table, game, run.exports);

    std::lock_guard lock(run.board.mutex);
    if (!recorded.ok()) run.progress.note("tengen-arena: " + recorded.error());
    run.board.games.push_back(std::move(game));
    const Standings s = compute_standings(run.board.games, run.table.names, settings.sprt);
    run.progress.game_finished(run.board.games.back(), s);
    if (observer) observer->game_finished(run.board.games.back());
    if (run.sprt_may_stop && sprt_decided(s) && !run.board.stop) {
        run.board.stop = true;
        run.progress.note("SPRT: " + verdict_name(s.head_to_head->sprt->verdict) + ", stopping");
    }
    return true;
}

// One game thread: takes the next game until none is left or the run stops.
void play_games(Run& run, int worker_id) {
    const TournamentSettings& settings = run.table.settings;
    // Each thread runs its own processes: a game never shares a brain process.
    std::vector<std::unique_ptr<BrainSession>> sessions;
    for (std::size_t i = 0; i < settings.brains.size(); ++i) {
        sessions.push_back(std::make_unique<BrainSession>(
            settings.brains[i], run.table.names[i] + "#" + std::to_string(worker_id), run.logs[i]));
        sessions.back()->set_abandon_flag(&run.abandon);
    }
    for (;;) {
        {
            std::lock_guard lock(run.board.mutex);
            if (run.board.stop) break;
        }
        const std::size_t index = run.next.fetch_add(1);
        if (index >= run.todo.size()) break;
        const ScheduledGame& slot = run.todo[index];
        FinishedGame game = play_scheduled_game(run.table, slot, *sessions[static_cast<std::size_t>(slot.black)],
                                                *sessions[static_cast<std::size_t>(slot.white)]);
        if (game.outcome.abandoned || !keep_game(run, std::move(game))) break;
    }
    // Sessions end here: END, then a kill for any that lingers.
}

// Plays the games on their threads; the signal that interrupted the run, or 0.
int play_all(Run& run, int concurrency) {
    const int threads =
        std::max(1, std::min<int>(concurrency, static_cast<int>(std::max<std::size_t>(run.todo.size(), 1))));
    int interrupted_by = 0;
    InterruptWatch watch;
    std::vector<std::thread> pool;
    std::atomic<int> running{threads};
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            play_games(run, t);
            --running;
        });
    while (running > 0) {
        if (const int s = watch.wait(std::chrono::milliseconds(100)); s != 0 && !interrupted_by) {
            interrupted_by = s;
            run.abandon = true;
            std::lock_guard lock(run.board.mutex);
            run.board.stop = true;
        }
    }
    for (std::thread& t : pool) t.join();
    return interrupted_by;
}

}  // namespace

int run_tournament(const TournamentSettings& settings, std::ostream& out, std::ostream& err,
                   TournamentObserver* observer) {
    // Taken first: the lock keeps a second arena off the file while this one repairs it.
    ResultsWriter writer(settings.results_path);
    if (writer.error()) {
        err << "tengen-arena: " << *writer.error() << "\n";
        return 2;
    }
    const ScheduleIdentity identity = schedule_identity(settings);
    std::vector<std::string> names;
    GameTable table{settings, names, schedule_hash(identity), schedule_settings(identity), observer};
    auto previous = previous_games(table, err);
    if (!previous) return 2;

    auto probed = brain_names(settings, err);
    if (!probed) return 1;
    names = std::move(*probed);
    const auto logs = brain_logs(settings, err);

    const auto todo = games_to_play(settings, previous->games, err);
    if (!todo) return 2;
    if (!previous->games.empty())
        out << "Resuming: " << previous->games.size() << " games already in " << settings.results_path << ", "
            << todo->games.size() << " to play\n";

    Scoreboard board;
    board.games = std::move(previous->games);
    const bool sprt_may_stop = settings.sprt && !settings.shard && names.size() == 2;
    ProgressReporter progress(out, settings.live_progress, todo->in_scope,
                              todo->in_scope - static_cast<std::int64_t>(todo->games.size()), names[0]);
    // A resumed match may already be decided.
    if (sprt_may_stop && sprt_decided(compute_standings(board.games, names, settings.sprt))) board.stop = true;

    if (observer) observer->tournament_started(names, board.games, todo->in_scope);

    GameExports exports(settings.sgf_file, settings.pgn_file);
    Run run{table, logs, todo->games, sprt_may_stop, board, progress, writer, exports};
    const int interrupted_by = play_all(run, settings.concurrency);
    progress.finish();

    const Standings final_standings = compute_standings(board.games, names, settings.sprt);
    out << "\n" << format_standings(final_standings, settings.max_failures_percent) << std::flush;
    if (board.write_error) {
        err << "tengen-arena: " << *board.write_error << "; stopped. Every game before it is saved: free the space "
            << "and run the same command again to resume\n";
        return 3;
    }
    if (interrupted_by) {
        err << "tengen-arena: interrupted (" << (interrupted_by == SIGINT ? "SIGINT" : "SIGTERM") << "); "
            << board.games.size() << " games are saved in " << settings.results_path
            << ", the games in progress were abandoned and are replayed on resume. To resume:\n  "
            << settings.command_line << "\n";
        return 130;
    }
    return 0;
}

}  // namespace tengen
