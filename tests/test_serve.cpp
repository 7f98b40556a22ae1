#define BOOST_TEST_MODULE serve
// Boost 1.74's HTTP response parser (the test's client side) trips GCC's -Wmaybe-uninitialized
// inside boost::optional under the sanitize build: a false report in Boost's headers.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>

#include "cdp_client.h"
#include "serve_process.h"
#include "ws_client.h"

// `pbrain-tengen serve` through its real socket: a hostile or careless client gets a clear
// error and never stops the server or another board; then the page itself in headless
// Chromium, driven with mouse clicks as a person plays.

using nlohmann::json;
using tengen::testing::Browser;
using tengen::testing::ServeProcess;
using tengen::testing::WsClient;
using namespace std::chrono_literals;

namespace {

namespace http = boost::beast::http;

struct HttpReply {
    unsigned status = 0;
    std::string content_type;
    std::string body;
};

HttpReply http_request(unsigned short port, http::verb verb, const std::string& target,
                       const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    boost::asio::io_context io;
    boost::asio::ip::tcp::socket socket(io);
    boost::asio::ip::tcp::resolver resolver(io);
    boost::asio::connect(socket, resolver.resolve("127.0.0.1", std::to_string(port)));
    http::request<http::string_body> request(verb, target, 11);
    request.set(http::field::host, "127.0.0.1:" + std::to_string(port));
    for (const auto& [name, value] : headers) request.set(name, value);
    request.prepare_payload();
    http::write(socket, request);
    boost::beast::flat_buffer buffer;
    http::response<http::string_body> response;
    http::read(socket, buffer, response);
    return {response.result_int(), std::string(response[http::field::content_type]), response.body()};
}

bool is_type(const json& m, const char* type) { return m.value("type", "") == type; }

json next_of(WsClient& client, const char* type, std::chrono::milliseconds timeout = 10s) {
    return client.receive_until([type](const json& m) { return is_type(m, type); }, timeout, type);
}

json send_and_get(WsClient& client, const json& message, const char* type) {
    BOOST_REQUIRE(client.send(message.dump()));
    return next_of(client, type);
}

// A board for two people without analysis: nothing thinks unless a test asks it to.
json quiet_game(WsClient& client, int width, int height, int k, const std::string& rule = "freestyle") {
    BOOST_REQUIRE(client.send(json{{"type", "settings"}, {"analysis", false}}.dump()));
    BOOST_REQUIRE(client.send(json{
        {"type", "new"},
        {"width", width},
        {"height", height},
        {"k", k},
        {"rule", rule},
        {"black", "human"},
        {"white", "human"}}.dump()));
    return client.receive_until(
        [&](const json& m) {
            return is_type(m, "state") && m["width"] == width && m["height"] == height && m["rule"] == rule &&
                   m["moves"].empty() && m["black"] == "human" && m["white"] == "human";
        },
        10s, "the new game");
}

json play(WsClient& client, int x, int y, const char* answer = "state") {
    return send_and_get(client, {{"type", "play"}, {"x", x}, {"y", y}}, answer);
}

// The HTTP status a WebSocket upgrade of /ws gets (101 when the server takes it).
unsigned upgrade_status(unsigned short port, const std::string& origin = "", const std::string& host = "") {
    std::vector<std::pair<std::string, std::string>> headers{{"Connection", "Upgrade"},
                                                             {"Upgrade", "websocket"},
                                                             {"Sec-WebSocket-Version", "13"},
                                                             {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}};
    if (!origin.empty()) headers.emplace_back("Origin", origin);
    if (!host.empty()) headers.emplace_back("Host", host);
    return http_request(port, http::verb::get, "/ws", headers).status;
}

std::unique_ptr<WsClient> connect_board(const ServeProcess& server) {
    auto client = std::make_unique<WsClient>(server.port(), "/ws");
    next_of(*client, "state");  // every board starts by showing its position
    return client;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(serve_over_the_socket)

BOOST_AUTO_TEST_CASE(the_page_is_served_and_an_unknown_path_gets_404) {
    ServeProcess server;
    BOOST_TEST(server.printed().find("http://127.0.0.1:") != std::string::npos);
    BOOST_TEST(server.printed().find("not a loopback") == std::string::npos);
    const auto page = http_request(server.port(), http::verb::get, "/");
    BOOST_TEST(page.status == 200u);
    BOOST_TEST(page.content_type.find("text/html") == 0u);
    BOOST_TEST(page.body.find("<title>Tengen</title>") != std::string::npos);
    // Everything the page loads comes from this server: no address outside it.
    BOOST_TEST(page.body.find("http") == std::string::npos);
    for (const char* asset : {"/board.js", "/board.css", "/app.js", "/style.css"}) {
        const auto reply = http_request(server.port(), http::verb::get, asset);
        BOOST_TEST(reply.status == 200u, asset);
        BOOST_TEST(reply.body.find("https://") == std::string::npos, asset);
    }
    BOOST_TEST(http_request(server.port(), http::verb::get, "/nope").status == 404u);
    BOOST_TEST(http_request(server.port(), http::verb::get, "/../etc/passwd").status == 404u);
    BOOST_TEST(http_request(server.port(), http::verb::get, "/ws").status == 404u);  // not an upgrade
    BOOST_TEST(http_request(server.port(), http::verb::post, "/").status == 405u);
    BOOST_TEST(server.alive());
    BOOST_TEST(server.stop() == 0);  // a clean shutdown (and no sanitizer report)
}

BOOST_AUTO_TEST_CASE(another_address_is_announced_as_reachable_by_other_machines) {
    ServeProcess server({"--address", "0.0.0.0"});
    BOOST_TEST(server.printed().find("not a loopback address") != std::string::npos, server.printed());
}

BOOST_AUTO_TEST_CASE(malformed_messages_get_clear_errors_and_the_game_stays_as_it_was) {
    ServeProcess server;
    auto client = connect_board(server);
    json state = quiet_game(*client, 7, 7, 4);
    BOOST_TEST(state["width"] == 7);
    BOOST_TEST(play(*client, 3, 3)["moves"].size() == 1u);

    auto error_for = [&](const std::string& text) {
        BOOST_REQUIRE(client->send(text));
        return next_of(*client, "error")["message"].get<std::string>();
    };
    BOOST_TEST(error_for("{not json").find("not JSON") != std::string::npos);
    BOOST_TEST(error_for("[1, 2]").find("\"type\"") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": 7})").find("\"type\"") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "frobnicate"})").find("unknown message type") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "new", "width": 33, "height": 33})").find("outside 3..32") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "new", "width": 100000, "height": 15})").find("outside") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "new", "width": "big"})").find("whole number") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "new", "rule": "chess"})").find("unknown rule") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "new", "k": 9})").find("win length") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "new", "black": "robot"})").find("human") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "play", "x": 3, "y": 3})").find("already taken") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "play", "x": 7, "y": 0})").find("off the 7x7 board") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "play", "x": 1.5, "y": 0})").find("whole number") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "play"})").find("needs x and y") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "load", "format": "psq", "text": "garbage"})").find(".psq") != std::string::npos);
    BOOST_TEST(error_for(R"j({"type": "load", "format": "sgf", "text": "(;SZ[15];B[hh];B[ii])"
})j")
                   .find("out of turn") != std::string::npos);
    BOOST_TEST(error_for(R"({"type": "save", "format": "doc"})").find("unknown record format") != std::string::npos);

    state = send_and_get(*client, {{"type", "state"}}, "state");
    BOOST_TEST(state["width"] == 7);
    BOOST_TEST(state["moves"].size() == 1u);
    BOOST_TEST(state["moves"][0]["name"] == "d4");
    BOOST_TEST(server.alive());
    BOOST_TEST(server.stop() == 0);  // a clean shutdown (and no sanitizer report)
}

