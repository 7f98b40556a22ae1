#include "ai/transposition_table.h"

#include <algorithm>
#include <exception>

namespace tengen {
namespace {

struct Unpacked {
    std::int16_t score;
    std::int16_t eval;
    std::uint16_t move;
    std::int8_t depth;
    std::uint8_t bound_gen;  // bound in the low 2 bits, generation above
};

std::uint64_t pack(const Unpacked& u) {
    return std::uint64_t(std::uint16_t(u.score)) | (std::uint64_t(std::uint16_t(u.eval)) << 16) |
           (std::uint64_t(u.move) << 32) | (std::uint64_t(std::uint8_t(u.depth)) << 48) |
           (std::uint64_t(u.bound_gen) << 56);
}

Unpacked unpack(std::uint64_t d) {
    return {static_cast<std::int16_t>(d & 0xFFFF), static_cast<std::int16_t>((d >> 16) & 0xFFFF),
            static_cast<std::uint16_t>((d >> 32) & 0xFFFF), static_cast<std::int8_t>((d >> 48) & 0xFF),
            static_cast<std::uint8_t>(d >> 56)};
}

// The move field: a dense cell index in the low 15 bits (all ones for none), and on top the mark
// of a node that was on the principal variation.
constexpr std::uint16_t kNoMove = 0x7FFF;
constexpr std::uint16_t kPvMark = 0x8000;

int stored_move(std::uint16_t field) {
    const int move = field & kNoMove;
    return move == kNoMove ? -1 : move;
}

std::uint16_t move_field(int move, bool pv) {
    return static_cast<std::uint16_t>((move < 0 ? kNoMove : move) | (pv ? kPvMark : 0));
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t bytes) { resize(bytes); }

void TranspositionTable::resize(std::size_t bytes) {
    const std::size_t count = std::max<std::size_t>(1024, bytes / sizeof(Bucket));
    if (count == capacity_) {
        clear();
        return;
    }
    remap(count * sizeof(Bucket));
}

void TranspositionTable::clear() { remap(capacity_ * sizeof(Bucket)); }

void TranspositionTable::remap(std::size_t bytes) {
    warmer_.reset();
    // The old table goes first, so the two never exist together. Until the new block is
    // there, and for good if the OS refuses it, the one spare bucket is the table: searches
    // after a failed allocation run with almost no table instead of none.
    storage_ = ZeroedMemory();
    spare_ = Bucket{};
    buckets_ptr_ = &spare_;
    capacity_ = 1;
    set_in_use(1);
    generation_ = 0;
    fresh_ = true;
    storage_ = ZeroedMemory(bytes);  // may throw std::bad_alloc, leaving the spare bucket in use
    buckets_ptr_ = static_cast<Bucket*>(storage_.data());
    capacity_ = bytes / sizeof(Bucket);
    set_in_use(capacity_);
    try {
        warmer_ = std::make_unique<PageWarmer>(storage_.data(), bytes);
    } catch (const std::exception&) {
        // No thread for the helper: the search maps the pages itself as it touches them.
    }
}

std::size_t TranspositionTable::mapped_buckets() const noexcept {
    return warmer_ ? warmer_->bytes_done() / sizeof(Bucket) : capacity_;
}

void TranspositionTable::prepare_search(bool must_repeat) noexcept {
    const std::size_t mapped = mapped_buckets();
    if (must_repeat || mapped >= capacity_)
        set_in_use(capacity_);
    else if (fresh_)
        set_in_use(std::clamp(mapped, kMinInUse / sizeof(Bucket), capacity_));
    fresh_ = false;
}

bool TranspositionTable::grow_if_mapped() noexcept {
    if (in_use() == capacity_ || mapped_buckets() < capacity_) return false;
    set_in_use(capacity_);
    return true;
}

bool TranspositionTable::probe(std::uint64_t key, TTHit& out) const noexcept {
    Bucket& b = bucket_for(key);
    for (Entry& e : b.entries) {
        const std::uint64_t data = std::atomic_ref(e.data).load(std::memory_order_relaxed);
        const std::uint64_t check = std::atomic_ref(e.check).load(std::memory_order_relaxed);
        if ((check ^ data) != key || data == 0) continue;
        const Unpacked u = unpack(data);
        out.score = u.score;
        out.eval = u.eval;
        out.move = stored_move(u.move);
        out.pv = (u.move & kPvMark) != 0;
        out.depth = u.depth;
        out.bound = static_cast<Bound>(u.bound_gen & 3);
        return true;
    }
    return false;
}

void TranspositionTable::store(std::uint64_t key, Score score, Score eval, int move, int depth, Bound bound,
                               bool pv) noexcept {
    Bucket& b = bucket_for(key);
    Entry* target = nullptr;
    int worst = 1 << 30;
    for (Entry& e : b.entries) {
        const std::uint64_t data = std::atomic_ref(e.data).load(std::memory_order_relaxed);
        const std::uint64_t check = std::atomic_ref(e.check).load(std::memory_order_relaxed);
        if (data != 0 && (check ^ data) == key) {
            const Unpacked old = unpack(data);
            // Keep a deeper result for the same position unless the new one is exact.
            if (bound != Bound::Exact && old.depth > depth + 2 && (old.bound_gen >> 2) == generation_) return;
            if (move < 0) move = stored_move(old.move);
            target = &e;
            break;
        }
        if (data == 0) {
            target = &e;
            worst = -(1 << 30);
            continue;
        }
        const Unpacked u = unpack(data);
        const int age = (generation_ - (u.bound_gen >> 2)) & 63;
        const int worth = u.depth - 8 * age;
        if (worth < worst) {
            worst = worth;
            target = &e;
        }
    }
    Unpacked u;
    u.score = static_cast<std::int16_t>(std::clamp<Score>(score, -32000, 32000));
    u.eval = static_cast<std::int16_t>(std::clamp<Score>(eval, -32000, 32000));
    u.move = move_field(move, pv);
    u.depth = static_cast<std::int8_t>(std::clamp(depth, -100, 120));
    u.bound_gen = static_cast<std::uint8_t>(static_cast<int>(bound) | (generation_ << 2));
    const std::uint64_t data = pack(u);
    std::atomic_ref(target->data).store(data, std::memory_order_relaxed);
    std::atomic_ref(target->check).store(key ^ data, std::memory_order_relaxed);
}

}  // namespace tengen
