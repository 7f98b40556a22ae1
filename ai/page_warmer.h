// Maps a block of ZeroedMemory in ahead of use, on a thread of its own. A fresh table's
// pages otherwise arrive one trap at a time as the search first touches each: on the
// virtual machines we measure on (shadow page tables) a first touch costs about 12 us, so a
// 111 MiB table cost some 0.3 s of the first moves of every game (managers start a fresh
// process a game), and the first three moves at 200 ms searched half the nodes they do with
// a 24 MiB table. Here the kernel maps each chunk at once and one write a page does the rest:
// about 0.2 s of a helper thread, off the search's clock.
#pragma once

#include <atomic>
#include <cstddef>
#include <thread>

namespace tengen {

class PageWarmer {
public:
    // Starts mapping [data, data + bytes) in; the contents stay as they are (zeroes, or
    // whatever other threads store meanwhile), so the block may be used at once.
    PageWarmer(void* data, std::size_t bytes);
    ~PageWarmer();  // stops between two chunks and joins: the block may be unmapped after
    PageWarmer(PageWarmer&&) = delete;
    PageWarmer& operator=(PageWarmer&&) = delete;

    void wait();  // blocks until every page is mapped (or the warmer was stopped)
    std::size_t bytes_done() const noexcept { return done_.load(std::memory_order_acquire); }

private:
    void run(std::byte* data, std::size_t bytes);

    std::atomic<bool> stop_{false};
    std::atomic<std::size_t> done_{0};
    std::thread thread_;
};

}  // namespace tengen
