// Stops answering on its third move (still alive, never writes again).
#include "fake_brain.h"

int main() {
    return fake::run("hang", [](fake::State& s) {
        if (s.moves_in_game == 3)
            for (;;) std::this_thread::sleep_for(std::chrono::seconds(60));
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
