#include "ai/page_warmer.h"

#include <algorithm>
#include <cstdint>
#include <system_error>

#include "ai/platform_memory.h"

namespace tengen {
namespace {

// Chunks small enough that stopping (a resize, the end of the process) never waits long, and
// that the address-space lock the kernel holds while mapping a chunk is free again soon for
// the search's own work (a thread's stack, a list growing).
constexpr std::size_t kChunkBytes = std::size_t{2} << 20;
constexpr std::size_t kPageBytes = 4096;

// One write a page: an atomic OR of zero keeps a word another thread may be storing at this
// moment. It maps a page the kernel has not, and where the kernel has, it still pays what a
// hypervisor with shadow page tables charges for the first user access to each page (about
// 5 us here, 0.15 s for a 111 MiB table), so the search does not pay it.
void touch_pages(std::byte* data, std::size_t bytes) noexcept {
    for (std::size_t off = 0; off + sizeof(std::uint64_t) <= bytes; off += kPageBytes)
        std::atomic_ref(*reinterpret_cast<std::uint64_t*>(data + off)).fetch_or(0, std::memory_order_relaxed);
}

}  // namespace

PageWarmer::PageWarmer(void* data, std::size_t bytes) {
    if (data == nullptr || bytes == 0) return;
    try {
        thread_ = std::thread([this, data, bytes] { run(static_cast<std::byte*>(data), bytes); });
    } catch (const std::system_error&) {
        done_.store(bytes, std::memory_order_release);  // no thread: pages map at first touch, as without one
    }
}

PageWarmer::~PageWarmer() {
    {
        const std::lock_guard lock(mutex_);
        stop_ = true;
    }
    resumed_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void PageWarmer::pause() {
    const std::lock_guard lock(mutex_);
    ++pauses_;
}

void PageWarmer::resume() {
    {
        const std::lock_guard lock(mutex_);
        pauses_ = std::max(pauses_ - 1, 0);
    }
    resumed_.notify_all();
}

bool PageWarmer::wait_while_paused() {
    std::unique_lock lock(mutex_);
    resumed_.wait(lock, [this] { return pauses_ == 0 || stop_; });
    return !stop_;
}

void PageWarmer::wait() {
    if (thread_.joinable()) thread_.join();
}

void PageWarmer::run(std::byte* data, std::size_t bytes) {
    for (std::size_t off = 0; off < bytes && wait_while_paused(); off += kChunkBytes) {
        const std::size_t n = std::min(kChunkBytes, bytes - off);
        platform::populate_pages(data + off, n);
        touch_pages(data + off, n);
        done_.store(off + n, std::memory_order_release);
    }
}

}  // namespace tengen
