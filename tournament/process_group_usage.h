// What a process group uses right now, read from /proc: the resident memory and the CPU time
// of every live process in the group. Memory is the proportional set size (PSS: a page shared
// by k processes counts 1/k to each), so pages shared after a fork are counted once in the
// sum; RSS stands in for a process whose smaps_rollup cannot be read. The arena runs each brain in a group of its own, so
// this is the brain with everything it started (as GomocupJudge counts a brain's memory).
#pragma once

#include <cstdint>
#include <sys/types.h>

namespace tengen {

struct GroupUsage {
    std::int64_t resident_bytes = 0;  // PSS, summed
    std::int64_t cpu_ms = 0;          // user + system time of the live members
    int processes = 0;
};

GroupUsage sample_group(pid_t group);

}  // namespace tengen
