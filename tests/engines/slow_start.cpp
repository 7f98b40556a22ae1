// Spends 700 ms past the turn time on its first move of every game (as an engine that
// allocates its tables then would), then answers at once.
#include "fake_brain.h"

int main() {
    return fake::run("slow_start", [](fake::State& s) {
        if (s.moves_in_game == 1) std::this_thread::sleep_for(std::chrono::milliseconds(s.timeout_turn_ms + 700));
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
