// Holds 512 MiB resident from start-up, in small pages (a large hash table, as brains given
// Gomocup's 350 MB keep one), and thinks 400 ms a move without using the CPU. The arena must
// watch its memory without walking every one of those pages each time it looks.
#include <sys/mman.h>

#include <cstring>

#include "fake_brain.h"

int main() {
    constexpr std::size_t kTable = std::size_t{512} << 20;
    void* table = ::mmap(nullptr, kTable, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (table == MAP_FAILED) return 1;
    // Huge pages would make the kernel's walk cheap and hide what is measured.
    (void)::madvise(table, kTable, MADV_NOHUGEPAGE);
    std::memset(table, 1, kTable);
    return fake::run("large_table", [](fake::State& s) {
        std::this_thread::sleep_for(std::chrono::milliseconds(400));
        const auto p = s.random_empty();
        fake::say(fake::move_text(p));
        return p;
    });
}
