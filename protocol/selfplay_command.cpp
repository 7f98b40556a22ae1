// `pbrain-tengen selfplay`: training games of Tengen against itself, one JSON line a game
// (format in docs/training-data.md). Every search runs on one thread with a node limit and no
// clock, and every game draws its randomness from (seed, game number) alone, so the output is
// the same on any machine and for any --jobs.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "engine/board.h"
#include "protocol/board_options.h"
#include "engine/notation.h"
#include "engine/random.h"
#include "ai/player.h"
#include "engine/renju.h"
#include "protocol/subcommands.h"

namespace tengen {

namespace {

struct SelfplaySettings {
    GameConfig config;
    std::uint64_t seed = 1;
    int games = 100;
    std::uint64_t nodes = 8000;          // per move
    std::uint64_t opening_nodes = 8000;  // per balance check of an opening
    int opening_stones = 4;
    int opening_radius = 3;
    int balance = 150;       // |score| an opening may have, in search units
    int random_plies = 4;    // plies after the opening that pick among near-best moves
    int random_margin = 30;  // how far below the best such a move may score
};

SearchLimits node_limits(std::uint64_t nodes, int multipv = 1) {
    SearchLimits limits;
    limits.infinite = true;  // no clock: only the node count stops the search
    limits.max_nodes = nodes;
    limits.threads = 1;
    limits.multipv = multipv;
    return limits;
}

// Random stones near the centre until a quick search calls the position near even.
std::vector<Point> balanced_opening(const SelfplaySettings& s, Player& player, SplitMix64& rng) {
    const int cx = s.config.width / 2, cy = s.config.height / 2;
    const int side = 2 * s.opening_radius + 1;
    std::vector<Point> best_seen;
    for (int attempt = 0; attempt < 200; ++attempt) {
        Board board(s.config);
        std::vector<Point> stones;
        for (int guard = 0; static_cast<int>(stones.size()) < s.opening_stones && guard < 1000; ++guard) {
            const Point p{
                std::clamp(cx - s.opening_radius + static_cast<int>(rng.below(side)), 0, s.config.width - 1),
                std::clamp(cy - s.opening_radius + static_cast<int>(rng.below(side)), 0, s.config.height - 1)};
            if (!board.is_legal(p)) continue;
            board.play(p);
            stones.push_back(p);
            if (board.game_over()) break;
        }
        if (board.game_over() || static_cast<int>(stones.size()) != s.opening_stones) continue;
        if (s.opening_stones == 0) return stones;
        player.clear_hash();
        const Answer a = player.think_about(board, node_limits(s.opening_nodes));
        if (a.move == kNoPoint || is_mate_score(a.search.score)) continue;
        const SearchResult& r = a.search;
        if (std::abs(r.score) <= s.balance) return stones;
        if (best_seen.empty()) best_seen = stones;
    }
    return best_seen;  // rare: no balanced one found, keep the first playable try
}

std::string result_name(const Board& board) {
    switch (board.status()) {
    case GameStatus::BlackWins:
        return "black";
    case GameStatus::WhiteWins:
        return "white";
    default:
        return "draw";
    }
}

// One cutoff as an arena results line (the node's stones as the opening, the refutation as the
// one move), which tengen-tune-order reads like any game.
std::string cutoff_line(const GameConfig& config, const CutoffSample& c) {
    std::string stones;
    for (Point p : c.stones) {
        if (!stones.empty()) stones += ',';
        stones += to_letters(p);
    }
    return fmt::format(
        "{{\"format\":\"tengen-cutoff-1\",\"rule\":\"{}\",\"board\":[{},{}],\"k\":{},\"depth\":{},"
        "\"opening\":\"{}\",\"moves\":[{{\"x\":{},\"y\":{}}}]}}",
        rule_name(config.rule), config.width, config.height, config.win_length, c.depth, stones, c.move.x, c.move.y);
}

struct GameRecord {
    std::string line;
    std::vector<std::string> cutoffs;  // with --cutoffs: the game's sampled cutoffs, in order
};

GameRecord play_game(const SelfplaySettings& s, int game, Player& player, bool sample_cutoffs) {
    GameRecord record;
    SplitMix64 rng(s.seed * 0x2545f4914f6cdd1dULL + static_cast<std::uint64_t>(game) + 1);
    rng.next();
    const std::vector<Point> opening = balanced_opening(s, player, rng);
    player.new_game(s.config);
    std::vector<std::string> moves, best, scores;
    for (Point p : opening) {
        player.play(p);
        moves.push_back(to_letters(p));
    }
    player.clear_hash();
    // Renju black left with only forbidden points cannot move: a draw, as a referee rules it.
    for (int ply = 0; !player.position().game_over() && side_to_move_can_play(player.position()); ++ply) {
        const bool randomise = ply < s.random_plies;
        SearchLimits limits = node_limits(s.nodes, randomise ? 4 : 1);
        if (sample_cutoffs)
            limits.on_cutoff = [&](const CutoffSample& c) { record.cutoffs.push_back(cutoff_line(s.config, c)); };
        const Answer a = player.think(limits);
        const SearchResult& r = a.search;
        if (a.move == kNoPoint) break;
        Point chosen = a.move;
        if (randomise) {
            std::vector<Point> near;
            for (const ScoredMove& m : r.best_moves)
                if (may_play(player.position(), m.move) && !is_mate_score(m.score) &&
                    m.score >= r.score - s.random_margin)
                    near.push_back(m.move);
            if (!near.empty()) chosen = near[rng.below(near.size())];
        }
        scores.push_back(std::to_string(r.score));
        // fmt rather than "\"" + ...: GCC 12 warns (-Wrestrict) on that concatenation wrongly.
        best.push_back(chosen == a.move ? std::string("null") : fmt::format("\"{}\"", to_letters(a.move)));
        moves.push_back(to_letters(chosen));
        player.play(chosen);
    }
    const Board& board = player.position();
    std::string moves_text;
    for (const auto& m : moves) moves_text += (moves_text.empty() ? "" : " ") + m;
    std::string scores_text, best_text;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        scores_text += (i ? "," : "") + scores[i];
        best_text += (i ? "," : "") + best[i];
    }
    record.line = fmt::format(
        "{{\"format\":\"tengen-selfplay-1\",\"rule\":\"{}\",\"board\":[{},{}],\"k\":{},\"seed\":{},\"game\":{},"
        "\"nodes\":{},\"opening_stones\":{},\"moves\":\"{}\",\"scores\":[{}],\"best\":[{}],\"result\":\"{}\"}}",
        rule_name(s.config.rule), s.config.width, s.config.height, s.config.win_length, s.seed, game, s.nodes,
        opening.size(), moves_text, scores_text, best_text, result_name(board));
    return record;
}

}  // namespace

