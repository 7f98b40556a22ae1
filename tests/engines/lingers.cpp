// Like Rapfi: prints its move before it has finished with it, then keeps busy "finishing" for
// a few milliseconds of its own running time (argv[1], default 7; time spent stopped by SIGSTOP
// does not count), and a command that arrives meanwhile loses its first word: the brain
// answers `ERROR Unknown command: REST` and waits for the next one.
#include <poll.h>
#include <signal.h>

#include <cstdlib>

#include "fake_brain.h"

namespace {

volatile sig_atomic_t continued = 0;  // bumped by every SIGCONT
void on_continue(int) { continued = continued + 1; }

// Busy for `ms` of wall time in which the process was not stopped. A stretch that ends in a
// SIGCONT is not counted: the clock is read again once the handler has run.
void finish_move(long ms) {
    using Clock = std::chrono::steady_clock;
    const auto needed = std::chrono::milliseconds(ms);
    Clock::duration ran{};
    auto last = Clock::now();
    sig_atomic_t seen = continued;
    volatile unsigned long work = 0;
    while (ran < needed) {
        for (int i = 0; i < 1000; ++i) work = work + static_cast<unsigned long>(i);
        const auto now = Clock::now();
        if (continued != seen) {
            seen = continued;
            last = Clock::now();
            continue;
        }
        ran += now - last;
        last = now;
    }
}

bool input_waiting() {
    pollfd p{0, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0;
}

}  // namespace

int main(int argc, char** argv) {
    struct sigaction sa {};
    sa.sa_handler = on_continue;
    sa.sa_flags = SA_RESTART;
    ::sigaction(SIGCONT, &sa, nullptr);
    const long finish_ms = argc > 1 ? std::atol(argv[1]) : 7;
    bool drop_next = false;  // a command arrived while it was finishing its move
    return fake::run(
        "lingers",
        [&](fake::State& s) {
            const auto p = s.random_empty();
            fake::say(fake::move_text(p));
            finish_move(finish_ms);
            drop_next = input_waiting();
            return p;
        },
        &fake::no_swap2,
        [&](fake::State&, const std::string&, const std::string& rest) {
            if (!drop_next) return false;
            drop_next = false;
            const auto first = rest.find_first_not_of(' ');
            fake::say("ERROR Unknown command: " + (first == std::string::npos ? "" : rest.substr(first)));
            return true;
        });
}
