// The brain protocol through the real binary: transcripts of every game command and its error
// paths: START, BEGIN, TURN, BOARD blocks, TAKEBACK, RESTART, and a game of tic-tac-toe.
#define BOOST_TEST_MODULE protocol_commands
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

#include "protocol_test_support.h"

using tengen::Board;
using tengen::Color;
using tengen::GameConfig;
using tengen::Point;
using tengen::Rule;
using namespace std::chrono_literals;
using namespace tengen::testing;

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
