// The settings a manager sends with INFO, validated one key at a time. A malformed value is
// rejected with a reason and the old value stays; unknown keys are ignored silently.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ai/time_manager.h"
#include "engine/types.h"

namespace tengen {

inline constexpr std::size_t kDefaultHashBytes = std::size_t{256} << 20;

struct BrainSettings {
    TimeControl clocks;           // turn_ms, match_ms, time_left_ms, increment_ms
    std::int64_t max_memory = 0;  // bytes; 0 = no limit (then kDefaultHashBytes)
    int threads = 1;
    int max_depth = 0;            // 0 = no limit
    std::uint64_t max_nodes = 0;  // 0 = no limit
    int win_length = 5;
    Rule rule = Rule::Freestyle;
    int show_detail = -1;  // -1 = never sent (plain Gomocup manager)
    std::string folder;
};

enum class InfoEffect {
    None,         // ignored key, or a value that changes nothing the session must react to
    TimeSetting,  // a time control setting
    Memory,       // max_memory: resize the table now
    GameShape,    // rule or win_length: applies at once on an empty board
    Rejected,     // malformed value; message says why, settings unchanged
};

struct InfoOutcome {
    InfoEffect effect = InfoEffect::None;
    std::string message;  // for Rejected: a MESSAGE line's text (without "MESSAGE ")
};

// Applies "INFO <key> <value>" (key compared case-insensitively) to settings.
InfoOutcome apply_info(BrainSettings& settings, std::string_view key, std::string_view value);

// max_memory bounds the whole process, not just the table: besides the table it holds the
// program with its constant tables and, per search thread, a position, move lists and shape
// tables (about 1 MiB a thread on 15x15 freestyle and 2 MiB under renju, measured as peak
// resident memory; more on 32x32). These allowances are generous on purpose.
inline constexpr std::int64_t kProcessBaseBytes = std::int64_t{12} << 20;
inline constexpr std::int64_t kPerThreadBytes = std::int64_t{5} << 20;
inline constexpr std::int64_t kMinHashBytes = std::int64_t{1} << 20;

// Transposition-table bytes for a max_memory value and thread count: what is left after the
// process's own needs, at least 1 MiB; 0 means the 256 MiB default.
std::size_t hash_bytes_for(std::int64_t max_memory, int threads);
// The threads a search may use under max_memory beside a table of table_bytes (at least 1).
int threads_within(std::int64_t max_memory, std::size_t table_bytes, int threads);

}  // namespace tengen
