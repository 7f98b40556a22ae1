// `pbrain-tengen serve`'s web server: the page (protocol/serve/, built into the binary) over
// HTTP and one ServeBoard per WebSocket connection. Boost.Beast does the HTTP and WebSocket;
// everything runs on one network thread, each board's thinking on its own threads.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "engine/result.h"
#include "protocol/serve_board.h"

namespace tengen {

struct ServeOptions {
    std::string address = "127.0.0.1";
    unsigned short port = 8080;                 // 0: any free port (port() says which)
    int max_boards = 8;                         // open WebSocket boards at once
    int max_connections = 64;                   // open TCP connections at once, boards included
    std::size_t max_message_bytes = 256 << 10;  // a record of a full 32x32 game fits many times
    ServeBoardOptions board;
};

class ServeServer {
public:
    // Binds and listens, or says why it cannot.
    static Result<std::unique_ptr<ServeServer>> open(const ServeOptions& options);
    ~ServeServer();
    ServeServer(const ServeServer&) = delete;
    ServeServer& operator=(const ServeServer&) = delete;

    unsigned short port() const;
    bool loopback() const;  // listening on a loopback address only
    // Serves until SIGINT or SIGTERM.
    void run();

private:
    struct State;
    explicit ServeServer(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

}  // namespace tengen
