// Micro-benchmarks of the game core: win detection per move (make + status + unmake) on
// small and large boards, and renju's forbidden-point check on a middlegame position.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "engine/board.h"
#include "engine/renju.h"

using namespace tengen;

namespace {

// Random games played near earlier stones (so lines and wins form), kept as move lists.
std::vector<std::vector<Point>> random_games(const GameConfig& c, int count, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::vector<Point>> games;
    for (int g = 0; g < count; ++g) {
        Board b(c);
        std::vector<Point> moves;
        std::uniform_int_distribution<int> near(-2, 2);
        while (!b.game_over()) {
            Point p = kNoPoint;
            if (!moves.empty())
                for (int t = 0; t < 8 && p == kNoPoint; ++t) {
                    const Point s = moves[rng() % moves.size()];
                    const Point q{s.x + near(rng), s.y + near(rng)};
                    if (b.is_empty(q)) p = q;
                }
            while (p == kNoPoint) {
                const Point q = b.point(static_cast<int>(rng() % static_cast<unsigned>(b.area())));
                if (b.is_empty(q)) p = q;
            }
            b.play(p);
            moves.push_back(p);
        }
        games.push_back(std::move(moves));
    }
    return games;
}

void BM_MakeStatusUnmake(benchmark::State& state) {
    const int side = static_cast<int>(state.range(0));
    const GameConfig c{side, side, 5, static_cast<Rule>(state.range(1))};
    const auto games = random_games(c, 64, 1);
    Board b(c);
    long long moves = 0;
    std::size_t g = 0;
    for (auto _ : state) {
        const auto& game = games[g++ % games.size()];
        for (Point p : game) {
            b.play(p);
            benchmark::DoNotOptimize(b.status());
        }
        for (std::size_t i = 0; i < game.size(); ++i) b.unmake();
        moves += static_cast<long long>(game.size());
    }
    state.SetItemsProcessed(moves);
    state.counters["ns_per_move"] =
        benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_MakeStatusUnmake)
    ->ArgsProduct({{15, 32}, {static_cast<int>(Rule::Freestyle), static_cast<int>(Rule::Caro)}})
    ->ArgNames({"side", "rule"});

void BM_IsWinningMove(benchmark::State& state) {
    const int side = static_cast<int>(state.range(0));
    const GameConfig c{side, side, 5, Rule::Exact};
    auto game = random_games(c, 1, 2).front();
    Board b(c);
    for (std::size_t i = 0; i + 1 < game.size(); ++i) b.play(game[i]);  // one move before the end
    std::vector<Point> empties;
    for (int i = 0; i < b.area(); ++i)
        if (b.is_empty(b.point(i))) empties.push_back(b.point(i));
    std::size_t i = 0;
    for (auto _ : state) {
        const Point p = empties[i++ % empties.size()];
        benchmark::DoNotOptimize(b.is_winning_move(p, b.side_to_move()));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_IsWinningMove)->Arg(15)->Arg(32)->ArgName("side");

// A renju middlegame: `stones` stones within `radius` of the centre, no five, black to move.
Board renju_middlegame(int stones = 40, int radius = 5) {
    Board b(GameConfig{15, 15, 5, Rule::Renju});
    std::mt19937 rng(3);
    std::uniform_int_distribution<int> coord(7 - radius, 7 + radius);
    while (b.placed_count() < stones) {
        const Point p{coord(rng), coord(rng)};
        if (!b.is_empty(p) || b.is_winning_move(p, b.side_to_move())) continue;
        b.play(p);
    }
    return b;
}

void BM_RenjuForbiddenAllEmpties(benchmark::State& state) {
    Board b = renju_middlegame();
    std::vector<Point> empties;
    for (int i = 0; i < b.area(); ++i)
        if (b.is_empty(b.point(i))) empties.push_back(b.point(i));
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(renju_forbidden(b, empties[i++ % empties.size()]));
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RenjuForbiddenAllEmpties);

// A dense cluster (60 stones in 9 x 9): most points there get the full analysis (grid
// copy, recursion), which is the expensive case.
void BM_RenjuForbiddenCrowdedPoints(benchmark::State& state) {
    Board b = renju_middlegame(60, 4);
    std::vector<Point> crowded;
    for (int y = 3; y <= 11; ++y)
        for (int x = 3; x <= 11; ++x)
            if (b.is_empty({x, y})) crowded.push_back({x, y});
    int forbidden = 0;
    for (Point p : crowded) forbidden += renju_forbidden(b, p) != Forbidden::None;
    state.counters["points"] = static_cast<double>(crowded.size());
    state.counters["forbidden"] = forbidden;
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(renju_forbidden(b, crowded[i++ % crowded.size()]));
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RenjuForbiddenCrowdedPoints);

}  // namespace

BENCHMARK_MAIN();
