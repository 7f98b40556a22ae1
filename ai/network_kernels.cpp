#include "ai/network_kernels.h"

#include <algorithm>

#if defined(__x86_64__) || defined(_M_X64)
#define TENGEN_HAS_AVX2_KERNELS 1
#include <immintrin.h>
#else
#define TENGEN_HAS_AVX2_KERNELS 0
#endif

namespace tengen {

bool network_kernels_available(NetworkKernels kernels) noexcept {
    if (kernels == NetworkKernels::Portable) return true;
#if TENGEN_HAS_AVX2_KERNELS && (defined(__GNUC__) || defined(__clang__))
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

NetworkKernels best_network_kernels() noexcept {
    return network_kernels_available(NetworkKernels::Avx2) ? NetworkKernels::Avx2 : NetworkKernels::Portable;
}

const char* network_kernels_name(NetworkKernels kernels) noexcept {
    return kernels == NetworkKernels::Avx2 ? "avx2" : "portable";
}

namespace network_kernels {

void update_portable(std::int16_t* acc, const std::int16_t* add, const std::int16_t* sub, int width) noexcept {
    // Unsigned arithmetic wraps as the vector adds do; signed overflow would be undefined.
    for (int i = 0; i < width; ++i)
        acc[i] = static_cast<std::int16_t>(static_cast<std::uint16_t>(acc[i]) + static_cast<std::uint16_t>(add[i]) -
                                           static_cast<std::uint16_t>(sub[i]));
}

void update_pair_portable(std::int16_t* acc, const std::int16_t* const add[2], const std::int16_t* const sub[2],
                          int width) noexcept {
    update_portable(acc, add[0], sub[0], width);
    update_portable(acc + width, add[1], sub[1], width);
}

void activate_portable(std::uint8_t* out, const std::int16_t* a, const std::int16_t* b, const std::int16_t* c,
                       int width, int clip_high, int step_shift) noexcept {
    const int half_step = (1 << step_shift) >> 1;
    for (int i = 0; i < width; ++i) {
        const auto sum = static_cast<std::int16_t>(static_cast<std::uint16_t>(a[i]) + static_cast<std::uint16_t>(b[i]) +
                                                   static_cast<std::uint16_t>(c[i]));
        out[i] = static_cast<std::uint8_t>((std::clamp<int>(sum, 0, clip_high) + half_step) >> step_shift);
    }
}

void dense_portable(std::int32_t* out, const std::int8_t* weights, const std::uint8_t* input, const std::int32_t* bias,
                    int rows, int stride) noexcept {
    for (int r = 0; r < rows; ++r) {
        const std::int8_t* w = weights + static_cast<std::ptrdiff_t>(r) * stride;
        std::int32_t sum = bias[r];
        for (int i = 0; i < stride; ++i) sum += static_cast<std::int32_t>(w[i]) * input[i];
        out[r] = sum;
    }
}

#if TENGEN_HAS_AVX2_KERNELS

__attribute__((target("avx2"))) void update_avx2(std::int16_t* acc, const std::int16_t* add, const std::int16_t* sub,
                                                 int width) noexcept {
    for (int i = 0; i < width; i += 16) {
        auto* at = reinterpret_cast<__m256i*>(acc + i);
        const __m256i plus = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(add + i));
        const __m256i minus = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sub + i));
        _mm256_storeu_si256(at, _mm256_sub_epi16(_mm256_add_epi16(_mm256_loadu_si256(at), plus), minus));
    }
}

__attribute__((target("avx2"))) static inline void add_sub_avx2(std::int16_t* acc, const std::int16_t* add,
                                                                const std::int16_t* sub) noexcept {
    auto* at = reinterpret_cast<__m256i*>(acc);
    const __m256i plus = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(add));
    const __m256i minus = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sub));
    _mm256_storeu_si256(at, _mm256_sub_epi16(_mm256_add_epi16(_mm256_loadu_si256(at), plus), minus));
}

__attribute__((target("avx2"))) void update_pair_avx2(std::int16_t* acc, const std::int16_t* const add[2],
                                                      const std::int16_t* const sub[2], int width) noexcept {
    if (width == 32) {  // the built-in networks' width: no loop at all
        add_sub_avx2(acc, add[0], sub[0]);
        add_sub_avx2(acc + 16, add[0] + 16, sub[0] + 16);
        add_sub_avx2(acc + 32, add[1], sub[1]);
        add_sub_avx2(acc + 48, add[1] + 16, sub[1] + 16);
        return;
    }
    for (int half = 0; half < 2; ++half)
        for (int i = 0; i < width; i += 16) add_sub_avx2(acc + half * width + i, add[half] + i, sub[half] + i);
}

