// The transposition table: 64-byte buckets of four 16-byte entries, shared by all search
// threads without locks, in memory the OS zeroes (allocating is instant) and a helper thread
// maps in at once (see PageWarmer). Each entry stores key ^ data next to data, so a torn write
// from two threads fails the key check instead of returning another position's data.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "ai/page_warmer.h"
#include "ai/score.h"
#include "ai/zeroed_memory.h"

namespace tengen {

__extension__ typedef unsigned __int128 TTUint128;  // for the multiply-high index

struct TTHit {
    Score score = 0;
    Score eval = 0;
    int move = -1;  // dense board index, -1 for none
    int depth = 0;
    Bound bound = Bound::None;
    bool pv = false;  // stored by a node that was on the principal variation
};

class TranspositionTable {
public:
    explicit TranspositionTable(std::size_t bytes);
    void resize(std::size_t bytes);
    void clear();  // empties the table (YXHASHCLEAR); a new game needs no clear, see new_search
    // Entries of older searches stay usable (keys identify positions of any game) and are the
    // first replaced.
    void new_search() noexcept { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63); }
    // Called before each search, while none runs. After a resize or clear the helper thread
    // needs some 0.2 s to map the block in (see PageWarmer) and a manager's first move comes
    // at once: a timed search then starts with only the part already mapped (never less than
    // kMinInUse bytes) and takes the whole block at the first iteration after it is mapped
    // (grow_if_mapped); each change of size leaves the entries behind. A search that must
    // repeat exactly (fixed depth or nodes) always uses the whole block, mapped or not.
    void prepare_search(bool must_repeat) noexcept;
    // The whole block from now on if it is mapped; true when the size changed. Safe while
    // other threads probe: they see the old size or the new one, both inside the block.
    bool grow_if_mapped() noexcept;
    // Blocks until the helper has mapped the whole block (at once when there is none).
    void wait_until_mapped() {
        if (warmer_) warmer_->wait();
    }
    static constexpr std::size_t kMinInUse = std::size_t{1} << 20;

    // Holds the helper thread that maps a fresh block (see PageWarmer::pause) for as long as
    // the guard lives; a table already mapped has nothing to hold. A guard must end before the
    // table is resized or cleared (they replace the helper it holds).
    class WarmingPause {
    public:
        explicit WarmingPause(TranspositionTable& tt) : warmer_(tt.warmer_.get()) {
            if (warmer_) warmer_->pause();
        }
        ~WarmingPause() {
            if (warmer_) warmer_->resume();
        }
        WarmingPause(const WarmingPause&) = delete;
        WarmingPause& operator=(const WarmingPause&) = delete;

    private:
        PageWarmer* warmer_;
    };

    bool probe(std::uint64_t key, TTHit& out) const noexcept;
    // A hint that key is probed soon: its bucket is a cache miss, and the make that comes
    // before the probe is long enough to hide it.
    void prefetch(std::uint64_t key) const noexcept { __builtin_prefetch(&bucket_for(key)); }
    // score must already be node-relative (see score_to_tt); depth may be negative (VCF).
    void store(std::uint64_t key, Score score, Score eval, int move, int depth, Bound bound, bool pv = false) noexcept;
    std::size_t bytes() const noexcept { return capacity_ * sizeof(Bucket); }
    std::size_t bytes_in_use() const noexcept { return in_use() * sizeof(Bucket); }

private:
    // Plain words in zeroed memory, read and written through std::atomic_ref: the table
    // needs no construction, so a fresh one is all zeroes (empty) for free.
    struct Entry {
        std::uint64_t check;  // key ^ data
        std::uint64_t data;
    };
    struct alignas(64) Bucket {
        Entry entries[4];
    };
    Bucket& bucket_for(std::uint64_t key) const noexcept {
        return buckets_ptr_[static_cast<std::size_t>((static_cast<TTUint128>(key) * in_use()) >> 64)];
    }
    std::size_t in_use() const noexcept { return buckets_.load(std::memory_order_relaxed); }
    void set_in_use(std::size_t n) noexcept { buckets_.store(n, std::memory_order_relaxed); }

    void remap(std::size_t bytes);
    std::size_t mapped_buckets() const noexcept;  // how far the warmer has got, from the start

    ZeroedMemory storage_;
    std::unique_ptr<PageWarmer> warmer_;  // after storage_: stops before the pages go
    Bucket spare_{};                      // the table while none is allocated (see remap)
    Bucket* buckets_ptr_ = &spare_;
    std::atomic<std::size_t> buckets_{1};  // in use: the index range of bucket_for
    std::size_t capacity_ = 1;             // allocated (or the spare bucket)
    bool fresh_ = true;                    // no search since the last resize or clear
    std::uint8_t generation_ = 0;
};

}  // namespace tengen
