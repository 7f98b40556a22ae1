// `pbrain-tengen selfplay relabel`: a deeper search of the positions where a game's result and
// the search's own score disagree most, written beside the shallow score. A result is a noisy
// label (a blunder twenty moves later decides it) and a shallow score a biased one; where the
// two part, a search of many more nodes says which was right. Labels come from Tengen alone.
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "ai/player.h"
#include "ai/score.h"
#include "engine/notation.h"
#include "engine/types.h"
#include "protocol/ordered_jobs.h"
#include "protocol/selfplay_file.h"
#include "protocol/selfplay_game.h"
#include "protocol/subcommands.h"
#include "protocol/command_options.h"

namespace tengen {

namespace {

struct RelabelSettings {
    std::uint64_t nodes = 200000;   // per relabelled position
    double scale = 400;             // a score s means P(win) = 1 / (1 + exp(-s / scale))
    double min_disagreement = 0.6;  // |P(win) - result| from which a position is searched again
};

// The result from the view of the side to move after `stones` stones (black moves first).
double result_for_mover(const std::string& result, int stones) {
    if (result == "draw") return 0.5;
    const bool black_to_move = stones % 2 == 0;
    return (result == "black") == black_to_move ? 1.0 : 0.0;
}

// The record with `"deep_nodes"`, `"deep"` (one entry per entry of `scores`: the deep score of
// that position, or null where it was not searched again) and `"deep_best"` (the deep search's
// move there, the policy's label) added before its closing brace, so its own bytes stay as
// they were.
Result<std::string> relabel(const SelfplayLine& line, const RelabelSettings& s, Player& player) {
    const nlohmann::json record = nlohmann::json::parse(line.text, nullptr, false);
    const auto rule = parse_rule(line.key.rule);
    if (!rule) return Failure{fmt::format("{}: unknown rule {}", describe(line.key), line.key.rule)};
    const GameConfig config{line.key.width, line.key.height, line.key.k, *rule};
    if (const Status valid = check_config(config); !valid)
        return Failure{fmt::format("{}: {}", describe(line.key), valid.error())};
    const auto& moves_text = record["moves"];
    const auto& scores = record.contains("scores") ? record["scores"] : nlohmann::json::array();
    if (!moves_text.is_string() || !scores.is_array() || !record["result"].is_string() ||
        !record.value("opening_stones", nlohmann::json()).is_number_integer())
        return Failure{fmt::format("{}: its moves, scores, result or opening_stones are missing", describe(line.key))};
    const auto moves = parse_letter_sequence(moves_text.get<std::string>());
    if (!moves) return Failure{fmt::format("{}: its moves are not letter notation", describe(line.key))};
    const int opening = record["opening_stones"].get<int>();
    const std::string result = record["result"].get<std::string>();
    if (opening < 0 || static_cast<std::size_t>(opening) + scores.size() > moves->size() + 1)
        return Failure{fmt::format("{}: more scores than positions", describe(line.key))};

    player.new_game(config);
    player.clear_hash();
    std::vector<std::string> deep, deep_best;
    std::size_t played = 0;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        const std::size_t stones = static_cast<std::size_t>(opening) + i;
        for (; played < stones; ++played) {
            if (!player.position().is_legal((*moves)[played]))
                return Failure{fmt::format("{}: move {} is illegal", describe(line.key), played + 1)};
            player.play((*moves)[played]);
        }
        const auto& score = scores[i];
        bool search = false;
        if (score.is_number_integer() && !player.position().game_over()) {
            const int value = score.get<int>();
            const double win = 1 / (1 + std::exp(-value / s.scale));
            search = !is_mate_score(value) &&
                     std::abs(win - result_for_mover(result, static_cast<int>(stones))) >= s.min_disagreement;
        }
        if (!search) {
            deep.push_back("null");
            deep_best.push_back("null");
            continue;
        }
        const Answer a = player.think(node_limits(s.nodes));
        deep.push_back(std::to_string(a.search.score));
        deep_best.push_back(a.move == kNoPoint ? std::string("null") : fmt::format("\"{}\"", to_letters(a.move)));
    }
    std::string out = line.text;
    const auto brace = out.rfind('}');
    std::string added = fmt::format(",\"deep_nodes\":{},\"deep\":[", s.nodes);
    for (std::size_t i = 0; i < deep.size(); ++i) added += (i ? "," : "") + deep[i];
    added += "],\"deep_best\":[";
    for (std::size_t i = 0; i < deep_best.size(); ++i) added += (i ? "," : "") + deep_best[i];
    out.insert(brace, added + "]");
    return out;
}

}  // namespace

