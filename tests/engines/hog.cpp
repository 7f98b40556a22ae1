// On its first move allocates and touches 256 MiB (in a child process, so that only counting
// the whole process group catches it), and answers once the child has touched it all, 0.4 s
// after the move at the soonest. Waiting for the child rather than a fixed time keeps a busy
// (or sanitized) machine, where filling 256 MiB can take seconds, from answering before the
// memory is there to see; it never waits past timeout_turn - 300 ms.
#include <poll.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "fake_brain.h"

int main() {
    return fake::run("hog", [](fake::State& s) {
        if (s.moves_in_game == 1) {
            const auto start = std::chrono::steady_clock::now();
            int filled[2] = {-1, -1};
            const bool synced = ::pipe(filled) == 0;
            if (::fork() == 0) {
                std::vector<char> block(std::size_t{256} << 20);
                std::memset(block.data(), 1, block.size());
                const char done = 1;
                if (synced) (void)!::write(filled[1], &done, 1);
                for (;;) ::pause();
            }
            if (synced) {
                // Until the child has filled its block, but answer in time all the same.
                ::close(filled[1]);
                pollfd wait{filled[0], POLLIN, 0};
                (void)::poll(&wait, 1, static_cast<int>(std::max(s.timeout_turn_ms - 300, 400L)));
                ::close(filled[0]);
            }
            std::this_thread::sleep_until(start + std::chrono::milliseconds(400));
        }
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
