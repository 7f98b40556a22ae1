// `pbrain-tengen bench [--depth N] [--positions FILE [board options]]`: the fixed bench positions (or the
// file's) to a fixed depth; prints one line per position, then the total node count (the
// search's signature) and nodes per second.
#include <boost/program_options.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "ai/bench.h"
#include "protocol/board_options.h"
#include "protocol/evaluator_options.h"
#include "engine/notation.h"
#include "protocol/subcommands.h"
#include "protocol/command_options.h"

namespace tengen {

int bench_main(int argc, char** argv) {
    namespace po = boost::program_options;
    int depth = kDefaultBenchDepth;
    std::string positions_file;
    BoardOptions board_options(GameConfig{});
    po::options_description options("pbrain-tengen bench: search fixed positions to a fixed depth");
    // One option a line, as --help lists them.
    // clang-format off
    options.add_options()("help,h", "show this help")(
        "depth,d", po::value<int>(&depth)->default_value(kDefaultBenchDepth), "search depth in plies (1..60)")(
        "positions", po::value<std::string>(&positions_file),
        "search the games in this file instead (one a line, letter notation, black first: \"h8 i9 h9\"; "
        "'#' starts a comment line; the board options below say what game they are)");
    // clang-format on
    board_options.add_to(options);
    add_evaluator_options(options);
    po::variables_map vm;
    if (const auto done = parse_command_options(argc, argv, {"pbrain-tengen bench", options}, vm)) return *done;
    if (depth < 1 || depth > 60) {
        std::cerr << "pbrain-tengen bench: --depth must be from 1 to 60\n";
        return 2;
    }
    const auto evaluator = evaluator_choice(vm);
    if (!evaluator) {
        std::cerr << "pbrain-tengen bench: " << evaluator.error() << "\n";
        return 2;
    }
    std::vector<BenchPosition> positions = bench_positions();
    if (!positions_file.empty()) {
        const auto config = board_options.config(vm);
        if (!config) {
            std::cerr << "pbrain-tengen bench: " << config.error() << "\n";
            return 2;
        }
        std::ifstream in(positions_file);
        if (!in) {
            std::cerr << "pbrain-tengen bench: cannot read " << positions_file << "\n";
            return 2;
        }
        auto parsed = parse_positions(in, positions_file, *config);
        if (!parsed) {
            std::cerr << "pbrain-tengen bench: " << parsed.error() << "\n";
            return 2;
        }
        positions = std::move(parsed).value();
    }
    const BenchReport report = run_bench(
        depth, positions,
        [](const BenchLine& line) {
            std::printf("%-24s depth %2d  best %-5s score %7s  nodes %10llu  %8.1f ms\n", line.name.c_str(), line.depth,
                        line.best == kNoPoint ? "none" : to_letters(line.best).c_str(),
                        format_score(line.score).c_str(), static_cast<unsigned long long>(line.nodes), line.ms);
            std::fflush(stdout);
        },
        *evaluator);
    std::printf("Evaluator: %s\n", evaluator_description(*evaluator).c_str());
    std::printf("Positions: %zu\n", report.lines.size());
    std::printf("Total nodes: %llu\n", static_cast<unsigned long long>(report.total_nodes));
    std::printf("Nodes/second: %llu\n", static_cast<unsigned long long>(report.nodes_per_second));
    std::printf("Time: %.3f s searching, %.3f s in all\n", report.search_seconds, report.seconds);
    return 0;
}

}  // namespace tengen
