// Other runners' command lines run through the real tengen-arena binary: c-gomoku-cli's README
// example and a fastchess-style command, each spelling of theirs, the records other tools read
// (one SGF file of every game, a PGN for BayesElo and Ordo), and the first-run frictions: a
// refused resume that names what differs, where an engine runs, --sprt with three engines.
#define BOOST_TEST_MODULE arena_spellings
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

#include "arena_test_support.h"

namespace fs = std::filesystem;
using namespace tengen;
using namespace tengen::testing;

namespace {

// A game tree of an SGF collection: each node's properties, values unescaped.
using SgfNode = std::multimap<std::string, std::string>;
using SgfGame = std::vector<SgfNode>;

// A strict reader of what the arena writes: one flat tree per game, `(;P[v]...;B[xy]...)`.
std::vector<SgfGame> read_sgf_collection(const std::string& text) {
    std::vector<SgfGame> games;
    std::size_t i = 0;
    auto skip_space = [&] {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    };
    for (;;) {
        skip_space();
        if (i >= text.size()) break;
        BOOST_REQUIRE_MESSAGE(text[i] == '(', "a game tree starts with '(' at " << i);
        ++i;
        SgfGame game;
        for (;;) {
            skip_space();
            BOOST_REQUIRE(i < text.size());
            if (text[i] == ')') {
                ++i;
                break;
            }
            BOOST_REQUIRE_MESSAGE(text[i] == ';', "a node starts with ';' at " << i);
            ++i;
            SgfNode node;
            for (;;) {
                skip_space();
                std::string id;
                while (i < text.size() && std::isupper(static_cast<unsigned char>(text[i]))) id += text[i++];
                if (id.empty()) break;
                skip_space();
                BOOST_REQUIRE_MESSAGE(i < text.size() && text[i] == '[', "property " << id << " has a value");
                while (i < text.size() && text[i] == '[') {
                    ++i;
                    std::string value;
                    while (i < text.size() && text[i] != ']') {
                        if (text[i] == '\\') ++i;
                        value += text[i++];
                    }
                    BOOST_REQUIRE(i < text.size());
                    ++i;
                    node.emplace(id, value);
                    skip_space();
                }
            }
            game.push_back(std::move(node));
        }
        games.push_back(std::move(game));
    }
    return games;
}

std::string prop(const SgfNode& node, const std::string& id) {
    const auto it = node.find(id);
    return it == node.end() ? "" : it->second;
}

struct PgnGame {
    std::map<std::string, std::string> tags;
    std::string result_token;
};

std::vector<PgnGame> read_pgn(const std::string& text) {
    std::vector<PgnGame> games;
    std::istringstream in(text);
    std::string line;
    PgnGame current;
    const std::regex tag(R"re(^\[(\w+) "((?:[^"\\]|\\.)*)"\]$)re");
    while (std::getline(in, line)) {
        std::smatch m;
        if (std::regex_match(line, m, tag)) {
            current.tags[m[1]] = m[2];
        } else if (!line.empty()) {
            const auto space = line.find_last_of(' ');
            current.result_token = space == std::string::npos ? line : line.substr(space + 1);
            games.push_back(current);
            current = {};
        }
    }
    return games;
}

std::string sgf_result_of(const nlohmann::json& r) {
    const std::string result = r.at("result"), reason = r.at("reason");
    if (result == "draw") return "0";
    const std::string side = result == "black" ? "B+" : "W+";
    if (reason == "time-forfeit") return side + "T";
    if (reason == "crash" || reason == "illegal-move" || reason == "forbidden-move" || reason == "protocol-error" ||
        reason == "memory-limit")
        return side + "F";
    if (reason == "adjudicated" && r.value("adjudication", "").rfind("resign", 0) == 0) return side + "R";
    return side;
}

std::string pgn_result_of(const nlohmann::json& r) {
    const std::string result = r.at("result");
    return result == "white" ? "1-0" : result == "black" ? "0-1" : "1/2-1/2";
}

// Every game of the results file, found once in the SGF file by its number, with its players,
// its result and all its stones; each engine move carries its time.
void sgf_matches_results(const std::string& sgf_path, const std::vector<nlohmann::json>& results) {
    const auto games = read_sgf_collection(read_text(sgf_path));
    BOOST_TEST(games.size() == results.size());
    for (const auto& r : results) {
        const auto g = std::find_if(games.begin(), games.end(), [&](const SgfGame& s) {
            return !s.empty() && prop(s[0], "GN") == std::to_string(r.at("game").get<int>());
        });
        BOOST_REQUIRE_MESSAGE(g != games.end(), "game " << r.at("game") << " is in the SGF");
        const SgfNode& root = g->front();
        BOOST_TEST(prop(root, "PB") == r.at("black").get<std::string>());
        BOOST_TEST(prop(root, "PW") == r.at("white").get<std::string>());
        BOOST_TEST(prop(root, "RE") == sgf_result_of(r));
        BOOST_TEST(prop(root, "DT") == r.at("date").get<std::string>().substr(0, 10));
        BOOST_TEST(prop(root, "C").find(r.at("reason").get<std::string>()) != std::string::npos, prop(root, "C"));
        const std::string opening = r.at("opening");
        const std::size_t opening_stones =
            opening.empty() ? 0 : static_cast<std::size_t>(std::count(opening.begin(), opening.end(), ',')) + 1;
        BOOST_TEST(g->size() - 1 == opening_stones + r.at("moves").size());
        for (std::size_t m = 0; m < r.at("moves").size(); ++m) {
            const SgfNode& node = (*g)[1 + opening_stones + m];
            const auto& move = r.at("moves")[m];
            const std::string at = prop(node, (opening_stones + m) % 2 == 0 ? "B" : "W");
            BOOST_REQUIRE(at.size() == 2u);
            BOOST_TEST(at[0] - 'a' == move.at("x").get<int>());
            BOOST_TEST(at[1] - 'a' == move.at("y").get<int>());
            BOOST_TEST(prop(node, "C").find("time " + std::to_string(move.at("ms").get<int>()) + "ms") !=
                       std::string::npos);
        }
    }
}

// One PGN game per result, with its names and result from white's side.
void pgn_matches_results(const std::string& pgn_path, const std::vector<nlohmann::json>& results) {
    const auto games = read_pgn(read_text(pgn_path));
    BOOST_TEST(games.size() == results.size());
    for (const auto& r : results) {
        const std::string round =
            std::to_string(r.at("round").get<int>() + 1) + "." + std::to_string(r.at("game").get<int>() + 1);
        const auto g = std::find_if(games.begin(), games.end(), [&](const PgnGame& p) {
            return p.tags.count("Round") && p.tags.at("Round") == round;
        });
        BOOST_REQUIRE_MESSAGE(g != games.end(), "game " << r.at("game") << " is in the PGN");
        BOOST_TEST(g->tags.at("White") == r.at("white").get<std::string>());
        BOOST_TEST(g->tags.at("Black") == r.at("black").get<std::string>());
        BOOST_TEST(g->tags.at("Result") == pgn_result_of(r));
        BOOST_TEST(g->result_token == pgn_result_of(r));
    }
}

std::string game_file_name(int game) {
    std::string n = std::to_string(game);
    return "game-" + std::string(6 - n.size(), '0') + n + ".sgf";
}

std::vector<std::string> settings_of(const nlohmann::json& r) {
    return r.at("settings").get<std::vector<std::string>>();
}

bool has_setting(const nlohmann::json& r, const std::string& part) {
    const auto s = settings_of(r);
    return std::any_of(s.begin(), s.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

// A quick match of two random brains on a small board, with extra words.
std::vector<std::string> quick(const TempDir& dir, std::vector<std::string> extra,
                               const std::string& results = "r.jsonl") {
    std::vector<std::string> args{"--engine",   "name=a", "cmd=" + fake("random"),
                                  "--engine",   "name=b", "cmd=" + fake("random"),
                                  "--each",     "st=1",   "--board",
                                  "7",          "--k",    "4",
                                  "--games",    "2",      "--results",
                                  dir / results};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

}  // namespace

BOOST_AUTO_TEST_CASE(c_gomoku_clis_readme_example_runs_unchanged) {
    // The README's command with its two engines swapped for fake brains and 4000 games for 2,
    // run in a folder laid out as the README's.
    TempDir dir;
    fs::create_directories(dir.path / "opening_examples");
    std::ofstream(dir / "opening_examples/offset_freestyle_20x20.txt") << "0,0, 1,1, -1,1\n2,-1, 0,0, 1,0\n";
    const Run run = run_arena({"-each",
                               "tc=180/30",
                               "-engine",
                               "name=Wine",
                               "cmd=" + fake("random"),
                               "-engine",
                               "name=Rapfi",
                               "cmd=" + fake("random"),
                               "-rule",
                               "0",
                               "-boardsize",
                               "20",
                               "-rounds",
                               "2",
                               "-games",
                               "2",
                               "-debug",
                               "-repeat",
                               "-concurrency",
                               "8",
                               "-drawafter",
                               "200",
                               "-pgn",
                               "my_games.pgn",
                               "-sgf",
                               "my_games.sgf",
                               "-msg",
                               "my_games.txt",
                               "-openings",
                               "file=opening_examples/offset_freestyle_20x20.txt",
                               "order=random"},
                              dir.path.string());
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "tengen-arena.jsonl");
    BOOST_TEST_REQUIRE(results.size() == 4u);
    for (const auto& r : results) {
        BOOST_TEST(r.at("board") == nlohmann::json::array({20, 20}));
        BOOST_TEST(r.at("rule") == "freestyle");
        BOOST_TEST(r.at("tc").at("black") == "tc=180/30");
        BOOST_TEST(has_setting(r, "draw-after-stones 200"));
        // -drawafter counts every stone on the board, the opening's three too.
        if (r.at("reason") == "adjudicated") BOOST_TEST(r.at("moves").size() == 197u);
        BOOST_TEST(r.at("moves").size() <= 197u);
    }
    sgf_matches_results(dir / "my_games.sgf", results);
    pgn_matches_results(dir / "my_games.pgn", results);
    // -msg (and -debug's log) hold both engines' traffic, each line naming its engine.
    const std::string log = read_text(dir / "my_games.txt");
    BOOST_TEST(log.find("Wine") != std::string::npos);
    BOOST_TEST(log.find("Rapfi") != std::string::npos);
    BOOST_TEST(log.find("START 20") != std::string::npos);
    BOOST_TEST(run.output.find("-debug") != std::string::npos, run.output);
}

BOOST_AUTO_TEST_CASE(a_fastchess_style_command_runs_unchanged) {
    TempDir dir;
    std::ofstream(dir / "book.txt") << "h8i9\nh8g9\n";
    const Run run = run_arena({"-engine",
                               "cmd=" + fake("scoring"),
                               "arg=5",
                               "name=A",
                               "-engine",
                               "cmd=" + fake("scoring"),
                               "arg=-5",
                               "name=B",
                               "-each",
                               "tc=10+0.1",
                               "-rounds",
                               "2",
                               "-games",
                               "2",
                               "-repeat",
                               "-concurrency",
                               "2",
                               "-openings",
                               "file=book.txt",
                               "format=letters",
                               "order=random",
                               "-pgnout",
                               "file=games.pgn",
                               "-ratinginterval",
                               "10",
                               "-draw",
                               "movenumber=20",
                               "movecount=4",
                               "score=10",
                               "-resign",
                               "movecount=3",
                               "score=600",
                               "-sprt",
                               "elo0=0",
                               "elo1=5",
                               "alpha=0.05",
                               "beta=0.05"},
                              dir.path.string());
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
    BOOST_TEST(run.output.find("-ratinginterval") != std::string::npos, run.output);
    const auto results = read_results(dir / "tengen-arena.jsonl");
    BOOST_TEST_REQUIRE(results.size() == 4u);
    // movecount= is count=, movenumber= is after= (plies): the draw rule the run played under.
    BOOST_TEST(has_setting(results[0], "adjudication"));
    const auto settings = settings_of(results[0]);
    const auto adjudication = *std::find_if(settings.begin(), settings.end(),
                                            [](const std::string& l) { return l.rfind("adjudication", 0) == 0; });
    BOOST_TEST(adjudication.find("resign score 600 count 3 twosided 0") != std::string::npos, adjudication);
    BOOST_TEST(adjudication.find("draw score 10 count 4 after 20") != std::string::npos, adjudication);
    pgn_matches_results(dir / "games.pgn", results);
}

BOOST_AUTO_TEST_CASE(each_spelling_of_c_gomoku_cli_is_read_with_its_meaning) {
    TempDir dir;
    {  // -boardsize N is --board N.
        auto args = quick(dir, {"-boardsize", "8"}, "boardsize.jsonl");
        args.erase(std::find(args.begin(), args.end(), "--board"), std::find(args.begin(), args.end(), "--k"));
        const Run run = run_arena(args);
        BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
        BOOST_TEST(read_results(dir / "boardsize.jsonl")[0].at("board") == nlohmann::json::array({8, 8}));
    }
    {  // -drawafter N: a draw once N stones are on the board, the opening's counted.
        std::ofstream(dir / "three.txt") << "d4e5c3\n";
        const Run run = run_arena({"--engine", "cmd=" + fake("random"), "--engine", "cmd=" + fake("random"), "--board",
                                   "15", "--games", "2", "-drawafter", "8", "--openings", "file=" + dir / "three.txt",
                                   "--results", dir / "drawafter.jsonl"});
        BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
        for (const auto& r : read_results(dir / "drawafter.jsonl")) {
            BOOST_TEST(r.at("reason") == "adjudicated");
            BOOST_TEST(r.at("moves").size() == 5u);
        }
    }
    {  // -transform is transform=yes; type=pos is format=letters; srand=N is seed=N.
        std::ofstream(dir / "pos.txt") << "d4e5\nc3d3\n";
        const Run run = run_arena(
            quick(dir, {"--openings", "file=" + dir / "pos.txt", "type=pos", "order=random", "srand=7", "-transform"},
                  "openings.jsonl"));
        BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
        const auto r = read_results(dir / "openings.jsonl")[0];
        BOOST_TEST(has_setting(r, "openings format letters order random seed 7 start 0 transform 1"));
    }
    {  // -gauntlet is --tournament gauntlet; -loseonly records only the first engine's losses.
        // crash exits on its third move: it loses to random, and as black to another crash.
        const Run run = run_arena({"--engine",
                                   "name=first",
                                   "cmd=" + fake("crash"),
                                   "--engine",
                                   "name=x",
                                   "cmd=" + fake("random"),
                                   "--engine",
                                   "name=y",
                                   "cmd=" + fake("crash"),
                                   "--each",
                                   "st=1",
                                   "--board",
                                   "7",
                                   "--k",
                                   "4",
                                   "--games",
                                   "2",
                                   "-gauntlet",
                                   "-loseonly",
                                   "-sgf",
                                   dir / "lost.sgf",
                                   "-pgn",
                                   dir / "lost.pgn",
                                   "--results",
                                   dir / "gauntlet.jsonl"});
        BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
        const auto results = read_results(dir / "gauntlet.jsonl");
        BOOST_TEST_REQUIRE(results.size() == 4u);
        std::vector<nlohmann::json> lost;
        for (const auto& r : results) {
            BOOST_TEST((r.at("black") == "first" || r.at("white") == "first"));  // a gauntlet of first's
            const std::string winner = r.at("result");
            if ((winner == "black" && r.at("white") == "first") || (winner == "white" && r.at("black") == "first"))
                lost.push_back(r);
        }
        BOOST_TEST(lost.size() == 3u);
        sgf_matches_results(dir / "lost.sgf", lost);
        pgn_matches_results(dir / "lost.pgn", lost);
    }
    {  // -sendbyboard: every move is asked for with BOARD; -log writes RESULTS.log.
        const Run run = run_arena(quick(dir, {"-sendbyboard", "-log"}, "byboard.jsonl"));
        BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
        const std::string log = read_text(dir / "byboard.log");
        BOOST_TEST(log.find("> BOARD") != std::string::npos, log.substr(0, 2000));
        BOOST_TEST(log.find("> TURN") == std::string::npos);
    }
    {  // fastchess's -log file=F.
        const Run run = run_arena(quick(dir, {"-log", "file=" + dir / "fast.log"}, "fastlog.jsonl"));
        BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
        BOOST_TEST(read_text(dir / "fast.log").find("> TURN") != std::string::npos);
    }
    {  // c-gomoku-cli's -resign COUNT SCORE and -draw COUNT SCORE.
        const Run run = run_arena(quick(dir, {"-resign", "3", "600", "-draw", "4", "10"}, "adjud.jsonl"));
        BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
        const auto r = read_results(dir / "adjud.jsonl")[0];
        BOOST_TEST(has_setting(r, "resign score 600 count 3 twosided 0 draw score 10 count 4 after 0"));
    }
}

BOOST_AUTO_TEST_CASE(what_cannot_be_read_is_refused_every_word_at_once) {
    TempDir dir;
    const Run run = run_arena(quick(dir, {"stray", "-frobnicate", "--openings", "file=x.txt", "srand=0", "-pgnout",
                                          "file=g.pgn", "nodes=true", "again"}));
    BOOST_TEST(run.exit_code == 2, run.output);
    for (const char* expected : {"'stray'", "'-frobnicate'", "srand=0", "'nodes=true'", "'again'", "5 problems"})
        BOOST_TEST(run.output.find(expected) != std::string::npos, expected << " in " << run.output);
    BOOST_TEST(!fs::exists(dir / "r.jsonl"));
    {  // --sgf without a file or --records would write nothing.
        const Run alone = run_arena(quick(dir, {"--sgf"}));
        BOOST_TEST(alone.exit_code == 2, alone.output);
        BOOST_TEST(alone.output.find("--sgf alone writes nothing") != std::string::npos, alone.output);
    }
    {  // --sprt needs exactly two engines.
        const Run three = run_arena({"--engine", "cmd=" + fake("random"), "--engine", "cmd=" + fake("random"),
                                     "--engine", "cmd=" + fake("random"), "--tournament", "round-robin", "--sprt",
                                     "elo0=0", "elo1=10", "alpha=0.05", "beta=0.05", "--results", dir / "3.jsonl"});
        BOOST_TEST(three.exit_code == 2, three.output);
        BOOST_TEST(three.output.find("--sprt tests one engine against another") != std::string::npos, three.output);
    }
}

BOOST_AUTO_TEST_CASE(sgf_and_pgn_record_time_wins_and_forfeits_and_merge_writes_a_pgn) {
    TempDir dir;
    const Run run = run_arena({"--engine",
                               "name=late",
                               "cmd=" + fake("late"),
                               "--engine",
                               "name=crash",
                               "cmd=" + fake("crash"),
                               "--each",
                               "st=0.2",
                               "--board",
                               "9",
                               "--games",
                               "2",
                               "--sgf",
                               dir / "all.sgf",
                               "--pgn",
                               dir / "all.pgn",
                               "--records",
                               dir / "games",
                               "--results",
                               dir / "r.jsonl"});
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
    const auto results = read_results(dir / "r.jsonl");
    BOOST_TEST_REQUIRE(results.size() == 2u);
    std::set<std::string> res;
    for (const auto& r : results) res.insert(sgf_result_of(r));
    // Black's third move comes first: late as black is late (white wins on time), crash as black
    // crashes (white wins by forfeit).
    BOOST_TEST((res == std::set<std::string>{"W+T", "W+F"}));
    sgf_matches_results(dir / "all.sgf", results);
    pgn_matches_results(dir / "all.pgn", results);
    // The per-game files of --records say the same.
    for (const auto& r : results) {
        const std::string file = (fs::path(dir / "games") / game_file_name(r.at("game").get<int>())).string();
        BOOST_TEST(read_text(file).find("RE[" + sgf_result_of(r) + "]") != std::string::npos, read_text(file));
    }

    const Run merged = run_arena({"merge", dir / "r.jsonl", "--pgn", dir / "merged.pgn"});
    BOOST_TEST_REQUIRE(merged.exit_code == 0, merged.output);
    pgn_matches_results(dir / "merged.pgn", results);
}

BOOST_AUTO_TEST_CASE(a_second_different_match_in_the_same_folder_says_what_differs) {
    TempDir dir;
    BOOST_TEST_REQUIRE(run_arena(quick(dir, {})).exit_code == 0);
    auto other = quick(dir, {});
    std::replace(other.begin(), other.end(), std::string("st=1"), std::string("st=0.5"));
    std::replace(other.begin(), other.end(), std::string("7"), std::string("8"));
    const Run run = run_arena(other);
    BOOST_TEST(run.exit_code == 2, run.output);
    BOOST_TEST(run.output.find("What differs") != std::string::npos, run.output);
    BOOST_TEST(run.output.find("timeout_turn 1000") != std::string::npos, run.output);
    BOOST_TEST(run.output.find("timeout_turn 500") != std::string::npos, run.output);
    BOOST_TEST(run.output.find("board 7x7") != std::string::npos, run.output);
    BOOST_TEST(run.output.find("board 8x8") != std::string::npos, run.output);

    // A settings field of the wrong kind is a wrong field, reported, never a crash.
    const auto good = read_results(dir / "r.jsonl");
    auto line = good.front();
    line["settings"] = 5;
    std::ofstream(dir / "bad.jsonl") << line.dump() << "\n" << good.back().dump() << "\n";
    const Run bad = run_arena({"merge", dir / "bad.jsonl"});
    BOOST_TEST(bad.exit_code == 2, bad.output);
    BOOST_TEST(bad.output.find("settings") != std::string::npos, bad.output);
}

BOOST_AUTO_TEST_CASE(an_engine_runs_in_its_own_folder_unless_dir_says_otherwise) {
    // A wrapper that notes the folder it runs in, then becomes the random brain.
    TempDir dir;
    fs::create_directories(dir.path / "engines");
    fs::create_directories(dir.path / "elsewhere");
    const std::string wrapper = dir / "engines/pbrain-where";
    std::ofstream(wrapper) << "#!/bin/sh\npwd > ran-here.txt\nexec " << fake("random") << "\n";
    fs::permissions(wrapper, fs::perms::owner_all);
    auto match = [&](std::vector<std::string> engine_keys, const std::string& results) {
        std::vector<std::string> args{"--engine"};
        args.insert(args.end(), engine_keys.begin(), engine_keys.end());
        args.insert(args.end(), {"--engine", "cmd=" + fake("random"), "--board", "7", "--k", "4", "--games", "2",
                                 "--results", results});
        return run_arena(args, dir.path.string());
    };
    // A relative cmd is found from the arena's folder and runs in its own.
    Run run = match({"cmd=engines/pbrain-where"}, "own.jsonl");
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
    BOOST_TEST(fs::exists(dir.path / "engines/ran-here.txt"));
    BOOST_TEST(fs::equivalent(
        fs::path(read_text(dir / "engines/ran-here.txt").substr(0, read_text(dir / "engines/ran-here.txt").find('\n'))),
        dir.path / "engines"));
    // dir= moves where it runs, never where cmd is found.
    run = match({"cmd=engines/pbrain-where", "dir=elsewhere"}, "elsewhere.jsonl");
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.output);
    BOOST_TEST(fs::exists(dir.path / "elsewhere/ran-here.txt"));
}
