// On its first move allocates and touches 256 MiB (in a child process, so that only counting
// the whole process group catches it), then takes 0.4 s to answer.
#include <sys/types.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "fake_brain.h"

int main() {
    return fake::run("hog", [](fake::State& s) {
        if (s.moves_in_game == 1 && ::fork() == 0) {
            std::vector<char> block(std::size_t{256} << 20);
            std::memset(block.data(), 1, block.size());
            for (;;) ::pause();
        }
        if (s.moves_in_game == 1) std::this_thread::sleep_for(std::chrono::milliseconds(400));
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
