#include "protocol_log.h"

#include <ctime>
#include <fmt/format.h>

namespace tengen {

ProtocolLog::ProtocolLog(const std::string& path)
    : out_(path, std::ios::app), origin_(std::chrono::steady_clock::now()) {}

void ProtocolLog::write(std::string_view engine, std::string_view direction, std::string_view line) {
    // Wall-clock time to match other logs, plus milliseconds since start for timing questions.
    const auto now = std::chrono::system_clock::now();
    const std::time_t t = std::chrono::system_clock::to_time_t(now);
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
    const auto since = std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::steady_clock::now() - origin_).count();
    const std::string text = fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z +{}ms {} {} {}\n",
                                         tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
                                         tm.tm_sec, ms, since, engine, direction, line);
    std::lock_guard lock(mutex_);
    out_ << text;
    out_.flush();
}

}  // namespace tengen
