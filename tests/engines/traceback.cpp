// Like a crashing Python engine: on its second move writes a traceback to stderr and exits 1.
#include <cstdlib>
#include <iostream>

#include "fake_brain.h"

int main() {
    return fake::run("traceback", [](fake::State& s) {
        if (s.moves_in_game == 2) {
            std::cerr << "Traceback (most recent call last):\n  File \"engine.py\", line 42, in think\n"
                         "ZeroDivisionError: division by zero\n";
            std::exit(1);
        }
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
