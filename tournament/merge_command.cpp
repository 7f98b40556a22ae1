// `tengen-arena merge`: the standings of several results files (shards of one schedule, or a
// resumed run's pieces), each game counted once by its number.
#include <algorithm>
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include "arena_commands.h"
#include "command_line.h"
#include "results_file.h"
#include "standings.h"

namespace po = boost::program_options;

namespace tengen {

namespace {
constexpr const char* kPoolHint = " (--pool pools runs of the same engines made with other settings)";
}  // namespace

int merge_command(int argc, char** argv) {
    po::options_description desc(
        "tengen-arena merge A.jsonl B.jsonl ... [--out F] [--sprt ...] [--pool]\n"
        "Prints the standings of the union of results files (games counted once by number).\n"
        "All files must come from the same schedule, unless --pool. Options");
    desc.add_options()
        ("help,h", "show this help")
        ("files", po::value<std::vector<std::string>>()->multitoken(), "results files")
        ("out", po::value<std::string>(), "write the merged results, sorted by game number")
        ("pool", "pool runs of other schedules (the same engines, another seed, length or opening file): each "
                 "schedule's games are renumbered after the previous one's, so no pair is mixed")
        ("max-failures", po::value<double>(), "report an engine whose time forfeits and crashes exceed this percent "
                                              "of its games as disqualified")
        ("sprt", po::value<std::vector<std::string>>()->multitoken(),
         "elo0=A elo1=B alpha=X beta=Y [model=normalized|logistic]");
    po::positional_options_description positional;
    positional.add("files", -1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(desc).positional(positional).run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "tengen-arena merge: " << e.what() << "\n";
        return 2;
    }
    if (vm.count("help") || !vm.count("files")) {
        std::cout << desc << "\n";
        return vm.count("help") ? 0 : 2;
    }
    std::optional<SprtParams> sprt;
    if (vm.count("sprt")) {
        auto parsed = parse_sprt_options(vm["sprt"].as<std::vector<std::string>>());
        if (auto* e = std::get_if<std::string>(&parsed)) {
            std::cerr << "tengen-arena merge: " << *e << "\n";
            return 2;
        }
        sprt = std::get<SprtParams>(parsed);
    }

    const bool pool = vm.count("pool") > 0;
    std::vector<FinishedGame> games;
    std::set<std::pair<std::string, int>> seen;  // (schedule, game): a game's identity
    std::optional<std::string> schedule;
    std::vector<std::string> schedules;  // in the order met
    for (const std::string& path : vm["files"].as<std::vector<std::string>>()) {
        // Resuming treats a missing file as nothing played yet; merging one is a typo.
        if (!std::filesystem::exists(path)) {
            std::cerr << "tengen-arena merge: no such file " << path << "\n";
            return 2;
        }
        auto loaded = load_results(path, pool ? std::nullopt : schedule, false);
        if (auto* e = std::get_if<std::string>(&loaded)) {
            std::cerr << "tengen-arena merge: " << *e;
            if (e->find("another schedule") != std::string::npos) std::cerr << kPoolHint;
            std::cerr << "\n";
            return 2;
        }
        auto& result = std::get<LoadedResults>(loaded);
        if (result.dropped_torn_line) std::cerr << "tengen-arena merge: ignored a torn last line of " << path << "\n";
        for (FinishedGame& g : result.games) {
            if (!schedule) schedule = g.schedule;
            if (g.schedule != *schedule && !pool) {
                std::cerr << "tengen-arena merge: " << path << " holds games of another schedule" << kPoolHint << "\n";
                return 2;
            }
            if (std::find(schedules.begin(), schedules.end(), g.schedule) == schedules.end())
                schedules.push_back(g.schedule);
            if (seen.insert({g.schedule, g.game}).second) games.push_back(std::move(g));
        }
    }
    if (schedules.size() > 1) {
        // Pooled runs must be of the same engines, or the standings would compare others.
        std::set<std::string> engines_of_first, engines;
        for (const FinishedGame& g : games) {
            (g.schedule == schedules.front() ? engines_of_first : engines).insert(g.black);
            (g.schedule == schedules.front() ? engines_of_first : engines).insert(g.white);
        }
        for (const std::string& e : engines)
            if (!engines_of_first.count(e)) {
                std::cerr << "tengen-arena merge: --pool: engine '" << e << "' is not in the first run\n";
                return 2;
            }
        // Each schedule's numbers follow the previous one's (an even offset keeps pairs whole).
        std::map<std::string, int> offset;
        int next = 0;
        for (const std::string& s : schedules) {
            offset[s] = next;
            int top = -1;
            for (const FinishedGame& g : games)
                if (g.schedule == s) top = std::max(top, g.game);
            next += (top + 2) / 2 * 2;
        }
        for (FinishedGame& g : games) {
            g.game += offset[g.schedule];
            g.pair = g.game / 2;
        }
    }
    std::stable_sort(games.begin(), games.end(), [](const FinishedGame& a, const FinishedGame& b) { return a.game < b.game; });

    if (vm.count("out")) {
        std::ofstream out(vm["out"].as<std::string>(), std::ios::trunc);
        for (const FinishedGame& g : games) out << to_json_line(g) << "\n";
        if (!out) {
            std::cerr << "tengen-arena merge: cannot write " << vm["out"].as<std::string>() << "\n";
            return 2;
        }
    }
    // Engine order: the schedule's first engine leads; it is black in even-numbered games.
    std::vector<std::string> names;
    if (!games.empty()) {
        const FinishedGame& g = games.front();
        names = g.game % 2 == 0 ? std::vector{g.black, g.white} : std::vector{g.white, g.black};
    }
    std::cout << games.size() << " games";
    if (schedules.size() > 1) std::cout << ", pooled from " << schedules.size() << " runs of different settings";
    std::cout << "\n" << format_standings(compute_standings(games, names, sprt),
                                                                       vm.count("max-failures")
                                                                           ? std::optional<double>(vm["max-failures"].as<double>())
                                                                           : std::nullopt);
    return 0;
}

}  // namespace tengen
