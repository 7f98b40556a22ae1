// On its second move writes terminal escape sequences and then a megabyte without a newline,
// and exits without ever answering.
#include <cstdlib>

#include "fake_brain.h"

int main() {
    return fake::run("floods", [](fake::State& s) {
        if (s.moves_in_game == 2) {
            std::cout << "\x1b]0;retitled\x07\x1b[2J";
            const std::string block(1 << 16, 'A');
            for (int i = 0; i < 16; ++i) std::cout << block;
            std::cout.flush();
            std::exit(0);
        }
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
