#include "tournament/pentanomial.h"

namespace tengen {

namespace {

std::size_t half_points(GameScore s) noexcept {
    switch (s) {
    case GameScore::Win:
        return 2;
    case GameScore::Draw:
        return 1;
    case GameScore::Loss:
        break;
    }
    return 0;
}

}  // namespace

std::optional<GameScore> game_score_from_points(double points) noexcept {
    if (points == 1.0) return GameScore::Win;
    if (points == 0.5) return GameScore::Draw;
    if (points == 0.0) return GameScore::Loss;
    return std::nullopt;
}

std::size_t penta_bucket(GameScore first, GameScore second) noexcept {
    return half_points(first) + half_points(second);
}

std::optional<std::size_t> penta_bucket(double first_points, double second_points) noexcept {
    const auto first = game_score_from_points(first_points);
    const auto second = game_score_from_points(second_points);
    if (!first || !second) return std::nullopt;
    return penta_bucket(*first, *second);
}

void add_game(WdlCounts& wdl, GameScore score) noexcept {
    switch (score) {
    case GameScore::Win:
        ++wdl.wins;
        break;
    case GameScore::Draw:
        ++wdl.draws;
        break;
    case GameScore::Loss:
        ++wdl.losses;
        break;
    }
}

void add_pair(PentaCounts& penta, GameScore first, GameScore second) noexcept {
    ++penta.buckets[penta_bucket(first, second)];
}

bool record_pair(WdlCounts& wdl, PentaCounts& penta, double first_points, double second_points) noexcept {
    const auto first = game_score_from_points(first_points);
    const auto second = game_score_from_points(second_points);
    if (!first || !second) return false;
    add_game(wdl, *first);
    add_game(wdl, *second);
    add_pair(penta, *first, *second);
    return true;
}

}  // namespace tengen
