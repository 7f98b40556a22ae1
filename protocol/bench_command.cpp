// `pbrain-tengen bench [--depth N]`: the fixed bench positions to a fixed depth; prints one
// line per position, then the total node count (the search's signature) and nodes per second.
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>

#include "bench.h"
#include "notation.h"
#include "subcommands.h"

namespace tengen {

int bench_main(int argc, char** argv) {
    namespace po = boost::program_options;
    int depth = kDefaultBenchDepth;
    po::options_description options("pbrain-tengen bench: search fixed positions to a fixed depth");
    options.add_options()("help,h", "show this help")(
        "depth,d", po::value<int>(&depth)->default_value(kDefaultBenchDepth), "search depth in plies (1..60)");
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, options), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "pbrain-tengen bench: " << e.what() << "\n" << options;
        return 2;
    }
    if (vm.count("help")) {
        std::cout << options;
        return 0;
    }
    if (depth < 1 || depth > 60) {
        std::cerr << "pbrain-tengen bench: --depth must be from 1 to 60\n";
        return 2;
    }
    const BenchReport report = run_bench(depth, [](const BenchLine& line) {
        std::printf("%-20s depth %2d  best %-5s score %7s  nodes %10llu  %8.1f ms\n", line.name.c_str(), line.depth,
                    line.best == kNoPoint ? "none" : to_letters(line.best).c_str(), format_score(line.score).c_str(),
                    static_cast<unsigned long long>(line.nodes), line.ms);
        std::fflush(stdout);
    });
    std::printf("Positions: %zu\n", report.lines.size());
    std::printf("Total nodes: %llu\n", static_cast<unsigned long long>(report.total_nodes));
    std::printf("Nodes/second: %llu\n", static_cast<unsigned long long>(report.nodes_per_second));
    std::printf("Time: %.2f s\n", report.seconds);
    return 0;
}

}  // namespace tengen
