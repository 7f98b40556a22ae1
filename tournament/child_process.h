// A child process started by argv (never through a shell) with its stdin and stdout on pipes,
// read line by line with deadlines. Owns the process and its process group: the child leads a
// group of its own, and when it is killed or found to have exited, the whole group is killed,
// so nothing it started outlives it. The destructor kills and reaps it.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "engine/result.h"

namespace tengen {

using SteadyTime = std::chrono::steady_clock::time_point;

class ChildProcess {
public:
    ChildProcess() = default;
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Where the child's stderr goes: brains' diagnostics are dropped; a program we run for
    // its report (the tests run the arena itself) may share stdout.
    enum class Stderr { Null, Stdout };
    // Starts argv[0] (looked up in PATH when it has no slash) in directory dir (empty: ours).
    // On failure returns a one-line reason (exec or chdir error included) and leaves nothing
    // running.
    // stderr_file, when not empty, receives the child's stderr instead (appended; created).
    Status start(const std::vector<std::string>& argv, const std::string& dir, Stderr stderr_to = Stderr::Null,
                 const std::string& stderr_file = "");

    bool running() const noexcept { return pid_ > 0; }
    pid_t pid() const noexcept { return pid_; }

    // Writes line + "\n". False when the child no longer reads (it died or closed stdin).
    bool write_line(const std::string& line);

    enum class ReadStatus { Line, Timeout, Closed };
    // Next non-empty line (CR, LF or CR LF end a line) before the deadline.
    ReadStatus read_line(std::string& line, SteadyTime deadline);

    // Waits until the deadline for the child to exit by itself; true when it did (reaped).
    bool wait_exit(SteadyTime deadline);
    // True when the child has exited (then reaped, its group killed); does not wait.
    bool exited_now() { return wait_exit(std::chrono::steady_clock::now()); }
    // SIGKILL and reap; safe to call when nothing runs.
    void kill();
    // Sends a signal to the child's whole process group (SIGSTOP, SIGCONT); false when no
    // group runs.
    bool signal_group(int signal) noexcept;

    // How the child ended ("exit status 3", "killed by signal 11"), once reaped; else empty.
    const std::string& exit_description() const noexcept { return exit_description_; }
    // The exit status when it exited normally (not by a signal), once reaped.
    std::optional<int> exit_code() const noexcept { return exit_code_; }

private:
    void close_pipes() noexcept;
    void record_exit(int status);
    void kill_group() noexcept;

    pid_t pid_ = -1;
    pid_t group_ = -1;  // the child's process group (its pid), until the group is killed
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;
    std::size_t scanned_ = 0;  // bytes of buffer_ already searched for a line end
    std::string exit_description_;
    std::optional<int> exit_code_;
};

}  // namespace tengen
