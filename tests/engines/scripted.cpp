// Plays the moves given as arguments ("x,y" each), the first still empty each turn, then random
// empty points: lets a test put a chosen move (a renju forbidden one) on the board.
#include <vector>

#include "fake_brain.h"

int main(int argc, char** argv) {
    std::vector<std::pair<int, int>> script;
    for (int i = 1; i < argc; ++i) {
        int x = 0, y = 0;
        if (fake::parse_xy(argv[i], x, y)) script.emplace_back(x, y);
    }
    return fake::run("scripted", [&script](fake::State& s) {
        for (const auto& p : script)
            if (!s.stones.count(p)) {
                fake::say(fake::move_text(p));
                return p;
            }
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
