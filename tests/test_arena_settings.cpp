// The tournament's command line read into its settings without running anything
// (settings_from), the schedule identity those settings give (schedule_identity), and the one
// adjudication call (adjudicate). The hashes below were written by the arena of main before
// the settings had a function of their own: a results file from then still resumes.
#define BOOST_TEST_MODULE arena_settings
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "arena_test_support.h"
#include "tournament/arena_settings.h"
#include "tournament/tournament_settings.h"

using namespace tengen;
using namespace tengen::testing;

namespace {

// A brain for the hash: only its bytes count (executable_checksum), so the test writes the
// same bytes main's arena played with (it plays the first free point of the top row).
constexpr const char* kScriptEngine = R"(#!/bin/sh
# A pbrain engine for the schedule-hash test: plays the first free point of the top row.
seen=" "
inboard=0
pick() {
  for c in 0,0 1,0 2,0 3,0 4,0 5,0 6,0; do
    case "$seen" in *" $c "*) ;; *) seen="$seen$c "; echo "$c"; return ;; esac
  done
}
while IFS= read -r line; do
  line=$(printf '%s' "$line" | tr -d '\r')
  case "$line" in
    START* | RECTSTART* | RESTART*) seen=" "; echo OK ;;
    ABOUT*) echo 'name="script"' ;;
    BEGIN*) pick ;;
    TURN*) seen="$seen${line#TURN } "; pick ;;
    BOARD*) seen=" "; inboard=1 ;;
    DONE*) inboard=0; pick ;;
    END*) exit 0 ;;
    *) if [ "$inboard" = 1 ]; then seen="$seen${line%,*} "; fi ;;
  esac
done
)";
constexpr const char* kOpenings = "0,0, 1,1\n1,-1, 0,1\n";

struct Files {
    TempDir dir{"arena-settings"};
    std::string engine = dir / "engine.sh";
    std::string openings = dir / "openings.txt";
    Files() {
        std::ofstream(engine, std::ios::binary) << kScriptEngine;
        std::ofstream(openings, std::ios::binary) << kOpenings;
    }
};

Result<TournamentSettings> settings_of(const std::vector<std::string>& args, std::string* notes = nullptr) {
    const auto desc = arena_options();
    const auto read = parse_arena_options(desc, args);
    if (!read) return Failure{read.error()};
    std::ostringstream said;
    auto settings = settings_from(*read, said);
    if (notes) *notes = said.str();
    return settings;
}

std::string hash_of(const std::vector<std::string>& args) {
    const auto settings = settings_of(args);
    BOOST_REQUIRE_MESSAGE(settings, (settings ? "" : settings.error()));
    return schedule_hash(schedule_identity(*settings));
}

// The command lines main's arena ran (tengen-arena ARGS --results R.jsonl): its results lines'
// "schedule" field is the hash each must keep.
std::vector<std::string> plain_args(const Files& f) {
    return {"--engine", "name=a", "cmd=" + f.engine, "--engine", "name=b", "cmd=" + f.engine, "--draw-after", "2"};
}
std::vector<std::string> rich_args(const Files& f) {
    return {"--engine",
            "name=alpha",
            "cmd=" + f.engine,
            "st=0.5",
            "--engine",
            "name=beta",
            "cmd=" + f.engine,
            "tc=10+0.1",
            "memory=67108864",
            "--board",
            "15",
            "--rule",
            "freestyle",
            "--games",
            "4",
            "--draw-after",
            "2",
            "-drawafter",
            "30",
            "--resign",
            "score=600",
            "count=3",
            "twosided=true",
            "--draw",
            "score=10",
            "count=4",
            "after=20",
            "--adjudicate-proven",
            "nodes=5000",
            "--openings",
            "file=" + f.openings,
            "order=random",
            "seed=7",
            "--pondering"};
}

}  // namespace

