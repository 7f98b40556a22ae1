#include "tournament/child_process.h"

#include "tournament/orphans.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace tengen {

namespace {

// Lines longer than this are handed over as they are: a brain flooding its output must not
// make us grow without bound.
constexpr std::size_t kMaxLine = 1 << 20;

bool write_all(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace

ChildProcess::~ChildProcess() { kill(); }

Status ChildProcess::start(const std::vector<std::string>& argv, const std::string& dir, Stderr stderr_to,
                           const std::string& stderr_file) {
    if (argv.empty() || argv[0].empty()) return Failure{"no command given"};
    kill();
    exit_description_.clear();
    exit_code_.reset();
    buffer_.clear();
    scanned_ = 0;
    // A child that dies while we write must give us EPIPE, not kill the arena.
    std::signal(SIGPIPE, SIG_IGN);

    // Everything the child needs is prepared before fork: between fork and exec only
    // async-signal-safe calls are allowed in a threaded program.
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const char* chdir_to = dir.empty() ? nullptr : dir.c_str();
    // The arena blocks SIGINT and SIGTERM in its threads to handle them itself; a child
    // inherits the mask through exec, so it gets an empty one back.
    sigset_t no_signals;
    sigemptyset(&no_signals);

    int in_pipe[2], out_pipe[2], err_pipe[2];
    if (::pipe2(in_pipe, O_CLOEXEC) != 0) return Failure{std::string("pipe: ") + std::strerror(errno)};
    if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
        ::close(in_pipe[0]), ::close(in_pipe[1]);
        return Failure{std::string("pipe: ") + std::strerror(errno)};
    }
    // The child reports a failed chdir or exec through this pipe; exec closes it on success.
    if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
        ::close(in_pipe[0]), ::close(in_pipe[1]), ::close(out_pipe[0]), ::close(out_pipe[1]);
        return Failure{std::string("pipe: ") + std::strerror(errno)};
    }
    const int dev_null = stderr_file.empty()
                             ? ::open("/dev/null", O_WRONLY | O_CLOEXEC)
                             : ::open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (dev_null < 0 && !stderr_file.empty()) {
        const int e = errno;
        for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) ::close(fd);
        return Failure{"cannot write stderr to " + stderr_file + ": " + std::strerror(e)};
    }

    const pid_t pid = ::fork();
    if (pid < 0) {
        const int e = errno;
        for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1], dev_null})
            if (fd >= 0) ::close(fd);
        return Failure{std::string("fork: ") + std::strerror(e)};
    }
    if (pid == 0) {
        ::signal(SIGPIPE, SIG_DFL);
        ::signal(SIGXFSZ, SIG_DFL);  // the arena ignores it; a brain gets the default back
        ::sigprocmask(SIG_SETMASK, &no_signals, nullptr);
        // Should the arena be killed outright, its brains must not outlive it (a hung one
        // would never notice its closed input). Tied to the forking thread, which outlives
        // every brain it starts.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        // Its own process group, so that everything it starts (a wrapper script's real brain,
        // a launcher's child, a helper it forks) is killed with it: one signal to the group.
        ::setpgid(0, 0);
        int stage = 0;  // 0: chdir failed, 1: exec failed
        if (chdir_to && ::chdir(chdir_to) != 0) {
        } else {
            stage = 1;
            ::dup2(in_pipe[0], 0);
            ::dup2(out_pipe[1], 1);
            if (stderr_to == Stderr::Stdout)
                ::dup2(out_pipe[1], 2);
            else if (dev_null >= 0)
                ::dup2(dev_null, 2);
            ::execvp(args[0], args.data());
        }
        const int report[2] = {stage, errno};
        [[maybe_unused]] ssize_t ignored = ::write(err_pipe[1], report, sizeof report);
        ::_exit(127);
    }
    ::close(in_pipe[0]);
    ::close(out_pipe[1]);
    ::close(err_pipe[1]);
    if (dev_null >= 0) ::close(dev_null);
    // Also from this side, so the group exists before anything below signals it.
    ::setpgid(pid, pid);
    pid_ = pid;
    group_ = pid;
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];

    int report[2] = {0, 0};
    ssize_t got;
    do got = ::read(err_pipe[0], report, sizeof report);
    while (got < 0 && errno == EINTR);
    ::close(err_pipe[0]);
    if (got == static_cast<ssize_t>(sizeof report)) {
        kill();
        const std::string what = report[0] == 0 ? "cannot enter directory " + dir : "cannot run " + argv[0];
        return Failure{what + ": " + std::strerror(report[1])};
    }
    return {};
}

