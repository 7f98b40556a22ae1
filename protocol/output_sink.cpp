#include "protocol/output_sink.h"

#include "protocol/platform_io.h"

namespace tengen {

void StdoutSink::write_line(std::string_view line) {
    std::lock_guard lock(mutex_);
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

void StdoutSink::flush_and_exit() {
    mutex_.lock();  // never released: no other line may start after END
    std::fflush(stdout);
    platform::exit_now(0);
}

void StringSink::write_line(std::string_view line) {
    std::lock_guard lock(mutex_);
    lines_.emplace_back(line);
}

std::vector<std::string> StringSink::lines() const {
    std::lock_guard lock(mutex_);
    return lines_;
}

std::vector<std::string> StringSink::take() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    out.swap(lines_);
    return out;
}

}  // namespace tengen
