// The settings a manager sends with INFO, validated one key at a time. A malformed value is
// rejected with a reason and the old value stays; unknown keys are ignored silently.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "time_manager.h"
#include "types.h"

namespace tengen {

inline constexpr std::size_t kDefaultHashBytes = std::size_t{256} << 20;

struct BrainSettings {
    TimeControl clocks;              // turn_ms, match_ms, time_left_ms, increment_ms
    std::int64_t max_memory = 0;     // bytes; 0 = no limit (then kDefaultHashBytes)
    int threads = 1;
    int max_depth = 0;               // 0 = no limit
    std::uint64_t max_nodes = 0;     // 0 = no limit
    int win_length = 5;
    Rule rule = Rule::Freestyle;
    int show_detail = -1;            // -1 = never sent (plain Gomocup manager)
    std::string folder;
};

enum class InfoEffect {
    None,       // ignored key, or a value that changes nothing the session must react to
    Clock,      // a time setting
    Memory,     // max_memory: resize the table now
    GameShape,  // rule or win_length: applies at once on an empty board
    Rejected,   // malformed value; message says why, settings unchanged
};

struct InfoOutcome {
    InfoEffect effect = InfoEffect::None;
    std::string message;  // for Rejected: a MESSAGE line's text (without "MESSAGE ")
};

// Applies "INFO <key> <value>" (key compared case-insensitively) to settings.
InfoOutcome apply_info(BrainSettings& settings, std::string_view key, std::string_view value);

// Transposition-table bytes for a max_memory value: the table gets three quarters, the rest
// is left for the program, its threads and the board; 0 means the 256 MiB default.
std::size_t hash_bytes_for(std::int64_t max_memory);

}  // namespace tengen
