// `tengen-arena merge`: the standings of several results files (shards of one schedule, or a
// resumed run's pieces), each game counted once by its number; two different games under one
// number are an error.
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>

#include "tournament/arena_commands.h"
#include "tournament/command_line.h"
#include "tournament/game_exports.h"
#include "tournament/results_set.h"
#include "tournament/standings.h"

namespace po = boost::program_options;

namespace tengen {

int merge_command(int argc, char** argv) {
    po::options_description desc(
        "tengen-arena merge A.jsonl B.jsonl ... [--out F] [--pgn F] [--sprt ...] [--pool]\n"
        "Prints the standings of the union of results files (games counted once by number).\n"
        "All files must come from the same schedule, unless --pool. Options");
    // One option a line, as --help lists them.
    // clang-format off
    desc.add_options()
        ("help,h", "show this help")
        ("files", po::value<std::vector<std::string>>()->multitoken(), "results files")
        ("out", po::value<std::string>(), "write the merged results, sorted by game number")
        ("pgn", po::value<std::string>(), "write every game's names and result as PGN (for BayesElo and Ordo)")
        ("pool", "pool runs of other schedules (the same engines, another seed, length or opening file): each "
                 "schedule's games are renumbered after the previous one's, so no pair is mixed")
        ("max-failures", po::value<double>(), "report an engine whose time forfeits and crashes exceed this percent "
                                              "of its games as disqualified")
        ("sprt", po::value<std::vector<std::string>>()->multitoken(),
         "elo0=A elo1=B alpha=X beta=Y [model=normalized|logistic]");
    // clang-format on
    po::variables_map vm;
    if (const auto done = parse_results_command(argc, argv, desc, vm, "tengen-arena merge")) return *done;
    if (!vm.count("files")) {
        std::cout << desc << "\n";
        return 2;
    }
    const auto sprt_given = sprt_option(vm);
    if (!sprt_given) {
        std::cerr << "tengen-arena merge: " << sprt_given.error() << "\n";
        return 2;
    }
    const std::optional<SprtParams> sprt = *sprt_given;

    const auto loaded = load_results_set(vm["files"].as<std::vector<std::string>>(), vm.count("pool") > 0);
    if (!loaded) {
        std::cerr << "tengen-arena merge: " << loaded.error() << "\n";
        return 2;
    }
    const ResultsSet& set = *loaded;
    for (const std::string& w : set.warnings) std::cerr << "tengen-arena merge: " << w << "\n";
    const std::vector<FinishedGame>& games = set.games;

    if (vm.count("out")) {
        std::ofstream out(vm["out"].as<std::string>(), std::ios::trunc);
        for (const FinishedGame& g : games) out << to_json_line(g) << "\n";
        out.close();  // a full disk shows only when the buffer goes out
        if (!out) {
            std::cerr << "tengen-arena merge: cannot write " << vm["out"].as<std::string>() << "\n";
            return 2;
        }
    }
    if (vm.count("pgn"))
        if (const Status written = write_pgn_file(vm["pgn"].as<std::string>(), games); !written.ok()) {
            std::cerr << "tengen-arena merge: " << written.error() << "\n";
            return 2;
        }
    std::cout << games.size() << " games";
    if (set.runs > 1) std::cout << ", pooled from " << set.runs << " runs of different settings";
    std::cout << "\n"
              << format_standings(
                     compute_standings(games, set.names, sprt),
                     vm.count("max-failures") ? std::optional<double>(vm["max-failures"].as<double>()) : std::nullopt);
    return 0;
}

}  // namespace tengen
