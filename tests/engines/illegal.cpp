// On its third move plays on an occupied point, or off the board when started with "off".
#include <cstring>

#include "fake_brain.h"

int main(int argc, char** argv) {
    const bool off_board = argc > 1 && std::strcmp(argv[1], "off") == 0;
    return fake::run("illegal", [off_board](fake::State& s) -> std::pair<int, int> {
        if (s.moves_in_game == 3) {
            if (off_board)
                fake::say(fake::move_text({s.width, 0}));
            else
                fake::say(fake::move_text(*s.stones.begin()));
            return {-1, -1};
        }
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