int selfplay_main(int argc, char** argv) {
    namespace po = boost::program_options;
    SelfplaySettings s;
    int jobs = 1;
    std::string output, cutoffs_path;
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
        "output,o", po::value<std::string>(&output), "write here instead of standard output")(
        "cutoffs", po::value<std::string>(&cutoffs_path),
        "also write sampled beta cutoffs of the searches here (the move ordering's data, tengen-tune-order)");
    // clang-format on
    board_options.add_to(options);
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, options), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "pbrain-tengen selfplay: " << e.what() << "\n" << options;
        return 2;
    }
    if (vm.count("help")) {
        std::cout << options;
        return 0;
    }
    const auto config = board_options.config(vm);
    if (!config) {
        std::cerr << "pbrain-tengen selfplay: " << config.error() << "\n";
        return 2;
    }
    s.config = *config;
    if (s.games < 0 || jobs < 1 || jobs > 256 || s.nodes < 1 || s.opening_stones < 0 ||
        s.opening_stones > s.config.width * s.config.height / 2 || s.opening_radius < 0 || s.random_plies < 0) {
        std::cerr << "pbrain-tengen selfplay: --games >= 0, --jobs 1..256, --nodes >= 1 and a small "
                     "--opening-stones, please\n";
        return 2;
    }
    // An empty path opens nothing; one that cannot be written is said so.
    auto open_output = [](std::ofstream& stream, const std::string& path) {
        if (path.empty()) return true;
        stream.open(path);
        if (!stream) std::cerr << "pbrain-tengen selfplay: cannot write " << path << "\n";
        return static_cast<bool>(stream);
    };
    std::ofstream file, cutoffs;
    if (!open_output(file, output) || !open_output(cutoffs, cutoffs_path)) return 2;
    std::ostream& out = output.empty() ? std::cout : file;
    const bool sample_cutoffs = !cutoffs_path.empty();

    // Workers take game numbers in order; the writer prints them in order as they complete.
    std::vector<std::optional<GameRecord>> done(static_cast<std::size_t>(s.games));
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<int> next{0};
    auto worker = [&] {
        Player player(std::size_t{16} << 20);
        for (int g; (g = next.fetch_add(1)) < s.games;) {
            GameRecord record = play_game(s, g, player, sample_cutoffs);
            {
                std::lock_guard lock(mutex);
                done[static_cast<std::size_t>(g)] = std::move(record);
            }
            ready.notify_all();
        }
    };
    std::vector<std::thread> threads;
    for (int i = 0; i < std::min(jobs, std::max(s.games, 1)); ++i) threads.emplace_back(worker);
    for (int g = 0; g < s.games; ++g) {
        GameRecord record;
        {
            std::unique_lock lock(mutex);
            ready.wait(lock, [&] { return done[static_cast<std::size_t>(g)].has_value(); });
            record = std::move(*done[static_cast<std::size_t>(g)]);
            done[static_cast<std::size_t>(g)] = GameRecord{};
        }
        out << record.line << '\n';
        out.flush();
        for (const std::string& c : record.cutoffs) cutoffs << c << '\n';
        if (sample_cutoffs) cutoffs.flush();
    }
    for (auto& t : threads) t.join();
    return out && (!sample_cutoffs || cutoffs) ? 0 : 1;
}

}  // namespace tengen
