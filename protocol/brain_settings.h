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
    // Yixin-Board's INFO hash_size: the table may use at most this many KiB; -1 = never sent.
    std::int64_t hash_size_kib = -1;
    std::string folder;
};

enum class InfoEffect {
    None,         // ignored key, or a value that changes nothing the session must react to
    TimeSetting,  // a time control setting
    Memory,       // max_memory: resize the table now
    GameShape,    // rule or win_length: applies at once on an empty board
    Rejected,     // malformed value; message says why, settings unchanged
    Unsupported,  // a well-formed value the brain cannot honour; message says what it does instead
};

struct InfoOutcome {
    InfoEffect effect = InfoEffect::None;
    std::string message;  // for Rejected and Unsupported: a MESSAGE line's text (without "MESSAGE ")
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
// The least max_memory the process fits in with one thread: below it the table still gets
// 1 MiB and the process uses more than max_memory.
inline constexpr std::int64_t kLeastMaxMemory = kProcessBaseBytes + kPerThreadBytes + kMinHashBytes;
// The table for all of the settings: max_memory's table, within INFO hash_size when that was
// sent (a KiB count; 0 asks for no table, which leaves one 64-byte bucket).
std::size_t table_bytes_for(const BrainSettings& settings);
// The threads a search may use under max_memory beside a table of table_bytes (at least 1).
int threads_within(std::int64_t max_memory, std::size_t table_bytes, int threads);

}  // namespace tengen
