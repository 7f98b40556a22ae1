// The protocol layer's pure pieces, in memory: parsing, line splitting, INFO settings, BOARD
// positions and the analysis line forms. The whole brain is tested through pipes in
// test_protocol_commands.cpp, test_protocol_settings.cpp and test_protocol_managers.cpp.
#define BOOST_TEST_MODULE protocol_parts
#include <boost/test/unit_test.hpp>

#include <limits>
#include <optional>

#include <chrono>
#include <cstdlib>

#include <fmt/format.h>
#include <regex>
#include <thread>

#include "protocol/analysis_format.h"
#include "protocol/brain_settings.h"
#include "protocol/line_queue.h"
#include "protocol/line_splitter.h"
#include "protocol/output_sink.h"
#include "protocol/position_setup.h"
#include "protocol/session.h"
#include "protocol/swap2.h"
#include "protocol/text_parse.h"

using namespace tengen;

BOOST_AUTO_TEST_CASE(points_and_numbers_parse_strictly) {
    BOOST_TEST((parse_point("7,8") == Point{7, 8}));
    BOOST_TEST((parse_point(" 7 , 8 ") == Point{7, 8}));
    BOOST_TEST((parse_point("7, 8") == Point{7, 8}));
    for (const char* bad : {"", "7", "7,", ",8", "7,8,9", "a,b", "7.5,8", "7,8x", "99999999999999999999,1"})
        BOOST_TEST(!parse_point(bad).has_value(), bad);
    BOOST_TEST(parse_int("-12").value() == -12);
    BOOST_TEST(parse_int("+12").value() == 12);
    BOOST_TEST(!parse_int("12abc").has_value());
    BOOST_TEST(!parse_int("").has_value());
    const auto line = parse_board_line("3, 4 ,2");
    BOOST_REQUIRE(line);
    BOOST_TEST((line->at == Point{3, 4}));
    BOOST_TEST(line->field == 2);
    BOOST_TEST(!parse_board_line("3,4").has_value());
}

BOOST_AUTO_TEST_CASE(command_words_split_and_echo_safely) {
    const auto [word, rest] = split_command("  turn   7, 8  \r");
    BOOST_TEST(word == "turn");
    BOOST_TEST(rest == "7, 8");
    BOOST_TEST(to_upper_ascii("yxShowForbid") == "YXSHOWFORBID");
    BOOST_TEST(printable_excerpt(std::string("a\0b\xff", 4)) == "a?b?");
    BOOST_TEST(printable_excerpt(std::string(100, 'x'), 10) == "xxxxxxxxxx...");
}

BOOST_AUTO_TEST_CASE(lines_split_on_cr_lf_and_crlf_with_a_cap) {
    LineSplitter splitter(8);
    std::vector<LineSplitter::Line> lines;
    auto collect = [&](LineSplitter::Line&& l) { lines.push_back(std::move(l)); };
    splitter.feed("ab\r\ncd\ref\ng", collect);
    splitter.feed("h\n0123456789abc\n", collect);
    splitter.feed("tail", collect);
    splitter.finish(collect);
    std::vector<std::string> texts;
    for (const auto& l : lines)
        if (!l.text.empty()) texts.push_back(l.text);
    BOOST_TEST(texts == (std::vector<std::string>{"ab", "cd", "ef", "gh", "01234567", "tail"}),
               boost::test_tools::per_element());
    const auto big = std::find_if(lines.begin(), lines.end(), [](const auto& l) { return l.text == "01234567"; });
    BOOST_TEST(big->oversized());
    BOOST_TEST(big->full_length == 13u);
}

