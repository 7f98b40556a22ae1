#include "ai/platform_memory.h"

#include <sys/mman.h>

namespace tengen::platform {

void* map_zeroed_pages(std::size_t bytes) noexcept {
    // MAP_NORESERVE: a large table the search never fills must not be refused for swap it
    // would never use.
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return p == MAP_FAILED ? nullptr : p;
}

void populate_pages(void* data, std::size_t bytes) noexcept {
#ifdef MADV_POPULATE_WRITE
    // Linux 5.14 and later: the kernel walks the range itself, without a trap per page. An
    // older kernel refuses, and PageWarmer's touches map the pages instead.
    madvise(data, bytes, MADV_POPULATE_WRITE);
#else
    (void)data;
    (void)bytes;
#endif
}

void unmap_pages(void* data, std::size_t bytes) noexcept { munmap(data, bytes); }

}  // namespace tengen::platform
