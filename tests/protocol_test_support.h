// What the protocol's test suites share: the real brain on pipes with a mirror of its game, so
// every answered move is checked legal, and the small helpers its transcripts use.
#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "brain_under_test.h"
#include "engine/board.h"
#include "protocol/text_parse.h"

namespace tengen::testing {

using SteadyClock = std::chrono::steady_clock;

// Generous: every answer here comes from a search of a few hundred ms, but the suite must
// also pass under ASan on two busy cores.
inline constexpr auto kAnswerTimeout = std::chrono::seconds(20);

inline bool is_message(const std::string& line) { return line.rfind("MESSAGE", 0) == 0 || line.rfind("DEBUG", 0) == 0; }

inline long elapsed_ms(SteadyClock::time_point since) {
    return static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - since).count());
}

// The real brain, with a mirror of the game so every answered move can be checked.
class Brain {
public:
    EnginePipe& pipe() { return pipe_; }

    void send(std::string_view line) { BOOST_REQUIRE(pipe_.send(line)); }
    // Sends a command and returns its answer line (MESSAGE/DEBUG lines before it are kept).
    std::string ask(std::string_view line) {
        send(line);
        return answer();
    }
    std::string answer() {
        messages_.clear();
        const auto reply = pipe_.read_answer(kAnswerTimeout, &messages_);
        BOOST_REQUIRE_MESSAGE(reply, "no answer within the deadline");
        return *reply;
    }
    const std::vector<std::string>& messages() const { return messages_; }

    // START with short moves and a small table so the tests stay fast.
    void start(int size = 15, int turn_ms = 200) {
        send("INFO max_memory 16777216");
        send("INFO timeout_turn " + std::to_string(turn_ms));
        BOOST_REQUIRE_EQUAL(ask("START " + std::to_string(size)), "OK");
        game_.emplace(GameConfig{size, size, win_length_, rule_});
    }
    void set_game_shape(int k, Rule rule) { win_length_ = k, rule_ = rule; }

    // A move answer: parsed, checked legal on the mirror, played there.
    Point expect_move(const std::string& reply) {
        const auto p = tengen::parse_point(reply);
        BOOST_REQUIRE_MESSAGE(p, "not a move: \"" + reply + "\"");
        BOOST_REQUIRE_MESSAGE(game_ && game_->is_legal(*p), "illegal move " + reply);
        game_->play(*p);
        return *p;
    }
    Point begin() { return expect_move(ask("BEGIN")); }
    Point turn(Point p) {
        game_->play(p);
        return expect_move(ask(fmt(p, "TURN ")));
    }
    Board& game() { return *game_; }
    void reset_game() { game_.emplace(game_->config()); }
    // Mirror a game the brain started without start() (the manager-sequence tests).
    void track_new_game(int size = 15) { game_.emplace(GameConfig{size, size, win_length_, rule_}); }

    // Sends BOARD (or YXBOARD) with "x,y,f" stones and DONE, and sets the mirror to the same
    // position: equal counts make the engine black, one more opponent stone makes it white.
    void send_board(const std::vector<std::array<int, 3>>& stones, const char* command = "BOARD") {
        send(command);
        int own = 0, theirs = 0;
        for (const auto& s : stones) {
            send(std::to_string(s[0]) + "," + std::to_string(s[1]) + "," + std::to_string(s[2]));
            own += s[2] == 1, theirs += s[2] == 2;
        }
        send("DONE");
        reset_game();
        const Color own_colour = own == theirs ? Color::Black : Color::White;
        for (const auto& s : stones)
            if (s[2] == 3) game_->make({{s[0], s[1]}, Color::Wall});
        for (const auto& s : stones)
            if (s[2] != 3) game_->make({{s[0], s[1]}, s[2] == 1 ? own_colour : tengen::opponent(own_colour)});
        game_->set_side_to_move(own_colour);
    }

    static std::string fmt(Point p, std::string prefix = "") {
        return prefix + std::to_string(p.x) + "," + std::to_string(p.y);
    }

private:
    BrainPipe pipe_;
    std::vector<std::string> messages_;
    std::optional<Board> game_;
    int win_length_ = 5;
    Rule rule_ = Rule::Freestyle;
};

// Some empty point of the mirror, chosen by the generator (not a smart opponent).
inline Point random_empty(const Board& board, std::mt19937& rng) {
    std::vector<Point> empty;
    for (int y = 0; y < board.height(); ++y)
        for (int x = 0; x < board.width(); ++x)
            if (board.is_empty({x, y})) empty.push_back({x, y});
    return empty.at(std::uniform_int_distribution<std::size_t>(0, empty.size() - 1)(rng));
}

}  // namespace tengen::testing