BOOST_AUTO_TEST_CASE(options_map_to_the_settings_the_runner_plays) {
    const Files f;
    const auto t = settings_of(rich_args(f));
    BOOST_REQUIRE_MESSAGE(t, (t ? "" : t.error()));
    BOOST_TEST(t->brains.size() == 2u);
    BOOST_TEST(t->brains[0].name == "alpha");
    BOOST_TEST(t->brains[1].name == "beta");
    BOOST_TEST(t->referee.config.width == 15);
    BOOST_TEST(t->schedule.games == 4);
    BOOST_TEST(t->schedule.brains == 2);
    BOOST_TEST(t->referee.pondering);
    const Adjudication& a = t->referee.adjudication;
    BOOST_TEST(a.draw_after == 2);
    BOOST_TEST(a.draw_after_stones == 30);
    BOOST_REQUIRE(a.rule<ResignRule>());
    BOOST_TEST(a.rule<ResignRule>()->score == 600);
    BOOST_TEST(a.rule<ResignRule>()->count == 3);
    BOOST_TEST(a.rule<ResignRule>()->twosided);
    BOOST_REQUIRE(a.rule<ScoreDrawRule>());
    BOOST_TEST(a.rule<ScoreDrawRule>()->after_ply == 20);
    BOOST_REQUIRE(a.rule<ProvenWinRule>());
    BOOST_TEST(a.rule<ProvenWinRule>()->nodes == 5000u);
    BOOST_REQUIRE(t->openings);
    BOOST_TEST(t->openings->random_order);
    BOOST_TEST(t->openings_text == kOpenings);
    BOOST_TEST(t->book.size() == 2u);
    BOOST_TEST(t->results_path == "tengen-arena.jsonl");
}

BOOST_AUTO_TEST_CASE(every_problem_of_the_command_line_is_refused_at_once) {
    const Files f;
    auto args = plain_args(f);
    args.insert(args.end(), {"stray", "--no-such-option", "--swap2"});
    args.insert(args.end(), {"--openings", "file=" + f.openings});
    const auto t = settings_of(args);
    BOOST_REQUIRE(!t);
    // The swap2 refusal comes first: it stops the read before the list of problems is given.
    BOOST_TEST(t.error() == "--swap2 makes each game's opening: it takes no --openings");

    args.resize(args.size() - 3);  // no --swap2 and --openings
    const auto listed = settings_of(args);
    BOOST_REQUIRE(!listed);
    BOOST_TEST(listed.error().find("a stray word 'stray'") != std::string::npos, listed.error());
    BOOST_TEST(listed.error().find("unknown option '--no-such-option'") != std::string::npos, listed.error());
    BOOST_TEST(listed.error().ends_with("\n2 problems on the command line (see --help)"), listed.error());
}

BOOST_AUTO_TEST_CASE(a_bad_value_is_refused_with_its_reason) {
    const Files f;
    auto args = plain_args(f);
    args.insert(args.end(), {"--concurrency", "0"});
    const auto t = settings_of(args);
    BOOST_REQUIRE(!t);
    BOOST_TEST(t.error() == "--concurrency must be at least 1");
    const auto board = settings_of({"--board", "x"});
    BOOST_REQUIRE(!board);
    BOOST_TEST(board.error() == "--board needs N or WxH, got 'x'");
}

BOOST_AUTO_TEST_CASE(notes_that_do_not_stop_the_run_go_to_the_notes) {
    const Files f;
    auto args = plain_args(f);
    args.insert(args.end(), {"-ratinginterval", "10"});
    std::string notes;
    const auto t = settings_of(args, &notes);
    BOOST_REQUIRE(t);
    BOOST_TEST(notes.find("-ratinginterval") != std::string::npos, notes);
}

// Hash stability: the values main's arena (af46ad8) wrote in the "schedule" field of its results
// lines for these command lines, run with the same engine bytes and opening file.
BOOST_AUTO_TEST_CASE(the_schedule_hash_is_the_one_main_wrote) {
    const Files f;
    BOOST_TEST(hash_of(plain_args(f)) == "afa5925437af1903");
    BOOST_TEST(hash_of(rich_args(f)) == "9380c1334de9334f");
}

BOOST_AUTO_TEST_CASE(the_schedule_lines_are_the_ones_main_wrote) {
    const Files f;
    const auto t = settings_of(rich_args(f));
    BOOST_REQUIRE(t);
    const std::vector<std::string> expected = {
        "engine name=alpha [INFO timeout_turn 500] [INFO timeout_match 0]",
        "engine name=beta [INFO timeout_turn 10000] [INFO timeout_match 10000] [INFO time_increment 100] [INFO max_memory 67108864]",
        "tournament match rounds 1 repeat 1",
        "board 15x15 k 5 rule freestyle draw-after 2",
        "adjudication resign score 600 count 3 twosided 1 draw score 10 count 4 after 20 proven nodes 5000",
        "pondering",
        "openings format auto order random seed 7 start 0 transform 0 content 0e8fd64deaaaab7d",
        "draw-after-stones 30",
        "executable bbd1032cf48c4ca4",
        "executable bbd1032cf48c4ca4",
    };
    BOOST_TEST(schedule_settings(schedule_identity(*t)) == expected, boost::test_tools::per_element());
}

