// In-process checks of the pieces tengen-arena's command line relies on: the schedule, brain
// tokens, other runners' spellings, time controls, the config file, standings and tolerance.
#define BOOST_TEST_MODULE arena_command_line
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arena_test_support.h"
#include "tournament/brain_spec.h"
#include "tournament/finished_game.h"
#include "tournament/referee.h"
#include "tournament/schedule.h"
#include "tournament/standings.h"

namespace fs = std::filesystem;
using namespace tengen;
using namespace tengen::testing;

BOOST_AUTO_TEST_SUITE(command_line)

BOOST_AUTO_TEST_CASE(schedule_numbers_games_rounds_and_pairs_as_documented) {
    ScheduleOptions o;
    o.games = 200;
    const auto games = build_schedule(o);
    BOOST_REQUIRE_EQUAL(games.size(), 200u);
    BOOST_TEST(games[17].round == 0);
    BOOST_TEST(games[17].pair == 8);
    BOOST_TEST(games[16].opening == games[17].opening);
    BOOST_TEST(games[16].black == games[17].white);

    ScheduleOptions rr;
    rr.kind = TournamentKind::RoundRobin;
    rr.brains = 3;
    rr.games = 2;
    rr.rounds = 2;
    const auto all = build_schedule(rr);
    BOOST_REQUIRE_EQUAL(all.size(), 12u);
    BOOST_TEST(all[6].round == 1);
    BOOST_TEST(all[11].pair == 5);
    std::set<std::pair<int, int>> met;
    for (const auto& g : all) met.insert({std::min(g.black, g.white), std::max(g.black, g.white)});
    BOOST_TEST(met.size() == 3u);
    // Every pairing of a round meets the same openings.
    BOOST_TEST(all[0].opening == all[2].opening);

    const auto shard = parse_shard("1/3");
    BOOST_REQUIRE(shard);
    BOOST_TEST(shard->contains(games[2]));
    BOOST_TEST(!shard->contains(games[4]));
    BOOST_TEST(!parse_shard("3/3"));
    BOOST_TEST(!parse_shard("x"));

    ScheduleOptions odd;
    odd.games = 3;
    BOOST_TEST(!check_schedule(odd).ok());
}

BOOST_AUTO_TEST_CASE(without_colour_swapped_pairs_colours_balance_over_the_event) {
    auto blacks = [](const ScheduleOptions& o) {
        std::map<int, int> count;
        for (const auto& g : build_schedule(o)) ++count[g.black];
        return count;
    };
    ScheduleOptions match;
    match.repeat = false;
    match.games = 3;
    match.rounds = 2;
    BOOST_TEST(blacks(match)[0] == 3);  // not 4 of 6
    BOOST_TEST(blacks(match)[1] == 3);

    ScheduleOptions rr;
    rr.kind = TournamentKind::RoundRobin;
    rr.brains = 3;
    rr.repeat = false;
    rr.games = 1;
    for (const auto& [brain, n] : blacks(rr))
        BOOST_TEST(n == 1, "engine " << brain << " has black " << n << " times of 2");
}

BOOST_AUTO_TEST_CASE(brain_tokens_follow_arena_md) {
    auto parsed = parse_brain_spec({"cmd=/bin/e", "arg=-x", "arg=y", "tc=60/5+0.5", "info=foo:bar"},
                                   {"st=0.2", "memory=1000", "arg=default", "info=foo:baz", "info=a:b"});
    BOOST_REQUIRE_MESSAGE(parsed, parsed.error());
    const BrainSpec& e = *parsed;
    BOOST_TEST(e.args == (std::vector<std::string>{"-x", "y"}), boost::test_tools::per_element());
    BOOST_TEST(e.clock.match_ms == 60000);
    BOOST_TEST(e.clock.turn_ms == 5000);  // the brain's own tc replaces the st of --each whole
    BOOST_TEST(e.clock.increment_ms == 500);
    BOOST_TEST(*e.memory == 1000);
    const auto lines = e.info_lines();
    BOOST_TEST((std::find(lines.begin(), lines.end(), "INFO foo bar") != lines.end()));
    BOOST_TEST((std::find(lines.begin(), lines.end(), "INFO a b") != lines.end()));
    BOOST_TEST((std::find(lines.begin(), lines.end(), "INFO time_increment 500") != lines.end()));

    auto plain = parse_brain_spec({"cmd=x"}, {});
    BOOST_REQUIRE_MESSAGE(plain, plain.error());
    BOOST_TEST(plain->clock.turn_ms == 1000);  // st=1 by default
    BOOST_TEST(plain->clock.match_ms == 0);

    auto tc = parse_brain_spec({"cmd=x", "tc=10+0.1"}, {});
    BOOST_REQUIRE_MESSAGE(tc, tc.error());
    BOOST_TEST(tc->clock.turn_ms == 10000);

    BOOST_TEST(!parse_brain_spec({"name=x"}, {}));
    BOOST_TEST(!parse_brain_spec({"cmd=x", "speed=9"}, {}));
    BOOST_TEST(!parse_brain_spec({"cmd=x", "st=fast"}, {}));
    BOOST_TEST(!parse_brain_spec({"cmd=x", "tc=1/"}, {}));

    auto windows = parse_brain_spec({"cmd=pbrain-x.exe", "wine=yes"}, {});
    BOOST_REQUIRE_MESSAGE(windows, windows.error());
    BOOST_TEST(windows->wine);
    BOOST_TEST(!plain->wine);
    BOOST_TEST(!parse_brain_spec({"cmd=x", "wine=maybe"}, {}));
}

