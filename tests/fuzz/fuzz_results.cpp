// libFuzzer target: see fuzz_results_one in fuzz_bodies.h.
#include "fuzz_bodies.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    tengen::testing::fuzz_results_one({reinterpret_cast<const char*>(data), size});
    return 0;
}
