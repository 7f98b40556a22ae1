// Prints a line that is not a move on its third move (after diagnostics that are allowed).
#include "fake_brain.h"

int main() {
    return fake::run("garbage", [](fake::State& s) -> std::pair<int, int> {
        if (s.moves_in_game == 3) {
            fake::say("ERROR this one is allowed");
            fake::say("UNKNOWN so is this");
            fake::say("I resign, good game");
            return {-1, -1};
        }
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
