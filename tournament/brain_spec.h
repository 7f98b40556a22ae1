// One brain as the command line describes it (`--engine key=value ...`, `--each` defaults),
// and the time control the arena enforces for it. Keys: docs/arena.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/result.h"

namespace tengen {

// Times in milliseconds. Without a match clock (match_ms == 0) only turn_ms binds.
struct BrainClock {
    std::int64_t turn_ms = 1000;    // INFO timeout_turn; the per-move ceiling
    std::int64_t match_ms = 0;      // INFO timeout_match; 0 = no match clock
    std::int64_t increment_ms = 0;  // INFO time_increment
    bool has_match_clock() const noexcept { return match_ms > 0; }
    bool operator==(const BrainClock&) const = default;
};

// Bounds on what an engine or a run may be given, far above any real use: the arena adds
// tolerances to deadlines and an eighth to memory=, which must not overflow. A day, and 1 PiB.
inline constexpr std::int64_t kMaxWaitMs = 86'400'000;
inline constexpr std::int64_t kMaxMemoryBytes = std::int64_t{1} << 50;

struct BrainSpec {
    std::string cmd;
    std::vector<std::string> args;
    std::string name;  // as given; empty means "from ABOUT, else the file name"
    std::string dir;
    BrainClock clock;
    std::optional<std::int64_t> memory, threads, depth, nodes;
    std::optional<std::int64_t> tolerance_ms;  // tolerance=MS: this brain's grace past its deadline (over --tolerance)
    std::vector<std::pair<std::string, std::string>> infos;  // info=KEY:VALUE or option.KEY=VALUE, in order
    std::string log;
    std::string stderr_file;  // stderr=FILE: the brain's stderr is appended there (default: discarded)
    bool wine = false;        // cmd is a Windows program: start it as `wine cmd args...`

    // Where the brain runs: dir= when given, else the folder of its executable when cmd names
    // one by a path (as c-gomoku-cli and Gomocup's manager run a brain, beside its own files),
    // else the arena's folder. A relative cmd is always found from the arena's folder.
    std::string working_dir() const;
    // The INFO lines sent at the start of every game (time, limits, extra infos).
    std::vector<std::string> info_lines() const;
    // The options that define what plays (not where it lives): for the schedule hash.
    std::string identity() const;
};

// Parses one brain's tokens over the --each defaults (a brain's own keys win; for the
// repeatable `arg` the brain's own list replaces the defaults, `info` merges by KEY).
// Other runners' spellings are read as ours: maxmemory= (memory=), thread= (threads=),
// option.KEY=VALUE (info=KEY:VALUE). A time control is st= or tc=, not both at one level
// (the brain's own replaces --each's). Returns the spec or a one-line error naming the bad
// token and why.
Result<BrainSpec> parse_brain_spec(const std::vector<std::string>& tokens, const std::vector<std::string>& each);

// "0.2" -> 200 ms. nullopt unless a finite, non-negative number.
std::optional<std::int64_t> parse_seconds_ms(const std::string& text);
// tc=M[+I], M/T[+I], or 0/T (c-gomoku-cli: a turn time only). nullopt when malformed.
std::optional<BrainClock> parse_time_control(const std::string& text);

// The clock as its key reads: "st=0.2", "tc=60+0.5", "tc=60/5+0.5".
std::string time_control_text(const BrainClock& clock);

// The last path component of cmd, for the default name.
std::string file_name_of(const std::string& cmd);

}  // namespace tengen
