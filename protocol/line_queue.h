// Lines handed from the reader thread to the session's thread, in order, until end of input,
// each with the instant it arrived: a move's clock starts when its command came in, not when
// the session got round to it (INFO max_memory just before the first move can keep the session
// busy for most of a second).
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

namespace tengen {

struct QueuedLine {
    std::string text;
    std::chrono::steady_clock::time_point arrived;
};

class LineQueue {
public:
    void push(std::string line) {
        {
            std::lock_guard lock(mutex_);
            lines_.push_back({std::move(line), std::chrono::steady_clock::now()});
        }
        ready_.notify_one();
    }
    // No more lines will come.
    void close() {
        {
            std::lock_guard lock(mutex_);
            closed_ = true;
        }
        ready_.notify_one();
    }
    // The next line; nullopt once the queue is closed and empty.
    std::optional<QueuedLine> pop() {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return closed_ || !lines_.empty(); });
        if (lines_.empty()) return std::nullopt;
        QueuedLine line = std::move(lines_.front());
        lines_.pop_front();
        return line;
    }

private:
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<QueuedLine> lines_;
    bool closed_ = false;
};

}  // namespace tengen
