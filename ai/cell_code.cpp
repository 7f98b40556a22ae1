#include "ai/cell_code.h"

namespace tengen::detail {

std::array<std::uint16_t, kOrderedQuadruples> ordered_codes() {
    std::array<std::uint16_t, kOrderedQuadruples> codes{};
    for (int i = 0; i < kOrderedQuadruples; ++i) {
        const std::array<int, 4> s = sorted4({i % kLineClassCount, i / kLineClassCount % kLineClassCount,
                                              i / (kLineClassCount * kLineClassCount) % kLineClassCount,
                                              i / (kLineClassCount * kLineClassCount * kLineClassCount)});
        codes[i] = static_cast<std::uint16_t>(kRankTerms[0][s[0]] + kRankTerms[1][s[1]] + kRankTerms[2][s[2]] +
                                              kRankTerms[3][s[3]]);
    }
    return codes;
}

}  // namespace tengen::detail
