#define BOOST_TEST_MODULE openings
#include <boost/test/unit_test.hpp>

#include <set>

#include "engine/notation.h"
#include "engine/symmetry.h"
#include "tournament/opening_generator.h"
#include "tournament/openings.h"

using namespace tengen;

namespace {

GameConfig board(int w, int h, int k = 5) {
    GameConfig c;
    c.width = w;
    c.height = h;
    c.win_length = k;
    return c;
}

std::vector<Point> parsed(std::string_view line, OpeningFormat f, const GameConfig& c) {
    auto r = parse_opening_line(line, f, c);
    BOOST_REQUIRE_MESSAGE(r, std::string(line) + ": " + r.error());
    return *std::move(r);
}

}  // namespace

BOOST_AUTO_TEST_CASE(offsets_are_from_the_centre_floor_size_over_two) {
    // 15x15: centre (7, 7) = h8.
    const auto s15 = parsed("0,0, 1,-1, -2,3", OpeningFormat::Offset, board(15, 15));
    BOOST_TEST((s15 == std::vector<Point>{{7, 7}, {8, 6}, {5, 10}}));
    BOOST_TEST(to_letters(s15[0]) == "h8");
    // Even side: centre floor(16/2) = 8.
    BOOST_TEST((parsed("0,0", OpeningFormat::Offset, board(16, 16)) == std::vector<Point>{{8, 8}}));
    // Odd small board and a rectangle: each axis its own centre.
    BOOST_TEST((parsed("1,1", OpeningFormat::Offset, board(9, 9)) == std::vector<Point>{{5, 5}}));
    BOOST_TEST((parsed("0,0, 1,0", OpeningFormat::Offset, board(20, 15)) == std::vector<Point>{{10, 7}, {11, 7}}));
    // Spacing varies between files.
    BOOST_TEST((parsed("  0 , 0,1,1  ", OpeningFormat::Offset, board(15, 15)) == std::vector<Point>{{7, 7}, {8, 8}}));
}

BOOST_AUTO_TEST_CASE(letter_sequences_parse_with_or_without_separators) {
    const auto a = parsed("h8i9j7", OpeningFormat::Letters, board(15, 15));
    BOOST_TEST((a == std::vector<Point>{{7, 7}, {8, 8}, {9, 6}}));
    BOOST_TEST((parsed("h8,i9,j7", OpeningFormat::Letters, board(15, 15)) == a));
    BOOST_TEST((parsed("H8 I9 J7", OpeningFormat::Letters, board(15, 15)) == a));
    BOOST_TEST(opening_to_letters(a) == "h8,i9,j7");
    BOOST_TEST(opening_to_offsets(a, board(15, 15)) == "0,0, 1,1, 2,-1");
}

BOOST_AUTO_TEST_CASE(format_is_detected_from_the_first_opening) {
    BOOST_TEST((detect_opening_format("0,0, 1,1") == OpeningFormat::Offset));
    BOOST_TEST((detect_opening_format("h8i9") == OpeningFormat::Letters));
    BOOST_TEST(!detect_opening_format("   "));
    BOOST_TEST(!detect_opening_format("# comment"));
    const auto letters = parse_openings("# made by hand\n\nh8i9j7\r\ng7h8\n", std::nullopt, board(15, 15));
    BOOST_TEST((letters.format == OpeningFormat::Letters));
    BOOST_TEST(letters.openings.size() == 2u);
    BOOST_TEST(letters.errors.empty());
    const auto offsets = parse_openings("0,0, 1,1\n-1,0\n", std::nullopt, board(15, 15));
    BOOST_TEST((offsets.format == OpeningFormat::Offset));
    BOOST_TEST(offsets.openings.size() == 2u);
}

BOOST_AUTO_TEST_CASE(bad_lines_are_reported_with_their_numbers) {
    const std::string text =
        "0,0, 1,1\n"                                     // 1 fine
        "0,0, 0,0\n"                                     // 2 same point twice
        "0,0, 9,9\n"                                     // 3 off a 15x15 board
        "1,2,3\n"                                        // 4 odd count
        "zz,1\n"                                         // 5 not numbers (format is offset)
        "0,0, 5,5, 0,1, 5,6, 0,2, 6,5, 0,3, 6,6, 0,4\n"  // 6 black already has five
        "-1,-1\n";                                       // 7 fine
    const auto r = parse_openings(text, std::nullopt, board(15, 15));
    BOOST_TEST(r.openings.size() == 2u);
    BOOST_REQUIRE_EQUAL(r.errors.size(), 5u);
    for (std::size_t i = 0; i < r.errors.size(); ++i)
        BOOST_TEST(r.errors[i].rfind("line " + std::to_string(i + 2) + ":", 0) == 0u, r.errors[i]);
    BOOST_TEST(r.errors[0].find("twice") != std::string::npos);
    BOOST_TEST(r.errors[1].find("off the") != std::string::npos);
    BOOST_TEST(r.errors[4].find("decided") != std::string::npos);

    BOOST_TEST(!parse_opening_line("h8q", OpeningFormat::Letters, board(15, 15)));
    BOOST_TEST(!parse_opening_line("p1", OpeningFormat::Letters, board(15, 15)));
}

