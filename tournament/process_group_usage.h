// What a process group uses right now, read from /proc. The arena runs each brain in a group of
// its own, so this is the brain with everything it started (as GomocupJudge counts a brain's
// memory).
//
// Two readings, because they cost very differently. The CPU times and the kernel's RSS counter
// come from each member's /proc/N/stat: microseconds. The memory a limit counts is the
// proportional set size (PSS: a page shared by k processes counts 1/k to each, so pages shared
// after a fork count once in the sum), and to report it the kernel walks every page of the
// process: milliseconds for a large hash table, and taken every 50 ms while a brain thinks it
// cost the arena a fifth of a core beside a 350 MB brain. PSS never exceeds RSS, so PSS is read
// only when the RSS sum says the group may be over its limit.
#pragma once

#include <cstdint>
#include <optional>
#include <sys/types.h>

namespace tengen {

struct GroupUsage {
    std::int64_t cpu_ms = 0;          // user + system time of the live members
    std::int64_t resident_bytes = 0;  // RSS summed: pages shared after a fork count once per process
    int processes = 0;
};

// From /proc/N/stat only: cheap enough for every move.
GroupUsage sample_group(pid_t group);

struct GroupMemory {
    std::int64_t proportional_bytes = 0;  // PSS summed (RSS for a member whose smaps_rollup is unreadable)
    int processes = 0;
};

// The group's PSS when it is over limit_bytes; nothing otherwise. Walks the members' pages only
// when their RSS counters, allowed the lag the kernel lets them trail by, pass the limit.
std::optional<GroupMemory> group_memory_over(pid_t group, std::int64_t limit_bytes);

}  // namespace tengen
