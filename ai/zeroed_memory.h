// Large blocks the operating system hands out already zeroed and maps only when a page is
// first touched: allocating a 256 MiB table costs microseconds, not the seconds that clearing
// it by hand would. Emptying a block is handing it back and mapping a fresh one.
#pragma once

#include <cstddef>

namespace tengen {

class ZeroedMemory {
public:
    ZeroedMemory() = default;
    explicit ZeroedMemory(std::size_t bytes);  // throws std::bad_alloc when the OS refuses
    ~ZeroedMemory();
    ZeroedMemory(ZeroedMemory&& other) noexcept;
    ZeroedMemory& operator=(ZeroedMemory&& other) noexcept;
    ZeroedMemory(const ZeroedMemory&) = delete;
    ZeroedMemory& operator=(const ZeroedMemory&) = delete;

    void* data() const noexcept { return data_; }
    std::size_t size() const noexcept { return size_; }

private:
    void release() noexcept;
    void* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace tengen
