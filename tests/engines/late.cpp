// Answers its third move 2.5 s after the turn time: past any tolerance the tests give.
#include "fake_brain.h"

int main() {
    return fake::run("late", [](fake::State& s) {
        if (s.moves_in_game == 3) std::this_thread::sleep_for(std::chrono::milliseconds(s.timeout_turn_ms + 2500));
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
