#include "tournament/process_group_usage.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tengen {

namespace {

struct MemberStat {
    std::filesystem::path dir;  // /proc/N
    long long group = 0, utime = 0, stime = 0, rss_pages = 0, threads = 0;
};

// The fields of /proc/PID/stat that matter here; nothing when the process is gone.
std::optional<MemberStat> read_stat(const std::filesystem::path& dir) {
    std::ifstream in(dir / "stat");
    std::string stat;
    if (!std::getline(in, stat)) return std::nullopt;  // gone meanwhile
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so the fields
    // are counted from the last ')'.
    const auto close = stat.rfind(')');
    if (close == std::string::npos) return std::nullopt;
    std::istringstream fields(stat.substr(close + 1));
    std::vector<std::string> f;
    for (std::string t; fields >> t && f.size() < 22;) f.push_back(t);
    if (f.size() < 22) return std::nullopt;
    auto number = [&](std::size_t i) {
        long long v = 0;
        std::from_chars(f[i].data(), f[i].data() + f[i].size(), v);
        return v;
    };
    // Fields 5 (pgrp), 14 and 15 (utime, stime), 24 (rss) and 20 (num_threads).
    return MemberStat{dir, number(2), number(11), number(12), number(21), number(17)};
}

// The children of every thread of pid (Linux's /proc/PID/task/TID/children).
std::vector<long long> children_of(long long pid) {
    std::vector<long long> kids;
    std::error_code ec;
    for (const auto& task : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
        std::ifstream in(task.path() / "children");
        for (long long kid; in >> kid;) kids.push_back(kid);
    }
    return kids;
}

// Calls visit(MemberStat) for every live process whose group is `group`. The group can hold
// only our own descendants: a brain is our child, and the arena is a child subreaper, so a
// helper its brain left behind becomes our child too; a process elsewhere cannot join the
// group (setpgid needs the same session). Walking that tree reads a handful of stat files
// where a scan of /proc reads one per process on the machine: milliseconds on a busy one,
// every 50 ms while a brain thinks. The scan remains for kernels without the children files.
template <class Visit>
void for_each_member(pid_t group, Visit visit) {
    if (group <= 0) return;
    static const bool tree_readable = std::filesystem::exists("/proc/thread-self/children");
    if (tree_readable) {
        std::vector<long long> pending = children_of(::getpid());
        for (std::size_t seen = 0; !pending.empty() && seen < 65536; ++seen) {
            const long long pid = pending.back();
            pending.pop_back();
            const auto m = read_stat("/proc/" + std::to_string(pid));
            if (!m) continue;
            if (m->group == group) visit(*m);
            const auto kids = children_of(pid);
            pending.insert(pending.end(), kids.begin(), kids.end());
        }
        return;
    }
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name[0] < '0' || name[0] > '9') continue;
        if (const auto m = read_stat(entry.path()); m && m->group == group) visit(*m);
    }
}

// The process's proportional set size, or nothing where the kernel has no smaps_rollup
// (before 4.14) or hides it from us.
std::optional<std::int64_t> proportional_bytes(const std::filesystem::path& proc_dir) {
    std::ifstream in(proc_dir / "smaps_rollup");
    for (std::string line; std::getline(in, line);) {
        if (!line.starts_with("Pss:")) continue;
        long long kib = 0;
        const auto digits = line.find_first_of("0123456789");
        if (digits == std::string::npos) return std::nullopt;
        if (std::from_chars(line.data() + digits, line.data() + line.size(), kib).ec != std::errc{})
            return std::nullopt;
        return static_cast<std::int64_t>(kib) * 1024;
    }
    return std::nullopt;
}

const long kPageBytes = ::sysconf(_SC_PAGESIZE);

// Each thread's RSS count may trail the exact figure by this many pages until the kernel folds
// it in (its split RSS counters, before Linux 6.2).
constexpr long long kRssLagPagesPerThread = 64;

}  // namespace

GroupUsage sample_group(pid_t group) {
    static const long ticks = ::sysconf(_SC_CLK_TCK);
    GroupUsage u;
    for_each_member(group, [&](const MemberStat& m) {
        ++u.processes;
        u.resident_bytes += m.rss_pages * kPageBytes;
        u.cpu_ms += (m.utime + m.stime) * 1000 / ticks;
    });
    return u;
}

std::optional<GroupMemory> group_memory_over(pid_t group, std::int64_t limit_bytes) {
    std::vector<MemberStat> members;
    std::int64_t resident_at_most = 0;
    for_each_member(group, [&](const MemberStat& m) {
        resident_at_most += (m.rss_pages + kRssLagPagesPerThread * std::max(1LL, m.threads)) * kPageBytes;
        members.push_back(m);
    });
    if (resident_at_most <= limit_bytes) return std::nullopt;
    // The same members, not a second walk: only their pages are read now.
    GroupMemory g;
    for (const MemberStat& m : members) {
        ++g.processes;
        g.proportional_bytes += proportional_bytes(m.dir).value_or(m.rss_pages * kPageBytes);
    }
    if (g.proportional_bytes <= limit_bytes) return std::nullopt;
    return g;
}

}  // namespace tengen
