#include "tournament/live_server.h"

#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <deque>
#include <map>
#include <optional>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "tournament/live_page.h"
#include "tournament/results_set.h"

namespace tengen {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using json = nlohmann::json;

constexpr std::size_t kMaxRequestBytes = 16 << 10;  // a GET or an upgrade: headers only
constexpr std::size_t kMaxClientMessage = 4 << 10;  // the page sends nothing; a client that does is read and ignored
constexpr std::size_t kMaxPendingMessages = 4096;   // a page that stops reading is dropped
constexpr auto kRequestTimeout = std::chrono::seconds(30);

// The page runs its own inline scripts and styles and talks to this server only.
constexpr const char* kPolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
    "connect-src 'self'; frame-src 'self'; frame-ancestors 'self'";

json points_json(const std::vector<Point>& points) {
    auto out = json::array();
    for (const Point p : points) out.push_back({{"x", p.x}, {"y", p.y}});
    return out;
}

struct LiveGame {
    FinishedGame game;  // number, brains, board and opening; no outcome yet
    std::vector<Point> moves;
};

json game_json(const LiveGame& g) {
    return {{"game", g.game.game},
            {"black", g.game.black},
            {"white", g.game.white},
            {"size", {g.game.config.width, g.game.config.height}},
            {"rule", rule_name(g.game.config.rule)},
            {"opening", points_json(g.game.opening)},
            {"moves", points_json(g.moves)}};
}

// Names may be any bytes an engine sent: invalid UTF-8 goes out replaced, never as an exception.
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

class EventSocket;

// Everything the network thread knows; only that thread touches it.
struct Hub {
    LiveOptions options;
    std::string page = live_page();
    std::vector<std::string> names;
    std::vector<FinishedGame> finished;
    std::int64_t in_scope = 0;
    std::map<int, LiveGame> playing;
    std::optional<std::string> report;  // made on the first request after a game ends
    int connections = 0;
    std::vector<std::weak_ptr<EventSocket>> sockets;

    std::string snapshot() const {
        auto games = json::array();
        for (const auto& [n, g] : playing) games.push_back(game_json(g));
        return dump({{"type", "snapshot"},
                     {"names", names},
                     {"finished", finished.size()},
                     {"in_scope", in_scope},
                     {"playing", games}});
    }

    const std::string& report_html() {
        if (!report) {
            ResultsSet set;
            set.games = finished;
            std::sort(set.games.begin(), set.games.end(),
                      [](const FinishedGame& a, const FinishedGame& b) { return a.game < b.game; });
            set.runs = 1;
            set.names = names;
            report = html_report(set, options.report);
        }
        return *report;
    }

    void broadcast(const json& message) { broadcast_text(dump(message)); }
    void broadcast_text(std::string text);
};

// One page's WebSocket: the snapshot first, then every event, written in order.
class EventSocket : public std::enable_shared_from_this<EventSocket> {
public:
    EventSocket(tcp::socket socket, std::shared_ptr<Hub> hub) : ws_(std::move(socket)), hub_(std::move(hub)) {}
    ~EventSocket() { --hub_->connections; }

    void start(http::request<http::string_body> request) {
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.read_message_max(kMaxClientMessage);
        ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return;
            self->hub_->sockets.push_back(self);
            self->send(std::make_shared<const std::string>(self->hub_->snapshot()));
            self->read();
        });
    }

    void send(std::shared_ptr<const std::string> text) {
        if (dropped_) return;
        if (pending_.size() >= kMaxPendingMessages) return drop();
        pending_.push_back(std::move(text));
        if (pending_.size() == 1) write_next();
    }

    void drop() {
        if (dropped_) return;
        dropped_ = true;
        beast::error_code ignored;
        beast::get_lowest_layer(ws_).socket().close(ignored);
    }

private:
    // Reads only to notice the page leaving (and to answer pings); what it sends is ignored.
    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->drop();
            self->buffer_.consume(self->buffer_.size());
            self->read();
        });
    }

    void write_next() {
        ws_.text(true);
        ws_.async_write(net::buffer(*pending_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->drop();
            self->pending_.pop_front();
            if (!self->pending_.empty()) self->write_next();
        });
    }

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    std::deque<std::shared_ptr<const std::string>> pending_;
    std::shared_ptr<Hub> hub_;
    bool dropped_ = false;
};

