#include "ai/platform_memory.h"

#define WIN32_LEAN_AND_MEAN
#include <windows.h>

namespace tengen::platform {

// Committed pages are zero-filled on first touch and count against the commit limit only,
// not the working set, until used: the same promise as an anonymous mmap.
void* map_zeroed_pages(std::size_t bytes) noexcept {
    return VirtualAlloc(nullptr, bytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
}

// Windows has no call that maps committed pages in without touching them.
void populate_pages(void* /*data*/, std::size_t /*bytes*/) noexcept {}

void unmap_pages(void* data, std::size_t /*bytes*/) noexcept { VirtualFree(data, 0, MEM_RELEASE); }

}  // namespace tengen::platform