BOOST_AUTO_TEST_CASE(info_keys_apply_or_keep_the_old_value) {
    BrainSettings s;
    BOOST_TEST((apply_info(s, "timeout_turn", "1000").effect == InfoEffect::TimeSetting));
    BOOST_TEST(s.clocks.turn_ms.value() == 1000);
    BOOST_TEST((apply_info(s, "TIMEOUT_TURN", "oops").effect == InfoEffect::Rejected));
    BOOST_TEST(s.clocks.turn_ms.value() == 1000);
    apply_info(s, "time_left", "-20");
    BOOST_TEST(s.clocks.time_left_ms.value() == -20);
    apply_info(s, "rule", "2");
    BOOST_TEST((s.rule == Rule::Renju));
    apply_info(s, "rule", "10");
    BOOST_TEST((s.rule == Rule::Caro));
    BOOST_TEST((apply_info(s, "rule", "12").effect == InfoEffect::Rejected));
    BOOST_TEST((s.rule == Rule::Caro));
    apply_info(s, "thread_num", "0");
    BOOST_TEST(s.threads == 1);
    apply_info(s, "max_node", "-1");
    BOOST_TEST(s.max_nodes == 0u);
    BOOST_TEST((apply_info(s, "win_length", "3").effect == InfoEffect::GameShape));
    BOOST_TEST(s.win_length == 3);
    BOOST_TEST((apply_info(s, "no_such_key", "whatever").effect == InfoEffect::None));
    // Huge values saturate (a 31-year clock), even past the int64 range, and the budget made
    // from them is finite and within the turn (under UBSan this would catch an overflow).
    BOOST_TEST((apply_info(s, "timeout_turn", "9223372036854775807").effect == InfoEffect::TimeSetting));
    BOOST_TEST(*s.clocks.turn_ms == 1'000'000'000'000);
    BOOST_TEST((apply_info(s, "time_increment", "99999999999999999999999").effect == InfoEffect::TimeSetting));
    BOOST_TEST(s.clocks.increment_ms == 1'000'000'000'000);
    BOOST_TEST((apply_info(s, "time_left", "-99999999999999999999999").effect == InfoEffect::TimeSetting));
    BOOST_TEST(*s.clocks.time_left_ms == -1'000'000'000'000);
    BOOST_TEST((apply_info(s, "timeout_match", "100000").effect == InfoEffect::TimeSetting));
    const TimeBudget over = plan_move_time(s.clocks);
    BOOST_TEST(over.hard_ms <= 1);  // a clock far below zero: answer at once
    BOOST_TEST((apply_info(s, "max_memory", "99999999999999999999").effect == InfoEffect::Memory));
    BOOST_TEST(s.max_memory == std::numeric_limits<std::int64_t>::max());
    BOOST_TEST((apply_info(s, "timeout_turn", "12x").effect == InfoEffect::Rejected));
    BOOST_TEST(hash_bytes_for(0, 1) == kDefaultHashBytes);
    // The table gets what the process and its threads leave of max_memory.
    BOOST_TEST(hash_bytes_for(400 << 20, 1) == std::size_t((400 << 20) - kProcessBaseBytes - kPerThreadBytes));
    BOOST_TEST(hash_bytes_for(1000, 1) == std::size_t{1} << 20);
    // 64 threads do not fit in 64 MiB: the table is sized for the threads that do, and a
    // search uses only those.
    const std::size_t table = hash_bytes_for(64 << 20, 64);
    const int threads = threads_within(64 << 20, table, 64);
    BOOST_TEST(threads >= 1);
    BOOST_TEST(threads < 64);
    BOOST_TEST(std::int64_t(table) + kProcessBaseBytes + threads * kPerThreadBytes <= (64 << 20));
    BOOST_TEST(threads_within(0, kDefaultHashBytes, 64) == 64);  // no limit given
}

// Yixin-Board's hash_size is KiB of table: it replaces the default, only shrinks max_memory's
// table, and 0 leaves the one-bucket minimum. pondering is well-formed as 0 or 1.
BOOST_AUTO_TEST_CASE(hash_size_and_pondering_apply_as_yixin_board_means_them) {
    BrainSettings s;
    BOOST_TEST(table_bytes_for(s) == kDefaultHashBytes);
    BOOST_TEST((apply_info(s, "hash_size", "524288").effect == InfoEffect::Memory));
    BOOST_TEST(table_bytes_for(s) == std::size_t{512} << 20);
    apply_info(s, "max_memory", std::to_string(64 << 20));
    BOOST_TEST(table_bytes_for(s) == hash_bytes_for(64 << 20, 1));
    apply_info(s, "HASH_SIZE", "1024");
    BOOST_TEST(table_bytes_for(s) == std::size_t{1} << 20);
    apply_info(s, "hash_size", "0");
    BOOST_TEST(table_bytes_for(s) == 64u);
    BOOST_TEST((apply_info(s, "hash_size", "-1").effect == InfoEffect::Rejected));
    BOOST_TEST(s.hash_size_kib == 0);
    apply_info(s, "max_memory", "0");
    apply_info(s, "hash_size", "99999999999999999999");  // saturates, and the table size does not wrap
    BOOST_TEST(table_bytes_for(s) > kDefaultHashBytes);
    BOOST_TEST((apply_info(s, "pondering", "0").effect == InfoEffect::None));
    BOOST_TEST((apply_info(s, "pondering", "1").effect == InfoEffect::Unsupported));
    BOOST_TEST((apply_info(s, "pondering", "2").effect == InfoEffect::Rejected));
    BOOST_TEST((apply_info(s, "caution_factor", "3").effect == InfoEffect::None));
}