BOOST_AUTO_TEST_CASE(a_forbidden_point_is_marked_and_playing_it_is_refused_with_the_reason) {
    ServeProcess server;
    auto client = connect_board(server);
    quiet_game(*client, 15, 15, 5, "renju");
    // Black f8 g8 and h6 h7: h8 would make two open threes at once.
    json state;
    for (const auto& [x, y] : {std::pair{5, 7}, {0, 0}, {6, 7}, {0, 2}, {7, 5}, {0, 4}, {7, 6}, {14, 14}})
        state = play(*client, x, y);
    bool marked = false;
    for (const auto& p : state["forbidden"])
        if (p["x"] == 7 && p["y"] == 7) marked = p["reason"].get<std::string>().find("double three") == 0;
    BOOST_TEST(marked, state["forbidden"].dump());
    const auto error = play(*client, 7, 7, "error")["message"].get<std::string>();
    BOOST_TEST(error.find("h8 is forbidden to black under renju: double three") == 0u, error);
    BOOST_TEST(send_and_get(*client, {{"type", "state"}}, "state")["moves"].size() == 8u);
}

BOOST_AUTO_TEST_CASE(the_analysis_reports_depth_speed_win_probability_and_ranked_lines) {
    ServeProcess server;
    auto client = connect_board(server);
    quiet_game(*client, 15, 15, 5);
    for (const auto& [x, y] : {std::pair{7, 7}, {8, 8}, {8, 6}}) play(*client, x, y);
    const json state = send_and_get(*client, {{"type", "settings"}, {"analysis", true}}, "state");
    int deepest = 0;
    json last;
    const auto deadline = std::chrono::steady_clock::now() + 20s;
    while (deepest < 4 && std::chrono::steady_clock::now() < deadline) {
        last = next_of(*client, "analysis");
        BOOST_REQUIRE(last["position_id"] == state["position_id"]);
        BOOST_TEST(last["search"] == "analysis");
        BOOST_TEST(last["side"] == "white");
        if (last["lines"].size() == 3u) deepest = std::max(deepest, last["depth"].get<int>());
    }
    BOOST_TEST(deepest >= 4);
    BOOST_TEST(last["nps"].get<std::uint64_t>() > 0u);
    const json& best = last["lines"][0];
    BOOST_TEST(best["rank"] == 1);
    BOOST_TEST(best["win_probability"].get<double>() >= 0.0);
    BOOST_TEST(best["win_probability"].get<double>() <= 1.0);
    BOOST_TEST(best["pv"].size() >= 1u);
    BOOST_TEST(best["pv"][0] == best["move"]);
    BOOST_TEST(last["lines"][1]["move"] != best["move"]);
    // A move ends the analysis of the old position; the new one is analysed for black.
    const json after = play(*client, 6, 8);
    const json next = client->receive_until(
        [&](const json& m) { return is_type(m, "analysis") && m["position_id"] == after["position_id"]; }, 10s,
        "the new position's analysis");
    BOOST_TEST(next["side"] == "black");
}

