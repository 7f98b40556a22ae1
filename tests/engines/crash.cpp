// Exits in the middle of a game, on its third move, with status 3.
#include <cstdlib>

#include "fake_brain.h"

int main() {
    return fake::run("crash", [](fake::State& s) {
        if (s.moves_in_game == 3) std::exit(3);
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
