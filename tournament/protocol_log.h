// A brain's protocol traffic, timestamped, appended to a file (`log=FILE`). Shared by every
// game thread that runs this brain, so writes are serialized.
#pragma once

#include <chrono>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace tengen {

class ProtocolLog {
public:
    // Opens path for appending; check ok().
    explicit ProtocolLog(const std::string& path);
    bool ok() const noexcept { return out_.good(); }

    // direction: ">" sent to the brain, "<" received, "#" the arena's own note.
    // brain tells apart the processes of one brain that run at once.
    void write(std::string_view brain, std::string_view direction, std::string_view line);

private:
    std::mutex mutex_;
    std::ofstream out_;
    std::chrono::steady_clock::time_point origin_;
};

}  // namespace tengen
