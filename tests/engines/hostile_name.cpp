// Plays random moves under an ABOUT name made to hurt whoever prints or stores it: a terminal
// escape sequence, bytes that are not UTF-8, an HTML comment opening a script, and 500 KB more.
#include <string>

#include "fake_brain.h"

int main() {
    const std::string name = "\x1b[2J\x1b]0;pwned\x07<!--<script>\xff\xfe" + std::string(500'000, 'x');
    return fake::run(name, [](fake::State& s) {
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
