#include "tournament/orphans.h"

#include <csignal>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tengen {

namespace {

struct Orphan {
    pid_t pid = 0;
    bool dead = false;
    bool wine = false;  // wineserver or a Wine service (*.exe): they serve the whole prefix
};

// The arena's children that it did not start: every brain it starts leads a group of its
// own in the arena's session (ChildProcess::start), and an orphan adopted from a brain is
// either in that brain's group (pgid != pid) or in a session of its own (sid != ours).
std::vector<Orphan> find_orphans() {
    std::vector<Orphan> out;
    // A process that never became a subreaper adopts nobody: its children that did not go
    // through ChildProcess (a test's own pipes, say) are its own to wait for, not orphans.
    int subreaper = 0;
    if (::prctl(PR_GET_CHILD_SUBREAPER, &subreaper) != 0 || subreaper == 0) return out;
    const pid_t self = ::getpid();
    const pid_t session = ::getsid(0);
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name[0] < '0' || name[0] > '9') continue;
        std::ifstream in(entry.path() / "stat");
        std::string stat;
        if (!std::getline(in, stat)) continue;
        const auto close = stat.rfind(')');  // comm may hold spaces and parentheses
        if (close == std::string::npos) continue;
        std::istringstream fields(stat.substr(close + 1));
        std::string state;
        long long ppid = 0, pgrp = 0, sid = 0;
        if (!(fields >> state >> ppid >> pgrp >> sid) || ppid != self) continue;
        long long pid = 0;
        std::from_chars(name.data(), name.data() + name.size(), pid);
        if (pgrp == pid && sid == session) continue;  // a brain of ours
        const auto open = stat.find('(');
        const std::string comm = open < close ? stat.substr(open + 1, close - open - 1) : "";
        const bool wine = comm == "wineserver" || (comm.size() > 4 && comm.ends_with(".exe"));
        out.push_back({static_cast<pid_t>(pid), state == "Z", wine});
    }
    return out;
}

void reap(pid_t pid) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
}

}  // namespace

void adopt_orphans() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }

void reap_dead_orphans() {
    for (const Orphan& o : find_orphans())
        if (o.dead) reap(o.pid);
}

void kill_orphans() {
    // An orphan may fork again while we kill: a few rounds catch its children in turn.
    // Wine's own processes (its wineserver, its services) serve every Wine program of their
    // prefix, not our engines alone: they are left to quit by themselves, as Wine has them do
    // a few seconds after the prefix's last program (an arena owning WINEPREFIX ends them).
    for (int round = 0; round < 8; ++round) {
        bool any = false;
        for (const Orphan& o : find_orphans()) {
            if (o.wine && !o.dead) continue;
            any = true;
            if (!o.dead) ::kill(o.pid, SIGKILL);
            reap(o.pid);
        }
        if (!any) return;
    }
}

}  // namespace tengen
