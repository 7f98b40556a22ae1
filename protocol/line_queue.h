// Lines handed from the reader thread to the session's thread, in order, until end of input,
// each with the instant it arrived: a move's clock starts when its command came in, not when
// the session got round to it (INFO max_memory just before the first move can keep the session
// busy for most of a second).
//
// The queue is bounded. While the session searches, lines wait here; a manager that sent
// without end (51 MB of INFO during a 3 s search took the process from 7 to 265 MB) would
// grow it without end. The reader must not wait for room either: it would stop reading and
// never see the END or YXSTOP behind the flood. So past the bound a line is dropped and
// counted, except END and YXSTOP, which are always queued (and acted on by the reader as they
// arrive); the next queued line carries the count so the session can say so.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

namespace tengen {

struct QueuedLine {
    std::string text;
    std::chrono::steady_clock::time_point arrived;
    std::uint64_t dropped_before = 0;  // lines dropped for want of room just before this one
};

class LineQueue {
public:
    // Far beyond what a manager sends between two moves (a BOARD block of a full 32x32 board
    // is some 10 KiB), small beside the process's table.
    static constexpr std::size_t kDefaultMaxBytes = std::size_t{8} << 20;

    explicit LineQueue(std::size_t max_bytes = kDefaultMaxBytes) : max_bytes_(max_bytes) {}

    // Queues the line unless the queued lines already hold max_bytes; false when it was dropped.
    bool try_push(std::string line) { return push_line(std::move(line), false); }
    // Queues the line whatever the queue holds: for END and YXSTOP, which must never be lost.
    void push(std::string line) { push_line(std::move(line), true); }

    // No more lines will come. Drops not yet reported travel on an empty line, which the
    // session skips.
    void close() {
        {
            std::lock_guard lock(mutex_);
            if (dropped_ > 0) append(std::string());
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
        bytes_ -= cost(line.text);
        return line;
    }
    std::size_t queued_bytes() const {
        std::lock_guard lock(mutex_);
        return bytes_;
    }

private:
    // What a queued line holds in memory: its text's buffer and the queue's own record of it.
    static std::size_t cost(const std::string& text) noexcept { return text.capacity() + sizeof(QueuedLine) + 16; }

    bool push_line(std::string line, bool always) {
        {
            std::lock_guard lock(mutex_);
            if (!always && bytes_ + cost(line) > max_bytes_) {
                ++dropped_;
                return false;
            }
            append(std::move(line));
        }
        ready_.notify_one();
        return true;
    }
    void append(std::string line) {  // mutex_ held
        bytes_ += cost(line);
        lines_.push_back({std::move(line), std::chrono::steady_clock::now(), dropped_});
        dropped_ = 0;
    }

    const std::size_t max_bytes_;
    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<QueuedLine> lines_;
    std::size_t bytes_ = 0;
    std::uint64_t dropped_ = 0;
    bool closed_ = false;
};

}  // namespace tengen
