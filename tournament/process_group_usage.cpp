#include "tournament/process_group_usage.h"

#include <unistd.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tengen {

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
        u.resident_bytes += rss * page;
        u.cpu_ms += (utime + stime) * 1000 / ticks;
    }
    return u;
}

}  // namespace tengen
