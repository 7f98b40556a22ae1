// On its second move starts a child that keeps the engine's stdout open and sleeps, then
// exits with status 3 without answering: its output never reaches end of file.
#include <unistd.h>

#include <cstdlib>

#include "fake_brain.h"

int main() {
    return fake::run("crash_leaving_child", [](fake::State& s) {
        if (s.moves_in_game == 2) {
            if (::fork() == 0)
                for (;;) ::pause();
            std::exit(3);
        }
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
