#include "ai/bench.h"

#include <chrono>
#include <optional>

#include "engine/notation.h"
#include "ai/searcher.h"

namespace tengen {
namespace {

GameConfig cfg(int w, int h, int k, Rule r) { return GameConfig{w, h, k, r}; }

}  // namespace

const std::vector<BenchPosition>& bench_positions() {
    // Middlegames come from the engine's own games (positions where neither side had a
    // forced win the root solvers could see); tactical ones are decided by the solvers.
    static const std::vector<BenchPosition> positions = {
        {"free-opening-1", cfg(15, 15, 5, Rule::Freestyle), "h8 i9 h9 h10 g10 i8", {}},
        {"free-opening-2", cfg(15, 15, 5, Rule::Freestyle), "h8 i7 j6 i8 i9 j8", {}},
        {"free-opening-3", cfg(15, 15, 5, Rule::Freestyle), "h8 h9 i9 g7 j10 k11 i8", {}},
        {"free-middle-1", cfg(15, 15, 5, Rule::Freestyle), "h8 i9 h9 h10 j8 g11 i8 g8 g9 f10 k8 l8 j7 g10 e10", {}},
        {"free-middle-2",
         cfg(15, 15, 5, Rule::Freestyle),
         "h8 i7 j6 i5 i8 j5 h5 h7 j7 i6 g8 j8 k6 h9 k9 j4 i4 k3 l5 m4",
         {}},
        {"free-middle-3", cfg(15, 15, 5, Rule::Freestyle), "h8 g7 i7 g9 h6 g8 g6 h9 i6 f6 j6 k6 j8 k9 j9 g11 g10", {}},
        {"free-middle-4",
         cfg(15, 15, 5, Rule::Freestyle),
         "h8 i7 j6 i5 i8 j5 h5 h7 j7 i6 g8 j8 k6 h9 k9 j4 i4 k3 l5 m4 e8 f8",
         {}},
        {"free-vcf-13", cfg(15, 15, 5, Rule::Freestyle), "h5 f6 g6 g7 h6 i7 i6 i8 f8 d9 g8 f9 h8 h9", {}},
        {"free-tactic-defend", cfg(15, 15, 5, Rule::Freestyle), "h8 h9 g9 i9 g7 j9 a1", {}},
        {"exact-opening", cfg(15, 15, 5, Rule::Exact), "h8 i9 h9 h10 g10 i8", {}},
        {"exact-middle", cfg(15, 15, 5, Rule::Exact), "h8 j8 i10 j7 j10 k11 h10 k10 f10 g10 h9", {}},
        {"renju-opening", cfg(15, 15, 5, Rule::Renju), "h8 i9 j8 i8 i7 j7", {}},
        {"renju-middle-black", cfg(15, 15, 5, Rule::Renju), "h8 i9 j8 i11 k9 l10 g9 f10", {}},
        {"renju-middle-white", cfg(15, 15, 5, Rule::Renju), "h8 i9 j8 i11 k9 l10 g9", {}},
        {"renju-forbid", cfg(15, 15, 5, Rule::Renju), "h8 a1 j8 a3 i9 a5 i7 a7 g8 a9", {}},
        {"caro-opening", cfg(15, 15, 5, Rule::Caro), "h8 i9 h9 h10 g10 i8", {}},
        {"caro-middle", cfg(15, 15, 5, Rule::Caro), "h8 h9 g10 g8 i10 e6 j10 h10 i9 k11 i11 i8 i12 i13 h12", {}},
        {"caro-exact", cfg(15, 15, 5, Rule::CaroExact), "h8 i9 j8 i8 i7 j7", {}},
        {"small-7x7-k4", cfg(7, 7, 4, Rule::Freestyle), "d4 c3 e3", {}},
        {"small-9x9", cfg(9, 9, 5, Rule::Freestyle), "e5 d4 f4 f5 d6", {}},
        {"tictactoe", cfg(3, 3, 3, Rule::Freestyle), "b2 a1", {}},
        {"rect-20x10", cfg(20, 10, 5, Rule::Freestyle), "j5 k6 k5 j6 l4", {}},
        {"rect-12x8-k4", cfg(12, 8, 4, Rule::Exact), "f4 g5 g4 e4", {}},
        {"k6-19x19", cfg(19, 19, 6, Rule::Freestyle), "j10 k11 k10 j11 l9 i12", {}},
        {"walls-15x15", cfg(15, 15, 5, Rule::Freestyle), "h8 i9 h9 h10", {{6, 7}, {8, 6}, {9, 9}}},
        {"big-32x32", cfg(32, 32, 5, Rule::Freestyle), "p16 q17 q16 p17 r15", {}},
    };
    return positions;
}

std::optional<Board> bench_board(const BenchPosition& position) {
    if (!check_config(position.config).ok()) return std::nullopt;
    Board board(position.config);
    for (Point w : position.walls) {
        if (!board.is_empty(w)) return std::nullopt;
        board.make({w, Color::Wall});
    }
    const auto moves = parse_person_points(position.moves);
    if (!moves) return std::nullopt;
    for (Point p : *moves) {
        if (!board.is_legal(p)) return std::nullopt;
        board.play(p);
    }
    if (board.game_over()) return std::nullopt;
    return board;
}

Result<std::vector<BenchPosition>> parse_positions(std::istream& in, const std::string& source,
                                                   const GameConfig& config) {
    std::vector<BenchPosition> positions;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        BenchPosition position{source + ":" + std::to_string(number), config, line.substr(first), {}};
        if (const auto read = parse_person_points(position.moves); !read)
            return Failure{position.name + ": " + read.error()};
        if (!bench_board(position))
            return Failure{position.name + ": not a legal unfinished game: " + line.substr(0, 60)};
        positions.push_back(std::move(position));
    }
    return positions;
}

BenchReport run_bench(int depth, const std::function<void(const BenchLine&)>& per_line) {
    return run_bench(depth, bench_positions(), per_line);
}

BenchReport run_bench(int depth, const std::vector<BenchPosition>& positions,
                      const std::function<void(const BenchLine&)>& per_line, EvaluatorChoice evaluator) {
    BenchReport report;
    const auto start = std::chrono::steady_clock::now();
    for (const BenchPosition& pos : positions) {
        const auto board = bench_board(pos);
        if (!board) continue;
        Searcher searcher(std::size_t{16} << 20);
        searcher.set_evaluator(evaluator);
        SearchLimits limits;
        limits.infinite = true;
        limits.max_depth = depth;
        limits.threads = 1;
        // Set-up is not search: the same search first builds the worker and fills the line
        // shape tables it memoises (a game's first moves fill them once for the whole game),
        // and the emptied table, once its helper thread has mapped it in, then starts the
        // timed search exactly as a fresh one would (the node count is the same).
        searcher.search(*board, limits);
        searcher.clear_hash();
        searcher.wait_until_table_mapped();
        const auto t0 = std::chrono::steady_clock::now();
        const SearchResult r = searcher.search(*board, limits);
        const auto t1 = std::chrono::steady_clock::now();
        BenchLine line{pos.name, r.depth, r.score,
                       r.best,   r.nodes, std::chrono::duration<double, std::milli>(t1 - t0).count()};
        report.search_seconds += line.ms / 1000.0;
        report.total_nodes += r.nodes;
        report.lines.push_back(line);
        if (per_line) per_line(line);
    }
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    report.nodes_per_second =
        report.search_seconds > 0
            ? static_cast<std::uint64_t>(static_cast<double>(report.total_nodes) / report.search_seconds)
            : 0;
    return report;
}

}  // namespace tengen