// The reader's queue holds at most its byte bound; past it lines are dropped and counted on
// the next line queued, except the ones pushed unconditionally (END, YXSTOP).
BOOST_AUTO_TEST_CASE(the_line_queue_is_bounded_and_keeps_what_must_not_be_lost) {
    LineQueue queue(4096);
    int accepted = 0, dropped = 0;
    for (int i = 0; i < 1000; ++i) (queue.try_push("INFO caution_factor " + std::to_string(i)) ? accepted : dropped)++;
    BOOST_TEST(accepted > 0);
    BOOST_TEST(dropped > 0);
    BOOST_TEST(queue.queued_bytes() <= 4096u);
    queue.push("END");
    queue.close();
    std::uint64_t reported = 0;
    std::string last;
    for (int n = 0; auto line = queue.pop(); ++n) {
        reported += line->dropped_before;
        if (n < accepted) BOOST_TEST(line->text == "INFO caution_factor " + std::to_string(n));
        last = line->text;
    }
    BOOST_TEST(last == "END");
    BOOST_TEST(reported == static_cast<std::uint64_t>(dropped));
    BOOST_TEST(queue.queued_bytes() == 0u);
}

BOOST_AUTO_TEST_CASE(board_colours_come_from_counts) {
    const GameConfig config{};
    // Equal counts: the engine (field 1) is black and to move.
    auto even = board_from_fields(config, {{{7, 7}, 1}, {{8, 8}, 2}, {{0, 0}, 3}});
    BOOST_REQUIRE(even.ok());
    const Board& b1 = *even;
    BOOST_TEST((b1.at({7, 7}) == Color::Black));
    BOOST_TEST((b1.at({8, 8}) == Color::White));
    BOOST_TEST((b1.at({0, 0}) == Color::Wall));
    BOOST_TEST((b1.side_to_move() == Color::Black));
    // One more opponent stone: the opponent is black, the engine white and to move.
    auto odd = board_from_fields(config, {{{7, 7}, 2}, {{8, 8}, 1}, {{9, 9}, 2}});
    BOOST_REQUIRE(odd.ok());
    const Board& b2 = *odd;
    BOOST_TEST((b2.at({7, 7}) == Color::Black));
    BOOST_TEST((b2.at({8, 8}) == Color::White));
    BOOST_TEST((b2.side_to_move() == Color::White));
    for (const std::vector<BoardLine>& bad : {std::vector<BoardLine>{{{1, 1}, 1}},
                                              {{{1, 1}, 2}, {{2, 2}, 2}},
                                              {{{1, 1}, 2}, {{1, 1}, 1}},
                                              {{{1, 1}, 4}},
                                              {{{15, 1}, 2}}})
        BOOST_TEST(!board_from_fields(config, bad).ok());
}

BOOST_AUTO_TEST_CASE(takeback_rebuilds_without_the_stone) {
    Board b{GameConfig{}};
    b.play({7, 7});
    b.play({8, 8});
    b.play({9, 9});
    auto last = board_without(b, {9, 9});
    BOOST_REQUIRE(last.ok());
    BOOST_TEST(last->placed_count() == 2);
    BOOST_TEST((last->side_to_move() == Color::Black));
    auto middle = board_without(b, {8, 8});
    BOOST_REQUIRE(middle.ok());
    const Board& m = *middle;
    BOOST_TEST((m.at({8, 8}) == Color::Empty));
    BOOST_TEST((m.at({9, 9}) == Color::Black));
    BOOST_TEST((m.side_to_move() == Color::White));
    BOOST_TEST(!board_without(b, {0, 0}).ok());
}

