// The transposition table: 64-byte buckets of four 16-byte entries, shared by all search
// threads without locks, in memory the OS zeroes and maps lazily (allocating is instant). Each entry stores key ^ data next to data, so a torn write from two
// threads fails the key check instead of returning another position's data.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

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
};

class TranspositionTable {
public:
    explicit TranspositionTable(std::size_t bytes);
    void resize(std::size_t bytes);
    void clear();  // empties the table (YXHASHCLEAR); a new game needs no clear, see new_search
    // Entries of older searches stay usable (keys identify positions of any game) and are the
    // first replaced.
    void new_search() noexcept { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63); }

    bool probe(std::uint64_t key, TTHit& out) const noexcept;
    // A hint that key is probed soon: its bucket is a cache miss, and the make that comes
    // before the probe is long enough to hide it.
    void prefetch(std::uint64_t key) const noexcept { __builtin_prefetch(&bucket_for(key)); }
    // score must already be node-relative (see score_to_tt); depth may be negative (VCF).
    void store(std::uint64_t key, Score score, Score eval, int move, int depth, Bound bound) noexcept;
    std::size_t bytes() const noexcept { return buckets_ * sizeof(Bucket); }

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
        return buckets_ptr_[static_cast<std::size_t>((static_cast<TTUint128>(key) * buckets_) >> 64)];
    }

    ZeroedMemory storage_;
    Bucket* buckets_ptr_ = nullptr;
    std::size_t buckets_ = 0;
    std::uint8_t generation_ = 0;
};

}  // namespace tengen