void Hub::broadcast_text(std::string message) {
    const auto text = std::make_shared<const std::string>(std::move(message));
    std::erase_if(sockets, [](const std::weak_ptr<EventSocket>& s) { return s.expired(); });
    for (const auto& weak : sockets)
        if (const auto s = weak.lock()) s->send(text);
}

// The host:port a Host or Origin header names, lower case, without the scheme.
std::string authority_of(beast::string_view value) {
    std::string_view v(value.data(), value.size());
    if (const auto scheme = v.find("://"); scheme != std::string_view::npos) v.remove_prefix(scheme + 3);
    std::string out(v.substr(0, v.find('/')));
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

class HttpConnection : public std::enable_shared_from_this<HttpConnection> {
public:
    HttpConnection(tcp::socket socket, std::shared_ptr<Hub> hub) : stream_(std::move(socket)), hub_(std::move(hub)) {}
    ~HttpConnection() {
        if (!handed_over_) --hub_->connections;
    }

    void read() {
        parser_.emplace();
        parser_->header_limit(kMaxRequestBytes);
        parser_->body_limit(kMaxRequestBytes);
        stream_.expires_after(kRequestTimeout);
        http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;  // closed, timed out, malformed or too large: the connection just ends
            self->answer(self->parser_->release());
        });
    }

private:
    void answer(http::request<http::string_body> request) {
        const std::string_view target(request.target().data(), request.target().size());
        const std::string_view path = target.substr(0, target.find('?'));
        if (websocket::is_upgrade(request)) {
            if (path != "/ws") return reply(request, http::status::not_found, "text/plain", "not found\n");
            // Another site's page may not read the tournament through the visitor's browser.
            const auto origin = request.find(http::field::origin);
            const auto host = request.find(http::field::host);
            if (origin != request.end() &&
                (host == request.end() || authority_of(origin->value()) != authority_of(host->value())))
                return reply(request, http::status::forbidden, "text/plain", "the page's origin is not this server\n");
            stream_.expires_never();
            handed_over_ = true;  // the socket counts itself from now
            return std::make_shared<EventSocket>(stream_.release_socket(), hub_)->start(std::move(request));
        }
        if (request.method() != http::verb::get && request.method() != http::verb::head)
            return reply(request, http::status::method_not_allowed, "text/plain", "only GET is served\n");
        if (path == "/") return reply(request, http::status::ok, "text/html; charset=utf-8", hub_->page);
        if (path == "/report") return reply(request, http::status::ok, "text/html; charset=utf-8", hub_->report_html());
        if (path == "/live.json") return reply(request, http::status::ok, "application/json", hub_->snapshot());
        reply(request, http::status::not_found, "text/plain", "not found\n");
    }

    void reply(const http::request<http::string_body>& request, http::status status, std::string_view type,
               std::string_view body) {
        auto response = std::make_shared<http::response<http::string_body>>(status, request.version());
        response->set(http::field::server, "tengen-arena live");
        response->set(http::field::content_type, beast::string_view(type.data(), type.size()));
        response->set(http::field::cache_control, "no-store");
        response->set("X-Content-Type-Options", "nosniff");
        response->set("Content-Security-Policy", kPolicy);
        response->keep_alive(request.keep_alive());
        if (request.method() != http::verb::head) response->body() = std::string(body);
        response->prepare_payload();
        if (request.method() == http::verb::head) response->content_length(body.size());
        http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code ec, std::size_t) {
            if (ec || !response->keep_alive()) {
                beast::error_code ignored;
                self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
                return;
            }
            self->read();
        });
    }

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::shared_ptr<Hub> hub_;
    bool handed_over_ = false;
};

}  // namespace

struct LiveServer::State {
    explicit State(const LiveOptions& options) : acceptor(io), work(io.get_executor()) { hub->options = options; }

    void accept() {
        acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
            if (!ec) {
                if (hub->connections >= hub->options.max_connections) {
                    beast::error_code ignored;
                    socket.close(ignored);  // over the cap: refused at once
                } else {
                    ++hub->connections;
                    std::make_shared<HttpConnection>(std::move(socket), hub)->read();
                }
            }
            if (acceptor.is_open()) accept();
        });
    }

    // Runs on the network thread.
    template <class F>
    void post(F&& f) {
        net::post(io, std::forward<F>(f));
    }

    net::io_context io;
    tcp::acceptor acceptor;
    net::executor_work_guard<net::io_context::executor_type> work;
    std::shared_ptr<Hub> hub = std::make_shared<Hub>();
    tcp::endpoint endpoint;  // where it listens, kept for the other threads
    std::thread thread;
};

