// A child process spoken to through pipes, for tests that drive the real binaries: write
// lines to its stdin, read its stdout line by line with deadlines, watch it exit. Header-only
// so any test can include it. POSIX only.
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::testing {

// A /proc/PID/status field in KiB (VmRSS, VmHWM, VmSize), -1 when absent. Linux only.
inline long proc_status_kib(pid_t pid, const std::string& field) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string key;
    long value = -1;
    while (status >> key) {
        if (key == field + ":") {
            status >> value;
            return value;
        }
        status.ignore(1 << 16, '\n');
    }
    return value;
}

class EnginePipe {
public:
    using SteadyClock = std::chrono::steady_clock;
    using ms = std::chrono::milliseconds;

    // With stderr_too the child's stderr comes through the same pipe as its stdout (for
    // checking what a program says on stderr).
    explicit EnginePipe(const std::string& path, const std::vector<std::string>& args = {}, bool stderr_too = false) {
        int in[2], out[2];
        if (::pipe(in) != 0 || ::pipe(out) != 0) throw std::runtime_error("pipe failed");
        pid_ = ::fork();
        if (pid_ < 0) throw std::runtime_error("fork failed");
        if (pid_ == 0) {
            ::dup2(in[0], STDIN_FILENO);
            ::dup2(out[1], STDOUT_FILENO);
            if (stderr_too) ::dup2(out[1], STDERR_FILENO);
            ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
            std::vector<char*> argv{const_cast<char*>(path.c_str())};
            for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            ::execv(path.c_str(), argv.data());
            ::_exit(127);
        }
        ::close(in[0]);
        ::close(out[1]);
        to_child_ = in[1];
        from_child_ = out[0];
        ::signal(SIGPIPE, SIG_IGN);  // writing to a child that quit must fail, not kill the test
    }
    ~EnginePipe() {
        close_stdin();
        if (from_child_ >= 0) ::close(from_child_);
        if (!exit_code_) {
            ::kill(pid_, SIGKILL);
            int status = 0;
            ::waitpid(pid_, &status, 0);
        }
    }
    EnginePipe(const EnginePipe&) = delete;
    EnginePipe& operator=(const EnginePipe&) = delete;

    pid_t pid() const noexcept { return pid_; }

    // Writes bytes as they are; false when the child no longer reads.
    bool send_raw(std::string_view bytes) {
        while (!bytes.empty()) {
            const ssize_t n = ::write(to_child_, bytes.data(), bytes.size());
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return false;
            bytes.remove_prefix(static_cast<std::size_t>(n));
        }
        return true;
    }
    bool send(std::string_view line, std::string_view ending = "\r\n") {
        return send_raw(std::string(line) + std::string(ending));
    }
    void close_stdin() {
        if (to_child_ >= 0) ::close(to_child_);
        to_child_ = -1;
    }

    // The next stdout line (CR and LF stripped), or nullopt at the deadline or end of output.
    std::optional<std::string> read_line(ms timeout) {
        const auto deadline = SteadyClock::now() + timeout;
        while (true) {
            if (auto line = take_buffered_line()) return line;
            if (eof_) return std::nullopt;
            const auto left = std::chrono::duration_cast<ms>(deadline - SteadyClock::now()).count();
            if (left <= 0) return std::nullopt;
            pollfd pfd{from_child_, POLLIN, 0};
            const int ready = ::poll(&pfd, 1, static_cast<int>(left));
            if (ready < 0 && errno == EINTR) continue;
            if (ready <= 0) continue;
            char chunk[4096];
            const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                eof_ = true;
                continue;
            }
            buffer_.append(chunk, static_cast<std::size_t>(n));
        }
    }

    // Reads past MESSAGE and DEBUG lines (kept in `messages`) to the next other line.
    std::optional<std::string> read_answer(ms timeout, std::vector<std::string>* messages = nullptr) {
        const auto deadline = SteadyClock::now() + timeout;
        while (true) {
            const auto left = std::chrono::duration_cast<ms>(deadline - SteadyClock::now());
            auto line = read_line(left.count() > 0 ? left : ms(0));
            if (!line) return std::nullopt;
            if (line->rfind("MESSAGE", 0) == 0 || line->rfind("DEBUG", 0) == 0) {
                if (messages) messages->push_back(*line);
                continue;
            }
            return line;
        }
    }

    // Every line the child prints within the window (for checking that nothing comes).
    std::vector<std::string> drain(ms window) {
        std::vector<std::string> lines;
        const auto deadline = SteadyClock::now() + window;
        while (SteadyClock::now() < deadline) {
            const auto left = std::chrono::duration_cast<ms>(deadline - SteadyClock::now());
            if (auto line = read_line(left))
                lines.push_back(*line);
            else if (eof_)
                break;
        }
        return lines;
    }

    // The exit code once the child has exited (a signal gives 128 + its number), or nullopt
    // at the deadline.
    std::optional<int> wait_exit(ms timeout) {
        const auto deadline = SteadyClock::now() + timeout;
        while (!exit_code_) {
            int status = 0;
            const pid_t r = ::waitpid(pid_, &status, WNOHANG);
            if (r == pid_) {
                exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
                break;
            }
            if (SteadyClock::now() >= deadline) return std::nullopt;
            ::usleep(1000);
        }
        return exit_code_;
    }

private:
    std::optional<std::string> take_buffered_line() {
        const auto end = buffer_.find('\n');
        if (end == std::string::npos) {
            if (eof_ && !buffer_.empty()) {
                std::string rest;
                rest.swap(buffer_);
                return rest;
            }
            return std::nullopt;
        }
        std::string line = buffer_.substr(0, end);
        buffer_.erase(0, end + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
    }

    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;
    bool eof_ = false;
    std::optional<int> exit_code_;
};

}  // namespace tengen::testing
