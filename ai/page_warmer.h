// Maps a block of ZeroedMemory in ahead of use, on a thread of its own. A fresh table's
// pages otherwise arrive one trap at a time as the search first touches each: on the
// virtual machines we measure on (shadow page tables) a first touch costs about 12 us, so a
// 111 MiB table cost some 0.3 s of the first moves of every game (managers start a fresh
// process a game), and the first three moves at 200 ms searched half the nodes they do with
// a 24 MiB table. Here the kernel maps each chunk at once and one write a page does the rest:
// about 0.2 s of a helper thread, off the search's clock.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
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

    // While paused (pauses nest) the warmer maps nothing after its current chunk. Building the
    // search's own state (mallocs, thread stacks: each waits for the address-space lock a
    // chunk's mapping holds, and on a virtual machine every page table update is slow) took
    // 60 to 110 ms beside the warmer and 20 ms without it: a manager's first move at 100 ms.
    void pause();
    void resume();

private:
    void run(std::byte* data, std::size_t bytes);
    bool wait_while_paused();  // false once stopped

    std::mutex mutex_;
    std::condition_variable resumed_;
    int pauses_ = 0;     // under mutex_
    bool stop_ = false;  // under mutex_
    std::atomic<std::size_t> done_{0};
    std::thread thread_;
};

}  // namespace tengen
