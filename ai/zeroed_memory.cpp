#include "ai/zeroed_memory.h"

#include <new>
#include <utility>

#include "ai/platform_memory.h"

namespace tengen {
namespace {

void* map_zeroed(std::size_t bytes) {
    if (bytes == 0) return nullptr;
    void* p = platform::map_zeroed_pages(bytes);
    if (!p) throw std::bad_alloc();
    return p;
}

}  // namespace

ZeroedMemory::ZeroedMemory(std::size_t bytes) : data_(map_zeroed(bytes)), size_(bytes) {}

ZeroedMemory::~ZeroedMemory() { release(); }

ZeroedMemory::ZeroedMemory(ZeroedMemory&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

ZeroedMemory& ZeroedMemory::operator=(ZeroedMemory&& other) noexcept {
    if (this != &other) {
        release();
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

void ZeroedMemory::release() noexcept {
    if (data_) platform::unmap_pages(data_, size_);
    data_ = nullptr;
    size_ = 0;
}

}  // namespace tengen
