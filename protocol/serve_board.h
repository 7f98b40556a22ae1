// One board of `pbrain-tengen serve`: the game a page plays, with its own Player, driven by
// JSON messages (docs/serve.md) and answering in JSON. It knows nothing of sockets: the server
// hands it each message's text and gives it a function that sends a text back.
//
// Threads: receive() and close() come from the network; a worker thread of the board's own
// owns the Player and the game and handles the messages in order; the search thread reports
// the analysis. A message that changes the position stops the running search first, so a
// board never waits for a search it no longer wants.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include <nlohmann/json.hpp>

#include "protocol/search_limits_builder.h"

namespace tengen {

struct ServeBoardOptions {
    std::size_t hash_bytes = std::size_t{16} << 20;  // the table of this board's Player
    int threads = 1;
    SearchLimitCaps caps;  // the command line's bounds on the page's settings
};

class ServeBoard {
public:
    // send: called with each JSON text to deliver, from any of the board's threads.
    using Send = std::function<void(std::string)>;
    ServeBoard(Send send, ServeBoardOptions options);
    ~ServeBoard();  // stops the search and joins the worker
    ServeBoard(const ServeBoard&) = delete;
    ServeBoard& operator=(const ServeBoard&) = delete;

    // One message from the page. Never throws: a malformed one is answered with an error.
    void receive(std::string_view text);
    // The page is gone: stop the search, handle nothing more.
    void close();

private:
    enum class Search { None, EngineMove, Analysis };

    void run_worker();
    void think_while_idle();
    std::optional<nlohmann::json> next_message();

    std::mutex mutex_;  // guards the queue, closed_, search_ and cancelled_
    std::condition_variable wake_;
    std::deque<nlohmann::json> queue_;
    bool closed_ = false;
    Search search_ = Search::None;
    bool cancelled_ = false;  // the running engine move's answer is no longer wanted

    Send send_;
    struct Game;  // the worker's: the Player, the game's settings and seats
    std::unique_ptr<Game> game_;
    std::thread worker_;
};

}  // namespace tengen