BOOST_AUTO_TEST_CASE(other_runners_spellings_and_contradictory_time_controls) {
    // c-gomoku-cli's turn-time-only clock, its maxmemory and thread, cutechess-cli's option.
    auto parsed =
        parse_brain_spec({"cmd=x", "tc=0/0.1", "maxmemory=5000", "thread=2", "option.strength=7", "tolerance=300"}, {});
    BOOST_REQUIRE_MESSAGE(parsed, parsed.error());
    const BrainSpec& e = *parsed;
    BOOST_TEST(e.clock.turn_ms == 100);
    BOOST_TEST(e.clock.match_ms == 0);
    BOOST_TEST(*e.memory == 5000);
    BOOST_TEST(*e.threads == 2);
    BOOST_TEST(*e.tolerance_ms == 300);
    const auto lines = e.info_lines();
    for (const char* expected : {"INFO timeout_turn 100", "INFO timeout_match 0", "INFO max_memory 5000",
                                 "INFO thread_num 2", "INFO strength 7"})
        BOOST_TEST((std::find(lines.begin(), lines.end(), expected) != lines.end()), expected);

    auto refused = [](std::vector<std::string> tokens, std::vector<std::string> each, const std::string& why) {
        auto r = parse_brain_spec(tokens, each);
        BOOST_REQUIRE(!r);
        BOOST_TEST(r.error().find(why) != std::string::npos, r.error());
    };
    // No time at all is never sent.
    refused({"cmd=x", "st=0"}, {}, "st needs seconds above 0");
    refused({"cmd=x", "tc=0"}, {}, "0/T");
    refused({"cmd=x", "tc=0/0"}, {}, "with T above 0");
    // Two time controls at one level contradict each other; across levels the brain's wins.
    refused({"cmd=x", "st=1", "tc=10+0.1"}, {}, "st and tc both");
    refused({"cmd=x"}, {"tc=10", "st=0.5"}, "--each: st and tc both");
    refused({"cmd=x", "option.=1"}, {}, "option.KEY=VALUE needs a KEY");
    auto over_each = parse_brain_spec({"cmd=x", "st=0.5"}, {"tc=10+0.1"});
    BOOST_REQUIRE_MESSAGE(over_each, over_each.error());
    BOOST_TEST(over_each->clock.turn_ms == 500);
    BOOST_TEST(over_each->clock.match_ms == 0);
}

BOOST_AUTO_TEST_CASE(a_time_control_is_written_as_its_key_reads_and_survives_a_merge) {
    BrainClock turn;
    turn.turn_ms = 200;
    BOOST_TEST(time_control_text(turn) == "st=0.2");
    auto clock = parse_time_control("60/5+0.25");
    BOOST_REQUIRE(clock);
    BOOST_TEST(time_control_text(*clock) == "tc=60/5+0.25");
    BOOST_TEST(time_control_text(*parse_time_control("10")) == "tc=10");
    BOOST_TEST(time_control_text(*parse_time_control("0/1.5")) == "st=1.5");

    FinishedGame g;
    g.black = "a";
    g.white = "b";
    g.arena_version = "9.9.9";
    g.date = "2026-11-24T17:05:31Z";
    g.black_tc = "st=0.2";
    g.white_tc = "tc=60/5+0.25";
    const auto back = from_json_line(to_json_line(g));
    BOOST_REQUIRE(back);
    BOOST_TEST(back->arena_version == g.arena_version);
    BOOST_TEST(back->date == g.date);
    BOOST_TEST(back->black_tc == g.black_tc);
    BOOST_TEST(back->white_tc == g.white_tc);
}

