// Work items made on several threads and written in their order: the self-play front ends
// write the same bytes for any number of jobs.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace tengen {

// Makes items 0..count-1 on `jobs` threads and hands each to `write` in order of its number, as
// soon as it and every one before it are done. `new_maker()` is called once on each thread and
// returns that thread's maker, a callable Item(std::size_t), so each thread owns its own state
// (a Player and its table).
template <class Item, class NewMaker, class Write>
void make_in_order(std::size_t count, int jobs, NewMaker new_maker, Write write) {
    std::vector<std::optional<Item>> done(count);
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        auto make = new_maker();
        for (std::size_t i; (i = next.fetch_add(1)) < count;) {
            Item item = make(i);
            {
                std::lock_guard lock(mutex);
                done[i] = std::move(item);
            }
            ready.notify_all();
        }
    };
    std::vector<std::thread> threads;
    const std::size_t thread_count = std::min<std::size_t>(static_cast<std::size_t>(std::max(jobs, 1)), count);
    for (std::size_t t = 0; t < thread_count; ++t) threads.emplace_back(worker);
    for (std::size_t i = 0; i < count; ++i) {
        std::optional<Item> item;
        {
            std::unique_lock lock(mutex);
            ready.wait(lock, [&] { return done[i].has_value(); });
            item = std::move(done[i]);
            done[i].reset();
        }
        write(*item);
    }
    for (auto& t : threads) t.join();
}

}  // namespace tengen