BOOST_AUTO_TEST_CASE(a_game_saved_as_psq_and_sgf_loads_back_move_for_move) {
    ServeProcess server;
    auto client = connect_board(server);
    quiet_game(*client, 9, 7, 4);
    json state;
    for (const auto& [x, y] : {std::pair{4, 3}, {0, 0}, {5, 3}, {0, 1}, {6, 3}, {0, 2}, {7, 3}})
        state = play(*client, x, y);
    BOOST_TEST(state["result"] == "black");
    BOOST_TEST(state["winning_line"].size() == 4u);
    const std::string psq =
        send_and_get(*client, {{"type", "save"}, {"format", "psq"}}, "record")["text"].get<std::string>();
    const std::string sgf =
        send_and_get(*client, {{"type", "save"}, {"format", "sgf"}}, "record")["text"].get<std::string>();
    BOOST_TEST(psq.find("Piskvorky 9x7") == 0u, psq);
    BOOST_TEST(sgf.find("SZ[9:7]") != std::string::npos, sgf);
    BOOST_TEST(sgf.find("RE[B+]") != std::string::npos, sgf);
    for (const auto& [format, text] : {std::pair{"psq", psq}, {"sgf", sgf}}) {
        quiet_game(*client, 15, 15, 5);
        const json loaded =
            send_and_get(*client, {{"type", "load"}, {"format", format}, {"text", text}, {"k", 4}}, "state");
        BOOST_TEST(loaded["width"] == 9, format);
        BOOST_TEST(loaded["height"] == 7, format);
        BOOST_TEST(loaded["moves"] == state["moves"], format);
        BOOST_TEST(loaded["result"] == "black", format);
    }
}

