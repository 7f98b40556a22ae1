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
#include "tournament/game_files.h"
#include "tournament/progress.h"
#include "tournament/results_file.h"
#include "tournament/schedule_difference.h"
#include "tournament/standings.h"
#include "tournament/utc_time.h"
#include "engine/version.h"

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

}  // namespace

int run_tournament(const TournamentSettings& settings, std::ostream& out, std::ostream& err,
                   TournamentObserver* observer) {
    // Taken first: the lock keeps a second arena off the file while this one repairs it.
    ResultsWriter writer(settings.results_path);
    if (writer.error()) {
        err << "tengen-arena: " << *writer.error() << "\n";
        return 2;
    }
    auto loaded = load_results(settings.results_path, settings.schedule_hash, true);
    if (!loaded) {
        err << "tengen-arena: " << loaded.error();
        if (loaded.error().find("another schedule") != std::string::npos) {
            if (const std::string why = schedule_difference(settings.results_path, settings.schedule_settings);
                !why.empty())
                err << ". What differs: " << why;
            err << ". Use another --results file, or the same command line and the same engine executables as the "
                   "games in it (a rebuilt engine is a different engine; a larger --games extends only a schedule of "
                   "one pairing and one round)";
        }
        err << "\n";
        return 2;
    }
    LoadedResults previous = std::move(*loaded);
    if (previous.dropped_torn_line)
        err << "tengen-arena: dropped a torn last line of " << settings.results_path << "; that game is replayed\n";

    auto probed = brain_names(settings, err);
    if (!probed) return 1;
    const std::vector<std::string> names = std::move(*probed);

    // Brains that name one log file share one writer, so their lines never interleave.
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

    std::set<int> done;
    const std::vector<ScheduledGame> schedule = build_schedule(settings.schedule);
    const std::int64_t scheduled = static_cast<std::int64_t>(schedule.size());
    for (const FinishedGame& g : previous.games) {
        if (g.game >= scheduled) {
            err << "tengen-arena: " << settings.results_path << " holds game " << g.game << " but the schedule has "
                << scheduled << " games: --games may grow a run, never shrink it\n";
            return 2;
        }
        done.insert(g.game);
    }
    std::vector<ScheduledGame> todo;
    std::int64_t in_scope = 0;
    for (const ScheduledGame& g : schedule) {
        if (settings.shard && !settings.shard->contains(g)) continue;
        ++in_scope;
        if (!done.count(g.game)) todo.push_back(g);
    }

    if (!previous.games.empty())
        out << "Resuming: " << previous.games.size() << " games already in " << settings.results_path << ", "
            << todo.size() << " to play\n";

    Scoreboard board;
    board.games = std::move(previous.games);
    const bool sprt_may_stop = settings.sprt && !settings.shard && names.size() == 2;
    ProgressReporter progress(out, settings.live_progress, in_scope, in_scope - static_cast<std::int64_t>(todo.size()),
                              names[0]);
    {
        // A resumed match may already be decided.
        const Standings s = compute_standings(board.games, names, settings.sprt);
        if (sprt_may_stop && s.head_to_head && s.head_to_head->sprt &&
            s.head_to_head->sprt->verdict != SprtVerdict::Continue)
            board.stop = true;
    }

    if (observer) observer->tournament_started(names, board.games, in_scope);

    GameExports exports(settings.sgf_file, settings.pgn_file);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> abandon{false};
    std::atomic<int> running{0};
    auto worker = [&](int worker_id) {
        // Each thread runs its own processes: a game never shares a brain process.
        std::vector<std::unique_ptr<BrainSession>> sessions;
        for (std::size_t i = 0; i < settings.brains.size(); ++i) {
            sessions.push_back(std::make_unique<BrainSession>(settings.brains[i],
                                                              names[i] + "#" + std::to_string(worker_id), logs[i]));
            sessions.back()->set_abandon_flag(&abandon);
        }
        for (;;) {
            {
                std::lock_guard lock(board.mutex);
                if (board.stop) break;
            }
            const std::size_t index = next.fetch_add(1);
            if (index >= todo.size()) break;
            const ScheduledGame& slot = todo[index];
            FinishedGame game;
            game.game = slot.game;
            game.round = slot.round;
            game.pair = slot.pair;
            game.black = names[static_cast<std::size_t>(slot.black)];
            game.white = names[static_cast<std::size_t>(slot.white)];
            game.config = settings.referee.config;
            game.opening = settings.book.at(slot.opening);
            game.schedule = settings.schedule_hash;
            game.settings = settings.schedule_settings;
            game.arena_version = std::string(kTengenVersion);
            game.black_tc = time_control_text(settings.brains[static_cast<std::size_t>(slot.black)].clock);
            game.white_tc = time_control_text(settings.brains[static_cast<std::size_t>(slot.white)].clock);
            BrainSession& first = *sessions[static_cast<std::size_t>(slot.black)];
            BrainSession& second = *sessions[static_cast<std::size_t>(slot.white)];
            GameWatch watch;
            if (observer) {
                observer->game_started(game);
                watch.opening = [observer, n = game.game](const std::vector<Point>& stones, bool swapped) {
                    observer->opening_placed(n, stones, swapped);
                };
                watch.move = [observer, n = game.game](const RecordedMove& m) { observer->move_played(n, m); };
            }
            if (settings.swap2) {
                // The schedule's black proposes; the colours are the phase's outcome.
                game.outcome = referee_swap2_game(settings.referee, first, second, watch);
                if (game.outcome.swap2) {
                    game.opening = game.outcome.swap2->stones();
                    if (!game.outcome.swap2->proposer_black) {
                        std::swap(game.black, game.white);
                        std::swap(game.black_tc, game.white_tc);
                    }
                }
            } else {
                game.outcome = referee_game(settings.referee, game.opening, first, second, watch);
            }
            if (game.outcome.abandoned) {
                if (observer) observer->game_abandoned(game.game);
                break;
            }
            game.date = utc_iso8601(std::chrono::system_clock::now());

            // A game whose result is not in the file is not counted either: the file is the
            // record, and a resume replays the game.
            if (const Status saved = writer.append(game); !saved.ok()) {
                std::lock_guard lock(board.mutex);
                if (!board.write_error)
                    board.write_error = "could not save game " + std::to_string(game.game) + " to " +
                                        settings.results_path + ": " + saved.error();
                board.stop = true;
                if (observer) observer->game_abandoned(game.game);
                break;
            }
            Status recorded;
            const bool first_lost = (game.outcome.winner == Winner::Black && game.white == names[0]) ||
                                    (game.outcome.winner == Winner::White && game.black == names[0]);
            if (!settings.records_losses_only || first_lost) {
                if (!settings.records_dir.empty())
                    recorded = write_game_files(game, settings.records_dir, settings.sgf);
                if (recorded.ok() && exports.any()) recorded = exports.append(game);
            }

            std::lock_guard lock(board.mutex);
            if (!recorded.ok()) progress.note("tengen-arena: " + recorded.error());
            board.games.push_back(std::move(game));
            const Standings s = compute_standings(board.games, names, settings.sprt);
            progress.game_finished(board.games.back(), s);
            if (observer) observer->game_finished(board.games.back());
            if (sprt_may_stop && s.head_to_head && s.head_to_head->sprt &&
                s.head_to_head->sprt->verdict != SprtVerdict::Continue && !board.stop) {
                board.stop = true;
                progress.note("SPRT: " + verdict_name(s.head_to_head->sprt->verdict) + ", stopping");
            }
        }
        // Sessions end here: END, then a kill for any that lingers.
    };

    const int threads =
        std::max(1, std::min<int>(settings.concurrency, static_cast<int>(std::max<std::size_t>(todo.size(), 1))));
    int interrupted_by = 0;
    {
        InterruptWatch watch;
        std::vector<std::thread> pool;
        running = threads;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back([&, t] {
                worker(t);
                --running;
            });
        while (running > 0) {
            if (const int s = watch.wait(std::chrono::milliseconds(100)); s != 0 && !interrupted_by) {
                interrupted_by = s;
                abandon = true;
                std::lock_guard lock(board.mutex);
                board.stop = true;
            }
        }
        for (std::thread& t : pool) t.join();
    }
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
