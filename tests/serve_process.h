// `pbrain-tengen serve --port 0` as a child process for the serve tests: started, its port
// read from the URL it prints, stopped with SIGTERM when the test is done.
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace tengen::testing {

class ServeProcess {
public:
    explicit ServeProcess(std::vector<std::string> extra_args = {}) {
        int out[2];
        if (pipe(out) != 0) throw std::runtime_error("pipe failed");
        std::vector<std::string> args{TENGEN_PBRAIN_PATH, "serve", "--port", "0"};
        args.insert(args.end(), extra_args.begin(), extra_args.end());
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], STDOUT_FILENO);
            close(out[0]);
            close(out[1]);
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(argv[0], argv.data());
            _exit(127);
        }
        close(out[1]);
        out_fd_ = out[0];
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (printed_.find("Ctrl-C") == std::string::npos) {
            if (std::chrono::steady_clock::now() > deadline)
                throw std::runtime_error("serve printed no URL: " + printed_);
            pollfd fd{out_fd_, POLLIN, 0};
            if (poll(&fd, 1, 200) <= 0) continue;
            char buffer[512];
            const ssize_t n = read(out_fd_, buffer, sizeof buffer);
            if (n <= 0) throw std::runtime_error("serve ended before printing its URL: " + printed_);
            printed_.append(buffer, static_cast<std::size_t>(n));
        }
        const auto at = printed_.find("http://");
        const auto slash = at == std::string::npos ? at : printed_.find('/', at + 7);
        const auto colon = slash == std::string::npos ? slash : printed_.rfind(':', slash);
        if (colon == std::string::npos || colon < at + 7) throw std::runtime_error("no URL in: " + printed_);
        port_ = static_cast<unsigned short>(std::stoi(printed_.substr(colon + 1)));
    }
    ~ServeProcess() {
        stop();
        close(out_fd_);
    }
    ServeProcess(const ServeProcess&) = delete;
    ServeProcess& operator=(const ServeProcess&) = delete;

    unsigned short port() const { return port_; }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/"; }
    const std::string& printed() const { return printed_; }
    // Whether the server is still running (it must survive every hostile case).
    bool alive() const { return exit_code_ == kRunning && waitpid(pid_, nullptr, WNOHANG) == 0; }

    // Ctrl-C's signal: the exit status the server ends with (0 when it shut down cleanly,
    // which under the sanitizers also means no report), -1 when it had to be killed.
    int stop() {
        if (exit_code_ != kRunning) return exit_code_;
        kill(pid_, SIGTERM);
        int status = 0;
        pid_t done = 0;
        for (int i = 0; i < 200 && (done = waitpid(pid_, &status, WNOHANG)) == 0; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (done == 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, &status, 0);
            return exit_code_ = -1;
        }
        return exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

private:
    static constexpr int kRunning = -2;
    pid_t pid_ = -1;
    int exit_code_ = kRunning;
    int out_fd_ = -1;
    std::string printed_;
    unsigned short port_ = 0;
};

}  // namespace tengen::testing