int selfplay_relabel_main(int argc, char** argv) {
    namespace po = boost::program_options;
    RelabelSettings s;
    std::string input, output;
    int jobs = 1;
    po::options_description options(
        "pbrain-tengen selfplay relabel IN -o OUT: searches again, deeper, the positions of self-play games where "
        "the result and the score disagree");
    // clang-format off
    options.add_options()("help,h", "show this help")(
        "output,o", po::value<std::string>(&output), "write here (resumed when it holds this input's first games)")(
        "nodes", po::value<std::uint64_t>(&s.nodes)->default_value(s.nodes), "search nodes per relabelled position")(
        "scale", po::value<double>(&s.scale)->default_value(s.scale),
        "a score S is a win probability of 1 / (1 + exp(-S / scale))")(
        "min-disagreement", po::value<double>(&s.min_disagreement)->default_value(s.min_disagreement),
        "search a position again when |P(win) - result| is at least this (0..1)")(
        "jobs,j", po::value<int>(&jobs)->default_value(jobs), "games relabelled at once (one thread each)");
    // clang-format on
    po::options_description hidden;
    hidden.add_options()("input", po::value<std::string>(&input));
    po::positional_options_description positional;
    positional.add("input", 1);
    po::variables_map vm;
    if (const auto done =
            parse_command_options(argc, argv, {"pbrain-tengen selfplay relabel", options, &hidden, &positional}, vm))
        return *done;
    if (input.empty() || output.empty() || jobs < 1 || jobs > 256 || s.nodes < 1 || !(s.scale > 0) ||
        !(s.min_disagreement >= 0 && s.min_disagreement <= 1)) {
        std::cerr << "pbrain-tengen selfplay relabel: an input file, -o OUT, --jobs 1..256, --nodes >= 1, --scale > 0 "
                     "and --min-disagreement 0..1, please\n"
                  << options;
        return 2;
    }
    const auto file = read_selfplay_file(input);
    if (!file) {
        std::cerr << "pbrain-tengen selfplay relabel: " << file.error() << "\n";
        return 2;
    }
    std::vector<SelfplayGameKey> keys;
    for (const SelfplayLine& line : file->games) keys.push_back(line.key);
    const auto written = resume_output(output, keys);
    if (!written) {
        std::cerr << "pbrain-tengen selfplay relabel: " << written.error() << "\n";
        return 2;
    }
    const std::size_t first = *written;
    std::ofstream out(output, std::ios::app);
    if (!out) {
        std::cerr << "pbrain-tengen selfplay relabel: cannot write " << output << "\n";
        return 2;
    }
    if (first > 0)
        std::cerr << "pbrain-tengen selfplay relabel: " << output << " holds " << first << " of " << keys.size()
                  << " games; relabelling the rest\n";
    bool failed = false;
    make_in_order<Result<std::string>>(
        keys.size() - first, jobs,
        [&] {
            return [&, player = std::make_shared<Player>(std::size_t{32} << 20)](std::size_t i) {
                return relabel(file->games[first + i], s, *player);
            };
        },
        [&](const Result<std::string>& line) {
            if (failed) return;
            if (!line) {
                std::cerr << "pbrain-tengen selfplay relabel: " << line.error() << "\n";
                failed = true;
                return;
            }
            out << *line << '\n';
            out.flush();
        });
    if (failed) return 2;
    return out ? 0 : 1;
}

}  // namespace tengen
