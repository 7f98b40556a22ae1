// `--openings-generate N`: random openings near the centre, kept only when Tengen's own quick
// search (linked in) finds them balanced.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ai/score.h"
#include "engine/types.h"

namespace tengen {

struct GenerateSettings {
    int count = 100;
    GameConfig config;
    int stones = 3;  // stones per opening, black first
    int radius = 3;  // each stone within this many points of the centre (both axes)
    std::uint64_t seed = 1;
    Score balance = 100;             // keep when |evaluation| <= balance
    int search_depth = 4;            // judged by the mean score at this depth and the next: fixed
                                     // depths keep the output the same on every run
    std::int64_t search_ms = 10000;  // and a time cap, reached only on a very slow machine
    int max_tries_per_opening = 200;
};

// The balanced openings found (fewer than count when the tries run out); progress(found,
// tried) is called after each candidate when given.
std::vector<std::vector<Point>> generate_balanced_openings(const GenerateSettings& s,
                                                           const std::function<void(int, int)>& progress = {});

}  // namespace tengen
