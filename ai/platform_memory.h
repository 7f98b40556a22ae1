// The operating system's zero-filled, lazily committed pages, for ZeroedMemory. One
// implementation per system (platform_memory_posix.cpp, platform_memory_windows.cpp); CMake
// compiles the one that fits the target.
#pragma once

#include <cstddef>

namespace tengen::platform {

// `bytes` of zeroed memory that costs nothing until a page is touched; nullptr when the
// system refuses. bytes > 0.
void* map_zeroed_pages(std::size_t bytes) noexcept;

// Asks the system to map [data, data + bytes) in now, contents unchanged, faster than
// touching each page; does nothing where it cannot. Safe while other threads use the range.
void populate_pages(void* data, std::size_t bytes) noexcept;

// Gives back a block from map_zeroed_pages with the same size.
void unmap_pages(void* data, std::size_t bytes) noexcept;

}  // namespace tengen::platform
