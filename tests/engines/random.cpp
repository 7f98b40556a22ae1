// A sane opponent: plays a random empty point at once (or after "delay=MS"), with diagnostics
// the arena must skip.
#include <cstdlib>
#include <cstring>

#include "fake_brain.h"

int main(int argc, char** argv) {
    const int delay_ms = argc > 1 && std::strncmp(argv[1], "delay=", 6) == 0 ? std::atoi(argv[1] + 6) : 0;
    return fake::run("random", [delay_ms](fake::State& s) {
        if (delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
        fake::say("MESSAGE thinking about move " + std::to_string(s.moves_in_game));
        fake::say("DEBUG nothing to see");
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
