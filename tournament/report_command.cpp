// `tengen-arena report A.jsonl ... --html OUT.html`: the self-contained page of html_report.h.
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>

#include "tournament/arena_commands.h"
#include "tournament/command_line.h"
#include "tournament/html_report.h"
#include "tournament/results_set.h"

namespace po = boost::program_options;

namespace tengen {

int report_command(int argc, char** argv) {
    po::options_description desc(
        "tengen-arena report A.jsonl B.jsonl ... --html OUT.html [--sprt ...] [--pool]\n"
        "Writes one self-contained HTML page of the results files (read as merge reads them):\n"
        "standings, crosstable, Elo and LLR over the games, the openings one colour won both\n"
        "times, and every game on a board (OUT.html#game=N&move=M opens one). Options");
    // One option a line, as --help lists them.
    // clang-format off
    desc.add_options()
        ("help,h", "show this help")
        ("files", po::value<std::vector<std::string>>()->multitoken(), "results files")
        ("html", po::value<std::string>(), "the page to write")
        ("pool", "pool runs of other schedules (the same engines, another seed, length or opening file)")
        ("sprt", po::value<std::vector<std::string>>()->multitoken(),
         "elo0=A elo1=B alpha=X beta=Y [model=normalized|logistic]: the test the LLR plot follows "
         "(default elo0=0 elo1=10 alpha=0.05 beta=0.05)");
    // clang-format on
    po::variables_map vm;
    if (const auto done = parse_results_command(argc, argv, desc, vm, "tengen-arena report")) return *done;
    if (!vm.count("files") || !vm.count("html")) {
        std::cerr << "tengen-arena report: needs results files and --html OUT.html (see --help)\n";
        return 2;
    }
    ReportSettings settings;
    settings.files = vm["files"].as<std::vector<std::string>>();
    const auto sprt = sprt_option(vm);
    if (!sprt) {
        std::cerr << "tengen-arena report: " << sprt.error() << "\n";
        return 2;
    }
    settings.sprt = *sprt;
    const auto loaded = load_results_set(settings.files, vm.count("pool") > 0);
    if (!loaded) {
        std::cerr << "tengen-arena report: " << loaded.error() << "\n";
        return 2;
    }
    const ResultsSet& set = *loaded;
    for (const std::string& w : set.warnings) std::cerr << "tengen-arena report: " << w << "\n";
    const std::string path = vm["html"].as<std::string>();
    std::ofstream out(path, std::ios::trunc | std::ios::binary);
    out << html_report(set, settings);
    out.close();
    if (!out) {
        std::cerr << "tengen-arena report: cannot write " << path << "\n";
        return 2;
    }
    std::cout << "wrote " << path << ": " << set.games.size() << " games\n";
    return 0;
}

}  // namespace tengen