__attribute__((target("avx2"))) void activate_avx2(std::uint8_t* out, const std::int16_t* a, const std::int16_t* b,
                                                   const std::int16_t* c, int width, int clip_high,
                                                   int step_shift) noexcept {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i high = _mm256_set1_epi16(static_cast<short>(clip_high));
    const __m256i half = _mm256_set1_epi16(static_cast<short>((1 << step_shift) >> 1));
    const __m128i shift = _mm_cvtsi32_si128(step_shift);
    for (int i = 0; i < width; i += 16) {
        const __m256i va = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
        const __m256i vb = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i));
        const __m256i vc = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(c + i));
        __m256i v = _mm256_add_epi16(_mm256_add_epi16(va, vb), vc);
        v = _mm256_min_epi16(_mm256_max_epi16(v, zero), high);
        v = _mm256_srl_epi16(_mm256_add_epi16(v, half), shift);
        // 16 values 0..127 to bytes: packus works within 128-bit lanes, so the two halves are
        // packed together and the low 128 bits hold them in order.
        const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(v, v), 0x08);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), _mm256_castsi256_si128(packed));
    }
}

// The dot product of one row with the input, as eight int32 partial sums.
__attribute__((target("avx2"))) static inline __m256i dense_row_avx2(const std::int8_t* w, const std::uint8_t* input,
                                                                     int stride) noexcept {
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < stride; i += 32) {
        const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(input + i));
        const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i));
        // Pairs of u8 x i8 products into int16 (at most 2 * 127 * 128, inside int16), then
        // pairs of those into int32: exact, as the portable sum.
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_maddubs_epi16(x, y), ones));
    }
    return sum;
}

__attribute__((target("avx2"))) void dense_avx2(std::int32_t* out, const std::int8_t* weights,
                                                const std::uint8_t* input, const std::int32_t* bias, int rows,
                                                int stride) noexcept {
    int r = 0;
    // Four rows at a time: three horizontal adds fold their four sums into one vector, one
    // reduction for four outputs instead of one each.
    for (; r + 4 <= rows; r += 4) {
        const std::int8_t* w = weights + static_cast<std::ptrdiff_t>(r) * stride;
        const __m256i s0 = dense_row_avx2(w, input, stride);
        const __m256i s1 = dense_row_avx2(w + stride, input, stride);
        const __m256i s2 = dense_row_avx2(w + 2 * stride, input, stride);
        const __m256i s3 = dense_row_avx2(w + 3 * stride, input, stride);
        const __m256i folded = _mm256_hadd_epi32(_mm256_hadd_epi32(s0, s1), _mm256_hadd_epi32(s2, s3));
        const __m128i four = _mm_add_epi32(_mm256_castsi256_si128(folded), _mm256_extracti128_si256(folded, 1));
        const __m128i with_bias = _mm_add_epi32(four, _mm_loadu_si128(reinterpret_cast<const __m128i*>(bias + r)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + r), with_bias);
    }
    for (; r < rows; ++r) {
        const __m256i sum = dense_row_avx2(weights + static_cast<std::ptrdiff_t>(r) * stride, input, stride);
        __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
        out[r] = bias[r] + _mm_cvtsi128_si32(s);
    }
}

#else

// Never chosen where the CPU cannot run them (network_kernels_available is false): the
// portable code stands in so that every build links.
void update_avx2(std::int16_t* acc, const std::int16_t* add, const std::int16_t* sub, int width) noexcept {
    update_portable(acc, add, sub, width);
}
void update_pair_avx2(std::int16_t* acc, const std::int16_t* const add[2], const std::int16_t* const sub[2],
                      int width) noexcept {
    update_pair_portable(acc, add, sub, width);
}
void activate_avx2(std::uint8_t* out, const std::int16_t* a, const std::int16_t* b, const std::int16_t* c, int width,
                   int clip_high, int step_shift) noexcept {
    activate_portable(out, a, b, c, width, clip_high, step_shift);
}
void dense_avx2(std::int32_t* out, const std::int8_t* weights, const std::uint8_t* input, const std::int32_t* bias,
                int rows, int stride) noexcept {
    dense_portable(out, weights, input, bias, rows, stride);
}

#endif

}  // namespace network_kernels

}  // namespace tengen