BOOST_AUTO_TEST_CASE(analysis_lines_have_their_documented_form) {
    SearchInfo info;
    info.depth = 12;
    info.seldepth = 20;
    info.score = 340;
    info.nodes = 1234567;
    info.nps = 800000;
    info.elapsed_ms = 1500;
    info.pv = {{7, 7}, {8, 8}};
    BOOST_TEST(depth_line(info) == "MESSAGE depth 12-20 eval 340 nodes 1.2M nps 800.0K time 1.5s pv h8 i9");
    SearchResult result;
    result.depth = 9;
    result.score = mate_in(7);
    result.nodes = 4242;
    result.elapsed_ms = 321;
    result.pv = {{7, 7}};
    BOOST_TEST(summary_line(result, {7, 7}) == "MESSAGE summary depth 9 eval +M7 nodes 4242 time 321 best 7,7 pv h8");
    BOOST_TEST(summary_line(result, {1, 1}) == "MESSAGE summary depth 9 eval +M7 nodes 4242 time 321 best 1,1");
    const auto block = yixin_block(1, 9, mated_in(6), {{7, 7}, {8, 8}});
    BOOST_TEST(block.front() == "INFO PV 0");
    BOOST_TEST(block.back() == "INFO PV DONE");
    BOOST_TEST((std::find(block.begin(), block.end(), "INFO BESTLINE 7,7 8,8") != block.end()));
    BOOST_TEST((std::find(block.begin(), block.end(), "INFO EVAL -M6") != block.end()));
    BOOST_TEST((std::find(block.begin(), block.end(), "INFO WINRATE 0.00") != block.end()));
    BOOST_TEST(win_rate(0) == 0.5);
}

namespace {

long ms_since(std::chrono::steady_clock::time_point t0) {
    return static_cast<long>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count());
}

// A session about to think for a minute a move.
void start_slow_game(Session& session) {
    session.process_line("INFO max_memory 16777216");  // line 1
    session.process_line("INFO timeout_turn 60000");   // line 2
    session.process_line("INFO time_left 100000000");  // line 3
    session.process_line("START 15");                  // line 4
}

}  // namespace

// YXSTOP read while an earlier line's search has not started yet still stops that search.
BOOST_AUTO_TEST_CASE(a_stop_for_a_later_line_stops_a_search_not_started_yet) {
    StringSink sink;
    Session session(sink);
    start_slow_game(session);
    session.process_line("BEGIN");  // line 5: the empty board's answer is instant anyway
    session.request_stop(7);        // YXSTOP as line 7: TURN (line 6) must not think
    const auto t0 = std::chrono::steady_clock::now();
    session.process_line("TURN 8,8");
    BOOST_TEST(ms_since(t0) < 5000);
    const auto lines = sink.take();
    BOOST_REQUIRE(!lines.empty());
    const std::optional<Point> answer = parse_point(lines.back());
    BOOST_TEST_REQUIRE(answer.has_value(), lines.back());
    // The stop does not carry over to later lines: this one thinks until stopped again.
    // White's moves stay beside the stones: moves in the corners hand black a win the search
    // proves in about 0.2 s with the learned ordering, and a proven win is played at once.
    const Point reply = *answer == Point{6, 8} ? Point{8, 6} : Point{6, 8};
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        session.request_stop(9);
    });
    const auto t1 = std::chrono::steady_clock::now();
    session.process_line(fmt::format("TURN {},{}", reply.x, reply.y));  // line 7
    const long thought = ms_since(t1);
    stopper.join();
    BOOST_TEST(thought >= 250);
    BOOST_TEST(thought < 5000);
    BOOST_TEST(parse_point(sink.take().back()).has_value());
}

BOOST_AUTO_TEST_CASE(a_stop_for_earlier_lines_leaves_the_current_search_alone) {
    StringSink sink;
    SessionOptions at_most_400_ms;
    at_most_400_ms.max_turn_ms = 400;
    Session session(sink, at_most_400_ms);
    start_slow_game(session);
    session.process_line("BEGIN");  // line 5 (the empty board's answer is instant anyway)
    session.request_stop(6);        // lines 1..5 only
    const auto t0 = std::chrono::steady_clock::now();
    session.process_line("TURN 0,0");  // line 6
    BOOST_TEST(ms_since(t0) >= 100);   // it thought: the time manager allows most of 400 ms
    BOOST_TEST(parse_point(sink.take().back()).has_value());
}

