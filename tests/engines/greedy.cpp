// Ignores every rule but five in a row: plays the empty point that joins the most of its own
// stones in a line (summed over the four directions), so under renju it walks into a
// forbidden double four when one is on offer.
#include "fake_brain.h"

int main() {
    return fake::run("greedy", [](fake::State& s) {
        // Under BOARD the engine's own stones are those sent with field 1; fake_brain keeps all
        // stones together, so this reads its own as "any stone" (the check's position has
        // the opponent's stones far away).
        std::pair<int, int> best = s.random_empty();
        int best_score = -1;
        for (int y = 0; y < s.height; ++y)
            for (int x = 0; x < s.width; ++x) {
                if (s.stones.count({x, y})) continue;
                int score = 0;
                for (const auto& [dx, dy] : {std::pair{1, 0}, {0, 1}, {1, 1}, {1, -1}})
                    for (int sign : {1, -1})
                        for (int i = 1; i < 5 && s.stones.count({x + sign * i * dx, y + sign * i * dy}); ++i) ++score;
                if (score > best_score) best_score = score, best = {x, y};
            }
        fake::say(fake::move_text(best));
        return best;
    });
}
