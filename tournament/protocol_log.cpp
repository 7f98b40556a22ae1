#include "tournament/protocol_log.h"

#include <fmt/format.h>

#include "tournament/utc_time.h"

namespace tengen {

ProtocolLog::ProtocolLog(const std::string& path)
    : out_(path, std::ios::app), origin_(std::chrono::steady_clock::now()) {}

void ProtocolLog::write(std::string_view brain, std::string_view direction, std::string_view line) {
    // Wall-clock time to match other logs, plus milliseconds since start for timing questions.
    const auto since =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - origin_).count();
    const std::string text = fmt::format("{} +{}ms {} {} {}\n", utc_iso8601(std::chrono::system_clock::now(), true),
                                         since, brain, direction, line);
    std::lock_guard lock(mutex_);
    out_ << text;
    out_.flush();
}

}  // namespace tengen
