// `pbrain-tengen solve`: the exact value of a small k-in-a-row position (ai/exact_solver.h).
#include <boost/program_options.hpp>
#include <cctype>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "protocol/board_options.h"
#include "ai/exact_solver.h"
#include "engine/notation.h"
#include "engine/result.h"
#include "protocol/subcommands.h"
#include "protocol/command_options.h"

namespace tengen {

namespace {

namespace po = boost::program_options;

// The position in people's notation (engine/notation.h): letters or 1-based column,row pairs.
Result<std::vector<Point>> parse_position(const std::string& text) { return parse_person_points(text); }

std::string describe_winner(SolveValue v, Color to_move) {
    switch (v) {
    case SolveValue::Win:
        return fmt::format("win for {} (the side to move)", color_name(to_move));
    case SolveValue::Loss:
        return fmt::format("loss for {} (the side to move): {} wins", color_name(to_move),
                           color_name(opponent(to_move)));
    case SolveValue::Draw:
        return "draw";
    case SolveValue::Unknown:
        break;
    }
    return "unknown";
}

}  // namespace

int solve_main(int argc, char** argv) {
    po::options_description desc(
        "pbrain-tengen solve: the exact value of a small k-in-a-row position\n"
        "(win, draw or loss for the side to move, a best move, the distance in plies)\n\nOptions");
    BoardOptions board_options(GameConfig{4, 4, 3, Rule::Freestyle});
    std::string position;
    std::uint64_t max_nodes = 0;
    double seconds = 0;
    std::size_t hash_mb = 64;
    // One option a line, as --help lists them.
    // clang-format off
    desc.add_options()
        ("help,h", "show this help");
    // clang-format on
    board_options.add_to(desc);
    // One option a line, as --help lists them.
    // clang-format off
    desc.add_options()
        ("position", po::value(&position),
         "moves so far, black first: letters (h8i9 or \"h8 i9\") or column,row pairs from 1 (\"8,8 9,9\" = h8 i9), as play reads them")
        ("max-nodes", po::value(&max_nodes)->default_value(0), "stop after this many nodes (0 = no limit)")
        ("time", po::value(&seconds)->default_value(0), "stop after this many seconds (0 = no limit)")
        ("hash", po::value(&hash_mb)->default_value(hash_mb), "transposition table in MiB")
        ("no-distance", "stop once the value is known (skip the fastest-win / slowest-loss search)");
    // clang-format on
    po::variables_map vm;
    if (const auto done = parse_command_options(argc, argv, {"pbrain-tengen solve", desc}, vm)) return *done;
    auto fail = [](const std::string& why) {
        std::cerr << "pbrain-tengen solve: " << why << '\n';
        return 2;
    };
    const auto wanted = board_options.config(vm);
    if (!wanted) return fail(wanted.error());
    const GameConfig config = *wanted;
    if (seconds < 0) return fail("--time must not be negative");
    if (hash_mb < 1 || hash_mb > 65536) return fail("--hash must be from 1 to 65536 MiB");

    Board board(config);
    if (!position.empty()) {
        const auto moves = parse_position(position);
        if (!moves) return fail(moves.error());
        int number = 0;
        for (const Point p : *moves) {
            ++number;
            if (!board.on_board(p)) return fail(fmt::format("move {} is off the board", number));
            const std::string where = fmt::format("move {} ({})", number, to_letters(p));
            if (!board.is_empty(p)) return fail(where + " is on an occupied point");
            if (board.game_over()) return fail(where + " comes after the end of the game");
            board.play(p);
        }
    }

    SolveLimits limits;
    limits.max_nodes = max_nodes;
    limits.max_seconds = seconds;
    limits.exact_distance = vm.count("no-distance") == 0;
    ExactSolver solver(hash_mb << 20);
    const SolveResult result = solver.solve(board, limits);

    const Color to_move = board.side_to_move();
    std::cout << fmt::format("game: {}x{}, k={}, {}; {} stones, {} to move\n", config.width, config.height,
                             config.win_length, rule_name(config.rule), board.placed_count(), color_name(to_move));
    if (result.value == SolveValue::Unknown) {
        std::cout << fmt::format("value: unknown (stopped by the {} limit; not solved)\n",
                                 max_nodes != 0 && result.nodes >= max_nodes ? "node" : "time");
    } else {
        std::cout << "value: " << describe_winner(result.value, to_move) << '\n';
        std::cout << "best move: "
                  << (result.best == kNoPoint ? std::string("none (the game is over)") : to_letters(result.best))
                  << '\n';
        if (result.value == SolveValue::Draw)
            std::cout << "distance: - (a draw)\n";
        else if (result.distance < 0)
            std::cout << "distance: unknown\n";
        else
            std::cout << fmt::format("distance: {}{} plies{}\n", result.distance_exact ? "" : "at most ",
                                     result.distance,
                                     result.distance_exact ? "" : " (the shortest-win search was stopped)");
    }
    std::cout << fmt::format("nodes: {}\ntime: {:.3f} s\n", result.nodes, result.seconds);
    return 0;
}

}  // namespace tengen
