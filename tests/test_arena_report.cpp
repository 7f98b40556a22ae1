#define BOOST_TEST_MODULE arena_report
// `tengen-arena report --html` as a person sees it in headless Chromium. The replay board: a
// results file with known games is written, the real binary makes the page, and the page is
// opened over the DevTools protocol to read what is drawn where. The whole report: standings,
// plots, crosstable and joint ratings of real matches, read off the page Chromium rendered.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "arena_test_support.h"
#include "cdp_client.h"
#include "tournament/finished_game.h"

using namespace tengen;
using namespace tengen::testing;

namespace {

RecordedMove move_at(int x, int y, int ms = 0) {
    RecordedMove m;
    m.at = {x, y};
    m.ms = ms;
    return m;
}

FinishedGame game_on_15x15(int number, const std::string& black, const std::string& white) {
    FinishedGame g;
    g.game = number;
    g.pair = number;
    g.black = black;
    g.white = white;
    g.config = GameConfig{15, 15, 5, Rule::Freestyle};
    g.schedule = "report-test";
    return g;
}

// Game 0: black fills column a from row 11 to row 15 (the bottom five rows) while white
// plays h1 to h4 along the top; black's fifth stone, a15, wins. Moves 3 and 7 carry what
// their engine reported, move 2 nothing.
FinishedGame five_down_column_a() {
    FinishedGame g = game_on_15x15(0, "a", "b");
    for (int i = 0; i < 5; ++i) {
        g.outcome.moves.push_back(move_at(0, 10 + i, 100));
        if (i < 4) g.outcome.moves.push_back(move_at(7, i, 100));
    }
    g.outcome.moves[1].ms = 0;
    RecordedMove& third = g.outcome.moves[2];
    third.ms = 1234;
    third.cpu_ms = 1200;
    third.depth = 7;
    third.score = 42;
    RecordedMove& seventh = g.outcome.moves[6];
    seventh.ms = 250;
    seventh.depth = 9;
    seventh.mate = 3;
    g.outcome.winner = Winner::Black;
    g.outcome.reason = EndReason::Five;
    return g;
}

// Game 1: names made of markup, an opening stone, and an ending off the board.
FinishedGame hostile_names() {
    FinishedGame g = game_on_15x15(1, "<script>alert(1)</script>", "b & <i>c</i>");
    g.opening = {{7, 7}};
    g.outcome.moves = {move_at(8, 8, 10), move_at(9, 9, 10)};
    g.outcome.winner = Winner::Draw;
    g.outcome.reason = EndReason::Adjudicated;
    g.outcome.adjudication = "draw: test";
    return g;
}

struct ReportPage {
    TempDir dir{"arena-report"};
    std::string url;
    ReportPage() {
        {
            std::ofstream out(dir / "r.jsonl");
            out << to_json_line(five_down_column_a()) << "\n" << to_json_line(hostile_names()) << "\n";
        }
        const Run report = run_arena({"report", dir / "r.jsonl", "--html", dir / "report.html"});
        BOOST_REQUIRE_MESSAGE(report.exit_code == 0, report.output);
        url = "file://" + dir / "report.html";
    }
};

// Opens the page at the address's fragment, as a person would type it, and waits for the
// replay to have drawn (or refused) it.
void open_at(Browser& browser, const std::string& url, const std::string& fragment) {
    browser.open("about:blank");
    browser.open(url + fragment);
    BOOST_REQUIRE(
        browser.wait_for("document.querySelector('#board svg') || "
                         "document.getElementById('replay-missing').textContent"));
}

std::string text_of(Browser& browser, const std::string& id) {
    return browser.evaluate("document.getElementById('" + id + "').textContent").get<std::string>();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(replay_board)

BOOST_AUTO_TEST_CASE(the_report_board_puts_row_1_at_the_top_with_its_labels_clear_of_column_a) {
    ReportPage page;
    Browser browser(page.dir.path / "profile");
    open_at(browser, page.url, "#game=0&move=9");
    // The left-hand row labels, top to bottom as they appear on the screen.
    const auto labels = browser.evaluate(
        "[...document.querySelectorAll('#board text.label')].filter(t => /^[0-9]+$/.test(t.textContent))"
        ".map(t => ({text: t.textContent, box: t.getBoundingClientRect()}))"
        ".filter(l => { const b = document.querySelector('#board svg').getBoundingClientRect();"
        " return l.box.right < b.x + b.width / 2; })"
        ".sort((a, b) => a.box.y - b.box.y).map(l => [l.text, l.box.y + l.box.height / 2, l.box.right])");
    BOOST_REQUIRE_EQUAL(labels.size(), 15u);
    for (int row = 0; row < 15; ++row) BOOST_TEST(labels[row][0] == std::to_string(row + 1));
    // Each stone stands in the row whose label names it: h1 (white's first) beside "1" at the
    // top, a15 (black's last) beside "15" at the bottom.
    auto stone_centre = [&](int x, int y) {
        return browser.evaluate("(() => { const r = document.querySelector('#board circle[data-x=\"" +
                                std::to_string(x) + "\"][data-y=\"" + std::to_string(y) +
                                "\"]').getBoundingClientRect(); return [r.x, r.y + r.height / 2]; })()");
    };
    BOOST_TEST(std::abs(stone_centre(7, 0)[1].get<double>() - labels[0][1].get<double>()) < 2.0);
    BOOST_TEST(std::abs(stone_centre(0, 14)[1].get<double>() - labels[14][1].get<double>()) < 2.0);
    // The two-digit labels end before column a's stones begin.
    for (int y = 10; y < 15; ++y) {
        const double stone_left = stone_centre(0, y)[0].get<double>();
        BOOST_TEST(labels[y][2].get<double>() < stone_left, "row " << y + 1);
    }
    BOOST_TEST(browser.evaluate("TengenBoard.pointName(0, 11)") == "a12");
}

BOOST_AUTO_TEST_CASE(the_report_marks_the_winning_five_at_the_last_move_only) {
    ReportPage page;
    Browser browser(page.dir.path / "profile");
    open_at(browser, page.url, "#game=0&move=9");
    BOOST_TEST(text_of(browser, "replay-caption").find("move 9 of 9; black (five)") != std::string::npos);
    BOOST_TEST(browser.evaluate("document.querySelectorAll('#board .win-line').length") == 1);
    const auto marked = browser.evaluate(
        "[...document.querySelectorAll('#board circle.win-stone')].map(c => [+c.dataset.x, +c.dataset.y])"
        ".sort((a, b) => a[1] - b[1])");
    BOOST_TEST(marked == nlohmann::json::parse("[[0,10],[0,11],[0,12],[0,13],[0,14]]"));
    // One move before the end, nothing is won yet.
    open_at(browser, page.url, "#game=0&move=8");
    BOOST_TEST(browser.evaluate("document.querySelectorAll('#board .win-line, #board .win-stone').length") == 0);
    BOOST_TEST(browser.evaluate("document.querySelectorAll('#board circle.stone').length") == 8);
}

BOOST_AUTO_TEST_CASE(the_report_shows_each_moves_score_depth_and_time) {
    ReportPage page;
    Browser browser(page.dir.path / "profile");
    open_at(browser, page.url, "#game=0&move=3");
    BOOST_TEST(text_of(browser, "replay-move-info") ==
               "Move 3: black (a) a12; score 42, depth 7, time 1234 ms, CPU 1200 ms.");
    open_at(browser, page.url, "#game=0&move=7");
    BOOST_TEST(text_of(browser, "replay-move-info") == "Move 7: black (a) a14; score +M3, depth 9, time 250 ms.");
    open_at(browser, page.url, "#game=0&move=2");
    BOOST_TEST(text_of(browser, "replay-move-info") == "Move 2: white (b) h1; no search reported, time not recorded.");
    // Stepping with the buttons follows: from move 2 to move 3.
    browser.click("#replay-next");
    BOOST_TEST(browser.wait_for("document.getElementById('replay-move-info').textContent.startsWith('Move 3:')"));
    BOOST_TEST(browser.evaluate("location.hash") == "#game=0&move=3");
    open_at(browser, page.url, "#game=0&move=0");
    BOOST_TEST(text_of(browser, "replay-move-info") == "Before the engines' first move.");
}

BOOST_AUTO_TEST_CASE(an_unknown_game_number_is_said_on_the_page_and_no_board_is_drawn) {
    ReportPage page;
    Browser browser(page.dir.path / "profile");
    for (const std::string asked : {"7", "x", "-1", "0x", ""}) {
        open_at(browser, page.url, "#game=" + asked);
        BOOST_TEST(text_of(browser, "replay-missing") ==
                       "There is no game \"" + asked + "\" in this report: pick one from the list of games below.",
                   asked);
        BOOST_TEST(browser.evaluate("document.querySelectorAll('#board circle, #board svg').length") == 0, asked);
        BOOST_TEST(text_of(browser, "replay-caption").empty(), asked);
        BOOST_TEST(browser.evaluate("document.getElementById('replay-next').disabled") == true, asked);
    }
    // A game that exists, reached from the message's state by a changed address, is drawn.
    browser.evaluate("location.hash = '#game=0&move=1'");
    BOOST_TEST(browser.wait_for("document.querySelectorAll('#board circle.stone').length === 1"));
    BOOST_TEST(text_of(browser, "replay-missing").empty());
    BOOST_TEST(text_of(browser, "replay-caption").find("Game 0: a (black) vs b (white)") == 0u);
}

BOOST_AUTO_TEST_CASE(engine_names_made_of_markup_show_as_text_on_the_report) {
    ReportPage page;
    Browser browser(page.dir.path / "profile");
    open_at(browser, page.url, "#game=1&move=1");
    BOOST_TEST(text_of(browser, "replay-caption") ==
               "Game 1: <script>alert(1)</script> (black) vs b & <i>c</i> (white), freestyle; move 1 of 2");
    BOOST_TEST(text_of(browser, "replay-move-info") ==
               "Move 1: white (b & <i>c</i>) i9; no search reported, time 10 ms.");
    // The opening stone and the move are on the board; no name became an element.
    BOOST_TEST(browser.evaluate("document.querySelectorAll('#board circle.stone').length") == 2);
    BOOST_TEST(browser.evaluate("document.querySelectorAll('i').length") == 0);
    BOOST_TEST(browser.evaluate("document.querySelectorAll('script').length") == 3);  // data, board, replay
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(html_report)

namespace {

// The page as headless Chromium (Debian's chromium, installed by .ci/run) renders it, scripts
// run: its DOM.
std::string rendered_dom(const TempDir& dir, const std::string& url) {
    const ProgramRun browser = run_program({"chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                            "--user-data-dir=" + dir / "chromium-profile", "--dump-dom", url},
                                           RunOptions().within(std::chrono::seconds(90)));
    BOOST_REQUIRE_MESSAGE(browser.exit_code != 127,
                          "cannot start chromium (Debian package chromium, installed by .ci/run)");
    return browser.output;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_html_report_shows_the_standings_the_plots_and_any_game_on_a_board_in_a_browser) {
    TempDir dir;
    // Random players: some wins for each side, so the Elo is defined somewhere on the way.
    const Run match = run_arena(quick_match(dir, 24, "r.jsonl"));
    BOOST_REQUIRE_MESSAGE(match.exit_code == 0, match.output);
    const Run report =
        run_arena({"report", dir / "r.jsonl", "--html", dir / "report.html", "--sprt", "elo0=0", "elo1=20"});
    BOOST_REQUIRE_MESSAGE(report.exit_code == 0, report.output);
    BOOST_TEST(report.output.find("24 games") != std::string::npos, report.output);

    // Self-contained: nothing is fetched (the only address is SVG's namespace name).
    const std::string page = read_text(dir / "report.html");
    BOOST_TEST(occurrences(page, "http") == occurrences(page, "http://www.w3.org/2000/svg"));
    BOOST_TEST(page.find(" src=") == std::string::npos);
    BOOST_TEST(page.find("<link") == std::string::npos);

    const auto results = read_results(dir / "r.jsonl");
    const nlohmann::json* game = nullptr;
    for (const auto& r : results)
        if (r.at("game") == 3) game = &r;
    BOOST_REQUIRE(game);
    const std::size_t total = game->at("moves").size();
    const std::size_t shown = std::min<std::size_t>(2, total);
    const std::string dom =
        rendered_dom(dir, "file://" + dir / "report.html" + "#game=3&move=" + std::to_string(shown));

    // The replay shows game 3 after two brain moves: its caption, and exactly those stones.
    const std::string caption = "Game 3: " + game->at("black").get<std::string>() + " (black) vs " +
                                game->at("white").get<std::string>() + " (white), freestyle; move " +
                                std::to_string(shown) + " of " + std::to_string(total);
    BOOST_TEST(dom.find(caption) != std::string::npos, dom.substr(0, 3000));
    BOOST_TEST(dom.find("data-stones=\"" + std::to_string(shown) + "\"") != std::string::npos);
    BOOST_TEST(occurrences(dom, "class=\"stone ") == shown);
    // Standings with both brains, the crosstable, both plots drawn, the games listed.
    BOOST_TEST(dom.find("<td class=\"engine\">a</td>") != std::string::npos);
    BOOST_TEST(dom.find("<td class=\"engine\">b</td>") != std::string::npos);
    BOOST_TEST(dom.find("id=\"crosstable\"") != std::string::npos);
    for (const char* plot : {"id=\"elo-plot\"", "id=\"llr-plot\""}) {
        const auto at = dom.find(plot);
        BOOST_REQUIRE(at != std::string::npos);
        BOOST_TEST(dom.find("class=\"series\"", at) < dom.find("</svg>", at), plot);
    }
    BOOST_TEST(dom.find("elo0=0 elo1=20") != std::string::npos);
    BOOST_TEST(occurrences(dom, "class=\"game-link\"") >= 24u);
    BOOST_TEST(dom.find("id=\"openings\"") != std::string::npos);

    // The last move by default, with how the game ended.
    const std::string whole = rendered_dom(dir, "file://" + dir / "report.html" + "#game=3");
    BOOST_TEST(whole.find("move " + std::to_string(total) + " of " + std::to_string(total) + "; " +
                          game->at("result").get<std::string>()) != std::string::npos);
    BOOST_TEST(occurrences(whole, "class=\"stone ") == total);
}

BOOST_AUTO_TEST_CASE(the_html_report_of_three_brains_has_the_crosstable_and_joint_ratings) {
    TempDir dir;
    const Run match = run_arena({"--engine",
                                 "name=a",
                                 "cmd=" + fake("random"),
                                 "--engine",
                                 "name=b",
                                 "cmd=" + fake("random"),
                                 "--engine",
                                 "name=c",
                                 "cmd=" + fake("random"),
                                 "--tournament",
                                 "round-robin",
                                 "--each",
                                 "st=1",
                                 "--board",
                                 "7",
                                 "--k",
                                 "4",
                                 "--games",
                                 "2",
                                 "--results",
                                 dir / "r.jsonl"});
    BOOST_REQUIRE_MESSAGE(match.exit_code == 0, match.output);
    const Run report = run_arena({"report", dir / "r.jsonl", "--html", dir / "report.html"});
    BOOST_REQUIRE_MESSAGE(report.exit_code == 0, report.output);
    const std::string page = read_text(dir / "report.html");
    BOOST_TEST(page.find("Joint ratings") != std::string::npos);
    BOOST_TEST(occurrences(page, "class=\"series\"") == 3u);  // one rating line per brain
    BOOST_TEST(page.find("<th>c</th>") != std::string::npos);
    const Run help = run_arena({"report", "--help"});
    BOOST_TEST(help.exit_code == 0);
    BOOST_TEST(help.output.find("--html") != std::string::npos, help.output);
    const Run missing = run_arena({"report", dir / "nothing.jsonl", "--html", dir / "x.html"});
    BOOST_TEST(missing.exit_code == 2);
    BOOST_TEST(missing.output.find("no such file") != std::string::npos, missing.output);
}

BOOST_AUTO_TEST_SUITE_END()
