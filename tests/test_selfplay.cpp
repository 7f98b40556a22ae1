#define BOOST_TEST_MODULE selfplay
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/board.h"
#include "engine/notation.h"
#include "run_program.h"
#include "engine/renju.h"

using namespace tengen;
using tengen::testing::ProgramRun;
using tengen::testing::run_program;
using tengen::testing::RunOptions;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) out.push_back(line);
    return out;
}

std::string selfplay(const std::string& rule, int size, int games, int jobs, int seed,
                     const std::vector<std::string>& extra = {}, int nodes = 300) {
    std::vector<std::string> args{TENGEN_PBRAIN_PATH, "selfplay",
                                  "--rule",           rule,
                                  "--size",           std::to_string(size),
                                  "--games",          std::to_string(games),
                                  "--jobs",           std::to_string(jobs),
                                  "--seed",           std::to_string(seed),
                                  "--nodes",          std::to_string(nodes),
                                  "--opening-nodes",  "300"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto run = run_program(args, RunOptions().within(std::chrono::seconds(120)));
    BOOST_REQUIRE(!run.timed_out);
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    return run.output;
}

// Replays every game on the engine's own Board: each move legal (and never forbidden for black
// in renju), the game over exactly at its last move, and the written result the board's.
void check_games(const std::string& output, int games, Rule rule) {
    const auto lines = lines_of(output);
    BOOST_REQUIRE_EQUAL(lines.size(), static_cast<std::size_t>(games));
    for (std::size_t n = 0; n < lines.size(); ++n) {
        const auto g = nlohmann::json::parse(lines[n]);
        BOOST_CHECK_EQUAL(g.at("game").get<int>(), static_cast<int>(n));
        const GameConfig config{g["board"][0].get<int>(), g["board"][1].get<int>(), g["k"].get<int>(), rule};
        Board board(config);
        const auto moves = parse_letter_sequence(g.at("moves").get<std::string>());
        BOOST_REQUIRE(moves.has_value());
        const int opening = g.at("opening_stones").get<int>();
        BOOST_CHECK_EQUAL(g.at("scores").size(), moves->size() - static_cast<std::size_t>(opening));
        BOOST_CHECK_EQUAL(g.at("best").size(), g.at("scores").size());
        for (std::size_t i = 0; i < moves->size(); ++i) {
            const Point p = (*moves)[i];
            BOOST_REQUIRE_MESSAGE(board.is_legal(p), "game " << n << " move " << i << " illegal");
            if (rule == Rule::Renju && board.side_to_move() == Color::Black)
                BOOST_CHECK_MESSAGE(!is_forbidden_for_black(board, p), "game " << n << " move " << i << " forbidden");
            board.play(p);
            if (i + 1 < moves->size()) BOOST_REQUIRE(!board.game_over());
        }
        const std::string result = g.at("result").get<std::string>();
        const std::string expected = board.status() == GameStatus::BlackWins   ? "black"
                                     : board.status() == GameStatus::WhiteWins ? "white"
                                                                               : "draw";
        BOOST_CHECK_EQUAL(result, expected);
        if (result == "draw") BOOST_CHECK(board.game_over());
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(same_seed_same_bytes_for_any_jobs) {
    const std::string one = selfplay("freestyle", 9, 4, 1, 7);
    const std::string two = selfplay("freestyle", 9, 4, 2, 7);
    BOOST_CHECK_EQUAL(one, two);
    BOOST_CHECK_NE(one, selfplay("freestyle", 9, 4, 2, 8));
}

BOOST_AUTO_TEST_CASE(freestyle_and_exact_games_are_legal_with_right_results) {
    check_games(selfplay("freestyle", 9, 3, 2, 1), 3, Rule::Freestyle);
    check_games(selfplay("exact", 9, 3, 2, 2), 3, Rule::Exact);
}

BOOST_AUTO_TEST_CASE(renju_games_never_play_forbidden_points) {
    check_games(selfplay("renju", 15, 3, 2, 3), 3, Rule::Renju);
}

BOOST_AUTO_TEST_CASE(bad_options_are_refused) {
    const auto run =
        run_program({TENGEN_PBRAIN_PATH, "selfplay", "--jobs", "0"}, RunOptions().within(std::chrono::seconds(20)));
    BOOST_CHECK_EQUAL(run.exit_code, 2);
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

#ifdef TENGEN_TUNE_EVAL_CODES_PATH  // built with the tools (TENGEN_BUILD_TOOLS)
// Fits tengen-tune-eval-codes for one epoch on these records (plus any options) and returns how
// many positions it fitted, as the header it writes names them.
int positions_the_tuner_fits(const std::string& records_text, const std::vector<std::string>& options = {}) {
    const std::filesystem::path tuner = TENGEN_TUNE_EVAL_CODES_PATH;
    const auto stem = std::filesystem::temp_directory_path() / ("tengen-tuner-" + std::to_string(::getpid()));
    const auto records = stem.string() + ".jsonl", table = stem.string() + ".h";
    {
        std::ofstream out(records);
        out << records_text;
    }
    std::vector<std::string> args{tuner.string(), records, "--epochs", "1", "--holdout", "0", "--out", table};
    args.insert(args.end(), options.begin(), options.end());
    const auto run = run_program(args, RunOptions().within(std::chrono::seconds(120)));
    const std::string header = read_file(table);
    std::filesystem::remove(records);
    std::filesystem::remove(table);
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    const auto at = header.find(".jsonl: ");
    BOOST_REQUIRE(at != std::string::npos);
    return std::stoi(header.substr(at + 8));
}

BOOST_AUTO_TEST_CASE(tuner_reads_generated_games) {
    // Every game must have given some positions.
    const int positions = positions_the_tuner_fits(selfplay("freestyle", 15, 4, 2, 5));
    BOOST_TEST_MESSAGE(positions << " positions read");
    BOOST_CHECK_GT(positions, 40);
}

// Records of single positions (a search node each, tools/data/cutoffs_to_positions.py): all
// stones are the opening and one score judges the final position. With --scored-only the
// tuner fits exactly the judged ones; the unjudged one's placeholder result stays out.
BOOST_AUTO_TEST_CASE(tuner_reads_judged_single_positions_and_can_leave_out_the_unjudged) {
    std::ostringstream records;
    for (const auto& [moves, score] : std::vector<std::pair<std::string, std::string>>{
             {"h8 h9 j8 g10", "150"}, {"h8 h9 j8 g10 k7", "null"}, {"d4 l12 e5 k11", "-80"}}) {
        records << R"({"format":"tengen-selfplay-1","rule":"freestyle","board":[15,15],"k":5,"seed":1,"game":0,)"
                << R"("opening_stones":)" << std::count(moves.begin(), moves.end(), ' ') + 1 << R"(,"moves":")" << moves
                << R"(","scores":[)" << score << R"(],"best":[],"result":"draw"})"
                << "\n";
    }
    BOOST_CHECK_EQUAL(positions_the_tuner_fits(records.str(), {"--score-weight", "1"}), 3);
    BOOST_CHECK_EQUAL(positions_the_tuner_fits(records.str(), {"--score-weight", "1", "--scored-only"}), 2);
}
#endif

// --cutoffs: the searches' sampled cutoffs, each a position reached by legal moves with the
// refutation legal in it, the same for any --jobs, and lines the order tuner reads as games.
BOOST_AUTO_TEST_CASE(cutoffs_are_legal_refutations_the_order_tuner_reads) {
    const auto stem = std::filesystem::temp_directory_path() / ("tengen-cutoffs-" + std::to_string(::getpid()));
    const std::string one = stem.string() + "-1.jsonl", two = stem.string() + "-2.jsonl", table = stem.string() + ".h";
    selfplay("freestyle", 15, 2, 1, 4, {"--cutoffs", one}, 5000);
    selfplay("freestyle", 15, 2, 2, 4, {"--cutoffs", two}, 5000);
    const std::string cutoffs = read_file(one);
    BOOST_CHECK(cutoffs == read_file(two));
    const auto lines = lines_of(cutoffs);
    BOOST_TEST_MESSAGE(lines.size() << " cutoffs");
    BOOST_REQUIRE_GT(lines.size(), 20u);
    for (const std::string& line : lines) {
        const auto c = nlohmann::json::parse(line);
        BOOST_CHECK_GE(c.at("depth").get<int>(), 2);
        Board board(GameConfig{c["board"][0].get<int>(), c["board"][1].get<int>(), c["k"].get<int>(), Rule::Freestyle});
        const std::string stones = c.at("opening").get<std::string>();
        for (std::size_t start = 0; start < stones.size();) {
            const std::size_t end = std::min(stones.find(',', start), stones.size());
            const auto p = parse_letters(std::string_view(stones).substr(start, end - start));
            BOOST_REQUIRE(p.has_value());
            BOOST_REQUIRE(board.is_legal(*p));
            board.play(*p);
            start = end + 1;
        }
        BOOST_REQUIRE(!board.game_over());
        const Point move{c["moves"][0].at("x").get<int>(), c["moves"][0].at("y").get<int>()};
        BOOST_CHECK_MESSAGE(board.is_legal(move), line);
    }
#ifdef TENGEN_TUNE_ORDER_PATH  // built with the tools (TENGEN_BUILD_TOOLS)
    const std::filesystem::path tuner = TENGEN_TUNE_ORDER_PATH;
    const auto run = run_program({tuner.string(), one, "--fine", "--epochs", "1", "--out", table},
                                 RunOptions().within(std::chrono::seconds(120)));
    const std::string header = read_file(table);
    for (const auto& f : {one, two, table}) std::filesystem::remove(f);
    BOOST_REQUIRE_EQUAL(run.exit_code, 0);
    BOOST_CHECK(header.find("kOrderAttack") != std::string::npos);
    std::string fitted_on = " (";  // the header names how many positions it was fitted on
    fitted_on += std::to_string(lines.size());
    BOOST_CHECK(header.find(fitted_on + " positions") != std::string::npos);
#else
    for (const auto& f : {one, two}) std::filesystem::remove(f);
#endif
}

// Shards and resumption: a self-play run is data that takes hours, so it is split over
// machines and survives being stopped, as an arena run does.
namespace {

struct ScratchDir {
    std::filesystem::path path;
    ScratchDir()
        : path(std::filesystem::temp_directory_path() / ("tengen-selfplay-files-" + std::to_string(::getpid()))) {
        std::filesystem::create_directories(path);
    }
    ~ScratchDir() { std::filesystem::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

const std::vector<std::string> kSmallRun{"--size", "9", "--nodes", "300", "--opening-nodes", "300"};

// Six games of a small run unless told otherwise.
ProgramRun selfplay_run(const std::vector<std::string>& extra, int games = 6) {
    std::vector<std::string> args{TENGEN_PBRAIN_PATH, "selfplay", "--games", std::to_string(games)};
    args.insert(args.end(), kSmallRun.begin(), kSmallRun.end());
    args.insert(args.end(), extra.begin(), extra.end());
    const auto run = run_program(args, RunOptions().within(std::chrono::seconds(120)));
    BOOST_REQUIRE(!run.timed_out);
    return run;
}

ProgramRun merge_run(const std::vector<std::string>& files) {
    std::vector<std::string> args{TENGEN_PBRAIN_PATH, "selfplay", "merge"};
    args.insert(args.end(), files.begin(), files.end());
    const auto run = run_program(args, RunOptions().within(std::chrono::seconds(60)));
    BOOST_REQUIRE(!run.timed_out);
    return run;
}

void write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

}  // namespace

BOOST_AUTO_TEST_CASE(shards_merged_are_the_whole_run_byte_for_byte) {
    const ScratchDir dir;
    const auto whole = selfplay_run({"--seed", "7"});
    BOOST_REQUIRE_EQUAL(whole.exit_code, 0);
    for (const char* shard : {"0/3", "1/3", "2/3"}) {
        const std::string name = std::string("shard") + shard[0] + ".jsonl";
        BOOST_REQUIRE_EQUAL(selfplay_run({"--seed", "7", "--shard", shard, "-o", dir.file(name)}).exit_code, 0);
        BOOST_CHECK_EQUAL(lines_of(read_file(dir.file(name))).size(), 2u);
    }
    // In any order of files, and a shard given twice counts once.
    const auto merged = merge_run(
        {dir.file("shard2.jsonl"), dir.file("shard0.jsonl"), dir.file("shard1.jsonl"), dir.file("shard0.jsonl")});
    BOOST_REQUIRE_EQUAL(merged.exit_code, 0);
    BOOST_CHECK_EQUAL(merged.output, whole.output);
    // A shard still missing is named as a hole, not hidden.
    const auto partial = merge_run({dir.file("shard0.jsonl"), dir.file("shard1.jsonl")});
    BOOST_CHECK_EQUAL(partial.exit_code, 0);
    BOOST_CHECK_MESSAGE(partial.errors.find("games 0..4, 1 missing (2)") != std::string::npos, partial.errors);
}

BOOST_AUTO_TEST_CASE(a_run_cut_off_mid_line_resumes_to_the_same_bytes) {
    const ScratchDir dir;
    const auto whole = selfplay_run({"--seed", "7"});
    BOOST_REQUIRE_EQUAL(whole.exit_code, 0);
    // Two whole games and half of the third, as a kill while writing leaves the file.
    const auto lines = lines_of(whole.output);
    const std::string cut = lines[0] + "\n" + lines[1] + "\n" + lines[2].substr(0, lines[2].size() / 2);
    write_file(dir.file("run.jsonl"), cut);
    const auto resumed = selfplay_run({"--seed", "7", "-o", dir.file("run.jsonl")});
    BOOST_CHECK_EQUAL(resumed.exit_code, 0);
    BOOST_CHECK(resumed.errors.find("holds 2 of 6 games") != std::string::npos);
    BOOST_CHECK_EQUAL(read_file(dir.file("run.jsonl")), whole.output);
    // Finished: running it again plays nothing and changes nothing; a larger --games grows it.
    BOOST_CHECK_EQUAL(selfplay_run({"--seed", "7", "-o", dir.file("run.jsonl")}).exit_code, 0);
    BOOST_CHECK_EQUAL(read_file(dir.file("run.jsonl")), whole.output);
    BOOST_CHECK_EQUAL(selfplay_run({"--seed", "7", "-o", dir.file("run.jsonl")}, 7).exit_code, 0);
    BOOST_CHECK_EQUAL(lines_of(read_file(dir.file("run.jsonl"))).size(), 7u);
}

BOOST_AUTO_TEST_CASE(an_output_holding_anything_else_is_refused_and_left_alone) {
    const ScratchDir dir;
    const auto seven = selfplay_run({"--seed", "7"});
    write_file(dir.file("run.jsonl"), seven.output);
    // Another seed's run, fewer games than the file holds, and a file that is no self-play at all.
    const auto other_seed = selfplay_run({"--seed", "8", "-o", dir.file("run.jsonl")});
    BOOST_CHECK_EQUAL(other_seed.exit_code, 2);
    BOOST_CHECK(other_seed.errors.find("seed 8") != std::string::npos);
    const auto fewer = selfplay_run({"--seed", "7", "-o", dir.file("run.jsonl")}, 3);
    BOOST_CHECK_EQUAL(fewer.exit_code, 2);
    BOOST_CHECK_EQUAL(read_file(dir.file("run.jsonl")), seven.output);
    const std::string results = R"({"game":0,"result":"1-0"})"
                                "\n";
    write_file(dir.file("results.jsonl"), results);
    BOOST_CHECK_EQUAL(selfplay_run({"-o", dir.file("results.jsonl")}).exit_code, 2);
    BOOST_CHECK_EQUAL(read_file(dir.file("results.jsonl")), results);
    BOOST_CHECK_EQUAL(selfplay_run({"--shard", "3/3"}).exit_code, 2);
    BOOST_CHECK_EQUAL(selfplay_run({"--shard", "1"}).exit_code, 2);
    BOOST_CHECK_EQUAL(selfplay_run({}, 2'000'000'000).exit_code, 2);  // refused, not a failed allocation
}

BOOST_AUTO_TEST_CASE(network_games_say_so_and_never_continue_a_run_of_the_tables) {
    const ScratchDir dir;
    const std::string network = selfplay("freestyle", 9, 2, 1, 7, {"--evaluator", "network"});
    check_games(network, 2, Rule::Freestyle);
    for (const auto& line : lines_of(network))
        BOOST_CHECK_EQUAL(nlohmann::json::parse(line).at("evaluator"), "network");
    const std::string tables = selfplay("freestyle", 9, 2, 1, 7, {"--evaluator", "tables"});
    for (const auto& line : lines_of(tables)) BOOST_CHECK(!nlohmann::json::parse(line).contains("evaluator"));
    BOOST_CHECK_NE(network, tables);  // the network judged the games
    // The default, auto, is the network in freestyle and the tables in renju: the same games.
    BOOST_CHECK_EQUAL(selfplay("freestyle", 9, 2, 1, 7), network);
    BOOST_CHECK_EQUAL(selfplay("renju", 9, 2, 1, 7), selfplay("renju", 9, 2, 1, 7, {"--evaluator", "tables"}));
    // Portable kernels play the same games, byte for byte.
    BOOST_CHECK_EQUAL(selfplay("freestyle", 9, 2, 1, 7, {"--evaluator", "network", "--portable-kernels"}), network);
    // A run of the tables (the same settings otherwise) is not resumed by the network.
    const std::string run_of_tables = selfplay_run({"--seed", "7", "--evaluator", "tables"}, 2).output;
    write_file(dir.file("run.jsonl"), run_of_tables);
    const auto mixed = selfplay_run({"--seed", "7", "--evaluator", "network", "-o", dir.file("run.jsonl")}, 2);
    BOOST_CHECK_EQUAL(mixed.exit_code, 2);
    BOOST_CHECK(mixed.errors.find("network") != std::string::npos);
    BOOST_CHECK_EQUAL(read_file(dir.file("run.jsonl")), run_of_tables);
    BOOST_CHECK_EQUAL(selfplay_run({"--seed", "7", "-o", dir.file("run.jsonl")}, 3).exit_code, 2);  // nor auto
    BOOST_CHECK_EQUAL(read_file(dir.file("run.jsonl")), run_of_tables);
    BOOST_CHECK_EQUAL(selfplay_run({"--seed", "7", "--evaluator", "tables", "-o", dir.file("run.jsonl")}, 3).exit_code,
                      0);  // the tables may
    BOOST_CHECK_EQUAL(selfplay_run({"--evaluator", "neural"}).exit_code, 2);
}

BOOST_AUTO_TEST_CASE(merge_refuses_two_games_under_one_number_and_files_that_are_not_selfplay) {
    const ScratchDir dir;
    const auto seven = selfplay_run({"--seed", "7"});
    const auto eight = selfplay_run({"--seed", "8"});
    write_file(dir.file("seven.jsonl"), seven.output);
    // Seed 8's games relabelled as seed 7's: the same numbers, other games.
    std::string relabelled = eight.output;
    for (std::size_t at; (at = relabelled.find("\"seed\":8,")) != std::string::npos;)
        relabelled.replace(at, 9, "\"seed\":7,");
    write_file(dir.file("clash.jsonl"), relabelled);
    const auto clash = merge_run({dir.file("seven.jsonl"), dir.file("clash.jsonl"), "-o", dir.file("out.jsonl")});
    BOOST_CHECK_EQUAL(clash.exit_code, 2);
    // The default judges freestyle by the network, and the description says so.
    BOOST_CHECK(clash.errors.find("game 0 (freestyle 9x9 k=5, seed 7, 300 nodes, network) differs") !=
                std::string::npos);
    BOOST_CHECK(!std::filesystem::exists(dir.file("out.jsonl")));
    write_file(dir.file("other.jsonl"), "{\"format\":\"tengen-selfplay-1\",\"rule\":\"freestyle\"}\n");
    const auto other = merge_run({dir.file("other.jsonl")});
    BOOST_CHECK_EQUAL(other.exit_code, 2);
    BOOST_CHECK(other.errors.find("other.jsonl line 1: it has no \"board\"") != std::string::npos);
    BOOST_CHECK(other.errors.find("json.exception") == std::string::npos);
    // Two runs of different seeds pool into one file, each run in game order.
    write_file(dir.file("eight.jsonl"), eight.output);
    const auto pooled = merge_run({dir.file("eight.jsonl"), dir.file("seven.jsonl")});
    BOOST_CHECK_EQUAL(pooled.exit_code, 0);
    BOOST_CHECK_EQUAL(pooled.output, seven.output + eight.output);
}

// relabel: the positions where the result and the shallow score part are searched again,
// deeper, and the deep score written beside the shallow one; the rest of the record untouched.
BOOST_AUTO_TEST_CASE(relabel_searches_again_exactly_where_result_and_score_disagree) {
    const ScratchDir dir;
    // 11x11: on 9x9 the small searches draw most games, and a draw leaves little to disagree on.
    write_file(dir.file("games.jsonl"), selfplay("freestyle", 11, 4, 2, 11));
    auto relabel = [&](const std::string& out, const std::vector<std::string>& extra) {
        std::vector<std::string> args{TENGEN_PBRAIN_PATH, "selfplay", "relabel", dir.file("games.jsonl"), "-o",
                                      dir.file(out),      "--nodes",  "3000"};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto run = run_program(args, RunOptions().within(std::chrono::seconds(120)));
        BOOST_REQUIRE_EQUAL(run.exit_code, 0);
        return read_file(dir.file(out));
    };
    const std::string relabelled = relabel("one.jsonl", {"--min-disagreement", "0.3", "--scale", "400"});
    const auto in = lines_of(read_file(dir.file("games.jsonl"))), out = lines_of(relabelled);
    BOOST_REQUIRE_EQUAL(out.size(), in.size());
    int searched = 0, kept = 0;
    for (std::size_t g = 0; g < in.size(); ++g) {
        // The original record, byte for byte, up to its closing brace.
        BOOST_CHECK_EQUAL(out[g].substr(0, in[g].size() - 1), in[g].substr(0, in[g].size() - 1));
        const auto record = nlohmann::json::parse(out[g]);
        BOOST_CHECK_EQUAL(record.at("deep_nodes").get<int>(), 3000);
        const auto& scores = record.at("scores");
        const auto& deep = record.at("deep");
        const auto& deep_best = record.at("deep_best");
        BOOST_REQUIRE_EQUAL(deep.size(), scores.size());
        BOOST_REQUIRE_EQUAL(deep_best.size(), scores.size());
        // Where it searched, the move it found is legal in that position.
        Board board(GameConfig{11, 11, 5, Rule::Freestyle});
        const auto moves = parse_letter_sequence(record.at("moves").get<std::string>());
        BOOST_REQUIRE(moves.has_value());
        const int opening = record.at("opening_stones").get<int>();
        const std::string result = record.at("result").get<std::string>();
        for (std::size_t i = 0; i < scores.size(); ++i) {
            const int score = scores[i].get<int>();
            const bool black_to_move = (opening + static_cast<int>(i)) % 2 == 0;
            const double outcome = result == "draw" ? 0.5 : (result == "black") == black_to_move ? 1.0 : 0.0;
            const double win = 1 / (1 + std::exp(-score / 400.0));
            const bool disagree = std::abs(score) < 29000 && std::abs(win - outcome) >= 0.3;
            BOOST_CHECK_MESSAGE(deep[i].is_null() != disagree, "game " << g << " position " << i);
            BOOST_CHECK_EQUAL(deep_best[i].is_null(), deep[i].is_null());
            if (i == 0)
                for (int m = 0; m < opening; ++m) board.play((*moves)[static_cast<std::size_t>(m)]);
            if (!deep_best[i].is_null()) {
                const auto best = parse_letters(deep_best[i].get<std::string>());
                BOOST_REQUIRE(best.has_value());
                BOOST_CHECK(board.is_legal(*best));
            }
            board.play((*moves)[static_cast<std::size_t>(opening) + i]);
            (disagree ? searched : kept) += 1;
        }
    }
    BOOST_TEST_MESSAGE(searched << " positions searched again, " << kept << " kept");
    BOOST_CHECK_GT(searched, 0);
    BOOST_CHECK_GT(kept, 0);
    // The same bytes on two threads, and after a cut-off run is resumed.
    BOOST_CHECK_EQUAL(relabel("two.jsonl", {"--min-disagreement", "0.3", "--jobs", "2"}), relabelled);
    write_file(dir.file("cut.jsonl"), out[0] + "\n" + out[1].substr(0, 40));
    BOOST_CHECK_EQUAL(relabel("cut.jsonl", {"--min-disagreement", "0.3"}), relabelled);
}
