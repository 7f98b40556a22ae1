// The value network's inner loops, twice: portable integer code and AVX2 intrinsics, chosen
// once from the CPU at run time. Both are exact integer arithmetic with the same wrapping and
// no saturation the portable code lacks, so both give the same values, the same searches and
// the same node counts; the tests hold them to it.
#pragma once

#include <cstdint>

namespace tengen {

enum class NetworkKernels : std::uint8_t {
    Portable,
    Avx2,  // x86-64 with AVX2, where the CPU has it
};

// The fastest kernels this CPU runs (Avx2 where the build and the CPU both have it).
NetworkKernels best_network_kernels() noexcept;
// Whether these kernels run here (Portable always does).
bool network_kernels_available(NetworkKernels kernels) noexcept;
const char* network_kernels_name(NetworkKernels kernels) noexcept;

// The widths the vector code works in: accumulator rows in 16 int16 lanes, a dense layer's
// input in 32 bytes. Tables are laid out padded to these (zeros in the padding).
inline constexpr int kAccumulatorLanes = 16;
inline constexpr int kDenseInputLanes = 32;

namespace network_kernels {

// acc += add - sub, lane by lane in wrapping int16 arithmetic; width a multiple of 16.
void update_portable(std::int16_t* acc, const std::int16_t* add, const std::int16_t* sub, int width) noexcept;
void update_avx2(std::int16_t* acc, const std::int16_t* add, const std::int16_t* sub, int width) noexcept;
// Both of a colour's sums at once: acc[0..width) += add[0] - sub[0] and acc[width..2 width) +=
// add[1] - sub[1], the same arithmetic as two updates in one call (a cell code's change
// touches both).
void update_pair_portable(std::int16_t* acc, const std::int16_t* const add[2], const std::int16_t* const sub[2],
                          int width) noexcept;
void update_pair_avx2(std::int16_t* acc, const std::int16_t* const add[2], const std::int16_t* const sub[2],
                      int width) noexcept;

// out[i] = the clipped activation of a[i] + b[i] + c[i] (wrapping int16 sums): the sum clamped
// to [0, clip_high], plus half a step, shifted right by step_shift; width a multiple of 16.
void activate_portable(std::uint8_t* out, const std::int16_t* a, const std::int16_t* b, const std::int16_t* c,
                       int width, int clip_high, int step_shift) noexcept;
void activate_avx2(std::uint8_t* out, const std::int16_t* a, const std::int16_t* b, const std::int16_t* c, int width,
                   int clip_high, int step_shift) noexcept;

// out[r] = bias[r] + the dot product of row r of weights (stride bytes a row, a multiple of 32)
// with the input bytes (each 0..127, so no pair of products leaves int16).
void dense_portable(std::int32_t* out, const std::int8_t* weights, const std::uint8_t* input, const std::int32_t* bias,
                    int rows, int stride) noexcept;
void dense_avx2(std::int32_t* out, const std::int8_t* weights, const std::uint8_t* input, const std::int32_t* bias,
                int rows, int stride) noexcept;

}  // namespace network_kernels

}  // namespace tengen
