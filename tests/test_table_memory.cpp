#define BOOST_TEST_MODULE table_memory
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <new>
#include <thread>
#include <vector>

#include "ai/page_warmer.h"
#include "ai/transposition_table.h"
#include "ai/zeroed_memory.h"

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

using namespace tengen;

namespace {

constexpr std::size_t kPage = 4096;

std::uint64_t& word_at(const ZeroedMemory& block, std::size_t offset) {
    return *reinterpret_cast<std::uint64_t*>(static_cast<std::byte*>(block.data()) + offset);
}

#ifdef __linux__
// Pages of the block the kernel holds in memory now.
std::size_t resident_pages(const ZeroedMemory& block) {
    const std::size_t pages = (block.size() + kPage - 1) / kPage;
    std::vector<unsigned char> in_core(pages);
    BOOST_REQUIRE(mincore(block.data(), block.size(), in_core.data()) == 0);
    std::size_t n = 0;
    for (unsigned char c : in_core) n += c & 1;
    return n;
}
#endif

}  // namespace

BOOST_AUTO_TEST_CASE(a_block_being_warmed_keeps_what_another_thread_stores_meanwhile) {
    const ZeroedMemory block(std::size_t{64} << 20);
    {
        PageWarmer warmer(block.data(), block.size());
        // Stores race the warmer through the block: one word in every third page, written
        // the way the table writes its entries.
        for (std::size_t off = 0; off < block.size(); off += 3 * kPage)
            std::atomic_ref(word_at(block, off)).store(off + 1, std::memory_order_relaxed);
        warmer.wait();
        BOOST_TEST(warmer.bytes_done() == block.size());
    }
    std::size_t wrong = 0;
    for (std::size_t off = 0; off < block.size(); off += kPage) {
        const std::uint64_t want = off % (3 * kPage) == 0 ? off + 1 : 0;
        wrong += word_at(block, off) != want || word_at(block, off + 8) != 0;
    }
    BOOST_TEST(wrong == 0u);
}

BOOST_AUTO_TEST_CASE(a_paused_warmer_maps_nothing_more_until_resumed_and_then_finishes) {
    // Small enough that an unpaused warmer maps all of it well within the waits below (some
    // 0.1 s), big enough that it cannot before the pause that follows its start.
    const ZeroedMemory block(std::size_t{64} << 20);
    PageWarmer warmer(block.data(), block.size());
    warmer.pause();
    warmer.pause();  // pauses nest: one resume is not enough
    // The chunk under way when the pause came may still finish.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const std::size_t held_at = warmer.bytes_done();
    BOOST_TEST(held_at < block.size());
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    BOOST_TEST(warmer.bytes_done() == held_at);
    warmer.resume();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    BOOST_TEST(warmer.bytes_done() == held_at);
    warmer.resume();
    warmer.wait();
    BOOST_TEST(warmer.bytes_done() == block.size());
}

BOOST_AUTO_TEST_CASE(a_paused_warmer_still_stops_when_dropped) {
    const ZeroedMemory block(std::size_t{256} << 20);
    PageWarmer warmer(block.data(), block.size());
    warmer.pause();
    // Destroyed while paused: must not wait for a resume that never comes.
}