BOOST_AUTO_TEST_CASE(symmetries_map_the_board_onto_itself) {
    const GameConfig square = board(15, 15);
    BOOST_TEST(symmetry_count(square) == 8);
    const Point p{2, 5};
    std::set<Point> images;
    for (int s = 0; s < 8; ++s) {
        const Point q = apply_symmetry(p, s, square);
        BOOST_TEST((q.x >= 0 && q.x < 15 && q.y >= 0 && q.y < 15));
        images.insert(q);
    }
    BOOST_TEST(images.size() == 8u);  // an asymmetric point has eight distinct images
    BOOST_TEST((apply_symmetry(p, 0, square) == p));
    BOOST_TEST((apply_symmetry({7, 7}, 5, square) == Point{7, 7}));  // the centre is fixed

    // Distances between stones survive every symmetry (the shape of an opening is kept).
    const Point a{1, 2}, b{4, 3};
    auto dist2 = [](Point u, Point v) { return (u.x - v.x) * (u.x - v.x) + (u.y - v.y) * (u.y - v.y); };
    for (int s = 0; s < 8; ++s)
        BOOST_TEST(dist2(apply_symmetry(a, s, square), apply_symmetry(b, s, square)) == dist2(a, b));

    const GameConfig rect = board(20, 15);
    BOOST_TEST(symmetry_count(rect) == 4);
    std::set<Point> rect_images;
    for (int s = 0; s < 4; ++s) {
        const Point q = apply_symmetry({0, 0}, s, rect);
        BOOST_TEST((q.x >= 0 && q.x < 20 && q.y >= 0 && q.y < 15));
        rect_images.insert(q);
    }
    BOOST_TEST(rect_images.size() == 4u);  // the four corners
}

BOOST_AUTO_TEST_CASE(the_book_cycles_through_symmetries_when_used_up) {
    const GameConfig c = board(15, 15);
    std::vector<std::vector<Point>> openings{{{7, 7}, {8, 6}}, {{7, 7}, {9, 9}}};
    OpeningOptions o;
    o.file = "x";
    o.transform = true;
    const OpeningBook book(openings, o, c);
    BOOST_TEST((book.at(0) == openings[0]));
    BOOST_TEST((book.at(1) == openings[1]));
    const auto second_pass = book.at(2);
    BOOST_TEST((second_pass[0] == apply_symmetry({7, 7}, 1, c)));
    BOOST_TEST((second_pass[1] == apply_symmetry({8, 6}, 1, c)));
    BOOST_TEST((second_pass != openings[0]));

    o.transform = false;
    o.start = 1;
    const OpeningBook plain(openings, o, c);
    BOOST_TEST((plain.at(0) == openings[1]));
    BOOST_TEST((plain.at(1) == openings[0]));  // wraps, untransformed

    // Random order: a permutation, the same for the same seed.
    std::vector<std::vector<Point>> many;
    for (int i = 0; i < 10; ++i) many.push_back({{i, 0}});
    OpeningOptions r;
    r.file = "x";
    r.random_order = true;
    r.seed = 7;
    const OpeningBook b1(many, r, c), b2(many, r, c);
    std::set<int> xs;
    bool moved = false;
    for (int i = 0; i < 10; ++i) {
        BOOST_TEST((b1.at(i) == b2.at(i)));
        xs.insert(b1.at(i)[0].x);
        moved = moved || b1.at(i)[0].x != i;
    }
    BOOST_TEST(xs.size() == 10u);
    BOOST_TEST(moved);

    BOOST_TEST(OpeningBook().at(5).empty());
}

BOOST_AUTO_TEST_CASE(opening_options_parse_and_reject) {
    auto ok =
        parse_opening_options({"file=o.txt", "format=letters", "order=random", "seed=7", "start=3", "transform=yes"});
    BOOST_REQUIRE_MESSAGE(ok, ok.error());
    const auto& o = *ok;
    BOOST_TEST(o.file == "o.txt");
    BOOST_TEST((o.format == OpeningFormat::Letters));
    BOOST_TEST(o.random_order);
    BOOST_TEST(o.seed == 7u);
    BOOST_TEST(o.start == 3);
    BOOST_TEST(o.transform);
    BOOST_TEST(!parse_opening_options({"format=offset"}));
    BOOST_TEST(!parse_opening_options({"file=a", "order=backwards"}));
    BOOST_TEST(!parse_opening_options({"file=a", "colour=red"}));
}

BOOST_AUTO_TEST_CASE(generated_openings_are_playable_and_near_the_centre) {
    GenerateSettings g;
    g.count = 3;
    g.config = board(15, 15);
    g.stones = 3;
    g.radius = 2;
    g.search_depth = 2;
    g.balance = 400;  // lenient: this checks the shape of the output, not the search
    int calls = 0;
    const auto openings = generate_balanced_openings(g, [&](int, int) { ++calls; });
    BOOST_REQUIRE_EQUAL(openings.size(), 3u);
    BOOST_TEST(calls >= 3);
    for (const auto& stones : openings) {
        BOOST_TEST(stones.size() == 3u);
        BOOST_TEST(check_opening(stones, g.config).ok());
        for (Point p : stones) BOOST_TEST((std::abs(p.x - 7) <= 2 && std::abs(p.y - 7) <= 2));
        // What --out writes reads back as the same stones.
        const auto line = opening_to_offsets(stones, g.config);
        BOOST_TEST((parsed(line, OpeningFormat::Offset, g.config) == stones));
    }
}

BOOST_AUTO_TEST_CASE(the_results_opening_field_reads_back_on_wide_boards) {
    const std::vector<Point> stones{{7, 7}, {27, 3}, {0, 31}};
    const std::string field = opening_to_letters(stones);
    const auto back = parse_opening_field(field);
    BOOST_REQUIRE(back);
    BOOST_TEST((*back == stones));
    BOOST_TEST(parse_opening_field("")->empty());
    BOOST_TEST(!parse_opening_field("h8,27"));
    BOOST_TEST(!parse_opening_field("h8,?"));
}
