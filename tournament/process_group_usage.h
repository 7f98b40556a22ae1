// What a process group uses right now, read from /proc: the resident memory and the CPU time
// of every live process in the group. The arena runs each brain in a group of its own, so
// this is the brain with everything it started (as GomocupJudge counts a brain's memory).
#pragma once

#include <cstdint>
#include <sys/types.h>

namespace tengen {

struct GroupUsage {
    std::int64_t resident_bytes = 0;
    std::int64_t cpu_ms = 0;  // user + system time of the live members
    int processes = 0;
};

GroupUsage sample_group(pid_t group);

}  // namespace tengen
