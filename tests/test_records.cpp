#define BOOST_TEST_MODULE records
#include <boost/test/unit_test.hpp>

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "engine/notation.h"
#include "engine/records.h"
#include "engine/text.h"

using namespace tengen;

namespace tengen {
std::ostream& operator<<(std::ostream& os, Point p) { return os << "{" << p.x << "," << p.y << "}"; }
std::ostream& operator<<(std::ostream& os, const RecordedMove& m) { return os << m.at << "@" << m.ms; }
}  // namespace tengen

namespace {

GameRecord sample(int w, int h) {
    GameRecord r;
    r.width = w;
    r.height = h;
    r.black_name = "pbrain-tengen";
    r.white_name = "pbrain-rapfi 2024";
    r.status = -1;
    // Corners and centre, so 1-based writing and reading are checked at both ends.
    r.moves = {{{w / 2, h / 2}, 0}, {{0, 0}, 1205}, {{w - 1, h - 1}, 7}, {{w - 1, 0}, 33}, {{0, h - 1}, 0}};
    return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(psq_is_written_exactly) {
    GameRecord r;
    r.moves = {{{7, 7}, 0}, {{8, 8}, 1205}};
    r.black_name = "pbrain-tengen";
    r.white_name = "pbrain-rapfi";
    BOOST_CHECK_EQUAL(write_psq(r), "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,1205\npbrain-tengen\npbrain-rapfi\n-1\n");
    r.width = 20;
    r.height = 7;
    r.status = 3;
    BOOST_CHECK_EQUAL(write_psq(r).substr(0, 26), "Piskvorky 20x7, 11:11, 0\n8");
    BOOST_CHECK(write_psq(r).ends_with("\n3\n"));
}

BOOST_AUTO_TEST_CASE(psq_round_trips) {
    for (auto [w, h] : std::vector<std::pair<int, int>>{{15, 15}, {20, 20}, {7, 4}, {32, 5}, {3, 3}, {32, 32}}) {
        const GameRecord r = sample(w, h);
        const auto back = read_psq(write_psq(r));
        BOOST_REQUIRE_MESSAGE(back, back.error());
        BOOST_CHECK(*back == r);
        BOOST_CHECK_EQUAL_COLLECTIONS(back->moves.begin(), back->moves.end(), r.moves.begin(), r.moves.end());
    }
    GameRecord empty_game;  // no moves, no names
    empty_game.status = 0;
    const auto back = read_psq(write_psq(empty_game));
    BOOST_REQUIRE(back);
    BOOST_CHECK(*back == empty_game);
}

BOOST_AUTO_TEST_CASE(psq_is_read_leniently) {
    // GomocupJudge-style with CR LF, other header numbers and no names or status.
    const std::string judge = "Piskvorky 20x20, 0:0, 1\r\n10,10,0\r\n11,11,1205\r\n 12, 10, 40 \r\n";
    auto r = read_psq(judge);
    BOOST_REQUIRE_MESSAGE(r, r.error());
    BOOST_CHECK_EQUAL(r->width, 20);
    BOOST_CHECK_EQUAL(r->height, 20);
    BOOST_REQUIRE_EQUAL(r->moves.size(), 3u);
    BOOST_CHECK(r->moves[0] == (RecordedMove{{9, 9}, 0}));
    BOOST_CHECK(r->moves[1] == (RecordedMove{{10, 10}, 1205}));
    BOOST_CHECK(r->moves[2] == (RecordedMove{{11, 9}, 40}));
    BOOST_CHECK(r->black_name.empty());
    BOOST_CHECK(r->white_name.empty());
    BOOST_CHECK_EQUAL(r->status, -1);

    // Names but no status; moves without times; a lone CR as line end.
    r = read_psq("Piskvorky 15x15, 11:11, 0\r8,8\r9,9\rblack.exe\rwhite.exe\r");
    BOOST_REQUIRE_MESSAGE(r, r.error());
    BOOST_CHECK_EQUAL(r->moves.size(), 2u);
    BOOST_CHECK_EQUAL(r->moves[1].ms, 0);
    BOOST_CHECK_EQUAL(r->black_name, "black.exe");
    BOOST_CHECK_EQUAL(r->white_name, "white.exe");
    BOOST_CHECK_EQUAL(r->status, -1);

    // A byte order mark and trailing blank lines.
    r = read_psq("\xEF\xBB\xBFPiskvorky 15x15, 11:11, 0\n8,8,5\nA\nB\n-1\n\n\n");
    BOOST_REQUIRE(r);
    BOOST_CHECK_EQUAL(r->white_name, "B");
    BOOST_CHECK_EQUAL(r->status, -1);

    // A status with no names.
    r = read_psq("Piskvorky 15x15, 11:11, 0\n8,8,5\n2\n\n");
    BOOST_REQUIRE(r);
    BOOST_CHECK_EQUAL(r->status, 2);
    BOOST_CHECK(r->black_name.empty());

    // Failures name the reason.
    r = read_psq("");
    BOOST_CHECK(!r);
    BOOST_CHECK_EQUAL(r.error(), "empty .psq file");
    r = read_psq("hello world\n1,1,0\n");
    BOOST_CHECK(!r);
    BOOST_CHECK_EQUAL(r.error(), "line 1: not a 'Piskvorky WxH' header");
    r = read_psq("Piskvorky 15x15, 11:11, 0\n16,1,0\n");
    BOOST_CHECK(!r);
    BOOST_CHECK_EQUAL(r.error(), "line 2: move outside the 15x15 board");
    BOOST_CHECK(!read_psq("Piskvorky 15x15, 11:11, 0\n0,3,0\n"));
}

BOOST_AUTO_TEST_CASE(move_list_round_trips) {
    const std::vector<Point> moves{{7, 7}, {0, 0}, {31, 31}, {14, 3}};
    const std::string text = write_move_list(moves);
    BOOST_CHECK_EQUAL(text, "7,7\n0,0\n31,31\n14,3\n");
    auto back = read_move_list(text);
    BOOST_REQUIRE(back);
    BOOST_CHECK(*back == moves);

    back = read_move_list("# an opening\r\n\r\n7, 7\r\n  8,9  \r\n# end\r\n");
    BOOST_REQUIRE(back);
    BOOST_CHECK(*back == (std::vector<Point>{{7, 7}, {8, 9}}));

    const auto bad = read_move_list("7,7\nh8\n");
    BOOST_CHECK(!bad);
    BOOST_CHECK_EQUAL(bad.error(), "line 2: expected x,y, got 'h8'");
    BOOST_CHECK(read_move_list("")->empty());
}

BOOST_AUTO_TEST_CASE(letter_notation) {
    BOOST_CHECK_EQUAL(to_letters({7, 7}), "h8");
    BOOST_CHECK_EQUAL(to_letters({0, 0}), "a1");
    BOOST_CHECK_EQUAL(to_letters({25, 31}), "z32");
    BOOST_CHECK_EQUAL(to_letters({26, 3}), "26,3");  // past z: the protocol's x,y
    BOOST_CHECK(parse_letters("h8") == (Point{7, 7}));
    BOOST_CHECK(parse_letters("H8") == (Point{7, 7}));
    BOOST_CHECK(parse_letters("a15") == (Point{0, 14}));
    BOOST_CHECK(parse_letters("z32") == (Point{25, 31}));
    for (const char* bad : {"", "h", "8", "h0", "hh8", "h8x", "-h8", "h-1", "h99999999999"})
        BOOST_CHECK_MESSAGE(!parse_letters(bad), bad);
    for (int x = 0; x < 26; ++x)
        for (int y = 0; y < 32; ++y) BOOST_REQUIRE(parse_letters(to_letters({x, y})) == (Point{x, y}));

    auto seq = parse_letter_sequence("h8i9j7");
    BOOST_REQUIRE(seq);
    BOOST_CHECK(*seq == (std::vector<Point>{{7, 7}, {8, 8}, {9, 6}}));
    seq = parse_letter_sequence("a10b1c12");
    BOOST_REQUIRE(seq);
    BOOST_CHECK(*seq == (std::vector<Point>{{0, 9}, {1, 0}, {2, 11}}));
    BOOST_CHECK(parse_letter_sequence("")->empty());
    BOOST_CHECK(!parse_letter_sequence("h8i"));
    BOOST_CHECK(!parse_letter_sequence("h8,i9"));
}

BOOST_AUTO_TEST_CASE(protocol_notation) {
    BOOST_CHECK_EQUAL(to_protocol({7, 8}), "7,8");
    BOOST_CHECK(parse_point("7,8") == (Point{7, 8}));
    BOOST_CHECK(parse_point("7, 8") == (Point{7, 8}));
    BOOST_CHECK(parse_point(" 10 ,31 \r") == (Point{10, 31}));
    BOOST_CHECK(parse_point("+7,8") == (Point{7, 8}));
    // Well formed but off every board: the caller refuses it in the board's words.
    BOOST_CHECK(parse_point("-1,3") == (Point{-1, 3}));
    BOOST_CHECK(parse_point("1000000,0") == (Point{kMaxPointCoordinate, 0}));
    for (const char* bad : {"", "7", "7,", ",8", "7;8", "7,8,9", "a,b", "7 8", "7.5,8", "7,8x", "+-7,8", "1000001,0",
                            "99999999999999999999,1"})
        BOOST_CHECK_MESSAGE(!parse_point(bad), bad);
}

BOOST_AUTO_TEST_CASE(integers_take_one_sign_at_most) {
    BOOST_CHECK(parse_integer<int>(" +7 ") == 7);
    BOOST_CHECK(parse_integer<int>("-7") == -7);
    for (const char* bad : {"", "+", "-", "+-7", "-+7", "--7", "++7", "7 7", "0x10", "2147483648"})
        BOOST_CHECK_MESSAGE(!parse_integer<int>(bad), bad);
    BOOST_CHECK(!parse_integer<unsigned>("-1"));
}

BOOST_AUTO_TEST_CASE(point_lists_join_in_either_notation) {
    const std::vector<Point> points{{7, 7}, {8, 9}, {0, 14}};
    BOOST_CHECK_EQUAL(join_points(points, to_protocol, " "), "7,7 8,9 0,14");
    BOOST_CHECK_EQUAL(join_points(points, to_letters, ","), "h8,i10,a15");
    BOOST_CHECK_EQUAL(join_points({}, to_letters, " "), "");
}

BOOST_AUTO_TEST_CASE(sgf_comments_each_move_with_what_its_engine_reported) {
    GameRecord r = sample(15, 15);
    r.moves[0].depth = 12;
    r.moves[0].score = -35;
    r.moves[1].depth = 3;
    r.moves[1].mate = 5;
    r.moves[2].mate = -4;
    const std::string sgf = write_sgf(r, Rule::Freestyle, 5, "W+");
    BOOST_CHECK_NE(sgf.find(";B[hh]C[depth 12 score -35];W[aa]C[depth 3 mate +5];B[oo]C[mate -4];W[oa];B[ao])"),
                   std::string::npos);
}

BOOST_AUTO_TEST_CASE(sgf_lists_the_moves) {
    GameRecord r = sample(15, 15);
    const std::string sgf = write_sgf(r, Rule::Renju, 5, "B+");
    BOOST_CHECK(sgf.starts_with("(;FF[4]GM[4]"));
    BOOST_CHECK_NE(sgf.find("SZ[15]"), std::string::npos);
    BOOST_CHECK_NE(sgf.find("PB[pbrain-tengen]"), std::string::npos);
    BOOST_CHECK_NE(sgf.find("PW[pbrain-rapfi 2024]"), std::string::npos);
    BOOST_CHECK_NE(sgf.find("RE[B+]"), std::string::npos);
    BOOST_CHECK_NE(sgf.find(";B[hh];W[aa];B[oo];W[oa];B[ao])"), std::string::npos);

    r = sample(32, 5);
    r.black_name = "a]b";
    const std::string rect = write_sgf(r, Rule::Freestyle, 4);
    BOOST_CHECK_NE(rect.find("SZ[32:5]"), std::string::npos);
    BOOST_CHECK_NE(rect.find("PB[a\\]b]"), std::string::npos);
    BOOST_CHECK_EQUAL(rect.find("RE["), std::string::npos);
    BOOST_CHECK_NE(rect.find(";B[qc];W[aa];B[Fe];W[Fa];B[ae])"), std::string::npos);  // x = 31 is 'F'
}

BOOST_AUTO_TEST_CASE(sgf_written_by_write_sgf_reads_back_with_its_rule_and_k) {
    for (const auto& [w, h, rule, k] : {std::tuple{15, 15, Rule::Renju, 5}, {32, 5, Rule::CaroExact, 4}}) {
        GameRecord r = sample(w, h);
        r.black_name = "a]b\\c";
        r.white_name = "white";
        const auto read = read_sgf(write_sgf(r, rule, k, "B+"));
        BOOST_REQUIRE_MESSAGE(read.ok(), read.error());
        BOOST_CHECK_EQUAL(read->record.width, w);
        BOOST_CHECK_EQUAL(read->record.height, h);
        BOOST_CHECK_EQUAL(read->record.black_name, "a]b\\c");
        BOOST_CHECK_EQUAL(read->record.white_name, "white");
        BOOST_REQUIRE_EQUAL(read->record.moves.size(), r.moves.size());
        for (std::size_t i = 0; i < r.moves.size(); ++i) BOOST_CHECK_EQUAL(read->record.moves[i].at, r.moves[i].at);
        BOOST_CHECK(read->rule == rule);
        // write_sgf says k only when it is not five.
        BOOST_CHECK(read->win_length == (k == 5 ? std::nullopt : std::optional<int>(k)));
    }
}

BOOST_AUTO_TEST_CASE(sgf_follows_the_main_line_and_refuses_what_it_cannot_replay) {
    const auto branched = read_sgf("(;GM[4]SZ[9];B[ee](;W[ff];B[gg])(;W[aa]))");
    BOOST_REQUIRE_MESSAGE(branched.ok(), branched.error());
    BOOST_REQUIRE_EQUAL(branched->record.moves.size(), 3u);
    BOOST_CHECK_EQUAL(branched->record.moves[2].at, (Point{6, 6}));
    const auto unsized = read_sgf("(;B[hh])");  // FF[4]'s Gomoku board when SZ is missing
    BOOST_REQUIRE(unsized.ok());
    BOOST_CHECK_EQUAL(unsized->record.width, 15);

    auto reason = [](std::string_view text) {
        const auto read = read_sgf(text);
        return read.ok() ? std::string("accepted") : read.error();
    };
    BOOST_CHECK_NE(reason("no tree here").find("no '('"), std::string::npos);
    BOOST_CHECK_NE(reason("(;SZ[15];B[hh]").find("closing ')'"), std::string::npos);
    BOOST_CHECK_NE(reason("(;SZ[15];B[hh];B[ii])").find("out of turn"), std::string::npos);
    BOOST_CHECK_NE(reason("(;SZ[15];W[hh])").find("out of turn"), std::string::npos);
    BOOST_CHECK_NE(reason("(;SZ[15]AB[hh])").find("set-up stones"), std::string::npos);
    BOOST_CHECK_NE(reason("(;SZ[9];B[jj])").find("off the 9x9 board"), std::string::npos);
    BOOST_CHECK_NE(reason("(;B[oo]SZ[3])").find("off the 3x3 board"), std::string::npos);
    BOOST_CHECK_NE(reason("(;B[aa];SZ[3])").find("first node"), std::string::npos);
    BOOST_CHECK_NE(reason("(;SZ[15];B[])").find("not a point"), std::string::npos);
    BOOST_CHECK_NE(reason("(;SZ[0])").find("not a board size"), std::string::npos);
    BOOST_CHECK_NE(reason("(;GM[1]SZ[19])").find("not a Gomoku record"), std::string::npos);
    BOOST_CHECK_NE(reason("(;SZ[15]C[open").find("no closing ']'"), std::string::npos);
    BOOST_CHECK_NE(reason("(;SZ[15];B[hh]?)").find("unexpected character"), std::string::npos);
}
