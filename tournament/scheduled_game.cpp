#include "tournament/scheduled_game.h"

#include <chrono>
#include <utility>

#include "engine/version.h"
#include "tournament/game_files.h"
#include "tournament/utc_time.h"

namespace tengen {

namespace {

// The results line before the game: who plays which colour, on what, under which schedule.
FinishedGame game_header(const GameTable& table, const ScheduledGame& slot) {
    const TournamentSettings& settings = table.settings;
    FinishedGame game;
    game.game = slot.game;
    game.round = slot.round;
    game.pair = slot.pair;
    game.black = table.names[static_cast<std::size_t>(slot.black)];
    game.white = table.names[static_cast<std::size_t>(slot.white)];
    game.config = settings.referee.config;
    game.opening = settings.book.at(slot.opening);
    game.schedule = table.schedule_hash;
    game.settings = table.schedule_settings;
    game.arena_version = std::string(kTengenVersion);
    game.black_tc = time_control_text(settings.brains[static_cast<std::size_t>(slot.black)].clock);
    game.white_tc = time_control_text(settings.brains[static_cast<std::size_t>(slot.white)].clock);
    return game;
}

GameWatch watch_for(TournamentObserver* observer, int game) {
    GameWatch watch;
    if (!observer) return watch;
    watch.opening = [observer, game](const std::vector<Point>& stones, bool swapped) {
        observer->opening_placed(game, stones, swapped);
    };
    watch.move = [observer, game](const RecordedMove& m) { observer->move_played(game, m); };
    return watch;
}

}  // namespace

FinishedGame play_scheduled_game(const GameTable& table, const ScheduledGame& slot, BrainSession& black,
                                 BrainSession& white) {
    const TournamentSettings& settings = table.settings;
    FinishedGame game = game_header(table, slot);
    if (table.observer) table.observer->game_started(game);
    const GameWatch watch = watch_for(table.observer, game.game);
    if (settings.swap2) {
        // The schedule's black proposes; the colours are the phase's outcome.
        game.outcome = referee_swap2_game(settings.referee, black, white, watch);
        if (game.outcome.swap2) {
            game.opening = game.outcome.swap2->stones();
            if (!game.outcome.swap2->proposer_black) {
                std::swap(game.black, game.white);
                std::swap(game.black_tc, game.white_tc);
            }
        }
    } else {
        game.outcome = referee_game(settings.referee, game.opening, black, white, watch);
    }
    if (game.outcome.abandoned) {
        if (table.observer) table.observer->game_abandoned(game.game);
        return game;
    }
    game.date = utc_iso8601(std::chrono::system_clock::now());
    return game;
}

Status record_game(const GameTable& table, const FinishedGame& game, GameExports& exports) {
    const TournamentSettings& settings = table.settings;
    const std::string& first = table.names[0];
    const bool first_lost = (game.outcome.winner == Winner::Black && game.white == first) ||
                            (game.outcome.winner == Winner::White && game.black == first);
    if (settings.records_losses_only && !first_lost) return {};
    Status recorded;
    if (!settings.records_dir.empty()) recorded = write_game_files(game, settings.records_dir, settings.sgf);
    if (recorded.ok() && exports.any()) recorded = exports.append(game);
    return recorded;
}

}  // namespace tengen