// Every rule of the Adjudication is part of the schedule's identity: a run under another rule
// is another schedule.
BOOST_AUTO_TEST_CASE(every_adjudication_rule_changes_the_schedule_hash) {
    const Files f;
    auto base = plain_args(f);
    base.resize(base.size() - 2);  // no --draw-after 2
    const std::string plain = hash_of(base);
    const std::vector<std::vector<std::string>> rules = {
        {"--draw-after", "3"},
        {"-drawafter", "40"},
        {"--resign", "score=600", "count=3"},
        {"--draw", "score=10", "count=4"},
        {"--adjudicate-proven"},
        {"--adjudicate-dead"},
    };
    std::set<std::string> seen{plain};
    for (const auto& rule : rules) {
        auto args = base;
        args.insert(args.end(), rule.begin(), rule.end());
        const std::string h = hash_of(args);
        BOOST_TEST(seen.insert(h).second, "the hash did not change with " << rule.front());
    }
}

// Other runners' spellings of a rule are the same rule, so the same schedule.
BOOST_AUTO_TEST_CASE(fastchess_spellings_give_the_same_schedule) {
    const Files f;
    auto ours = plain_args(f);
    ours.insert(ours.end(), {"--draw", "score=10", "count=4", "after=20"});
    auto theirs = plain_args(f);
    theirs.insert(theirs.end(), {"--draw", "score=10", "movecount=4", "movenumber=20"});
    BOOST_TEST(hash_of(ours) == hash_of(theirs));
}

BOOST_AUTO_TEST_CASE(adjudicate_gives_each_rule_its_end) {
    Board board(GameConfig{});
    std::vector<RecordedMove> moves;
    Adjudication none;
    BOOST_TEST(!adjudicate(none, board, moves, 0));

    Adjudication after_two;
    after_two.draw_after = 2;
    board.play({0, 0});
    moves.push_back({Point{0, 0}, 10, 10, 1, 0, std::nullopt});
    BOOST_TEST(!adjudicate(after_two, board, moves, 0));
    board.play({1, 0});
    moves.push_back({Point{1, 0}, 10, 10, 1, 0, std::nullopt});
    const auto drawn = adjudicate(after_two, board, moves, 0);
    BOOST_REQUIRE(drawn);
    BOOST_TEST((drawn->winner == Winner::Draw));
    BOOST_TEST((drawn->reason == EndReason::Adjudicated));

    Adjudication resign;
    resign.rule<ResignRule>() = ResignRule{600, 1, false};
    moves.back().score = -700;  // white, the last to move, calls its game lost
    const auto resigned = adjudicate(resign, board, moves, 0);
    BOOST_REQUIRE(resigned);
    BOOST_TEST((resigned->winner == Winner::Black));
    BOOST_TEST(resigned->adjudication.starts_with("resign: white"), resigned->adjudication);
}

// --adjudicate-dead: a draw as soon as every line of k holds both colours, and not one move before.
BOOST_AUTO_TEST_CASE(a_board_where_no_one_can_still_win_is_a_dead_draw) {
    GameConfig config;
    config.width = config.height = 3;
    config.win_length = 3;
    Board board(config);
    Adjudication dead;
    BOOST_REQUIRE(DeadDrawRule::parse({}));
    dead.rule<DeadDrawRule>() = DeadDrawRule{};
    // Black X, white O, rows from the top: O O X / X X O / O X .; the last free point lies on a
    // row, a column and a diagonal that each hold both colours, so neither side can make three.
    const std::vector<Point> points = {{1, 1}, {0, 0}, {0, 1}, {2, 1}, {2, 0}, {0, 2}, {1, 2}, {1, 0}};
    std::vector<RecordedMove> moves;
    for (std::size_t i = 0; i < points.size(); ++i) {
        BOOST_TEST(!adjudicate(dead, board, moves, 0), "dead after only " << i << " moves");
        board.play(points[i]);
        moves.push_back({points[i], 10, 10, 1, 0, std::nullopt});
    }
    const auto drawn = adjudicate(dead, board, moves, 0);
    BOOST_REQUIRE(drawn);
    BOOST_TEST((drawn->winner == Winner::Draw));
    BOOST_TEST((drawn->reason == EndReason::Adjudicated));
    BOOST_TEST(drawn->adjudication.starts_with("dead: "), drawn->adjudication);
    BOOST_TEST(!DeadDrawRule::parse({"nodes=3"}));
}
