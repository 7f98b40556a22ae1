// Runs a program as a user runs it from a shell and collects what it printed: the one way the
// tests start a program they only watch (the arena, pbrain-tengen's subcommands, the tuners,
// a shell recipe, headless Chromium). Header-only on POSIX calls, so tests of any layer use it;
// tests that talk to a program while it runs use EnginePipe or ChildProcess instead.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace tengen::testing {

// How to run it: RunOptions().in(folder).stderr_into_output().within(seconds(30)).
struct RunOptions {
    std::string input;                         // written to its stdin, then end of input
    std::string cwd;                           // the folder it starts in; empty: ours
    bool merge_stderr = false;                 // one stream, as a terminal shows the two
    std::chrono::milliseconds limit{120'000};  // then it and what it started are killed

    RunOptions& feed(std::string text) {
        input = std::move(text);
        return *this;
    }
    RunOptions& in(std::string folder) {
        cwd = std::move(folder);
        return *this;
    }
    RunOptions& stderr_into_output() {
        merge_stderr = true;
        return *this;
    }
    RunOptions& within(std::chrono::milliseconds time) {
        limit = time;
        return *this;
    }
};

struct ProgramRun {
    std::string output;  // what it wrote on stdout (and stderr, with stderr_into_output())
    std::string errors;  // what it wrote on stderr otherwise
    int exit_code = -1;  // -1 when killed, timed out or not started
    int end_signal = 0;  // the signal that ended it, if one did
    bool timed_out = false;
};

// argv[0] is looked up in PATH as a shell would. The program leads a process group of its own,
// so a timeout kills whatever it started too.
inline ProgramRun run_program(const std::vector<std::string>& argv, const RunOptions& options = {}) {
    ProgramRun run;
    int to_child[2], from_child[2], errors[2];
    if (pipe(to_child) != 0) return run;
    if (pipe(from_child) != 0) {
        close(to_child[0]);
        close(to_child[1]);
        return run;
    }
    if (pipe(errors) != 0) {
        for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
        return run;
    }
    const pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        dup2(to_child[0], STDIN_FILENO);
        dup2(from_child[1], STDOUT_FILENO);
        dup2(options.merge_stderr ? from_child[1] : errors[1], STDERR_FILENO);
        for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1], errors[0], errors[1]}) close(fd);
        if (!options.cwd.empty() && chdir(options.cwd.c_str()) != 0) _exit(127);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execvp(args[0], args.data());
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    close(errors[1]);
    if (pid < 0) {
        for (int fd : {to_child[1], from_child[0], errors[0]}) close(fd);
        return run;
    }
    setpgid(pid, pid);         // also here: the kill below may come before the child's own call
    signal(SIGPIPE, SIG_IGN);  // the child may quit before reading everything
    int in_fd = to_child[1];
    const int out_fd = from_child[0];
    int err_fd = errors[0];
    std::size_t written = 0;
    if (options.input.empty()) {
        close(in_fd);
        in_fd = -1;
    }
    const auto deadline = std::chrono::steady_clock::now() + options.limit;
    bool open_out = true;
    while (open_out) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) {
            run.timed_out = true;
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            break;
        }
        // stderr is read beside stdout, so a chatty program never blocks on a full pipe.
        pollfd fds[3] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}, {in_fd, POLLOUT, 0}};
        const int n = poll(fds, in_fd >= 0 ? 3 : 2, static_cast<int>(left));
        if (n < 0) continue;
        if (err_fd >= 0 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
            char buffer[4096];
            const ssize_t r = read(err_fd, buffer, sizeof buffer);
            if (r > 0) {
                run.errors.append(buffer, static_cast<std::size_t>(r));
            } else {
                close(err_fd);
                err_fd = -1;  // poll skips a negative descriptor
            }
        }
        if (in_fd >= 0 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
            const ssize_t w = write(in_fd, options.input.data() + written, options.input.size() - written);
            if (w > 0) written += static_cast<std::size_t>(w);
            if (w < 0 || written == options.input.size()) {
                close(in_fd);  // end of input: the program sees EOF after the last line
                in_fd = -1;
            }
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            char buffer[4096];
            const ssize_t r = read(out_fd, buffer, sizeof buffer);
            if (r > 0)
                run.output.append(buffer, static_cast<std::size_t>(r));
            else
                open_out = false;
        }
    }
    if (in_fd >= 0) close(in_fd);
    close(out_fd);
    // What it wrote on stderr as it ended: drained once before the wait (so it cannot block on
    // a full pipe) and once after (its last words), never waiting on a descendant holding it.
    auto drain_errors = [&] {
        if (err_fd < 0) return;
        fcntl(err_fd, F_SETFL, O_NONBLOCK);
        char buffer[4096];
        for (ssize_t r; (r = read(err_fd, buffer, sizeof buffer)) > 0;)
            run.errors.append(buffer, static_cast<std::size_t>(r));
    };
    drain_errors();
    int status = 0;
    waitpid(pid, &status, 0);
    drain_errors();
    if (err_fd >= 0) close(err_fd);
    if (!run.timed_out && WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) run.end_signal = WTERMSIG(status);
    return run;
}

inline std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

}  // namespace tengen::testing