BOOST_AUTO_TEST_CASE(a_config_file_holds_the_whole_tournament_and_the_command_line_overrides_it) {
    TempDir dir;
    const nlohmann::json config = {
        {"engine", {{{"name", "a"}, {"cmd", fake("random")}}, {{"name", "b"}, {"cmd", fake("random")}, {"tc", "0/1"}}}},
        {"each", {{"st", 1}, {"option.style", "calm"}}},
        {"board", "7"},
        {"k", 4},
        {"games", 2},
        {"repeat", true},
        {"sgf", true},
        {"records", dir / "games"},
        {"results", dir / "r.jsonl"}};
    std::ofstream(dir / "t.json") << config.dump(2);
    const Run run = run_arena({"--config", dir / "t.json"});
    BOOST_TEST(run.exit_code == 0, run.output);
    auto results = read_results(dir / "r.jsonl");
    BOOST_REQUIRE_EQUAL(results.size(), 2u);
    BOOST_TEST(results[0].at("k") == 4);
    BOOST_TEST(results[0].at("board") == nlohmann::json::array({7, 7}));
    BOOST_TEST(results[0].at("black") == "a");
    BOOST_TEST(fs::exists(fs::path(dir / "games") / "game-000000.sgf"));

    // The command line wins over the file: here it grows the match.
    const Run more = run_arena({"--config", dir / "t.json", "--games", "4"});
    BOOST_TEST(more.exit_code == 0, more.output);
    BOOST_TEST(read_results(dir / "r.jsonl").size() == 4u);

    for (const auto& [text, why] :
         {std::pair{R"({"gamez": 3})", "unknown option \"gamez\""},
          std::pair{R"({"engine": {"cmd": "x"}})", "must be a list of engines"},
          std::pair{R"({"sgf": "yes"})", "is a switch"}, std::pair{"[1, 2", "not valid JSON"}}) {
        std::ofstream(dir / "bad.json") << text;
        const Run bad = run_arena({"--config", dir / "bad.json"});
        BOOST_TEST(bad.exit_code == 2);
        BOOST_TEST(bad.output.find(why) != std::string::npos, bad.output);
    }
}

BOOST_AUTO_TEST_CASE(single_dash_options_as_other_runners_write_them) {
    TempDir dir;
    const Run run = run_arena({"-engine", "name=a", "cmd=" + fake("random"), "-engine", "name=b",
                               "cmd=" + fake("random"), "-each", "tc=0/1", "-board", "7", "-k", "4", "-games", "2",
                               "-rule", "freestyle", "-results", dir / "r.jsonl"});
    BOOST_TEST(run.exit_code == 0, run.output);
    BOOST_TEST(read_results(dir / "r.jsonl").size() == 2u);
}

BOOST_AUTO_TEST_CASE(standings_count_points_and_pairs) {
    auto game = [](int n, std::string black, std::string white, Winner w) {
        FinishedGame g;
        g.game = n;
        g.pair = n / 2;
        g.black = std::move(black);
        g.white = std::move(white);
        g.outcome.winner = w;
        return g;
    };
    const std::vector<FinishedGame> games{game(0, "a", "b", Winner::Black), game(1, "b", "a", Winner::Black),
                                          game(2, "a", "b", Winner::Black), game(3, "b", "a", Winner::White),
                                          game(4, "a", "b", Winner::Draw)};
    const Standings s = compute_standings(games, {"a", "b"}, SprtParams{});
    BOOST_REQUIRE(s.head_to_head);
    BOOST_TEST(s.rows[0].name == "a");
    BOOST_TEST(s.rows[0].points == 3.5);
    BOOST_TEST(s.head_to_head->wdl.wins == 3);
    BOOST_TEST(s.head_to_head->wdl.losses == 1);
    BOOST_TEST(s.head_to_head->wdl.draws == 1);
    // Pair 0: win + loss (WL), pair 1: two wins (WW); pair 2 is incomplete.
    BOOST_TEST(s.head_to_head->penta.buckets[2] == 1);
    BOOST_TEST(s.head_to_head->penta.buckets[4] == 1);
    BOOST_TEST(s.head_to_head->penta.pairs() == 2);
    const std::string table = format_standings(s);
    BOOST_TEST(table.find("SPRT") != std::string::npos);
    BOOST_TEST(table.find("nan") == std::string::npos);

    // Two games of a pair from different openings (--repeat=false) are no pentanomial sample.
    auto unpaired = games;
    unpaired.push_back(game(6, "a", "b", Winner::Black));
    unpaired.push_back(game(7, "b", "a", Winner::Black));
    unpaired[6].opening = {{7, 7}};
    BOOST_TEST(pair_buckets(unpaired, "a", "b").pairs() == 2);
}

BOOST_AUTO_TEST_CASE(default_tolerance_is_one_second_for_clocks_and_less_for_short_turns) {
    BrainClock st;
    st.turn_ms = 50;
    BOOST_TEST(default_tolerance_ms(st) == 200);
    st.turn_ms = 500;
    BOOST_TEST(default_tolerance_ms(st) == 500);
    const auto tc = parse_time_control("60+1");
    BOOST_REQUIRE(tc);
    BOOST_TEST(default_tolerance_ms(*tc) == 1000);
    BOOST_TEST(start_command(GameConfig{}) == "START 15");
    BOOST_TEST(start_command(GameConfig{20, 15, 5, Rule::Freestyle}) == "RECTSTART 20,15");
}

BOOST_AUTO_TEST_SUITE_END()
