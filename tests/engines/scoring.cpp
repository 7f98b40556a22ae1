// Plays random empty points and, before each move, reports the score given as its first
// argument ("MESSAGE depth 4 eval S"; "none" reports nothing, "+M3" a proven win): lets a test
// drive the arena's adjudication on the engines' scores.
#include <string>

#include "fake_brain.h"

int main(int argc, char** argv) {
    const std::string score = argc > 1 ? argv[1] : "none";
    return fake::run("scoring", [&score](fake::State& s) {
        if (score != "none") fake::say("MESSAGE depth 4 eval " + score + " nodes 100");
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
