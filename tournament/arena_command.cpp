// The tournament command: its options read (arena_options.h) into settings (arena_settings.h),
// then the run (or --openings-generate's openings).
#include <boost/program_options.hpp>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <unistd.h>

#include "engine/version.h"
#include "tournament/arena_commands.h"
#include "tournament/arena_options.h"
#include "tournament/arena_settings.h"
#include "tournament/child_process.h"
#include "tournament/live_server.h"
#include "tournament/opening_generator.h"
#include "tournament/tournament_runner.h"

namespace po = boost::program_options;

namespace tengen {

namespace {

// The command as typed, quoted for a POSIX shell where needed: the resume hint after Ctrl-C.
std::string shell_quoted(int argc, char** argv) {
    std::string out;
    for (int i = 0; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool plain = !arg.empty() && arg.find_first_not_of(
                                               "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                               "0123456789_-+=.,/:@%") == std::string::npos;
        if (i > 0) out += ' ';
        if (plain) {
            out += arg;
            continue;
        }
        out += '\'';
        for (char c : arg) {
            if (c == '\'')
                out += "'\\''";
            else
                out += c;
        }
        out += '\'';
    }
    return out;
}

int generate_openings(const po::variables_map& vm, const GameConfig& config) {
    if (!vm.count("out")) {
        std::cerr << "tengen-arena: --openings-generate needs --out FILE\n";
        return 2;
    }
    GenerateSettings g;
    g.count = vm["openings-generate"].as<int>();
    g.config = config;
    g.stones = vm["opening-stones"].as<int>();
    g.seed = vm["seed"].as<std::uint64_t>();
    g.balance = vm["balance"].as<int>();
    g.search_depth = vm["generate-depth"].as<int>();
    g.search_ms = vm["generate-ms"].as<std::int64_t>();
    g.radius = std::min({3, (config.width - 1) / 2, (config.height - 1) / 2});
    if (g.count < 1 || g.stones < 1 || g.stones > (2 * g.radius + 1) * (2 * g.radius + 1) - 1) {
        std::cerr << "tengen-arena: --openings-generate needs N >= 1 and a stone count that fits near the centre\n";
        return 2;
    }
    const bool live = ::isatty(STDERR_FILENO);
    const auto openings = generate_balanced_openings(g, [&](int found, int tried) {
        if (live)
            std::cerr << "\r" << found << "/" << g.count << " balanced openings, " << tried << " tried" << std::flush;
    });
    if (live) std::cerr << "\n";
    std::ofstream out(vm["out"].as<std::string>(), std::ios::trunc);
    for (const auto& stones : openings) out << opening_to_offsets(stones, config) << "\n";
    out.close();  // a full disk shows only when the buffer goes out
    if (!out) {
        std::cerr << "tengen-arena: cannot write " << vm["out"].as<std::string>() << "\n";
        return 2;
    }
    std::cout << "wrote " << openings.size() << " openings to " << vm["out"].as<std::string>() << "\n";
    return openings.size() == static_cast<std::size_t>(g.count) ? 0 : 1;
}

// With WINEPREFIX set the arena owns that prefix: `wineserver -k` ends every process in it
// (a brain's helpers, or a brain Wine kept alive after its loader was killed). Without
// it the prefix is the user's own, shared with their other Windows programs, so it is left
// alone: its wineserver quits by itself a few seconds after its last process.
void stop_private_wine(const std::vector<BrainSpec>& brains) {
    const char* prefix = std::getenv("WINEPREFIX");
    if (!prefix || !*prefix) return;
    if (std::none_of(brains.begin(), brains.end(), [](const BrainSpec& e) { return e.wine; })) return;
    ChildProcess server;
    if (!server.start({"wineserver", "-k"}, "").ok()) return;
    if (!server.wait_exit(std::chrono::steady_clock::now() + std::chrono::seconds(10))) server.kill();
}

// A failure's message, each line after "tengen-arena: "; the bad command line's exit status.
int fail(const std::string& message) {
    std::size_t from = 0;
    while (from <= message.size()) {
        const auto end = std::min(message.find('\n', from), message.size());
        std::cerr << "tengen-arena: " << message.substr(from, end - from) << "\n";
        from = end + 1;
    }
    return 2;
}

}  // namespace

int arena_command(int argc, char** argv) {
    const po::options_description desc = arena_options();
    const auto read = parse_arena_options(desc, std::vector<std::string>(argv + 1, argv + argc));
    if (!read) return fail(read.error());
    const po::variables_map& vm = read->vm;
    if (vm.count("version")) {
        std::cout << "tengen-arena " << kTengenVersion << "\n";
        return 0;
    }
    if (vm.count("help") || argc == 1) {
        std::cout << desc << "\n";
        return 0;
    }
    if (vm.count("openings-generate")) {
        const auto config = game_config_from(vm);
        if (!config) return fail(config.error());
        return generate_openings(vm, *config);
    }
    auto settings = settings_from(*read, std::cerr);
    if (!settings) return fail(settings.error());
    TournamentSettings& t = *settings;
    t.command_line = shell_quoted(argc, argv);
    t.live_progress = ::isatty(STDOUT_FILENO);

    std::unique_ptr<LiveServer> live;
    if (vm.count("live")) {
        const int port = vm["live"].as<int>();
        if (port < 0 || port > 65535) return fail("--live needs a port from 0 to 65535");
        auto opened = LiveServer::open(
            {vm["live-address"].as<std::string>(), static_cast<unsigned short>(port), 64, {t.sprt, {t.results_path}}});
        if (!opened) return fail("--live: " + opened.error());
        live = std::move(*opened);
        std::cout << "live report at " << live->url() << std::endl;
    }
    const int code = run_tournament(t, std::cout, std::cerr, live.get());
    stop_private_wine(t.brains);
    return code;
}

}  // namespace tengen
