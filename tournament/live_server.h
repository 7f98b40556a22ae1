// `tengen-arena --live PORT`: the tournament's live report over HTTP and a WebSocket, served
// by Boost.Beast on a network thread of its own. The game threads only post events to that
// thread (TournamentObserver), so a slow, vanished or misbehaving client never holds up a
// game or loses a result. Paths: / the live page (live_page.h), /report the report of the
// finished games as `tengen-arena report --html` makes it, /live.json the games in progress,
// /ws the events as they come; anything else is 404.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "engine/result.h"
#include "tournament/html_report.h"
#include "tournament/tournament_observer.h"

namespace tengen {

struct LiveOptions {
    std::string address = "127.0.0.1";
    unsigned short port = 0;   // 0: any free port (port() says which)
    int max_connections = 64;  // open TCP connections at once, WebSockets included; more are refused
    ReportSettings report;     // the SPRT the report's LLR plot follows, the results file it names
};

class LiveServer : public TournamentObserver {
public:
    // Binds, listens and starts the network thread, or says why it cannot (a port in use).
    static Result<std::unique_ptr<LiveServer>> open(const LiveOptions& options);
    // Closes every connection and joins the network thread.
    ~LiveServer() override;
    LiveServer(const LiveServer&) = delete;
    LiveServer& operator=(const LiveServer&) = delete;

    unsigned short port() const;
    std::string url() const;  // http://ADDRESS:PORT/

    void tournament_started(const std::vector<std::string>& names, const std::vector<FinishedGame>& finished,
                            std::int64_t in_scope) override;
    void game_started(const FinishedGame& game) override;
    void opening_placed(int game, const std::vector<Point>& stones, bool colours_swapped) override;
    void move_played(int game, const RecordedMove& move) override;
    void game_finished(const FinishedGame& game) override;
    void game_abandoned(int game) override;

    struct State;

private:
    explicit LiveServer(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

}  // namespace tengen
