// Starts a helper at start-up that leaves the brain's process group and session (setsid, as a
// daemonizing launcher does), so that no group kill reaches it; writes the helper's pid to the
// file named by FAKE_CHILD_PID_FILE, then plays random moves.
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "fake_brain.h"

int main() {
    const pid_t helper = ::fork();
    if (helper == 0) {
        ::setsid();
        for (;;) ::pause();
    }
    if (const char* file = std::getenv("FAKE_CHILD_PID_FILE")) std::ofstream(file, std::ios::app) << helper << "\n";
    return fake::run("leaves_group", [](fake::State& s) {
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
