#include "tournament/process_group_usage.h"

#include <unistd.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace tengen {

namespace {

// The process's proportional set size (each page shared with k processes counted 1/k), or
// nothing where the kernel has no smaps_rollup (before 4.14) or hides it from us. Summing RSS
// instead would count a brain that forked after allocating (copy-on-write) once per process.
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

}  // namespace

GroupUsage sample_group(pid_t group) {
    GroupUsage u;
    if (group <= 0) return u;
    static const long page = ::sysconf(_SC_PAGESIZE);
    static const long ticks = ::sysconf(_SC_CLK_TCK);
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name[0] < '0' || name[0] > '9') continue;
        std::ifstream in(entry.path() / "stat");
        std::string stat;
        if (!std::getline(in, stat)) continue;  // gone meanwhile
        // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so the fields
        // are counted from the last ')'.
        const auto close = stat.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream fields(stat.substr(close + 1));
        std::vector<std::string> f;
        for (std::string t; fields >> t && f.size() < 22;) f.push_back(t);
        if (f.size() < 22) continue;
        long long pgrp = 0, utime = 0, stime = 0, rss = 0;
        std::from_chars(f[2].data(), f[2].data() + f[2].size(), pgrp);  // field 5
        if (pgrp != group) continue;
        std::from_chars(f[11].data(), f[11].data() + f[11].size(), utime);  // field 14
        std::from_chars(f[12].data(), f[12].data() + f[12].size(), stime);  // field 15
        std::from_chars(f[21].data(), f[21].data() + f[21].size(), rss);    // field 24, pages
        ++u.processes;
        u.resident_bytes += proportional_bytes(entry.path()).value_or(rss * page);
        u.cpu_ms += (utime + stime) * 1000 / ticks;
    }
    return u;
}

}  // namespace tengen
