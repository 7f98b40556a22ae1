// libFuzzer target: arbitrary bytes as a manager's input to one Session (tiny searches).
// Crashes, hangs, sanitizer reports and malformed output lines are the findings.
#include <cstdint>
#include <cstdlib>
#include <cstdio>

#include "../session_replay.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    for (const auto& line : tengen::testing::replay_through_session(bytes)) {
        if (!tengen::testing::is_well_formed_output(line)) {
            std::fprintf(stderr, "malformed output line: %s\n", line.c_str());
            std::abort();
        }
    }
    return 0;
}
