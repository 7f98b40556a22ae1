#include "engine/symmetry.h"

namespace tengen {

int symmetry_count(const GameConfig& config) noexcept { return config.width == config.height ? 8 : 4; }

Point apply_symmetry(Point p, int symmetry, const GameConfig& config) noexcept {
    const int mx = config.width - 1, my = config.height - 1;
    // On a rectangle only the symmetries that keep its shape: identity, half turn, two mirrors.
    if (config.width != config.height) {
        static constexpr int kRectangle[4] = {0, 2, 4, 5};
        symmetry = kRectangle[symmetry % 4];
    }
    switch (symmetry % 8) {
    case 1:
        return {mx - p.y, p.x};  // quarter turn
    case 2:
        return {mx - p.x, my - p.y};  // half turn
    case 3:
        return {p.y, my - p.x};  // three quarters
    case 4:
        return {mx - p.x, p.y};  // mirror left-right
    case 5:
        return {p.x, my - p.y};  // mirror top-bottom
    case 6:
        return {p.y, p.x};  // main diagonal
    case 7:
        return {my - p.y, mx - p.x};  // anti-diagonal
    default:
        return p;
    }
}

}  // namespace tengen
