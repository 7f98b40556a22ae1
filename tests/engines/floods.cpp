// On its second move writes terminal escape sequences and then a megabyte without a newline,
// and then never answers (it stays alive, so the flood itself is what the arena judges).
#include <cstdlib>

#include "fake_brain.h"

int main() {
    return fake::run("floods", [](fake::State& s) {
        if (s.moves_in_game == 2) {
            std::cout << "\x1b]0;retitled\x07\x1b[2J";
            const std::string block(1 << 16, 'A');
            for (int i = 0; i < 16; ++i) std::cout << block;
            std::cout.flush();
            for (;;) std::this_thread::sleep_for(std::chrono::seconds(60));
        }
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
