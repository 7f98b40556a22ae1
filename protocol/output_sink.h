// Where the brain's answer lines go. One writer, serialised: the search thread's analysis
// lines and the session's answers never interleave mid-line, and every line is flushed.
#pragma once

#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace tengen {

class OutputSink {
public:
    virtual ~OutputSink() = default;
    // Writes one line (without its line ending) atomically. Thread-safe.
    virtual void write_line(std::string_view line) = 0;
};

// stdout, a flush after every line (an unflushed answer is a hang). Lines end in LF, or CR LF
// on Windows, whose C runtime writes stdout in text mode.
class StdoutSink final : public OutputSink {
public:
    void write_line(std::string_view line) override;
    // Holds the writer so no line is half-written, flushes, and ends the process with code 0
    // at once: END must quit even while a search thread is busy.
    [[noreturn]] void flush_and_exit();

private:
    std::mutex mutex_;
};

// Collects lines in memory, for tests and the fuzzer.
class StringSink final : public OutputSink {
public:
    void write_line(std::string_view line) override;
    std::vector<std::string> lines() const;
    std::vector<std::string> take();  // the lines so far, and forget them

private:
    mutable std::mutex mutex_;
    std::vector<std::string> lines_;
};

}  // namespace tengen
