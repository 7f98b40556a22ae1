// Wall-clock time as the arena writes it (results lines, protocol logs): UTC, ISO 8601.
#pragma once

#include <chrono>
#include <string>

namespace tengen {

// "2026-11-24T17:05:31Z", or "2026-11-24T17:05:31.042Z" with milliseconds.
std::string utc_iso8601(std::chrono::system_clock::time_point t, bool milliseconds = false);

}  // namespace tengen
