// Thinks on its opponent's time: a thread burns CPU from start to end. Before each move it
// reports, as "MESSAGE ponder_cpu_ms N", the CPU time the process used since its previous
// answer, which is time spent while the opponent was to move (it answers at once itself).
#include <time.h>

#include <atomic>

#include "fake_brain.h"

namespace {

double cpu_ms() {
    timespec t{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1000.0 + static_cast<double>(t.tv_nsec) / 1e6;
}

}  // namespace

int main() {
    std::atomic<bool> stop{false};
    std::thread burner([&] {
        volatile unsigned long long n = 0;
        while (!stop.load(std::memory_order_relaxed)) n = n + 1;
    });
    double since = cpu_ms();
    const int code = fake::run("ponders", [&](fake::State& s) {
        fake::say("MESSAGE ponder_cpu_ms " + std::to_string(static_cast<long>(cpu_ms() - since)));
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        since = cpu_ms();
        return p;
    });
    stop = true;
    burner.join();
    return code;
}
