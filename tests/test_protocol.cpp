// The brain protocol through the real binary: transcripts of every command and error path,
// the sequences real managers send (Piskvork, Yixin-Board, GomocupJudge, c-gomoku-cli), and
// the process-level promises (END at once, EOF exits 0, garbage survives).
#define BOOST_TEST_MODULE protocol
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include <signal.h>
#include <unistd.h>

#include "engine/board.h"
#include "brain_under_test.h"
#include "protocol/brain_settings.h"
#include "protocol/text_parse.h"

using tengen::Board;
using tengen::Color;
using tengen::GameConfig;
using tengen::Point;
using tengen::Rule;
using tengen::testing::BrainPipe;
using tengen::testing::EnginePipe;
using namespace std::chrono_literals;
using SteadyClock = std::chrono::steady_clock;

namespace {

// Generous: every answer here comes from a search of a few hundred ms, but the suite must
// also pass under ASan on two busy cores.
constexpr auto kAnswerTimeout = 20s;

bool is_message(const std::string& line) { return line.rfind("MESSAGE", 0) == 0 || line.rfind("DEBUG", 0) == 0; }

long elapsed_ms(SteadyClock::time_point since) {
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
Point random_empty(const Board& board, std::mt19937& rng) {
    std::vector<Point> empty;
    for (int y = 0; y < board.height(); ++y)
        for (int x = 0; x < board.width(); ++x)
            if (board.is_empty({x, y})) empty.push_back({x, y});
    return empty.at(std::uniform_int_distribution<std::size_t>(0, empty.size() - 1)(rng));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(basics)

BOOST_AUTO_TEST_CASE(start_answers_exactly_ok_and_rejects_bad_sizes) {
    Brain brain;
    brain.send("START 15");
    BOOST_TEST(*brain.pipe().read_line(kAnswerTimeout) == "OK");  // the very first line
    BOOST_TEST(brain.ask("START 2").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("START 33").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("START fifteen").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("RECTSTART 20,10") == "OK");
    BOOST_TEST(brain.ask("RECTSTART 2,10").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("RECTSTART 20").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("START 32") == "OK");
    // Yixin-Board's form, width and height: a square and a rectangle.
    BOOST_TEST(brain.ask("start 15 15") == "OK");
    BOOST_TEST(brain.ask("START 20 10") == "OK");
    BOOST_TEST(brain.ask("START 15 2").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("START 15 15 15").rfind("ERROR", 0) == 0);
}

// Five in a row cannot fit on 3x3: the ERROR says so and what to send, not "win length 5 must
// be from 3 to 3"; after INFO win_length 3 the same START is a game.
BOOST_AUTO_TEST_CASE(a_board_too_small_for_the_win_length_says_what_to_send) {
    Brain brain;
    const std::string too_small = brain.ask("START 3");
    BOOST_TEST(too_small.rfind("ERROR a 3x3 board is too small for 5 in a row", 0) == 0, too_small);
    BOOST_TEST(too_small.find("INFO win_length 3") != std::string::npos, too_small);
    BOOST_TEST(brain.ask("RECTSTART 4,3").find("too small for 5 in a row") != std::string::npos);
    brain.send("INFO win_length 3");
    BOOST_TEST(brain.ask("START 3") == "OK");
}

BOOST_AUTO_TEST_CASE(about_and_unknown_commands) {
    Brain brain;
    const std::string about = brain.ask("ABOUT");
    // Piskvork's form: key="value" pairs separated by ", "; every value a true one, so no
    // placeholder such as "Unknown" or "none" (the project names no country, page or address).
    BOOST_TEST(about == R"(name="Tengen", version="0.1.0", author="Tengen developers")");
    const std::regex pairs(R"(^[a-z]+="[^"]+"(, [a-z]+="[^"]+")*$)");
    BOOST_TEST(std::regex_match(about, pairs), about);
    BOOST_TEST(brain.ask("about") == about);
    BOOST_TEST(brain.ask("FROBNICATE 1 2") == "UNKNOWN FROBNICATE");
    BOOST_TEST(brain.ask("YXFOO") == "UNKNOWN YXFOO");
    BOOST_TEST(brain.ask("SUGGEST 1,1") == "UNKNOWN SUGGEST");
}

BOOST_AUTO_TEST_CASE(commands_before_start_are_errors) {
    Brain brain;
    for (const char* cmd : {"TURN 7,7", "BEGIN", "RESTART", "TAKEBACK 7,7", "PLAY 7,7", "YXSHOWFORBID", "YXNBEST 2"})
        BOOST_TEST(brain.ask(cmd).rfind("ERROR", 0) == 0, cmd);
    brain.send("BOARD");  // read to its DONE, then one ERROR
    brain.send("7,7,1");
    BOOST_TEST(brain.ask("DONE").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("ABOUT").rfind("name=", 0) == 0);  // still alive, still in order
}

BOOST_AUTO_TEST_CASE(begin_and_turns_answer_legal_moves) {
    Brain brain;
    brain.start();
    brain.begin();
    std::mt19937 rng(7);
    for (int i = 0; i < 6 && !brain.game().game_over(); ++i) brain.turn(random_empty(brain.game(), rng));
    BOOST_TEST(brain.ask("BEGIN").rfind("ERROR", 0) == 0);  // not an empty board
}

BOOST_AUTO_TEST_CASE(turn_error_paths_keep_the_position) {
    Brain brain;
    brain.start();
    const Point first = brain.begin();
    BOOST_TEST(brain.ask(Brain::fmt(first, "TURN ")).rfind("ERROR", 0) == 0);  // occupied
    BOOST_TEST(brain.ask("TURN 15,3").rfind("ERROR", 0) == 0);                 // off the board
    BOOST_TEST(brain.ask("TURN -1,3").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("TURN 3").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("TURN a,b").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("TURN 1,2,3").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("TURN 99999999999999999999,1").rfind("ERROR", 0) == 0);
    // "x, y" with a space is accepted, and the game goes on from the kept position.
    const Point reply_point = first == Point{0, 0} ? Point{1, 1} : Point{0, 0};
    brain.game().play(reply_point);
    brain.expect_move(brain.ask("turn " + std::to_string(reply_point.x) + ", " + std::to_string(reply_point.y)));
}

BOOST_AUTO_TEST_CASE(play_plays_exactly_the_given_move) {
    Brain brain;
    brain.start();
    BOOST_TEST(brain.ask("PLAY 7,7") == "7,7");
    BOOST_TEST(brain.ask("PLAY 7,7").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("TURN 7,7").rfind("ERROR", 0) == 0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(positions)

// Field 1 is the engine's own stone: with its open four and the opponent's four on the board,
// it must complete its own five, and the wall (field 3) closes one end so only one point wins.
BOOST_AUTO_TEST_CASE(board_uses_all_three_field_codes) {
    for (const bool extra_opponent_stone : {false, true}) {
        Brain brain;
        brain.start();
        brain.send("BOARD");
        for (int x = 2; x <= 5; ++x) brain.send(std::to_string(x) + ",2,1");
        for (int x = 2; x <= 5; ++x) brain.send(std::to_string(x) + ",10,2");
        if (extra_opponent_stone) brain.send("14,14,2");  // now the opponent is black
        brain.send("1,2,3");
        brain.send("1,10,3");
        BOOST_TEST(brain.ask("DONE") == "6,2");
    }
}

BOOST_AUTO_TEST_CASE(board_blocks_the_opponents_four) {
    Brain brain;
    brain.start();
    brain.send("board");
    for (int y = 3; y <= 6; ++y) brain.send("9," + std::to_string(y) + ",2");
    brain.send("9,2,1");
    brain.send("0,14,1");
    brain.send("14,0,1");
    brain.send("1,1,1");
    BOOST_TEST(brain.ask("done") == "9,7");
}

BOOST_AUTO_TEST_CASE(bad_board_blocks_are_errors_and_keep_the_old_position) {
    Brain brain;
    brain.start();
    brain.send_board({{7, 7, 2}});
    const Point answer = brain.expect_move(brain.answer());
    const std::vector<std::vector<std::string>> bad_blocks = {
        {"1,1,1", "2,2,1"},           // own 2, opponent 0
        {"1,1,2", "2,2,2", "3,3,2"},  // opponent 3, own 0
        {"1,1,2", "1,1,1"},           // a point given twice
        {"1,1,2", "2,2,4"},           // field 4
        {"1,1,2", "15,2,1"},          // off the board
        {"1,1,2", "2,2"},             // malformed line
        {"1,1,2", "x,y,z"},
    };
    for (const auto& block : bad_blocks) {
        brain.send("BOARD");
        for (const auto& line : block) brain.send(line);
        BOOST_TEST(brain.ask("DONE").rfind("ERROR", 0) == 0);
    }
    // The old position is still there: its stones are occupied, the game goes on from it.
    BOOST_TEST(brain.ask("TURN 7,7").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask(Brain::fmt(answer, "TURN ")).rfind("ERROR", 0) == 0);
    brain.turn(Point{0, 0});
}

BOOST_AUTO_TEST_CASE(info_inside_a_board_block_applies_and_keeps_the_block) {
    Brain brain;
    brain.start();
    brain.send("BOARD");
    brain.send("7,7,2");
    brain.send("INFO timeout_turn 0");
    brain.send("INFO time_left 1000");
    brain.send("7,8,1");
    brain.send("8,8,2");
    const std::string reply = brain.ask("DONE");
    const auto p = tengen::parse_point(reply);
    BOOST_REQUIRE_MESSAGE(p, reply);
    for (const Point taken : {Point{7, 7}, Point{7, 8}, Point{8, 8}}) BOOST_TEST(!(*p == taken));
    for (const auto& m : brain.messages()) BOOST_TEST(m.find("not closed") == std::string::npos, m);
}

// A line that is neither a stone nor a command this brain knows is a malformed line of the
// block: DONE answers one ERROR. It used to end the block, so it and every line after it got
// an answer of its own (UNKNOWN hello, UNKNOWN 8,8,2, UNKNOWN DONE).
BOOST_AUTO_TEST_CASE(a_word_line_inside_a_block_gets_exactly_one_answer) {
    Brain brain;
    brain.start();
    for (const char* block : {"BOARD", "YXBOARD", "SWAP2BOARD"}) {
        for (const char* word : {"hello", "hello world", "DONEX"}) {
            BOOST_TEST_CONTEXT(block << " with \"" << word << "\"") {
                brain.send(block);
                brain.send(std::string_view(block) == "SWAP2BOARD" ? "7,7" : "7,7,1");
                brain.send(word);
                brain.send(std::string_view(block) == "SWAP2BOARD" ? "8,8" : "8,8,2");
                brain.send("DONE");
                const auto lines = brain.pipe().drain(500ms);
                BOOST_REQUIRE_EQUAL(lines.size(), 1u);
                BOOST_TEST(lines[0].rfind("ERROR malformed", 0) == 0, lines[0]);
            }
        }
    }
    BOOST_TEST(brain.ask("YXSHOWFORBID") == "FORBID .");  // in step: the next command gets its own answer
}

BOOST_AUTO_TEST_CASE(a_command_inside_an_unclosed_block_is_obeyed) {
    Brain brain;
    brain.start();
    brain.send("BOARD");
    brain.send("7,7,2");
    BOOST_TEST(brain.ask("ABOUT").rfind("name=", 0) == 0);
    BOOST_TEST(brain.ask("DONE") == "UNKNOWN DONE");  // the block is gone
}

BOOST_AUTO_TEST_CASE(takeback_then_turn) {
    Brain brain;
    brain.start();
    const Point mine = brain.begin();
    const Point theirs = mine == Point{0, 0} ? Point{0, 1} : Point{0, 0};
    const Point mine2 = brain.turn(theirs);
    BOOST_TEST(brain.ask(Brain::fmt(mine2, "TAKEBACK ")) == "OK");
    BOOST_TEST(brain.ask(Brain::fmt(theirs, "TAKEBACK ")) == "OK");
    BOOST_TEST(brain.ask(Brain::fmt(theirs, "TAKEBACK ")).rfind("ERROR", 0) == 0);  // empty now
    BOOST_TEST(brain.ask("TAKEBACK 20,20").rfind("ERROR", 0) == 0);
    BOOST_TEST(brain.ask("TAKEBACK 1").rfind("ERROR", 0) == 0);
    brain.game().unmake();
    brain.game().unmake();
    // The taken-back points are free again: the opponent replays there.
    brain.turn(mine2);
}

BOOST_AUTO_TEST_CASE(takeback_of_an_earlier_stone_rebuilds_without_it) {
    Brain brain;
    brain.start();
    brain.send_board({{0, 0, 2}, {14, 14, 1}, {0, 14, 2}});
    brain.expect_move(brain.answer());
    BOOST_TEST(brain.ask("TAKEBACK 0,0") == "OK");
    // 0,0 is empty again: a TURN there is accepted and answered.
    const std::string reply = brain.ask("TURN 0,0");
    BOOST_TEST(reply.rfind("ERROR", 0) != 0, reply);
}

BOOST_AUTO_TEST_CASE(restart_empties_the_board_and_keeps_the_size) {
    Brain brain;
    brain.start(10);
    const Point first = brain.begin();
    BOOST_TEST(brain.ask("RESTART") == "OK");
    brain.reset_game();
    brain.turn(first);                                          // the old point is free again
    BOOST_TEST(brain.ask("TURN 10,0").rfind("ERROR", 0) == 0);  // still 10 x 10
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(info)

BOOST_AUTO_TEST_CASE(info_never_answers_except_a_message_for_bad_values) {
    Brain brain;
    for (const char* good :
         {"INFO timeout_turn 1000", "INFO timeout_match 100000", "INFO time_left -50", "INFO time_left 2147483647",
          "INFO time_increment 100", "INFO max_memory 0", "INFO game_type 1", "INFO rule 3", "INFO evaluate 7,7",
          "INFO folder /tmp", "INFO thread_num 2", "INFO max_depth 10", "INFO max_node 100000", "INFO win_length 5",
          "INFO show_detail 0", "INFO some_future_key 12", "info TIMEOUT_TURN 900"})
        brain.send(good);
    BOOST_TEST(brain.pipe().drain(300ms).empty());
    for (const char* bad :
         {"INFO timeout_turn abc", "INFO timeout_turn -5", "INFO rule 12", "INFO rule 99", "INFO rule x",
          "INFO max_memory lots", "INFO win_length 2", "INFO show_detail 9", "INFO thread_num"}) {
        brain.send(bad);
        const auto line = brain.pipe().read_line(kAnswerTimeout);
        BOOST_REQUIRE(line);
        BOOST_TEST(line->rfind("MESSAGE", 0) == 0, bad);
    }
    BOOST_TEST(brain.pipe().drain(200ms).empty());
}

BOOST_AUTO_TEST_CASE(timeout_turn_zero_answers_quickly) {
    Brain brain;
    brain.start(15, 0);
    const auto t0 = SteadyClock::now();
    brain.begin();
    brain.turn(Point{0, 0});
    const long ms = elapsed_ms(t0);
    BOOST_TEST_MESSAGE("two moves at timeout_turn 0 took " << ms << " ms");
    BOOST_TEST(ms < 1500);  // typically a few ms each; slack for sanitizers on busy cores
}

BOOST_AUTO_TEST_CASE(max_depth_and_max_node_are_honoured) {
    Brain brain;
    brain.send("INFO max_depth 2");
    brain.start(15, 30000);
    const auto t0 = SteadyClock::now();
    brain.begin();
    BOOST_TEST(elapsed_ms(t0) < 10000);
    bool saw_summary = false;
    for (const auto& m : brain.messages()) {
        std::smatch match;
        if (std::regex_search(m, match, std::regex("^MESSAGE summary depth (\\d+) "))) {
            saw_summary = true;
            BOOST_TEST(std::stoi(match[1]) <= 2);
        }
    }
    BOOST_TEST(saw_summary);
    brain.send("INFO max_depth 0");
    brain.send("INFO max_node 2000");
    const auto t1 = SteadyClock::now();
    brain.turn(Point{0, 0});
    BOOST_TEST(elapsed_ms(t1) < 10000);
}

// Resident memory of a process in KiB, from /proc.
long resident_kib(pid_t pid) { return tengen::testing::proc_status_kib(pid, "VmRSS"); }
// The table is mapped at once but becomes resident only as the search touches it, so its
// size shows in the address space.
long mapped_kib(pid_t pid) { return tengen::testing::proc_status_kib(pid, "VmSize"); }
// User and system CPU the process has used, in ms (/proc/PID/stat fields 14 and 15).
long cpu_ms(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    std::istringstream fields(text.substr(text.rfind(')') + 2));  // after "pid (name) "
    std::string field;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 14) utime = std::stol(field);
        if (i == 15) stime = std::stol(field);
    }
    return (utime + stime) * 1000 / sysconf(_SC_CLK_TCK);
}

BOOST_AUTO_TEST_CASE(max_memory_sizes_the_table_and_the_default_is_256_mib) {
    for (const long max_memory : {0L, 64L << 20}) {
        Brain brain;
        brain.send("INFO max_memory " + std::to_string(max_memory));
        brain.send("INFO timeout_turn 100");
        BOOST_REQUIRE_EQUAL(brain.ask("START 15"), "OK");
        brain.send("BEGIN");
        brain.answer();
        const long kib = resident_kib(brain.pipe().pid());
        BOOST_TEST_MESSAGE("max_memory " << max_memory << ": resident " << kib / 1024 << " MiB, mapped "
                                         << mapped_kib(brain.pipe().pid()) / 1024 << " MiB");
        if (max_memory == 0) {
            BOOST_TEST(mapped_kib(brain.pipe().pid()) > 256 * 1024);  // the 256 MiB default table is there
        } else {
            BOOST_TEST(kib > 0);
            BOOST_TEST(kib < max_memory / 1024 * 5 / 4);  // slack for sanitizer shadow memory
        }
    }
}

// INFO max_memory after START (every manager sends it there, just before the first move)
// shrinks the table at once but grows it only at the next START/RESTART, so the first move's
// clock never pays for a big allocation.
BOOST_AUTO_TEST_CASE(max_memory_after_start_shrinks_at_once_and_grows_at_the_next_start) {
    Brain brain;
    brain.send("INFO max_memory " + std::to_string(64L << 20));
    brain.send("INFO timeout_turn 100");
    BOOST_REQUIRE_EQUAL(brain.ask("START 15"), "OK");
    const long small_kib = resident_kib(brain.pipe().pid());
    brain.send("INFO max_memory " + std::to_string(192L << 20));  // a 175 MiB table: later
    brain.send("BEGIN");
    brain.answer();
    const long after_info_kib = resident_kib(brain.pipe().pid());
    const long after_info_mapped_kib = mapped_kib(brain.pipe().pid());
    BOOST_REQUIRE_EQUAL(brain.ask("RESTART"), "OK");
    const long grown_mapped_kib = mapped_kib(brain.pipe().pid());
    // A helper thread maps the new table in without a search asking for it, within the limit.
    long grown_kib = resident_kib(brain.pipe().pid());
    for (auto deadline = std::chrono::steady_clock::now() + 60s;
         grown_kib < 150 * 1024 && std::chrono::steady_clock::now() < deadline;
         grown_kib = resident_kib(brain.pipe().pid()))
        std::this_thread::sleep_for(20ms);
    brain.send("INFO max_memory " + std::to_string(32L << 20));  // a 15 MiB table: now
    brain.send("YXSHOWFORBID");                                  // any answer: the INFO before it is done
    brain.answer();
    const long shrunk_kib = resident_kib(brain.pipe().pid());
    BOOST_TEST_MESSAGE("resident MiB: " << small_kib / 1024 << " at START, " << after_info_kib / 1024
                                        << " after the bigger max_memory, " << grown_kib / 1024 << " after RESTART, "
                                        << shrunk_kib / 1024 << " after the smaller one");
    BOOST_TEST(after_info_kib < 64 * 1024 * 5 / 4);  // still the 47 MiB table (slack for sanitizers)
    // The 175 MiB table replaces the 47 MiB one at RESTART, not at the INFO before the move.
    BOOST_TEST(grown_mapped_kib - after_info_mapped_kib > 120 * 1024);
    BOOST_TEST(grown_kib >= 150 * 1024);
    BOOST_TEST(grown_kib < 192 * 1024 * 5 / 4);
#if !defined(__SANITIZE_ADDRESS__)               // ASan keeps freed blocks resident in its quarantine
    BOOST_TEST(shrunk_kib < 64 * 1024 * 5 / 4);  // back under the new limit at once
#endif
    brain.send("END");
    BOOST_TEST(brain.pipe().wait_exit(2s).value_or(-1) == 0);
}

BOOST_AUTO_TEST_CASE(rule_changes_apply_at_once_on_an_empty_board) {
    Brain brain;
    brain.start();
    brain.send("INFO rule 4");  // renju, on the empty board: at once
    brain.send("BOARD");
    brain.send("7,5,1");
    brain.send("7,6,1");
    brain.send("5,7,1");
    brain.send("6,7,1");
    for (const char* p : {"0,0,2", "14,0,2", "0,14,2", "14,14,2"}) brain.send(p);
    brain.send("YXBOARD");  // a command inside the block drops it; send a proper one
    for (const char* p : {"7,5,1", "7,6,1", "5,7,1", "6,7,1", "0,0,2", "14,0,2", "0,14,2", "14,14,2"}) brain.send(p);
    brain.send("DONE");
    const std::string forbid = brain.ask("YXSHOWFORBID");
    BOOST_TEST(forbid.find("0707") != std::string::npos, forbid);
    // Not empty now: a rule change waits for the next START or RESTART.
    brain.send("INFO rule 0");
    BOOST_TEST(brain.ask("YXSHOWFORBID") == forbid);
    BOOST_TEST(brain.ask("RESTART") == "OK");
    BOOST_TEST(brain.ask("YXSHOWFORBID") == "FORBID .");
}

// max_memory below what the process needs: the table cannot shrink past 1 MiB, so the process
// will be larger than asked, and the manager is told what it gets. Enough memory: no word.
BOOST_AUTO_TEST_CASE(max_memory_below_the_floor_gets_a_message_saying_what_is_used) {
    Brain brain;
    brain.send("INFO max_memory 1000000");
    const auto said = brain.pipe().drain(300ms);
    BOOST_REQUIRE_EQUAL(said.size(), 1u);
    BOOST_TEST(
        std::regex_match(said[0], std::regex("MESSAGE INFO max_memory 1000000 is below this brain's floor of \\d+ MiB "
                                             "\\(.*\\): it plays with a 1 MiB table and one search thread")),
        said[0]);
    BOOST_TEST(brain.ask("START 15") == "OK");
    brain.send("INFO max_memory 67108864");
    BOOST_TEST(brain.pipe().drain(300ms).empty());
}

// Yixin-Board's YXSHOWINFO answers set its sliders: MAX_THREAD_NUM the threads, MAX_HASH_SIZE
// an exponent k for hash_size 2^k KiB (it used to say 12052, half the machine in MiB, and the
// GUI's 1 << 12052 is nonsense). k is the largest table the brain would really make.
BOOST_AUTO_TEST_CASE(yxshowinfo_reports_the_threads_and_the_largest_table_as_an_exponent) {
    Brain brain;
    auto show = [&] {
        brain.send("YXSHOWINFO");
        const auto threads = brain.pipe().read_line(kAnswerTimeout), hash = brain.pipe().read_line(kAnswerTimeout);
        std::smatch t, h;
        BOOST_REQUIRE(threads && std::regex_match(*threads, t, std::regex(R"(MESSAGE INFO MAX_THREAD_NUM (\d+))")));
        BOOST_REQUIRE(hash && std::regex_match(*hash, h, std::regex(R"(MESSAGE INFO MAX_HASH_SIZE (\d+))")));
        return std::pair<long, int>(std::stol(t[1]), std::stoi(h[1]));
    };
    auto kib = [](int k) { return std::int64_t{1} << k; };
    const auto [threads, k] = show();
    BOOST_TEST(threads == static_cast<long>(std::max(std::thread::hardware_concurrency(), 1u)));
    const std::int64_t half_kib = std::int64_t{sysconf(_SC_PHYS_PAGES)} * sysconf(_SC_PAGE_SIZE) / 2 / 1024;
    BOOST_TEST(k <= 30);  // the GUI computes 1 << k in an int
    BOOST_TEST(kib(k) <= half_kib);
    BOOST_TEST((k == 30 || kib(k + 1) > half_kib));
    // Under max_memory, the table max_memory leaves.
    brain.send("INFO max_memory 67108864");
    const auto [threads_then, k_then] = show();
    const auto table_kib = static_cast<std::int64_t>(tengen::hash_bytes_for(67108864, 1) / 1024);
    BOOST_TEST(kib(k_then) <= table_kib);
    BOOST_TEST(kib(k_then + 1) > table_kib);
    BOOST_TEST(threads_then == threads);
}

// INFO hash_size is Yixin-Board's table size in KiB (its protocol: "at most [value] KB hash
// memory"); it takes the default's place, and under max_memory it can only make the table
// smaller. Seen in resident memory once the helper thread has mapped the table in (the
// address space is no measure: glibc reserves 64 MiB arenas for threads as it likes).
BOOST_AUTO_TEST_CASE(hash_size_is_the_tables_size_in_kib) {
    auto resident_after_start = [](std::initializer_list<const char*> infos) {
        Brain brain;
        for (const char* info : infos) brain.send(info);
        BOOST_REQUIRE_EQUAL(brain.ask("START 15"), "OK");
        BOOST_REQUIRE_EQUAL(brain.ask("YXSHOWFORBID"), "FORBID .");
        // Settled: the same for half a second.
        long kib = resident_kib(brain.pipe().pid()), last = -1;
        for (auto deadline = SteadyClock::now() + 30s; kib != last && SteadyClock::now() < deadline;) {
            last = kib;
            std::this_thread::sleep_for(500ms);
            kib = resident_kib(brain.pipe().pid());
        }
        return kib;
    };
    const long one_mib = resident_after_start({"INFO hash_size 1024"});
    const long big = resident_after_start({"INFO hash_size 131072"});  // 128 MiB
    const long capped = resident_after_start({"INFO max_memory 67108864", "INFO hash_size 131072"});
    const long smaller = resident_after_start({"INFO max_memory 67108864", "INFO hash_size 16384"});  // 16 MiB
    BOOST_TEST_MESSAGE("resident MiB: hash_size 1 MiB " << one_mib / 1024 << ", 128 MiB " << big / 1024
                                                        << ", 128 MiB under max_memory 64 MiB " << capped / 1024
                                                        << ", 16 MiB under it " << smaller / 1024);
    BOOST_TEST(std::abs(big - one_mib - 127 * 1024) < 8 * 1024);
    const long max_memory_table_kib = static_cast<long>(tengen::hash_bytes_for(67108864, 1) / 1024);
    BOOST_TEST(std::abs(capped - one_mib - (max_memory_table_kib - 1024)) < 8 * 1024);
    BOOST_TEST(std::abs(smaller - one_mib - 15 * 1024) < 8 * 1024);
}

// INFO pondering (Yixin-Board sends 0 or 1 at start-up): this brain does not ponder, so 1 is
// answered with a MESSAGE saying so and the brain stays idle on the opponent's time.
// caution_factor, a setting of Yixin's own search that Yixin's protocol leaves out, is
// ignored without a word. Neither changes anything else: the game goes on.
BOOST_AUTO_TEST_CASE(pondering_one_is_declined_and_caution_factor_ignored) {
    Brain brain;
    brain.start();
    brain.send("INFO pondering 0");
    brain.send("INFO caution_factor 4");
    BOOST_TEST(brain.pipe().drain(300ms).empty());
    brain.send("INFO pondering 1");
    const auto said = brain.pipe().drain(300ms);
    BOOST_REQUIRE_EQUAL(said.size(), 1u);
    BOOST_TEST(said[0] == "MESSAGE INFO pondering 1: this brain does not ponder; it thinks only when it is to move");
    brain.begin();
    const long before = cpu_ms(brain.pipe().pid());
    std::this_thread::sleep_for(600ms);
    const long idle = cpu_ms(brain.pipe().pid()) - before;
    BOOST_TEST_MESSAGE("CPU on the opponent's time: " << idle << " ms in 600 ms");
    BOOST_TEST(idle < 150);
    std::mt19937 rng(3);
    brain.turn(random_empty(brain.game(), rng));
}

// INFO show_detail, Yixin-Board's choice of analysis lines (docs/protocol-output.md's table):
// 0 none but the summary; 1 depth and REALTIME lines; 2 depth lines and the INFO block; 3 all.
BOOST_AUTO_TEST_CASE(show_detail_selects_the_analysis_lines) {
    for (const int detail : {0, 1, 2, 3}) {
        Brain brain;
        brain.start(15, 300);
        brain.send("INFO show_detail " + std::to_string(detail));
        brain.send_board({{7, 7, 1}, {8, 8, 2}, {6, 6, 1}, {9, 9, 2}});
        int depth = 0, realtime = 0, block = 0, summary = 0;
        while (true) {
            const auto line = brain.pipe().read_line(kAnswerTimeout);
            BOOST_REQUIRE(line);
            if (tengen::parse_point(*line)) break;
            depth += line->rfind("MESSAGE depth ", 0) == 0;
            realtime += line->rfind("MESSAGE REALTIME BEST ", 0) == 0;
            block += *line == "INFO PV DONE";
            summary += line->rfind("MESSAGE summary ", 0) == 0;
            BOOST_TEST((is_message(*line) || line->rfind("INFO ", 0) == 0), *line);
        }
        BOOST_TEST_CONTEXT("show_detail " << detail) {
            BOOST_TEST((depth > 0) == (detail != 0));
            BOOST_TEST((realtime > 0) == (detail == 1 || detail == 3));
            BOOST_TEST((block > 0) == (detail == 2 || detail == 3));
            BOOST_TEST(summary == 1);
        }
    }
}

BOOST_AUTO_TEST_CASE(renju_with_another_k_plays_exact_and_says_so) {
    Brain brain;
    brain.send("INFO rule 4");
    brain.send("INFO win_length 4");
    brain.send("START 15");
    std::vector<std::string> messages;
    const auto reply = brain.pipe().read_answer(kAnswerTimeout, &messages);
    BOOST_TEST(*reply == "OK");
    BOOST_REQUIRE_EQUAL(messages.size(), 1u);
    BOOST_TEST(messages[0].find("exact") != std::string::npos, messages[0]);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(analysis)

BOOST_AUTO_TEST_CASE(depth_lines_and_one_summary_line_per_move) {
    Brain brain;
    brain.start(15, 500);
    const Point move = brain.begin();
    const std::regex depth_line(
        R"(^MESSAGE depth \d+-\d+ eval [-+M0-9]+ nodes \S+ nps \S+ time \d+\.\ds pv( [a-z]\d+)*$)");
    const std::regex summary(
        R"(^MESSAGE summary depth (\d+) eval ([-+M0-9]+) nodes (\d+) time (\d+) best (\d+),(\d+)( pv( [a-z]\d+)+)?$)");
    int depth_lines = 0, summaries = 0;
    for (const auto& m : brain.messages()) {
        BOOST_TEST(is_message(m));
        if (std::regex_match(m, depth_line)) ++depth_lines;
        std::smatch match;
        if (std::regex_match(m, match, summary)) {
            ++summaries;
            BOOST_TEST(std::stoi(match[5]) == move.x);
            BOOST_TEST(std::stoi(match[6]) == move.y);
        }
    }
    BOOST_TEST(depth_lines >= 1);
    BOOST_TEST(summaries == 1);
    // At most a few depth lines a second.
    BOOST_TEST(depth_lines <= 2 + 500 / 250);
}

// "340", "+M7", "-M6" as a number on one scale (a win in fewer plies is more); nullopt for
// anything else, such as the "-M-1" an unscored root move used to print.
std::optional<int> score_value(const std::string& text) {
    static const std::regex form(R"(^([-+]?)(M?)(\d{1,5})$)");
    std::smatch m;
    if (!std::regex_match(text, m, form)) return std::nullopt;
    const int n = std::stoi(m[3]);
    if (m[2].length() == 0) return n < 29000 ? std::optional<int>(m[1] == "-" ? -n : n) : std::nullopt;
    if (m[1].length() == 0 || n < 1 || n > 1000) return std::nullopt;
    return m[1] == "+" ? 30000 - n : -30000 + n;
}

// YXNBEST n (Yixin-Board's "n best"): n ranked lines before the move, every move different
// and on an empty point, every score a real one, best first: the answered move is rank 1.
// The position is one of issue 54's: a 300 ms turn ends mid-iteration, which used to print
// unscored moves ("eval -M-1") and the answer twice, and YXNBEST 1 printed no line at all.
BOOST_AUTO_TEST_CASE(yxnbest_ranks_n_different_moves_with_real_scores_best_first) {
    Brain brain;
    brain.start(15, 300);
    const std::vector<std::array<int, 3>> stones = {{7, 7, 1}, {8, 8, 2}, {6, 6, 1}, {9, 9, 2}};
    brain.send_board(stones, "YXBOARD");
    const std::regex nbest(R"(^MESSAGE nbest (\d+) move (\d+),(\d+) eval (\S+)$)");
    std::string answer;
    for (int n = 1; n <= 10; ++n) {
        answer = brain.ask("YXNBEST " + std::to_string(n));
        const auto move = tengen::parse_point(answer);
        BOOST_REQUIRE_MESSAGE(move, "not a move: " << answer);
        std::vector<Point> ranked;
        std::vector<int> scores;
        for (const auto& line : brain.messages()) {
            std::smatch m;
            if (!std::regex_match(line, m, nbest)) continue;
            BOOST_TEST(std::stoi(m[1]) == static_cast<int>(ranked.size()) + 1, line);
            const Point p{std::stoi(m[2]), std::stoi(m[3])};
            BOOST_TEST(brain.game().is_legal(p), line);
            BOOST_TEST((std::find(ranked.begin(), ranked.end(), p) == ranked.end()), "repeated: " << line);
            const auto score = score_value(m[4]);
            BOOST_TEST(score.has_value(), "not a score: " << line);
            ranked.push_back(p);
            scores.push_back(score.value_or(0));
        }
        BOOST_TEST_CONTEXT("YXNBEST " << n) {
            BOOST_TEST(static_cast<int>(ranked.size()) == n);
            BOOST_TEST((!ranked.empty() && ranked.front() == *move), "rank 1 is not the answer " << answer);
            BOOST_TEST(std::is_sorted(scores.rbegin(), scores.rend()), "scores not best first");
        }
    }
    BOOST_TEST(brain.ask("PLAY " + answer) == answer);  // nothing was played: the point is still free
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(managers)

BOOST_AUTO_TEST_CASE(piskvork_sequence_with_crlf) {
    Brain brain;
    brain.pipe().send_raw("START 15\r\n");
    BOOST_TEST(*brain.pipe().read_line(kAnswerTimeout) == "OK");
    brain.pipe().send_raw(
        "INFO timeout_match 180000\r\nINFO timeout_turn 300\r\nINFO max_memory 20971520\r\nINFO game_type 1\r\n"
        "INFO rule 1\r\nINFO time_left 180000\r\nINFO folder C:\\piskvork\\tmp\r\n\r\n");
    brain.set_game_shape(5, Rule::Exact);
    brain.track_new_game();
    brain.begin();
    brain.send("INFO time_left 179500");
    brain.turn(Point{1, 1});
    brain.send("INFO time_left 179000");
    BOOST_TEST(brain.ask(Brain::fmt(brain.game().last_move()->at, "TAKEBACK ")) == "OK");
    BOOST_TEST(brain.ask("TAKEBACK 1,1") == "OK");
    brain.game().unmake();
    brain.game().unmake();
    brain.turn(Point{2, 2});
    brain.pipe().send_raw("END\r\n");
    BOOST_TEST(brain.pipe().wait_exit(2s).value_or(-1) == 0);
    BOOST_TEST(brain.pipe().drain(100ms).empty());  // nothing after END
}

BOOST_AUTO_TEST_CASE(yixin_board_sequence) {
    Brain brain;
    // Yixin-Board's start-up (its init_engine): show_detail, YXSHOWINFO, "start W H", then its
    // settings, hash_size as 2^k KiB and pondering among them.
    brain.send("info show_detail 1");
    brain.send("yxshowinfo");
    const auto info1 = brain.pipe().read_line(kAnswerTimeout), info2 = brain.pipe().read_line(kAnswerTimeout);
    BOOST_TEST(std::regex_match(*info1, std::regex("MESSAGE INFO MAX_THREAD_NUM \\d+")));
    BOOST_TEST(std::regex_match(*info2, std::regex("MESSAGE INFO MAX_HASH_SIZE \\d+")));
    brain.send("start 15 15");
    BOOST_TEST(brain.answer() == "OK");
    for (const char* line :
         {"info max_memory 33554432", "info timeout_turn 300", "info timeout_match 100000", "info time_left 100000",
          "info time_increment 0", "INFO caution_factor 1", "INFO thread_num 1", "INFO hash_size 524288",
          "INFO pondering 0", "info rule 2", "info show_detail 3"})
        brain.send(line);
    BOOST_TEST(brain.pipe().drain(300ms).empty());  // no answer to any of them
    // The double three at 7,7 (renju: rule 2 is Yixin-Board's code).
    brain.send("yxboard");
    for (const char* p : {"7,5,1", "7,6,1", "5,7,1", "6,7,1", "0,0,2", "14,0,2", "0,14,2", "14,14,2"}) brain.send(p);
    brain.send("done");
    BOOST_TEST(brain.pipe().drain(300ms).empty());  // YXBOARD does not move
    const std::string forbid = brain.ask("yxshowforbid");
    BOOST_TEST(std::regex_match(forbid, std::regex("FORBID (\\d{4})*\\.")), forbid);
    BOOST_TEST(forbid.find("0707") != std::string::npos, forbid);

    // board ... done: the move comes after an INFO PV block and REALTIME lines.
    brain.send("board");
    for (const char* p : {"7,5,1", "7,6,1", "5,7,1", "6,7,1", "0,0,2", "14,0,2", "0,14,2", "14,14,2"}) brain.send(p);
    brain.send("done");
    std::vector<std::string> lines;
    while (true) {
        const auto line = brain.pipe().read_line(kAnswerTimeout);
        BOOST_REQUIRE(line);
        lines.push_back(*line);
        if (!is_message(*line) && line->rfind("INFO ", 0) != 0) break;
    }
    const auto move = tengen::parse_point(lines.back());
    BOOST_REQUIRE(move);
    BOOST_TEST(!(*move == Point{7, 7}));  // never the forbidden point
    auto find = [&](const std::string& prefix) {
        return std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
    };
    BOOST_TEST((find("INFO PV 0") != lines.end()));
    BOOST_TEST((find("INFO PV DONE") != lines.end()));
    BOOST_TEST((find("INFO NUMPV") != lines.end()));
    BOOST_TEST((find("INFO DEPTH") != lines.end()));
    BOOST_TEST((find("INFO BESTLINE") != lines.end()));
    BOOST_TEST((find("INFO EVAL") != lines.end()));
    BOOST_TEST((find("INFO WINRATE 0.") != lines.end() || find("INFO WINRATE 1.") != lines.end()));
    BOOST_TEST((find("MESSAGE REALTIME BEST") != lines.end()));
    BOOST_TEST((find("INFO PV 0") < find("INFO PV DONE")));

    // YXNBEST 3: three ranked MESSAGE lines, the best answered, nothing played.
    brain.send("info show_detail 0");
    brain.send("YXNBEST 3");
    const std::string best = brain.answer();
    int ranked = 0;
    for (const auto& m : brain.messages())
        if (std::regex_match(m, std::regex("MESSAGE nbest [123] move \\d+,\\d+ eval \\S+"))) ++ranked;
    BOOST_TEST(ranked == 3);
    const auto best_point = tengen::parse_point(best);
    BOOST_REQUIRE(best_point);
    BOOST_TEST(brain.ask(Brain::fmt(*best_point, "PLAY ")) == best);  // still empty: nothing was played

    // YXSTOP mid-search: the answer comes at once.
    brain.send("info timeout_turn 60000");
    brain.send("info time_left 1000000");
    brain.send("turn 1,1");
    std::this_thread::sleep_for(300ms);
    const auto t0 = SteadyClock::now();
    brain.send("yxstop");
    const std::string stopped = brain.answer();
    BOOST_TEST(tengen::parse_point(stopped).has_value(), stopped);
    BOOST_TEST(elapsed_ms(t0) < 2000);
    brain.send("yxhashclear");
    BOOST_TEST(brain.pipe().drain(200ms).empty());
}

BOOST_AUTO_TEST_CASE(yixin_showforbid_outside_renju_or_for_white) {
    Brain brain;
    brain.start();
    BOOST_TEST(brain.ask("YXSHOWFORBID") == "FORBID .");
    brain.send("INFO rule 4");
    brain.send("YXBOARD");
    for (const char* p : {"7,5,2", "7,6,2", "5,7,2", "6,7,2", "0,0,1", "14,0,1", "0,14,1"}) brain.send(p);
    brain.send("DONE");
    BOOST_TEST(brain.ask("YXSHOWFORBID") == "FORBID .");  // white to move: white has none
}

BOOST_AUTO_TEST_CASE(gomocupjudge_sequence) {
    Brain brain;
    // INFO lines before START's answer is read, no BEGIN, every game opens with BOARD.
    brain.send("START 15");
    brain.send("INFO timeout_turn 300");
    brain.send("INFO timeout_match 120000");
    brain.send("INFO max_memory 16777216");
    brain.send("INFO rule 0");
    brain.send("INFO time_left 120000");
    BOOST_TEST(brain.answer() == "OK");
    brain.track_new_game();
    brain.send("BOARD");
    const Point first = brain.expect_move(brain.ask("DONE"));
    BOOST_TEST(brain.game().placed_count() == 1);
    brain.send("INFO time_left 119000");
    brain.send("BOARD");
    brain.send(Brain::fmt(first) + ",1");
    const Point reply = first == Point{0, 0} ? Point{1, 0} : Point{0, 0};
    brain.send(Brain::fmt(reply) + ",2");
    brain.game().play(reply);
    brain.expect_move(brain.ask("DONE"));
    // Second game on the same process.
    BOOST_TEST(brain.ask("START 15") == "OK");
    brain.reset_game();
    brain.send("BOARD");
    brain.send("7,7,2");
    brain.game().play({7, 7});
    brain.expect_move(brain.ask("DONE"));
    brain.send("END");
    BOOST_TEST(brain.pipe().wait_exit(2s).value_or(-1) == 0);
}

BOOST_AUTO_TEST_CASE(c_gomoku_cli_sequence_with_yxstop_on_overrun) {
    Brain brain;
    brain.send("START 15");
    BOOST_TEST(brain.answer() == "OK");
    brain.track_new_game();
    for (const char* line : {"INFO timeout_turn 60000", "INFO timeout_match 0", "INFO time_left 2147483647",
                             "INFO max_memory 16777216", "INFO rule 0"})
        brain.send(line);
    brain.send("BOARD");
    brain.send("7,7,2");
    brain.game().play({7, 7});
    brain.send("DONE");
    std::this_thread::sleep_for(400ms);
    const auto t0 = SteadyClock::now();
    brain.send("YXSTOP");  // the manager thinks we overran
    brain.expect_move(brain.answer());
    BOOST_TEST(elapsed_ms(t0) < 2000);
    brain.send("INFO timeout_turn 200");
    brain.turn(Point{0, 0});
    brain.send("END");
    BOOST_TEST(brain.pipe().wait_exit(2s).value_or(-1) == 0);
}

// c-gomoku-cli (tc=0/0.6) answers START's OK with INFO lines, max_memory among them, then at once
// the first move; its clock runs from that BOARD. Allocating the table for max_memory took
// ~0.7 s here, and the search still took its usual share of the turn after it: the first move
// came ~1 s after the BOARD on a 0.6 s turn (c-gomoku-cli allows 1 s more before YXSTOP).
// The budget now counts from the line's arrival: either the answer comes within the turn, or
// the table took the whole turn and the search gave up at once.
BOOST_AUTO_TEST_CASE(c_gomoku_cli_first_move_after_max_memory_keeps_the_turn) {
    Brain brain;
    brain.send("START 15");
    BOOST_TEST(brain.answer() == "OK");
    brain.track_new_game();
    const auto t0 = SteadyClock::now();
    BOOST_REQUIRE(
        brain.pipe().send_raw("INFO rule 0\nINFO timeout_turn 600\nINFO timeout_match 0\n"
                              "INFO max_memory 367001600\nINFO time_left 2147483647\n"
                              "BOARD\n7,7,2\n8,8,1\n6,8,2\nDONE\n"));
    for (const Point p : {Point{7, 7}, Point{8, 8}, Point{6, 8}}) brain.game().play(p);
    brain.expect_move(brain.answer());
    const long total_ms = elapsed_ms(t0);
    long search_ms = -1;
    std::smatch m;
    for (const auto& line : brain.messages())
        if (std::regex_search(line, m, std::regex(R"(^MESSAGE summary .* time (\d+) )"))) search_ms = std::stol(m[1]);
    BOOST_REQUIRE_MESSAGE(search_ms >= 0, "no summary line");
    BOOST_TEST_MESSAGE("first move: " << total_ms << " ms after BOARD, search " << search_ms << " ms");
    constexpr long kSlack = 200;
    BOOST_TEST(std::min(total_ms - 600, search_ms) <= kSlack);
    brain.send("END");
    BOOST_TEST(brain.pipe().wait_exit(2s).value_or(-1) == 0);
}

BOOST_AUTO_TEST_CASE(swap2board) {
    Brain brain;
    brain.start(15, 300);
    brain.send("SWAP2BOARD");
    const std::string three = brain.ask("DONE");
    std::smatch m;
    BOOST_REQUIRE_MESSAGE(std::regex_match(three, m, std::regex(R"((\d+),(\d+) (\d+),(\d+) (\d+),(\d+))")), three);
    std::set<std::pair<int, int>> placed;
    for (int i = 0; i < 3; ++i) {
        const int x = std::stoi(m[1 + 2 * i]), y = std::stoi(m[2 + 2 * i]);
        BOOST_TEST((x >= 0 && x < 15 && y >= 0 && y < 15));
        placed.insert({x, y});
    }
    BOOST_TEST(placed.size() == 3u);

    const std::regex move_or_swap(R"(SWAP|\d+,\d+( \d+,\d+)?)");
    brain.send("SWAP2BOARD");
    for (const char* p : {"7,7", "8,7", "7,9"}) brain.send(p);
    const std::string after3 = brain.ask("DONE");
    BOOST_TEST(std::regex_match(after3, move_or_swap), after3);

    brain.send("SWAP2BOARD");
    for (const char* p : {"7,7", "8,7", "7,9", "9,9", "6,6"}) brain.send(p);
    const std::string after5 = brain.ask("DONE");
    BOOST_TEST(std::regex_match(after5, std::regex(R"(SWAP|\d+,\d+)")), after5);
    if (after5 != "SWAP") {
        const auto p = tengen::parse_point(after5);
        for (const Point taken : {Point{7, 7}, Point{8, 7}, Point{7, 9}, Point{9, 9}, Point{6, 6}})
            BOOST_TEST(!(*p == taken));
    }

    brain.send("SWAP2BOARD");
    brain.send("7,7");
    brain.send("8,8");
    BOOST_TEST(brain.ask("DONE").rfind("ERROR", 0) == 0);  // 2 stones is no swap2 stage
    brain.send("SWAP2BOARD");
    for (const char* p : {"7,7", "7,7", "8,8"}) brain.send(p);
    BOOST_TEST(brain.ask("DONE").rfind("ERROR", 0) == 0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(process)

BOOST_AUTO_TEST_CASE(end_during_a_long_search_quits_at_once) {
    Brain brain;
    brain.start(15, 60000);
    brain.send("INFO time_left 10000000");
    brain.send("BEGIN");
    std::this_thread::sleep_for(500ms);  // well into the search
    const auto t0 = SteadyClock::now();
    brain.send("END");
    const auto code = brain.pipe().wait_exit(5s);
    const long ms = elapsed_ms(t0);
    BOOST_TEST_MESSAGE("END mid-search: process gone after " << ms << " ms");
    BOOST_TEST(code.value_or(-1) == 0);
    BOOST_TEST(ms < 200);
}

// `printf 'START 15\nBEGIN\nEND\n' | pbrain-tengen` printed nothing: the reader quit at END
// before the session had read the lines in front of it. Every line before END is answered
// (END stops the searches, so even a 60 s turn answers at once), then the process ends.
BOOST_AUTO_TEST_CASE(a_shell_pipe_ending_with_end_gets_every_answer) {
    Brain brain;
    const auto t0 = SteadyClock::now();
    brain.pipe().send_raw(
        "INFO max_memory 16777216\nINFO timeout_turn 60000\nSTART 15\nBEGIN\nTURN 0,0\n"
        "END\nSTART 15\n");
    brain.track_new_game();
    BOOST_TEST(brain.answer() == "OK");
    const Point first = brain.expect_move(brain.answer());
    BOOST_REQUIRE(!(first == Point{0, 0}));
    brain.game().play({0, 0});
    brain.expect_move(brain.answer());
    BOOST_TEST(brain.pipe().wait_exit(5s).value_or(-1) == 0);
    BOOST_TEST(brain.pipe().drain(100ms).empty());  // the START after END is not read
    BOOST_TEST(elapsed_ms(t0) < 5000);
}

// The input queue is bounded (issue 52: 51 MB of INFO sent during a 3 s search took the process
// from 7 to 265 MB). The same flood now leaves memory near where it was, the reader keeps
// reading (the writer is never blocked for good), the brain says it dropped lines, and the
// END behind the flood still stops the search and ends the process at once.
BOOST_AUTO_TEST_CASE(a_flood_of_input_leaves_memory_bounded_and_end_still_ends_at_once) {
    Brain brain;
    brain.start(15, 60000);
    brain.send("INFO time_left 1000000");
    BOOST_REQUIRE_EQUAL(brain.ask("YXSHOWFORBID"), "FORBID .");
    const pid_t pid = brain.pipe().pid();
    const long before_kib = tengen::testing::proc_status_kib(pid, "VmRSS");
    // A 60 s search: the session takes nothing from the queue while it runs.
    brain.send_board({{7, 7, 1}, {8, 8, 2}, {6, 6, 1}, {9, 9, 2}});
    std::string chunk;
    while (chunk.size() < (1u << 20)) chunk += "INFO caution_factor 1\r\n";
    std::atomic<bool> written{false};
    std::thread flood([&] {
        for (int i = 0; i < 51 && brain.pipe().send_raw(chunk); ++i) {}
        written = true;
    });
    const auto flood_deadline = SteadyClock::now() + 60s;
    while (!written && SteadyClock::now() < flood_deadline) std::this_thread::sleep_for(10ms);
    const bool all_read = written;
    if (!all_read) ::kill(pid, SIGKILL);  // unblocks the writer: the test fails, it does not hang
    flood.join();
    BOOST_REQUIRE_MESSAGE(all_read, "the brain stopped reading its input");
    std::this_thread::sleep_for(200ms);  // the reader splits the last lines
    const long peak_kib = tengen::testing::proc_status_kib(pid, "VmHWM");
    BOOST_TEST_MESSAGE("51 MB flood during a search: resident " << before_kib / 1024 << " MiB before, peak "
                                                                << peak_kib / 1024 << " MiB");
#if !defined(__SANITIZE_ADDRESS__)  // ASan's shadow and quarantine are not the program's
    BOOST_TEST(peak_kib - before_kib < 48 * 1024);
#endif
    const auto t0 = SteadyClock::now();
    brain.send("END");
    BOOST_TEST(brain.pipe().wait_exit(3s).value_or(-1) == 0);
    BOOST_TEST_MESSAGE("END after the flood: process gone after " << elapsed_ms(t0) << " ms");
    BOOST_TEST(elapsed_ms(t0) < 1500);
    bool moved = false, told = false;
    for (const auto& line : brain.pipe().drain(500ms)) {
        moved = moved || tengen::parse_point(line).has_value();
        told = told || std::regex_match(line, std::regex(R"(MESSAGE \d+ input lines were dropped: .*)"));
    }
    BOOST_TEST(moved);  // the search stopped by END still answered
    BOOST_TEST(told);
}

BOOST_AUTO_TEST_CASE(version_and_help_options) {
    BrainPipe version({"--version"});
    BOOST_TEST(version.read_line(kAnswerTimeout).value_or("") == "Tengen 0.1.0");
    BOOST_TEST(version.wait_exit(5s).value_or(-1) == 0);
    BrainPipe help({"--help"});
    BOOST_TEST(help.read_line(kAnswerTimeout).value_or("").find("pbrain-tengen") != std::string::npos);
    BOOST_TEST(help.wait_exit(5s).value_or(-1) == 0);
    BrainPipe bad({"--no-such-option"});
    BOOST_TEST(bad.wait_exit(5s).value_or(-1) == 2);
}

// The value network is a command-line choice (managers start the brain with no arguments, so
// the tables are what they get until the network is the default): it plays legal moves in time
// on a board the network knows, and a renju game falls back to the tables; a wrong name exits 2.
BOOST_AUTO_TEST_CASE(the_brain_plays_with_the_value_network_when_told_to) {
    for (const char* rule : {"0", "4"}) {
        BrainPipe brain({"--evaluator", "network"});
        BOOST_TEST_CONTEXT("rule " << rule) {
            BOOST_REQUIRE(brain.send("INFO rule " + std::string(rule)));
            BOOST_REQUIRE(brain.send("INFO timeout_turn 300"));
            BOOST_REQUIRE(brain.send("START 15"));
            BOOST_TEST(brain.read_answer(kAnswerTimeout).value_or("") == "OK");
            Board mirror(GameConfig{15, 15, 5, std::string(rule) == "4" ? Rule::Renju : Rule::Freestyle});
            BOOST_REQUIRE(brain.send("BEGIN"));
            const std::vector<Point> ours{{7, 6}, {9, 9}, {5, 8}, {3, 3}, {11, 11}, {2, 12}};
            std::size_t next = 0;
            for (int move = 0; move < 3; ++move) {
                const auto started = SteadyClock::now();
                const auto answer = tengen::parse_point(brain.read_answer(kAnswerTimeout).value_or(""));
                BOOST_REQUIRE(answer.has_value());
                BOOST_TEST(elapsed_ms(started) < 300 + 1000);  // generous slack; the figure is the clock's test
                BOOST_REQUIRE(mirror.is_legal(*answer));
                mirror.play(*answer);
                while (!mirror.is_legal(ours[next])) ++next;
                mirror.play(ours[next]);
                BOOST_REQUIRE(brain.send(Brain::fmt(ours[next], "TURN ")));
            }
            BOOST_TEST(tengen::parse_point(brain.read_answer(kAnswerTimeout).value_or("")).has_value());
        }
    }
    BrainPipe wrong({"--evaluator", "neural"}, /*stderr_too=*/true);
    BOOST_TEST(wrong.wait_exit(5s).value_or(-1) == 2);
    std::string said;
    for (const auto& line : wrong.drain(200ms)) said += line;
    BOOST_TEST(said.find("tables or network") != std::string::npos, said);
}

// `pbrain-tengen plya` used to start the brain, which then sat waiting on stdin without a word.
// A first argument that is no subcommand is an error that names them (and the nearest), exit 2.
// No manager passes arguments (docs/managers.md); with none the brain still runs.
BOOST_AUTO_TEST_CASE(a_mistyped_subcommand_is_an_error_naming_the_subcommands) {
    for (const char* typo : {"plya", "bech", "frobnicate"}) {
        BrainPipe brain({typo}, /*stderr_too=*/true);
        BOOST_TEST_CONTEXT(typo) {
            BOOST_TEST(brain.wait_exit(5s).value_or(-1) == 2);  // exits by itself: stdin stays open
            std::string said;
            for (const auto& line : brain.drain(200ms)) said += line + "\n";
            BOOST_TEST(said.find(std::string("unknown subcommand \"") + typo + "\"") != std::string::npos, said);
            for (const char* sub : {"play", "bench", "solve", "selfplay"})
                BOOST_TEST(said.find(sub) != std::string::npos, said);
            if (std::string_view(typo) == "plya") BOOST_TEST(said.find("did you mean \"play\"") != std::string::npos);
            if (std::string_view(typo) == "frobnicate") BOOST_TEST(said.find("did you mean") == std::string::npos);
        }
    }
    Brain plain;
    BOOST_TEST(plain.ask("START 15") == "OK");
}

BOOST_AUTO_TEST_CASE(end_inside_a_board_block_quits) {
    Brain brain;
    brain.start();
    brain.send("BOARD");
    brain.send("7,7,1");
    brain.send("end");
    BOOST_TEST(brain.pipe().wait_exit(2s).value_or(-1) == 0);
}

BOOST_AUTO_TEST_CASE(closing_stdin_exits_zero) {
    Brain brain;
    brain.start();
    brain.pipe().close_stdin();
    BOOST_TEST(brain.pipe().wait_exit(5s).value_or(-1) == 0);
}

BOOST_AUTO_TEST_CASE(eof_after_a_move_request_still_answers_then_exits) {
    Brain brain;
    brain.start(15, 200);
    brain.send("BEGIN");
    brain.pipe().close_stdin();
    brain.expect_move(brain.answer());
    BOOST_TEST(brain.pipe().wait_exit(5s).value_or(-1) == 0);
}

BOOST_AUTO_TEST_CASE(a_megabyte_line_and_binary_garbage_are_survived) {
    Brain brain;
    brain.start();
    brain.pipe().send_raw(std::string(1 << 20, 'A') + "\n");
    const std::string reply = brain.answer();
    BOOST_TEST(reply.rfind("ERROR", 0) == 0, reply);
    BOOST_TEST(reply.size() < 200u);
    brain.pipe().send_raw("TURN " + std::string(1 << 20, '7') + ",7\n");
    BOOST_TEST(brain.answer().rfind("ERROR", 0) == 0);

    std::mt19937 rng(2024);
    std::string garbage;
    for (int i = 0; i < 20000; ++i) garbage.push_back(static_cast<char>(rng() & 0xff));
    garbage += "\n";
    const auto newlines = std::count_if(garbage.begin(), garbage.end(), [](char c) { return c == '\n' || c == '\r'; });
    brain.pipe().send_raw(garbage);
    brain.send("ABOUT");
    // Each garbage line gets at most one ERROR/UNKNOWN/MESSAGE line, then ABOUT is answered.
    int garbage_answers = 0;
    while (true) {
        const auto line = brain.pipe().read_line(kAnswerTimeout);
        BOOST_REQUIRE_MESSAGE(line, "no answer to ABOUT after the garbage");
        if (line->rfind("name=", 0) == 0) break;
        ++garbage_answers;
        BOOST_TEST((line->rfind("ERROR", 0) == 0 || line->rfind("UNKNOWN", 0) == 0 || line->rfind("MESSAGE", 0) == 0),
                   *line);
    }
    BOOST_TEST(garbage_answers <= newlines + 1);
    BOOST_TEST(brain.ask("START 15") == "OK");
    brain.reset_game();
    brain.begin();
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(tic_tac_toe)

BOOST_AUTO_TEST_CASE(blocks_and_wins_with_win_length_3) {
    {
        Brain brain;
        brain.send("INFO win_length 3");
        brain.set_game_shape(3, Rule::Freestyle);
        brain.start(3, 300);
        // The opponent threatens the top row; the engine must block at 2,0.
        brain.send("BOARD");
        for (const char* p : {"0,0,2", "1,0,2", "1,1,1"}) brain.send(p);
        BOOST_TEST(brain.ask("DONE") == "2,0");
        // The engine has two in the left column and wins at 0,2.
        brain.send("BOARD");
        for (const char* p : {"0,0,1", "0,1,1", "1,1,2", "2,2,2"}) brain.send(p);
        BOOST_TEST(brain.ask("DONE") == "0,2");
    }
    // Whole games against a random opponent: the engine never loses.
    std::mt19937 rng(11);
    for (int game = 0; game < 6; ++game) {
        Brain brain;
        brain.send("INFO win_length 3");
        brain.set_game_shape(3, Rule::Freestyle);
        brain.start(3, 200);
        const bool engine_first = game % 2 == 0;
        const Color engine = engine_first ? Color::Black : Color::White;
        if (engine_first) brain.begin();
        while (!brain.game().game_over()) {
            const Point p = random_empty(brain.game(), rng);
            brain.game().play(p);
            if (brain.game().game_over()) break;
            brain.expect_move(brain.ask(Brain::fmt(p, "TURN ")));
        }
        BOOST_TEST((brain.game().winner() == std::nullopt || brain.game().winner() == engine), "game " << game);
    }
}

BOOST_AUTO_TEST_SUITE_END()