BOOST_AUTO_TEST_CASE(a_table_holds_its_warmer_while_a_pause_guard_lives) {
    TranspositionTable tt(std::size_t{64} << 20);
    {
        const TranspositionTable::WarmingPause hold(tt);
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        tt.prepare_search(/*must_repeat=*/false);  // a fresh table: the mapped part only
        BOOST_TEST(tt.bytes_in_use() < tt.bytes());
        BOOST_TEST(!tt.grow_if_mapped());
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!tt.grow_if_mapped() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    BOOST_TEST(tt.bytes_in_use() == tt.bytes());
}

#ifdef __linux__
BOOST_AUTO_TEST_CASE(a_warmed_block_is_in_memory_before_anyone_touches_it) {
    const ZeroedMemory block(std::size_t{32} << 20);
    BOOST_TEST(resident_pages(block) == 0u);
    PageWarmer warmer(block.data(), block.size());
    warmer.wait();
    BOOST_TEST(resident_pages(block) == block.size() / kPage);
}

BOOST_AUTO_TEST_CASE(a_warmer_dropped_at_once_stops_long_before_the_end_of_its_block) {
    // Mapping 1 GiB takes a second or more; dropping the warmer must not wait for that (a
    // resize right after START would), and the block stays mostly unmapped.
    const ZeroedMemory block(std::size_t{1} << 30);
    { PageWarmer warmer(block.data(), block.size()); }
    BOOST_TEST(resident_pages(block) < block.size() / kPage / 4);
}
#endif

BOOST_AUTO_TEST_CASE(a_fresh_table_serves_a_timed_search_from_its_mapped_part_then_whole) {
    TranspositionTable tt(std::size_t{512} << 20);
    // The first timed search comes before the helper can have mapped half a gigabyte.
    tt.prepare_search(/*must_repeat=*/false);
    BOOST_TEST(tt.bytes_in_use() >= TranspositionTable::kMinInUse);
    BOOST_TEST(tt.bytes_in_use() < tt.bytes());
    const std::uint64_t key = 0x0123456789ABCDEFull;
    tt.store(key, 55, 44, 12, 6, Bound::Exact);
    TTHit hit;
    BOOST_TEST(tt.probe(key, hit));
    BOOST_TEST(hit.score == 55);

    // Later searches keep that size until the block is mapped, then use all of it.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    const std::size_t first = tt.bytes_in_use();
    while (tt.bytes_in_use() < tt.bytes() && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        tt.prepare_search(false);
        BOOST_TEST((tt.bytes_in_use() == first || tt.bytes_in_use() == tt.bytes()));
    }
    BOOST_TEST(tt.bytes_in_use() == tt.bytes());
    BOOST_TEST(!tt.grow_if_mapped());  // nothing left to grow into
    tt.store(key, 66, 44, 12, 6, Bound::Exact);
    BOOST_TEST(tt.probe(key, hit));
    BOOST_TEST(hit.score == 66);
}

BOOST_AUTO_TEST_CASE(a_search_under_way_takes_the_whole_table_once_it_is_mapped) {
    TranspositionTable tt(std::size_t{512} << 20);
    tt.prepare_search(false);
    BOOST_TEST(tt.bytes_in_use() < tt.bytes());
    BOOST_TEST(!tt.grow_if_mapped());  // half a gigabyte is not mapped this soon
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!tt.grow_if_mapped() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    BOOST_TEST(tt.bytes_in_use() == tt.bytes());
}

BOOST_AUTO_TEST_CASE(a_search_that_must_repeat_uses_the_whole_table_at_once) {
    // Its result may not depend on how far the helper got, so neither may the table's size.
    TranspositionTable tt(std::size_t{512} << 20);
    tt.prepare_search(/*must_repeat=*/true);
    BOOST_TEST(tt.bytes_in_use() == tt.bytes());
    tt.clear();
    tt.prepare_search(true);
    BOOST_TEST(tt.bytes_in_use() == tt.bytes());
}

BOOST_AUTO_TEST_CASE(a_table_the_os_refuses_still_serves_from_a_spare_bucket) {
    TranspositionTable tt(std::size_t{1} << 20);
    // No machine maps an exabyte: the old block is gone first, the new one never comes.
    BOOST_CHECK_THROW(tt.resize(std::size_t{1} << 60), std::bad_alloc);
    BOOST_TEST(tt.bytes() > 0);
    BOOST_TEST(tt.bytes() < (std::size_t{1} << 20));
    for (const bool must_repeat : {false, true}) {
        tt.prepare_search(must_repeat);
        BOOST_TEST(!tt.grow_if_mapped());
        const std::uint64_t key = 0x0F1E2D3C4B5A6978ull;
        tt.store(key, 77, 11, 3, 4, Bound::Lower);
        TTHit hit;
        BOOST_TEST(tt.probe(key, hit));
        BOOST_TEST(hit.score == 77);
        BOOST_TEST(hit.depth == 4);
    }
    // A later resize the OS grants brings a real table back.
    tt.resize(std::size_t{1} << 20);
    BOOST_TEST(tt.bytes() == (std::size_t{1} << 20));
}