Result<std::unique_ptr<LiveServer>> LiveServer::open(const LiveOptions& options) {
    auto state = std::make_unique<State>(options);
    beast::error_code ec;
    const auto address = net::ip::make_address(options.address, ec);
    if (ec) return Failure{"\"" + options.address + "\" is not an IP address"};
    const tcp::endpoint endpoint(address, options.port);
    state->acceptor.open(endpoint.protocol(), ec);
    if (!ec) state->acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) state->acceptor.bind(endpoint, ec);
    if (!ec) state->acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec)
        return Failure{"cannot listen on " + options.address + " port " + std::to_string(options.port) + ": " +
                       ec.message()};
    state->endpoint = state->acceptor.local_endpoint();
    state->accept();
    // SIGINT and SIGTERM stay with the tournament (tournament_runner.cpp takes them with
    // sigtimedwait): the network thread starts, and lives, with them blocked.
    sigset_t blocked, previous;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGINT);
    sigaddset(&blocked, SIGTERM);
    ::pthread_sigmask(SIG_BLOCK, &blocked, &previous);
    State& s = *state;
    state->thread = std::thread([&s] { s.io.run(); });
    ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    return std::unique_ptr<LiveServer>(new LiveServer(std::move(state)));
}

LiveServer::LiveServer(std::unique_ptr<State> state) : state_(std::move(state)) {}

LiveServer::~LiveServer() {
    state_->post([&s = *state_] {
        beast::error_code ignored;
        s.acceptor.close(ignored);
        for (const auto& weak : s.hub->sockets)
            if (const auto socket = weak.lock()) socket->drop();
        s.io.stop();
    });
    state_->work.reset();
    state_->thread.join();
}

unsigned short LiveServer::port() const { return state_->endpoint.port(); }

std::string LiveServer::url() const {
    const tcp::endpoint& endpoint = state_->endpoint;
    const std::string host =
        endpoint.address().is_v6() ? "[" + endpoint.address().to_string() + "]" : endpoint.address().to_string();
    return "http://" + host + ":" + std::to_string(endpoint.port()) + "/";
}

void LiveServer::tournament_started(const std::vector<std::string>& names, const std::vector<FinishedGame>& finished,
                                    std::int64_t in_scope) {
    state_->post([hub = state_->hub, names, finished, in_scope] {
        hub->names = names;
        hub->finished = finished;
        hub->in_scope = in_scope;
        hub->report.reset();
        hub->broadcast_text(hub->snapshot());
    });
}

void LiveServer::game_started(const FinishedGame& game) {
    state_->post([hub = state_->hub, game] {
        LiveGame& g = hub->playing[game.game];
        g = LiveGame{game, {}};
        hub->broadcast({{"type", "started"}, {"game", game_json(g)}});
    });
}

void LiveServer::opening_placed(int game, const std::vector<Point>& stones, bool colours_swapped) {
    state_->post([hub = state_->hub, game, stones, colours_swapped] {
        const auto it = hub->playing.find(game);
        if (it == hub->playing.end()) return;
        FinishedGame& g = it->second.game;
        g.opening = stones;
        if (colours_swapped) std::swap(g.black, g.white);
        hub->broadcast({{"type", "opening"},
                        {"game", game},
                        {"stones", points_json(stones)},
                        {"black", g.black},
                        {"white", g.white}});
    });
}

void LiveServer::move_played(int game, const RecordedMove& move) {
    state_->post([hub = state_->hub, game, at = move.at] {
        const auto it = hub->playing.find(game);
        if (it == hub->playing.end()) return;
        it->second.moves.push_back(at);
        hub->broadcast({{"type", "move"}, {"game", game}, {"x", at.x}, {"y", at.y}});
    });
}

void LiveServer::game_finished(const FinishedGame& game) {
    state_->post([hub = state_->hub, game] {
        hub->playing.erase(game.game);
        hub->finished.push_back(game);
        hub->report.reset();
        hub->broadcast({{"type", "finished"},
                        {"game", game.game},
                        {"finished", hub->finished.size()},
                        {"result", std::string(winner_name(game.outcome.winner)) + " (" +
                                       std::string(reason_name(game.outcome.reason)) + ")"}});
    });
}

void LiveServer::game_abandoned(int game) {
    state_->post([hub = state_->hub, game] {
        hub->playing.erase(game);
        hub->broadcast({{"type", "abandoned"}, {"game", game}});
    });
}

}  // namespace tengen
