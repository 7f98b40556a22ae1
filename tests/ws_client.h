// A small WebSocket client (Boost.Beast) with deadlines, for the serve tests: it talks to
// the server as the page does, and to Chromium's DevTools endpoint (cdp_client.h).
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

namespace tengen::testing {

class WsClient {
public:
    // Connects to ws://127.0.0.1:<port><path>. Throws std::runtime_error when the server
    // declines the upgrade.
    WsClient(unsigned short port, const std::string& path, const std::string& origin = "") : ws_(io_) {
        namespace net = boost::asio;
        using tcp = net::ip::tcp;
        tcp::resolver resolver(io_);
        const auto endpoints = resolver.resolve("127.0.0.1", std::to_string(port));
        boost::beast::error_code ec;
        bool done = false;
        net::async_connect(ws_.next_layer(), endpoints, [&](boost::beast::error_code e, const tcp::endpoint&) {
            ec = e;
            done = true;
        });
        run_until(done, "connect");
        if (ec) throw std::runtime_error("cannot connect: " + ec.message());
        ws_.read_message_max(std::size_t{64} << 20);
        if (!origin.empty())
            ws_.set_option(
                boost::beast::websocket::stream_base::decorator([origin](boost::beast::websocket::request_type& req) {
                    req.set(boost::beast::http::field::origin, origin);
                }));
        done = false;
        ws_.async_handshake("127.0.0.1:" + std::to_string(port), path, [&](boost::beast::error_code e) {
            ec = e;
            done = true;
        });
        run_until(done, "the WebSocket handshake");
        if (ec) throw std::runtime_error("WebSocket handshake failed: " + ec.message());
        ws_.text(true);
    }

    // False when the server closed the connection (or refused the message).
    bool send(const std::string& text) {
        boost::beast::error_code ec;
        ws_.write(boost::asio::buffer(text), ec);
        return !ec;
    }

    // The next message, or nullopt when none came in time or the connection closed.
    std::optional<std::string> receive(std::chrono::milliseconds timeout) {
        if (closed_) return std::nullopt;
        if (!reading_) {
            reading_ = true;
            ws_.async_read(buffer_, [this](boost::beast::error_code ec, std::size_t) {
                reading_ = false;
                done_ = true;
                ec_ = ec;
            });
        }
        io_.restart();
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (!done_) {
            const auto now = std::chrono::steady_clock::now();
            if (now >= deadline) return std::nullopt;
            io_.run_one_for(deadline - now);
        }
        done_ = false;
        if (ec_) {
            closed_ = true;
            return std::nullopt;
        }
        std::string text = boost::beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        return text;
    }

    // Reads messages until one (parsed as JSON) satisfies `wanted`; throws after `timeout`.
    nlohmann::json receive_until(const std::function<bool(const nlohmann::json&)>& wanted,
                                 std::chrono::milliseconds timeout, const std::string& what) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (true) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) throw std::runtime_error("timed out waiting for " + what);
            const auto text = receive(left);
            if (!text) {
                if (closed_) throw std::runtime_error("connection closed while waiting for " + what);
                continue;
            }
            auto message = nlohmann::json::parse(*text, nullptr, false);
            if (!message.is_discarded() && wanted(message)) return message;
        }
    }

    bool closed() const { return closed_; }

    // Goes away without a close frame, as a browser tab that is killed does.
    void drop() {
        boost::beast::error_code ignored;
        ws_.next_layer().close(ignored);
        closed_ = true;
    }

private:
    // Runs the client's own operations until `done`; a server that stops answering is an
    // error after ten seconds, not a test that hangs.
    void run_until(const bool& done, const std::string& what) {
        io_.restart();
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (!done) {
            const auto now = std::chrono::steady_clock::now();
            if (now >= deadline) {
                drop();
                throw std::runtime_error("timed out waiting for " + what);
            }
            io_.run_one_for(deadline - now);
        }
    }

    boost::asio::io_context io_;
    boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
    boost::beast::flat_buffer buffer_;
    bool reading_ = false, done_ = false, closed_ = false;
    boost::beast::error_code ec_;
};

}  // namespace tengen::testing