// The clock of a move starts when its line arrived: a line that waited 5 s in the queue (the
// session was busy before it) with a 2 s turn has nothing left to think with.
BOOST_AUTO_TEST_CASE(a_move_that_waited_in_the_queue_has_that_time_taken_off) {
    StringSink sink;
    Session session(sink);
    session.process_line("INFO max_memory 16777216");
    session.process_line("INFO timeout_turn 2000");
    session.process_line("START 15");
    session.process_line("BEGIN");  // the empty board's answer is instant anyway
    const auto t0 = std::chrono::steady_clock::now();
    session.process_line("TURN 8,8", t0 - std::chrono::seconds(5));
    BOOST_TEST(ms_since(t0) < 1000);
    const std::optional<Point> answer = parse_point(sink.take().back());
    BOOST_TEST_REQUIRE(answer.has_value());
    // A line that arrived just now keeps its whole turn: it thinks for a good part of 2 s.
    // White's moves stay beside the stones: moves wasted in the corners would hand black a win
    // the search proves in well under that, and a proven win is played at once.
    const Point reply = *answer == Point{6, 8} ? Point{8, 6} : Point{6, 8};
    const auto t1 = std::chrono::steady_clock::now();
    session.process_line(fmt::format("TURN {},{}", reply.x, reply.y), t1);
    BOOST_TEST(ms_since(t1) >= 500);
    BOOST_TEST(parse_point(sink.take().back()).has_value());
}

namespace {

// A stand-in search for swap2: white's score after three stones is `three_stone_score`;
// after five stones the score grows with the 5th stone's distance from the 4th, so the
// balancing choice is predictable; every call's time is added to `spent`.
struct ScriptedSwap2Search {
    Score three_stone_score = 0;
    std::int64_t spent = 0;
    int calls = 0;
    Answer operator()(const Board& b, std::int64_t ms) {
        spent += ms;
        ++calls;
        Answer a;
        a.move = playable_answer(b, SearchResult{});
        if (b.placed_count() == 3) a.search.score = three_stone_score;
        if (b.placed_count() == 5) {
            const Point fourth = b.history()[3].at, fifth = b.history()[4].at;
            a.search.score = 10 * (std::abs(fourth.x - fifth.x) + std::abs(fourth.y - fifth.y));
        }
        return a;
    }
};

Board three_stone_opening() {
    Board b(GameConfig{15, 15, 5, Rule::Freestyle});
    for (const Point p : {Point{7, 7}, Point{8, 7}, Point{7, 9}}) b.play(p);
    return b;
}

}  // namespace

BOOST_AUTO_TEST_CASE(swap2_after_three_stones_swaps_plays_white_or_places_two) {
    const Board opening = three_stone_opening();
    auto decide = [&](ScriptedSwap2Search& script) {
        return decide_swap2(opening, 1000, [&](const Board& b, std::int64_t ms) { return script(b, ms); }).value();
    };
    ScriptedSwap2Search black_far_ahead{-kSwapMargin - 50};
    BOOST_TEST(decide(black_far_ahead).answer == "SWAP");

    ScriptedSwap2Search white_level{0};
    const Swap2Decision white = decide(white_level);
    BOOST_TEST_REQUIRE(white.placed.size() == 1u);
    BOOST_TEST(std::regex_match(white.answer, std::regex(R"(\d+,\d+)")), white.answer);

    // Black a little ahead: too close to call, so a 4th and a balancing 5th stone.
    ScriptedSwap2Search close{-kSwapMargin / 2};
    const Swap2Decision two = decide(close);
    BOOST_TEST_REQUIRE(two.placed.size() == 2u, two.answer);
    BOOST_TEST(two.answer ==
               fmt::format("{},{} {},{}", two.placed[0].x, two.placed[0].y, two.placed[1].x, two.placed[1].y));
    Board after = opening;
    for (const Point p : two.placed) {
        BOOST_TEST_REQUIRE(after.is_legal(p));
        after.play(p);
    }
    BOOST_TEST(!after.game_over());
    // The scripted score is smallest for the 5th stone next to the 4th: the most even choice.
    const Point fourth = two.placed[0], fifth = two.placed[1];
    BOOST_TEST(chebyshev_distance(fourth, fifth) == 1);
    BOOST_TEST(close.calls > 2);
    BOOST_TEST(close.spent <= 1000);  // all the searches share the one budget
}
