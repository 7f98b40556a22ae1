#include "protocol/serve_server.h"

#include <chrono>
#include <deque>
#include <mutex>
#include <optional>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "protocol/serve_assets.h"
#include "engine/text.h"

namespace tengen {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

constexpr std::size_t kMaxRequestBytes = 16 << 10;  // a GET or an upgrade: headers only
constexpr std::size_t kMaxPendingMessages = 512;    // a page that stops reading is dropped
constexpr auto kRequestTimeout = std::chrono::seconds(30);

// What the network thread shares between its connections: only that thread touches it.
struct Counts {
    int connections = 0;
    int boards = 0;
    bool loopback = true;  // listening on a loopback address only
};

// Whether the network thread still takes work from the boards' threads: shut before the
// io_context stops, so no board posts into one that is being torn down.
struct PostGate {
    std::mutex mutex;
    bool open = true;
};

// The host:port a Host or Origin header names, lower case, without the scheme.
std::string authority_of(std::string_view value) {
    if (const auto scheme = value.find("://"); scheme != std::string_view::npos) value.remove_prefix(scheme + 3);
    return to_lower_ascii(value.substr(0, value.find('/')));
}

// Whether a Host header names this machine by a loopback name. A page whose own name was
// made to point at 127.0.0.1 (DNS rebinding) sends its own name here, and Origin agrees with it.
bool loopback_host(std::string_view host) {
    const std::string authority = authority_of(host);
    const std::string name = authority.starts_with("[") ? authority.substr(0, authority.find(']') + 1)
                                                        : authority.substr(0, authority.find(':'));
    return name == "127.0.0.1" || name == "localhost" || name == "[::1]";
}

class BoardConnection : public std::enable_shared_from_this<BoardConnection> {
public:
    BoardConnection(tcp::socket socket, std::shared_ptr<Counts> counts, std::shared_ptr<PostGate> gate,
                    const ServeOptions& options)
        : ws_(std::move(socket)), counts_(std::move(counts)), gate_(std::move(gate)), options_(options) {
        ++counts_->boards;
    }
    ~BoardConnection() {
        board_.reset();  // stops its search and joins its threads
        --counts_->boards;
        --counts_->connections;
    }

    void start(http::request<http::string_body> request) {
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.read_message_max(options_.max_message_bytes);
        ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return;
            self->open_board();
        });
    }

private:
    void open_board() {
        std::weak_ptr<BoardConnection> weak = shared_from_this();
        auto executor = ws_.get_executor();
        // Called from the board's threads: the text goes to the network thread to be written.
        auto send = [weak, executor, gate = gate_](std::string text) {
            std::lock_guard lock(gate->mutex);
            if (!gate->open) return;
            net::post(executor, [weak, text = std::move(text)]() mutable {
                if (const auto self = weak.lock()) self->queue_write(std::move(text));
            });
        };
        board_ = std::make_unique<ServeBoard>(std::move(send), options_.board);
        read();
    }

    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->drop();  // gone, or a message over the size cap
            const std::string text = beast::buffers_to_string(self->buffer_.data());
            self->buffer_.consume(self->buffer_.size());
            self->board_->receive(text);
            self->read();
        });
    }

    void queue_write(std::string text) {
        if (dropped_) return;
        if (pending_.size() >= kMaxPendingMessages) return drop();
        pending_.push_back(std::move(text));
        if (pending_.size() == 1) write_next();
    }

    void write_next() {
        ws_.text(true);
        ws_.async_write(net::buffer(pending_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->drop();
            self->pending_.pop_front();
            if (!self->pending_.empty()) self->write_next();
        });
    }

    // The page is gone (or misbehaved): its search stops now, not when the last handler ends.
    void drop() {
        if (dropped_) return;
        dropped_ = true;
        if (board_) board_->close();
        beast::error_code ignored;
        beast::get_lowest_layer(ws_).socket().close(ignored);
    }

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    std::deque<std::string> pending_;
    std::shared_ptr<Counts> counts_;
    std::shared_ptr<PostGate> gate_;
    const ServeOptions& options_;
    std::unique_ptr<ServeBoard> board_;
    bool dropped_ = false;
};

class HttpConnection : public std::enable_shared_from_this<HttpConnection> {
public:
    HttpConnection(tcp::socket socket, std::shared_ptr<Counts> counts, std::shared_ptr<PostGate> gate,
                   const ServeOptions& options)
        : stream_(std::move(socket)), counts_(std::move(counts)), gate_(std::move(gate)), options_(options) {}
    ~HttpConnection() {
        if (!handed_over_) --counts_->connections;
    }

