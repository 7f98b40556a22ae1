#include "protocol/brain_settings.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "protocol/text_parse.h"

namespace tengen {

namespace {

constexpr int kMaxThreads = 256;
// An integer, saturated at the int64 range when it has more digits than fit: a manager's
// out-of-range number means "very large", not "malformed".
std::optional<std::int64_t> parse_saturating(std::string_view text) {
    if (const auto n = parse_int(text)) return n;
    std::string_view digits = trim(text);
    bool negative = false;
    if (!digits.empty() && (digits.front() == '+' || digits.front() == '-')) {
        negative = digits.front() == '-';
        digits.remove_prefix(1);
    }
    if (digits.empty()) return std::nullopt;
    for (char c : digits)
        if (c < '0' || c > '9') return std::nullopt;
    return negative ? std::numeric_limits<std::int64_t>::min() : std::numeric_limits<std::int64_t>::max();
}

InfoOutcome rejected(std::string_view key, std::string_view value, std::string_view why) {
    return {InfoEffect::Rejected,
            fmt::format("INFO {}: ignoring \"{}\" ({}); the old value stays", key, printable_excerpt(value), why)};
}

}  // namespace

InfoOutcome apply_info(BrainSettings& s, std::string_view raw_key, std::string_view value) {
    const std::string key = [&] {
        std::string k(raw_key);
        for (char& c : k)
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        return k;
    }();
    value = trim(value);
    const auto number = parse_saturating(value);

    if (key == "timeout_turn" || key == "timeout_match") {
        if (!number || *number < 0) return rejected(key, value, "expected milliseconds >= 0");
        (key == "timeout_turn" ? s.clocks.turn_ms : s.clocks.match_ms) = saturate_clock_ms(*number);
        return {InfoEffect::TimeSetting, {}};
    }
    if (key == "time_left") {
        if (!number) return rejected(key, value, "expected milliseconds");
        s.clocks.time_left_ms = saturate_clock_ms(*number);  // may be negative: already over
        return {InfoEffect::TimeSetting, {}};
    }
    if (key == "time_increment") {
        if (!number || *number < 0) return rejected(key, value, "expected milliseconds >= 0");
        s.clocks.increment_ms = saturate_clock_ms(*number);
        return {InfoEffect::TimeSetting, {}};
    }
    if (key == "max_memory") {
        if (!number || *number < 0) return rejected(key, value, "expected bytes >= 0");
        s.max_memory = *number;
        return {InfoEffect::Memory, {}};
    }
    if (key == "hash_size") {
        if (!number || *number < 0) return rejected(key, value, "expected KiB >= 0");
        s.hash_size_kib = *number;
        return {InfoEffect::Memory, {}};
    }
    if (key == "pondering") {
        if (!number || (*number != 0 && *number != 1)) return rejected(key, value, "expected 0 or 1");
        if (*number == 0) return {};
        return {InfoEffect::Unsupported,
                "INFO pondering 1: this brain does not ponder; it thinks only when it is to move"};
    }
    if (key == "thread_num") {
        if (!number) return rejected(key, value, "expected a thread count");
        s.threads = static_cast<int>(std::clamp<std::int64_t>(*number, 1, kMaxThreads));
        return {};
    }
    if (key == "max_depth") {
        if (!number) return rejected(key, value, "expected a depth");
        s.max_depth = static_cast<int>(std::clamp<std::int64_t>(*number, 0, 1000));  // <= 0: no limit
        return {};
    }
    if (key == "max_node") {
        if (!number) return rejected(key, value, "expected a node count");
        s.max_nodes = *number <= 0 ? 0 : static_cast<std::uint64_t>(*number);
        return {};
    }
    if (key == "win_length") {
        if (!number || *number < kMinBoardSide || *number > kMaxBoardSide)
            return rejected(key, value, fmt::format("expected {}..{}", kMinBoardSide, kMaxBoardSide));
        s.win_length = static_cast<int>(*number);
        return {InfoEffect::GameShape, {}};
    }
    if (key == "rule") {
        const auto rule = number && *number >= 0 && *number <= std::numeric_limits<int>::max()
                              ? rule_from_gomocup_code(static_cast<int>(*number))
                              : std::nullopt;
        if (!rule) return rejected(key, value, "unknown rule code");
        s.rule = *rule;
        return {InfoEffect::GameShape, {}};
    }
    if (key == "show_detail") {
        if (!number || *number < 0 || *number > 3) return rejected(key, value, "expected 0..3");
        s.show_detail = static_cast<int>(*number);
        return {};
    }
    if (key == "folder") {
        s.folder = std::string(value);
        return {};
    }
    // game_type, evaluate, Yixin's caution_factor (a setting of Yixin's own search, left out
    // of its protocol) and every unknown key: nothing to do.
    return {};
}

std::size_t hash_bytes_for(std::int64_t max_memory, int threads) {
    if (max_memory <= 0) return kDefaultHashBytes;
    const int affordable = threads_within(max_memory, static_cast<std::size_t>(kMinHashBytes), threads);
    const std::int64_t rest = max_memory - kProcessBaseBytes - affordable * kPerThreadBytes;
    return static_cast<std::size_t>(std::max(rest, kMinHashBytes));
}

std::size_t table_bytes_for(const BrainSettings& settings) {
    const std::size_t by_memory = hash_bytes_for(settings.max_memory, settings.threads);
    if (settings.hash_size_kib < 0) return by_memory;
    // hash_size replaces the 256 MiB default; under a max_memory it can only shrink the table.
    constexpr std::int64_t kBucketBytes = 64;
    const std::int64_t most_kib = settings.max_memory > 0 ? static_cast<std::int64_t>(by_memory >> 10)
                                                          : std::numeric_limits<std::int64_t>::max() >> 10;
    const std::int64_t bytes = std::min(settings.hash_size_kib, most_kib) * 1024;
    return static_cast<std::size_t>(std::max(bytes, kBucketBytes));
}

int threads_within(std::int64_t max_memory, std::size_t table_bytes, int threads) {
    threads = std::max(threads, 1);
    if (max_memory <= 0) return threads;
    const std::int64_t rest = max_memory - kProcessBaseBytes - static_cast<std::int64_t>(table_bytes);
    return static_cast<int>(std::clamp<std::int64_t>(rest / kPerThreadBytes, 1, threads));
}

}  // namespace tengen