BOOST_AUTO_TEST_CASE(a_client_that_disappears_mid_search_is_dropped_and_the_next_is_served) {
    ServeProcess server({"--boards", "1"});
    auto first = connect_board(server);
    // Tengen plays black with ten minutes a move: it thinks until something stops it.
    BOOST_REQUIRE(first->send(json{
        {"type", "new"},
        {"width", 15},
        {"height", 15},
        {"k", 5},
        {"black", "engine"},
        {"white", "human"},
        {"time_ms", 600000}}.dump()));
    BOOST_REQUIRE(first->send(
        json{{"type", "load"}, {"format", "psq"}, {"text", "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n"}}.dump()));
    const json loaded = first->receive_until(
        [](const json& m) { return is_type(m, "state") && m["moves"].size() == 2u; }, 10s, "the loaded game");
    first->receive_until(
        [&](const json& m) {
            return is_type(m, "analysis") && m["search"] == "engine" && m["position_id"] == loaded["position_id"];
        },
        10s, "the engine's search");
    // The one board is taken: a second page is told so, not queued.
    BOOST_TEST(upgrade_status(server.port()) == 503u);
    first->drop();
    // The board is freed only once its search has stopped and its threads are joined.
    std::unique_ptr<WsClient> second;
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (!second && std::chrono::steady_clock::now() < deadline) {
        try {
            second = connect_board(server);
        } catch (const std::runtime_error&) {
            std::this_thread::sleep_for(50ms);
        }
    }
    BOOST_REQUIRE(second);
    quiet_game(*second, 7, 7, 4);
    BOOST_TEST(play(*second, 3, 3)["moves"].size() == 1u);
    BOOST_TEST(server.alive());
    BOOST_TEST(server.stop() == 0);  // a clean shutdown (and no sanitizer report)
}

BOOST_AUTO_TEST_CASE(an_oversized_message_closes_only_its_own_connection) {
    ServeProcess server;
    auto keeper = connect_board(server);
    quiet_game(*keeper, 7, 7, 4);
    auto flooder = connect_board(server);
    flooder->send(std::string(1 << 20, 'x'));
    // What the board said before the oversized message reached it may still arrive first;
    // then the connection closes.
    for (int said = 0; said < 16 && flooder->receive(5s).has_value(); ++said) {}
    BOOST_TEST(flooder->closed());
    BOOST_TEST(play(*keeper, 3, 3)["moves"].size() == 1u);
    BOOST_TEST(server.alive());
    BOOST_TEST(server.stop() == 0);  // a clean shutdown (and no sanitizer report)
}

BOOST_AUTO_TEST_CASE(a_flood_of_messages_from_one_page_leaves_another_board_playing) {
    ServeProcess server;
    auto keeper = connect_board(server);
    quiet_game(*keeper, 7, 7, 4);
    auto flooder = connect_board(server);
    // Never read: its board's answers and its waiting messages pile up to their caps.
    const std::string message = json{{"type", "new"}, {"width", 32}, {"height", 32}, {"k", 5}}.dump();
    int sent = 0;
    while (sent < 20000 && flooder->send(message)) ++sent;
    BOOST_TEST(play(*keeper, 3, 3)["moves"].size() == 1u);
    BOOST_TEST(play(*keeper, 4, 4)["moves"].size() == 2u);
    BOOST_TEST(server.alive());
    BOOST_TEST(server.stop() == 0);  // a clean shutdown (and no sanitizer report)
}