    void read() {
        parser_.emplace();
        parser_->header_limit(kMaxRequestBytes);
        parser_->body_limit(kMaxRequestBytes);
        stream_.expires_after(kRequestTimeout);
        http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;  // closed, timed out or too large: the connection just ends
            self->answer(self->parser_->release());
        });
    }

private:
    void answer(http::request<http::string_body> request) {
        const std::string_view target(request.target().data(), request.target().size());
        if (websocket::is_upgrade(request)) return upgrade(std::move(request), target);
        if (request.method() != http::verb::get && request.method() != http::verb::head)
            return reply(request, http::status::method_not_allowed, "text/plain", "only GET is served\n");
        const std::string_view path = target.substr(0, target.find('?'));
        const auto asset = serve_asset(path);
        if (!asset) return reply(request, http::status::not_found, "text/plain", "not found\n");
        reply(request, http::status::ok, asset->content_type, asset->body);
    }

    void upgrade(http::request<http::string_body> request, std::string_view target) {
        if (target != "/ws") return reply(request, http::status::not_found, "text/plain", "not found\n");
        // A page from another site must not drive a board here (cross-site WebSocket
        // hijacking): a browser's Origin has to name the host the page was served from.
        const auto host = request.find(http::field::host);
        if (counts_->loopback &&
            (host == request.end() || !loopback_host(std::string_view(host->value().data(), host->value().size()))))
            return reply(request, http::status::forbidden, "text/plain", "open the board at http://127.0.0.1\n");
        const auto origin = request.find(http::field::origin);
        if (origin != request.end()) {
            if (host == request.end() ||
                authority_of(std::string_view(origin->value().data(), origin->value().size())) !=
                    authority_of(std::string_view(host->value().data(), host->value().size())))
                return reply(request, http::status::forbidden, "text/plain", "the page's origin is not this server\n");
        }
        if (counts_->boards >= options_.max_boards)
            return reply(request, http::status::service_unavailable, "text/plain", "too many boards are open\n");
        stream_.expires_never();
        handed_over_ = true;  // the board connection counts itself from now
        std::make_shared<BoardConnection>(stream_.release_socket(), counts_, gate_, options_)
            ->start(std::move(request));
    }

    void reply(const http::request<http::string_body>& request, http::status status, std::string_view type,
               std::string_view body) {
        auto response = std::make_shared<http::response<http::string_body>>(status, request.version());
        response->set(http::field::server, "pbrain-tengen serve");
        response->set(http::field::content_type, beast::string_view(type.data(), type.size()));
        response->set(http::field::cache_control, "no-store");
        response->set("X-Content-Type-Options", "nosniff");
        response->set("Content-Security-Policy",
                      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                      "connect-src 'self'; frame-ancestors 'none'");
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
    std::shared_ptr<Counts> counts_;
    std::shared_ptr<PostGate> gate_;
    const ServeOptions& options_;
    bool handed_over_ = false;
};

}  // namespace

struct ServeServer::State {
    explicit State(const ServeOptions& o) : options(o), acceptor(io), signals(io, SIGINT, SIGTERM) {}

    void accept() {
        acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
            if (!ec) {
                if (counts->connections >= options.max_connections) {
                    beast::error_code ignored;
                    socket.close(ignored);  // over the cap: refused at once
                } else {
                    ++counts->connections;
                    std::make_shared<HttpConnection>(std::move(socket), counts, gate, options)->read();
                }
            }
            if (acceptor.is_open()) accept();
        });
    }

    ServeOptions options;
    net::io_context io;
    tcp::acceptor acceptor;
    net::signal_set signals;
    std::shared_ptr<Counts> counts = std::make_shared<Counts>();
    std::shared_ptr<PostGate> gate = std::make_shared<PostGate>();
};

Result<std::unique_ptr<ServeServer>> ServeServer::open(const ServeOptions& options) {
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
    state->counts->loopback = state->acceptor.local_endpoint().address().is_loopback();
    return std::unique_ptr<ServeServer>(new ServeServer(std::move(state)));
}

ServeServer::ServeServer(std::unique_ptr<State> state) : state_(std::move(state)) {}
ServeServer::~ServeServer() = default;

unsigned short ServeServer::port() const { return state_->acceptor.local_endpoint().port(); }
bool ServeServer::loopback() const { return state_->acceptor.local_endpoint().address().is_loopback(); }

void ServeServer::run() {
    state_->signals.async_wait([this](beast::error_code, int) {
        beast::error_code ignored;
        state_->acceptor.close(ignored);
        {
            std::lock_guard lock(state_->gate->mutex);
            state_->gate->open = false;
        }
        state_->io.stop();
    });
    state_->accept();
    state_->io.run();
}

}  // namespace tengen
