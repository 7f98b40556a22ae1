#include "ai/platform_memory.h"

#include <sys/mman.h>

namespace tengen::platform {

void* map_zeroed_pages(std::size_t bytes) noexcept {
    // MAP_NORESERVE: a large table the search never fills must not be refused for swap it
    // would never use.
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return nullptr;
#ifdef MADV_HUGEPAGE
    // Every TT probe lands on a random page: with 4 KiB pages nearly each one also misses
    // the TLB. Huge pages, where the kernel grants them (THP "madvise" mode), remove most of
    // those page walks; without them nothing changes.
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

void unmap_pages(void* data, std::size_t bytes) noexcept { munmap(data, bytes); }

}  // namespace tengen::platform
