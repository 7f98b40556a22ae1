// An engine's protocol traffic, timestamped, appended to a file (`log=FILE`). Shared by every
// game thread that runs this engine, so writes are serialized.
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

    // direction: ">" sent to the engine, "<" received, "#" the arena's own note.
    // engine tells apart the processes of one engine that run at once.
    void write(std::string_view engine, std::string_view direction, std::string_view line);

private:
    std::mutex mutex_;
    std::ofstream out_;
    std::chrono::steady_clock::time_point origin_;
};

}  // namespace tengen
