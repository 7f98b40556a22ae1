// `pbrain-tengen selfplay`: training games of Tengen against itself, one JSON line a game
// (format in docs/training-data.md). Every search runs on one thread with a node limit and no
// clock, and every game draws its randomness from (seed, game number) alone, so the output is
// the same on any machine and for any --jobs; `--shard I/N` plays every N-th game of the same
// run, and an output file that already holds games of the run is resumed, never overwritten.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "ai/player.h"
#include "engine/text.h"
#include "protocol/board_options.h"
#include "protocol/evaluator_options.h"
#include "protocol/ordered_jobs.h"
#include "protocol/selfplay_file.h"
#include "protocol/selfplay_game.h"
#include "protocol/subcommands.h"
#include "protocol/command_options.h"

namespace tengen {

namespace {

struct Shard {
    int index = 0;
    int count = 1;
};

// "I/N" with 0 <= I < N.
Result<Shard> parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    if (slash != std::string::npos) {
        const auto index = parse_integer<int>(std::string_view(text).substr(0, slash));
        const auto count = parse_integer<int>(std::string_view(text).substr(slash + 1));
        if (index && count && *count >= 1 && *index >= 0 && *index < *count) return Shard{*index, *count};
    }
    return Failure{fmt::format("--shard {} is not I/N with 0 <= I < N (0/4 is the first of four)", text)};
}

// The games this command plays, in the order it writes them.
std::vector<int> games_of(int games, Shard shard) {
    std::vector<int> out;
    for (int g = shard.index; g < games; g += shard.count) out.push_back(g);
    return out;
}

}  // namespace

int selfplay_main(int argc, char** argv) {
    if (argc >= 2 && std::string_view(argv[1]) == "merge") return selfplay_merge_main(argc - 1, argv + 1);
    if (argc >= 2 && std::string_view(argv[1]) == "relabel") return selfplay_relabel_main(argc - 1, argv + 1);
    namespace po = boost::program_options;
    SelfplaySettings s;
    int jobs = 1;
    std::string output, cutoffs_path, shard_text = "0/1";
    BoardOptions board_options(GameConfig{});
    po::options_description options(
        "pbrain-tengen selfplay: seeded self-play games at a fixed node count, one JSON line a game");
    // One option a line, as --help lists them.
    // clang-format off
    options.add_options()("help,h", "show this help")(
        "games,n", po::value<int>(&s.games)->default_value(s.games), "how many games")(
        "seed", po::value<std::uint64_t>(&s.seed)->default_value(s.seed), "seed of the openings and the move choice")(
        "nodes", po::value<std::uint64_t>(&s.nodes)->default_value(s.nodes), "search nodes per move")(
        "opening-nodes", po::value<std::uint64_t>(&s.opening_nodes)->default_value(s.opening_nodes),
        "search nodes to judge an opening")(
        "opening-stones", po::value<int>(&s.opening_stones)->default_value(s.opening_stones),
        "random stones near the centre before the game starts")(
        "balance", po::value<int>(&s.balance)->default_value(s.balance), "largest |score| an opening may have")(
        "random-plies", po::value<int>(&s.random_plies)->default_value(s.random_plies),
        "plies after the opening that choose among near-best moves")(
        "random-margin", po::value<int>(&s.random_margin)->default_value(s.random_margin),
        "how far below the best score such a move may be")(
        "jobs,j", po::value<int>(&jobs)->default_value(jobs), "games played at once (one thread each)")(
        "output,o", po::value<std::string>(&output),
        "write here instead of standard output; a file holding this run's first games is resumed")(
        "shard", po::value<std::string>(&shard_text)->default_value(shard_text),
        "I/N: play games I, I+N, I+2N, ... of the run (one machine's share; `selfplay merge` joins them)")(
        "cutoffs", po::value<std::string>(&cutoffs_path),
        "also write sampled beta cutoffs of the searches here (the move ordering's data, tengen-tune-order)");
    // clang-format on
    board_options.add_to(options);
    add_evaluator_options(options);
    po::variables_map vm;
    if (const auto done = parse_command_options(argc, argv, {"pbrain-tengen selfplay", options}, vm)) return *done;
    const auto config = board_options.config(vm);
    if (!config) {
        std::cerr << "pbrain-tengen selfplay: " << config.error() << "\n";
        return 2;
    }
    s.config = *config;
    const auto evaluator = evaluator_choice(vm);
    if (!evaluator) {
        std::cerr << "pbrain-tengen selfplay: " << evaluator.error() << "\n";
        return 2;
    }
    s.evaluator = *evaluator;
    // A run's games are listed up front: a bound keeps a mistyped count from exhausting memory.
    constexpr int kMaxGames = 100'000'000;
    if (s.games < 0 || s.games > kMaxGames || jobs < 1 || jobs > 256 || s.nodes < 1 || s.opening_stones < 0 ||
        s.opening_stones > s.config.width * s.config.height / 2 || s.opening_radius < 0 || s.random_plies < 0) {
        std::cerr << "pbrain-tengen selfplay: --games 0..100,000,000, --jobs 1..256, --nodes >= 1 and a small "
                     "--opening-stones, please\n";
        return 2;
    }
    const auto shard = parse_shard(shard_text);
    if (!shard) {
        std::cerr << "pbrain-tengen selfplay: " << shard.error() << "\n";
        return 2;
    }
    const std::vector<int> games = games_of(s.games, *shard);
    const bool sample_cutoffs = !cutoffs_path.empty();
    std::size_t first = 0;  // games[first] is the first game still to play
    if (!output.empty()) {
        std::vector<SelfplayGameKey> keys;
        for (int g : games) keys.push_back(key_of(s, g));
        const auto written = resume_output(output, keys);
        if (!written) {
            std::cerr << "pbrain-tengen selfplay: " << written.error() << "\n";
            return 2;
        }
        first = *written;
        if (first > 0 && sample_cutoffs) {
            std::cerr << "pbrain-tengen selfplay: " << output << " already holds " << first
                      << " games, and a run with --cutoffs cannot be resumed: write both elsewhere\n";
            return 2;
        }
        if (first > 0)
            std::cerr << "pbrain-tengen selfplay: " << output << " holds " << first << " of " << games.size()
                      << " games; playing the rest\n";
    }
    // An empty path opens nothing; one that cannot be written is said so.
    auto open_output = [](std::ofstream& stream, const std::string& path, std::ios::openmode mode) {
        if (path.empty()) return true;
        stream.open(path, mode);
        if (!stream) std::cerr << "pbrain-tengen selfplay: cannot write " << path << "\n";
        return static_cast<bool>(stream);
    };
    std::ofstream file, cutoffs;
    if (!open_output(file, output, std::ios::app) || !open_output(cutoffs, cutoffs_path, std::ios::trunc)) return 2;
    std::ostream& out = output.empty() ? std::cout : file;

    make_in_order<SelfplayGame>(
        games.size() - first, jobs,
        [&] {
            auto player = std::make_shared<Player>(std::size_t{16} << 20);
            player->set_evaluator(s.evaluator);
            return
                [&, player](std::size_t i) { return play_selfplay_game(s, games[first + i], *player, sample_cutoffs); };
        },
        [&](const SelfplayGame& record) {
            out << record.line << '\n';
            out.flush();
            for (const std::string& c : record.cutoffs) cutoffs << c << '\n';
            if (sample_cutoffs) cutoffs.flush();
        });
    return out && (!sample_cutoffs || cutoffs) ? 0 : 1;
}

}  // namespace tengen
