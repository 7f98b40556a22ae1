#include "tournament/utc_time.h"

#include <ctime>
#include <fmt/format.h>

namespace tengen {

std::string utc_iso8601(std::chrono::system_clock::time_point t, bool milliseconds) {
    const std::time_t seconds = std::chrono::system_clock::to_time_t(t);
    std::tm tm{};
    ::gmtime_r(&seconds, &tm);
    std::string text = fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                                   tm.tm_hour, tm.tm_min, tm.tm_sec);
    if (milliseconds)
        text += fmt::format(".{:03}",
                            std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count() % 1000);
    return text + "Z";
}

}  // namespace tengen
