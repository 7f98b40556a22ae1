// Starts a helper process of its own at start-up that keeps running (as a wrapper script's
// real engine, or a launcher's child, would), writes the helper's pid to the file named by
// the environment variable FAKE_CHILD_PID_FILE, then plays random moves.
#include <signal.h>
#include <sys/types.h>

#include <cstdlib>
#include <fstream>

#include "fake_brain.h"

int main() {
    const pid_t child = ::fork();
    if (child == 0) {
        for (;;) ::pause();  // outlives the engine unless its group is killed
    }
    if (const char* file = std::getenv("FAKE_CHILD_PID_FILE")) std::ofstream(file, std::ios::app) << child << "\n";
    return fake::run("forks_child", [](fake::State& s) {
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
