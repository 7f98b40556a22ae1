#include "protocol/play_options.h"

#include <boost/program_options.hpp>
#include <ostream>
#include <string>

#include "protocol/board_options.h"
#include "protocol/evaluator_options.h"
#include "protocol/command_options.h"

namespace tengen {

namespace po = boost::program_options;

PlayOptionsOutcome parse_play_options(int argc, char** argv, std::ostream& out, std::ostream& err) {
    po::options_description desc(
        "pbrain-tengen play: a game in the terminal\n"
        "Moves are typed as h8 (column letter, row number; row 1 is the top row) or 8,8\n"
        "(column 8, row 8, counted from 1: the same point as h8). Type help in the game\n"
        "for the commands (undo, hint, new, save FILE, load FILE, quit).\n\nOptions");
    std::string mode = "hve", human = "black";
    BoardOptions board_options(GameConfig{});
    double seconds = 1.0;
    std::size_t hash_mb = 64;
    // One option a line, as --help lists them.
    // clang-format off
    desc.add_options()
        ("help,h", "show this help")
        ("mode", po::value(&mode)->default_value(mode),
         "hve: human against the engine, hvh: two humans, eve: the engine against itself")
        ("human", po::value(&human)->default_value(human), "your colour against the engine: black (moves first) or white");
    // clang-format on
    board_options.add_to(desc);
    // One option a line, as --help lists them.
    // clang-format off
    desc.add_options()
        ("time", po::value(&seconds)->default_value(seconds), "the engine's seconds per move (0 = as fast as it can)")
        ("hash", po::value(&hash_mb)->default_value(hash_mb), "the engine's hash table in MiB")
        ("no-color", "plain text even on a terminal");
    // clang-format on
    add_evaluator_options(desc);
    po::variables_map vm;
    if (const auto done = parse_command_options(argc, argv, {"pbrain-tengen play", desc}, vm, out, err))
        return {std::nullopt, *done};
    auto fail = [&](const std::string& why) {
        err << "pbrain-tengen play: " << why << '\n';
        return PlayOptionsOutcome{std::nullopt, 2};
    };

    PlayOptions options;
    if (mode == "hve" || mode == "human-engine")
        options.mode = PlayMode::HumanVsEngine;
    else if (mode == "hvh" || mode == "human-human")
        options.mode = PlayMode::HumanVsHuman;
    else if (mode == "eve" || mode == "engine-engine")
        options.mode = PlayMode::EngineVsEngine;
    else
        return fail("unknown --mode '" + mode + "' (hve, hvh or eve)");

    if (human == "black" || human == "b" || human == "x")
        options.human = Color::Black;
    else if (human == "white" || human == "w" || human == "o")
        options.human = Color::White;
    else
        return fail("unknown --human '" + human + "' (black or white)");

    const auto config = board_options.config(vm);
    if (!config) return fail(config.error());
    options.config = *config;

    if (!(seconds >= 0) || seconds > 3600) return fail("--time must be from 0 to 3600 seconds");
    options.engine_seconds = seconds;
    if (hash_mb < 1 || hash_mb > 65536) return fail("--hash must be from 1 to 65536 MiB");
    options.hash_mb = hash_mb;
    options.color = vm.count("no-color") == 0;
    const auto evaluator = evaluator_choice(vm);
    if (!evaluator) return fail(evaluator.error());
    options.evaluator = *evaluator;
    return {options, 0};
}

}  // namespace tengen
