#include "engine/zobrist.h"

#include "engine/random.h"

namespace tengen {
namespace {

constexpr ZobristKeys build_keys() noexcept {
    ZobristKeys keys;
    SplitMix64 random(0x7E46E1A5C0FFEE01ull);
    for (auto& point : keys.stone)
        for (auto& key : point) key = random.next();
    keys.white_to_move = random.next();
    return keys;
}

}  // namespace

constinit const ZobristKeys kZobristKeys = build_keys();

}  // namespace tengen