bool ChildProcess::write_line(const std::string& line) {
    if (to_child_ < 0) return false;
    std::string data = line;
    data += '\n';
    return write_all(to_child_, data.data(), data.size());
}

ChildProcess::ReadStatus ChildProcess::read_line(std::string& line, SteadyTime deadline) {
    for (;;) {
        // Hand out a complete line already buffered.
        while (!buffer_.empty()) {
            // Only the bytes not yet searched: a flood without a line end arrives in thousands
            // of chunks, and searching the whole buffer each time would be quadratic.
            const std::size_t end = buffer_.find_first_of("\r\n", std::min(scanned_, buffer_.size()));
            if (end == std::string::npos) {
                scanned_ = buffer_.size();
                if (buffer_.size() < kMaxLine) break;
                line = std::move(buffer_);
                buffer_.clear();
                scanned_ = 0;
                return ReadStatus::Line;
            }
            line = buffer_.substr(0, end);
            buffer_.erase(0, end + 1);
            scanned_ = 0;
            if (!line.empty()) return ReadStatus::Line;
        }
        if (from_child_ < 0) return ReadStatus::Closed;
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) return ReadStatus::Timeout;
        const auto wait = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
        pollfd pfd{from_child_, POLLIN, 0};
        const int ready = ::poll(&pfd, 1, static_cast<int>(std::min<long long>(wait, 1 << 30)));
        if (ready < 0) {
            if (errno == EINTR) continue;
            return ReadStatus::Closed;
        }
        if (ready == 0) continue;  // the loop re-checks the deadline
        char chunk[4096];
        const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) {
            // End of output: whatever is left unterminated still counts as a last line.
            ::close(from_child_);
            from_child_ = -1;
            if (!buffer_.empty()) {
                line = std::move(buffer_);
                buffer_.clear();
                scanned_ = 0;
                return ReadStatus::Line;
            }
            return ReadStatus::Closed;
        }
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
}

void ChildProcess::record_exit(int status) {
    if (WIFEXITED(status)) {
        exit_code_ = WEXITSTATUS(status);
        exit_description_ = "exit status " + std::to_string(WEXITSTATUS(status));
    } else if (WIFSIGNALED(status))
        exit_description_ = std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
                            ::strsignal(WTERMSIG(status)) + ")";
    else
        exit_description_ = "ended with status " + std::to_string(status);
}

bool ChildProcess::wait_exit(SteadyTime deadline) {
    if (pid_ <= 0) return true;
    for (;;) {
        int status = 0;
        const pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r == pid_ || (r < 0 && errno != EINTR)) {
            if (r == pid_) record_exit(status);
            pid_ = -1;
            kill_group();  // what it left running dies with it
            close_pipes();
            return true;
        }
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void ChildProcess::kill_group() noexcept {
    // A group id is not handed out as a new pid while any member lives, so this reaches only
    // the brain's own descendants that stayed in its group (or nothing: ESRCH).
    if (group_ > 0) ::kill(-group_, SIGKILL);
    group_ = -1;
    // Members that had been orphaned (double-forked) were adopted by the arena when it is a
    // subreaper: once killed they must be reaped, or a long run piles up zombies.
    reap_dead_orphans();
}

bool ChildProcess::signal_group(int signal) noexcept {
    if (pid_ <= 0 || group_ <= 0) return false;
    return ::kill(-group_, signal) == 0;
}

void ChildProcess::kill() {
    if (pid_ > 0) {
        if (group_ > 0) ::kill(-group_, SIGKILL);
        ::kill(pid_, SIGKILL);
        int status = 0;
        pid_t r;
        do r = ::waitpid(pid_, &status, 0);
        while (r < 0 && errno == EINTR);
        if (r == pid_ && exit_description_.empty()) record_exit(status);
        pid_ = -1;
    }
    kill_group();
    close_pipes();
}

void ChildProcess::close_pipes() noexcept {
    if (to_child_ >= 0) ::close(to_child_);
    if (from_child_ >= 0) ::close(from_child_);
    to_child_ = from_child_ = -1;
}

}  // namespace tengen