BOOST_AUTO_TEST_CASE(a_page_from_another_site_cannot_open_a_board) {
    ServeProcess server;
    BOOST_TEST(upgrade_status(server.port(), "http://evil.example") == 403u);
    BOOST_TEST(upgrade_status(server.port(), "http://127.0.0.1:" + std::to_string(server.port()) + ".evil.example") ==
               403u);
    // DNS rebinding: a site whose name was pointed at 127.0.0.1 sends its own name as Host and
    // Origin alike; a server on loopback opens boards only for a loopback name.
    const std::string rebound = "evil.example:" + std::to_string(server.port());
    BOOST_TEST(upgrade_status(server.port(), "http://" + rebound, rebound) == 403u);
    BOOST_TEST(upgrade_status(server.port(), "http://localhost:" + std::to_string(server.port()),
                              "localhost:" + std::to_string(server.port())) == 101u);
    WsClient same_site(server.port(), "/ws", "http://127.0.0.1:" + std::to_string(server.port()));
    BOOST_TEST(next_of(same_site, "state")["width"] == 15);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------- the page in Chromium

namespace {

const std::filesystem::path kScratch =
    std::filesystem::temp_directory_path() / ("tengen-serve-test-" + std::to_string(getpid()));

// What the page shows, for a failed check's message.
std::string page_summary(Browser& browser) {
    return browser
        .evaluate(
            "['connection', 'status', 'message'].map((id) => id + ': ' + "
            "document.getElementById(id).textContent).join(' | ') + ' | cells: ' + "
            "document.querySelectorAll('rect.cell').length + ' | moves: ' + "
            "document.getElementById('status').dataset.moves")
        .get<std::string>();
}

std::string status_data(Browser& browser, const char* key) {
    return browser.evaluate(std::string("document.getElementById('status').dataset.") + key).get<std::string>();
}

void set_field(Browser& browser, const std::string& id, const std::string& value) {
    browser.evaluate("(() => { const e = document.getElementById('" + id + "'); e.value = " + json(value).dump() +
                     "; e.dispatchEvent(new Event('change')); })()");
}

// Sets up a game in the form and presses New game, as a person would.
void new_game_in_page(Browser& browser, int width, int height, int k, const std::string& rule, const std::string& black,
                      const std::string& white, const std::string& seconds) {
    set_field(browser, "width", std::to_string(width));
    set_field(browser, "height", std::to_string(height));
    set_field(browser, "k", std::to_string(k));
    set_field(browser, "rule", rule);
    set_field(browser, "black", black);
    set_field(browser, "white", white);
    set_field(browser, "time", seconds);
    browser.click("#new-game");
    BOOST_REQUIRE_MESSAGE(browser.wait_for("document.getElementById('status').dataset.moves === '0' && "
                                           "document.querySelectorAll('rect.cell').length === " +
                                           std::to_string(width * height)),
                          page_summary(browser));
}

std::string cell(int x, int y) {
    return "rect.cell[data-x=\"" + std::to_string(x) + "\"][data-y=\"" + std::to_string(y) + "\"]";
}

const char* kPersonToMove =
    "(() => { const s = document.getElementById('status'); return s.dataset.result !== '' || "
    "!s.textContent.includes('thinking'); })()";

std::string wait_for_file(const std::filesystem::path& file) {
    for (int i = 0; i < 200; ++i) {
        std::ifstream in(file);
        std::stringstream text;
        if (in) text << in.rdbuf();
        if (!text.str().empty()) return text.str();
        std::this_thread::sleep_for(50ms);
    }
    return "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(serve_page_in_chromium)

BOOST_AUTO_TEST_CASE(a_person_plays_a_whole_game_against_tengen_and_saves_and_loads_it) {
    ServeProcess server;
    Browser browser(kScratch / "profile-game");
    browser.download_to(kScratch / "downloads");
    browser.open(server.url());
    BOOST_REQUIRE(browser.wait_for("document.getElementById('connection').textContent === 'connected'"));
    // On 15x15 first (a small board is soon solved, and a proven position has one line).
    new_game_in_page(browser, 15, 15, 5, "freestyle", "human", "engine", "0.1");

    // The first move, and Tengen's answer.
    browser.click(cell(7, 7));
    BOOST_REQUIRE(browser.wait_for("document.getElementById('status').dataset.moves === '2'"));
    BOOST_REQUIRE(browser.wait_for(kPersonToMove));
    BOOST_TEST(browser.evaluate("document.querySelector('#moves li').textContent") == "h8");

    // The analysis of the position for the person: it deepens while it thinks, draws its best
    // line on the board and ranks the moves.
    BOOST_REQUIRE(
        browser.wait_for("document.querySelectorAll('#ranked tbody tr').length >= 2 && "
                         "document.querySelector('[data-pv]') !== null"));
    const auto depth_now = [&] {
        return std::atoi(browser.evaluate("document.getElementById('depth').textContent").get<std::string>().c_str());
    };
    const int first_depth = depth_now();
    BOOST_TEST(
        browser.wait_for("parseInt(document.getElementById('depth').textContent) > " + std::to_string(first_depth)));
    BOOST_TEST(
        browser.evaluate("document.getElementById('win-probability').textContent").get<std::string>().find("%") !=
        std::string::npos);
    BOOST_TEST(browser.evaluate("document.getElementById('best-line').textContent").get<std::string>() != "—");
    BOOST_TEST(browser.evaluate("document.getElementById('nps').textContent").get<std::string>() != "—");

    // Undo takes back Tengen's answer and the person's move.
    browser.click("#undo");
    BOOST_REQUIRE(browser.wait_for("document.getElementById('status').dataset.moves === '0'"));
    BOOST_TEST(browser.evaluate("document.querySelectorAll('circle[data-stone]').length") == 0);

    new_game_in_page(browser, 7, 7, 4, "freestyle", "human", "engine", "0.1");
    // A whole game: the person plays the first free point in reading order each turn.
    const std::string first_free =
        "(() => { const taken = new Set([...document.querySelectorAll('circle[data-stone]')]"
        ".map((c) => c.dataset.x + ',' + c.dataset.y));"
        " const free = [...document.querySelectorAll('rect.cell')].find((c) => !taken.has(c.dataset.x + ',' + c.dataset.y));"
        " return free ? `rect.cell[data-x=\"${free.dataset.x}\"][data-y=\"${free.dataset.y}\"]` : null; })()";
    browser.click(cell(3, 3));
    BOOST_REQUIRE(browser.wait_for("document.getElementById('status').dataset.moves !== '0'"));
    for (int turn = 0; turn < 30 && status_data(browser, "result").empty(); ++turn) {
        BOOST_REQUIRE(browser.wait_for(kPersonToMove));
        if (!status_data(browser, "result").empty()) break;
        const int moves = std::stoi(status_data(browser, "moves"));
        browser.click(browser.evaluate(first_free).get<std::string>());
        BOOST_REQUIRE(
            browser.wait_for("parseInt(document.getElementById('status').dataset.moves) > " + std::to_string(moves)));
    }
    BOOST_REQUIRE(browser.wait_for("document.getElementById('status').dataset.result !== ''"));
    BOOST_TEST(status_data(browser, "result") == "white");  // Tengen beats a player without a plan
    BOOST_TEST(browser.evaluate("document.getElementById('status').textContent").get<std::string>() ==
               "Game over: Tengen wins (white, 4 in a row)");
    BOOST_TEST(browser.evaluate("document.querySelectorAll('.win-line').length") == 1);
    BOOST_TEST(browser.evaluate("document.querySelectorAll('circle.win-stone').length") == 4);
    // A click after the end is explained, not sent.
    browser.click(browser.evaluate(first_free).get<std::string>());
    BOOST_TEST(
        browser.evaluate("document.getElementById('message').textContent").get<std::string>().find("game is over") !=
        std::string::npos);
    const std::string moves_played = status_data(browser, "moves");

    // Save both records through the page's buttons (the browser downloads them).
    browser.click("#save-psq");
    const std::string psq = wait_for_file(kScratch / "downloads" / "tengen-game.psq");
    BOOST_TEST(psq.find("Piskvorky 7x7") == 0u, psq);
    browser.click("#save-sgf");
    const std::string sgf = wait_for_file(kScratch / "downloads" / "tengen-game.sgf");
    BOOST_TEST(sgf.find("SZ[7]") != std::string::npos, sgf);
    BOOST_TEST(sgf.find("PW[Tengen]") != std::string::npos, sgf);

    // A new game between two people, then the saved SGF loaded back through the file input.
    new_game_in_page(browser, 7, 7, 4, "freestyle", "human", "human", "0.1");
    browser.choose_file("#load", kScratch / "downloads" / "tengen-game.sgf");
    BOOST_REQUIRE(browser.wait_for("document.getElementById('status').dataset.moves === '" + moves_played + "'"));
    BOOST_TEST(status_data(browser, "result") == "white");
    BOOST_TEST(browser.evaluate("document.querySelectorAll('.win-line').length") == 1);
    BOOST_TEST(server.alive());
    BOOST_TEST(server.stop() == 0);  // a clean shutdown (and no sanitizer report)
}

BOOST_AUTO_TEST_CASE(renju_marks_black_s_forbidden_points_and_a_click_on_one_is_explained) {
    ServeProcess server;
    Browser browser(kScratch / "profile-renju");
    browser.open(server.url());
    BOOST_REQUIRE(browser.wait_for("document.getElementById('connection').textContent === 'connected'"));
    browser.evaluate(
        "(() => { const a = document.getElementById('analysis'); a.checked = false;"
        " a.dispatchEvent(new Event('change')); })()");
    new_game_in_page(browser, 15, 15, 5, "renju", "human", "human", "1");
    int played = 0;
    for (const auto& [x, y] : {std::pair{5, 7}, {0, 0}, {6, 7}, {0, 2}, {7, 5}, {0, 4}, {7, 6}, {14, 14}}) {
        browser.click(cell(x, y));
        BOOST_REQUIRE(
            browser.wait_for("document.getElementById('status').dataset.moves === '" + std::to_string(++played) + "'"));
    }
    BOOST_TEST(browser.evaluate("document.querySelectorAll('line.forbidden').length") >= 2);  // a cross at h8
    browser.click(cell(7, 7));
    BOOST_REQUIRE(browser.wait_for("document.getElementById('message').textContent !== ''"));
    BOOST_TEST(browser.evaluate("document.getElementById('message').textContent").get<std::string>() ==
               "h8 is forbidden to black under renju: double three: it would make two open threes at once");
    BOOST_TEST(status_data(browser, "moves") == "8");
}

// The page redraws the board whenever the server speaks (several times a second while an
// engine thinks): a click whose button went down before a redraw and came up after it is
// still the person's move.
BOOST_AUTO_TEST_CASE(a_click_held_while_the_board_redraws_still_plays_its_point) {
    ServeProcess server;
    Browser browser(kScratch / "profile-redraw");
    browser.open(server.url());
    BOOST_REQUIRE(browser.wait_for("document.getElementById('connection').textContent === 'connected'"));
    // The page says it is connected once it has the game: a field set from now on stays set.
    BOOST_TEST(status_data(browser, "moves") == "0");
    new_game_in_page(browser, 15, 15, 5, "freestyle", "human", "human", "1");
    browser.click(cell(7, 7));
    BOOST_REQUIRE(browser.wait_for("document.getElementById('status').dataset.moves === '1'"));

    browser.press(cell(8, 8));
    // A changed setting makes the server send the state again, and the page redraws.
    browser.evaluate("document.querySelector('circle.last').dataset.drawnBefore = 'yes'");
    set_field(browser, "time", "2");
    BOOST_REQUIRE_MESSAGE(browser.wait_for("document.querySelector('circle.last').dataset.drawnBefore === undefined"),
                          page_summary(browser));
    browser.release(cell(8, 8));
    BOOST_REQUIRE_MESSAGE(browser.wait_for("document.getElementById('status').dataset.moves === '2'", 5s),
                          page_summary(browser));
    BOOST_TEST(browser.evaluate("document.querySelectorAll('#moves li')[1].textContent") == "i9");
}

BOOST_AUTO_TEST_SUITE_END()

// Not a check, and off in the suite: the picture of the board in docs/serve-board.png is made
// here, from the real program, into the file TENGEN_SERVE_SCREENSHOT names.
BOOST_AUTO_TEST_SUITE(serve_screenshot, *boost::unit_test::disabled())

BOOST_AUTO_TEST_CASE(screenshot_of_an_analysed_position) {
    const char* target = std::getenv("TENGEN_SERVE_SCREENSHOT");
    BOOST_REQUIRE_MESSAGE(target && *target, "set TENGEN_SERVE_SCREENSHOT to the PNG to write");
    ServeProcess server;
    Browser browser(kScratch / "profile-shot");
    browser.open(server.url());
    BOOST_REQUIRE(browser.wait_for("document.getElementById('connection').textContent === 'connected'"));
    new_game_in_page(browser, 15, 15, 5, "freestyle", "human", "human", "1");
    int played = 0;
    for (const auto& [x, y] : {std::pair{7, 7}, {8, 6}, {6, 8}, {8, 8}, {8, 7}, {6, 7}, {9, 6}}) {
        browser.click(cell(x, y));
        BOOST_REQUIRE(
            browser.wait_for("document.getElementById('status').dataset.moves === '" + std::to_string(++played) + "'"));
    }
    BOOST_REQUIRE(browser.wait_for("parseInt(document.getElementById('depth').textContent) >= 10", 30s));
    browser.screenshot(target);
}

BOOST_AUTO_TEST_SUITE_END()
