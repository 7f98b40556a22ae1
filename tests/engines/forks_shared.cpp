// Allocates and touches 96 MiB at start-up, then forks a helper that only waits: the two share
// every page copy-on-write, so the brain uses 96 MiB however many processes show it resident
// (a brain that forks workers after building its tables). Then plays random moves.
#include <signal.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "fake_brain.h"

int main() {
    std::vector<char> tables(std::size_t{96} << 20);
    std::memset(tables.data(), 1, tables.size());
    asm volatile("" : : "r"(tables.data()) : "memory");  // the pages must really be written
    if (::fork() == 0) {
        for (;;) ::pause();  // reads nothing, writes nothing: its pages stay the parent's
    }
    return fake::run("forks_shared", [](fake::State& s) {
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
