// The brain the protocol tests drive. By default the native build (TENGEN_PBRAIN_PATH); the
// `wine` tests run the same test cases against the Windows pbrain-tengen.exe by setting
// TENGEN_TEST_BRAIN to the .exe and TENGEN_TEST_BRAIN_RUNNER to the Wine loader that starts it.
#pragma once

#include <cstdlib>
#include <string>
#include <vector>

#include "engine_pipe.h"

namespace tengen::testing {

struct BrainCommand {
    std::string program;                  // what is executed
    std::vector<std::string> first_args;  // before the brain's own arguments (the .exe, under Wine)
};

inline BrainCommand brain_under_test() {
    const char* brain = std::getenv("TENGEN_TEST_BRAIN");
    const char* runner = std::getenv("TENGEN_TEST_BRAIN_RUNNER");
    const std::string path = brain && *brain ? brain : TENGEN_PBRAIN_PATH;
    if (runner && *runner) return {runner, {path}};
    return {path, {}};
}

inline std::vector<std::string> brain_arguments(const BrainCommand& command, const std::vector<std::string>& args) {
    std::vector<std::string> all = command.first_args;
    all.insert(all.end(), args.begin(), args.end());
    return all;
}

// An EnginePipe to the brain under test, started with `args` (stderr_too: see EnginePipe).
class BrainPipe : public EnginePipe {
public:
    explicit BrainPipe(const std::vector<std::string>& args = {}, bool stderr_too = false)
        : BrainPipe(brain_under_test(), args, stderr_too) {}

private:
    BrainPipe(const BrainCommand& command, const std::vector<std::string>& args, bool stderr_too)
        : EnginePipe(command.program, brain_arguments(command, args), stderr_too) {}
};

}  // namespace tengen::testing
