// What each libFuzzer target does with one input, shared with test_fuzz_regressions, which
// replays the saved inputs of every target through the same code. Each body checks its own
// invariants and calls fuzz_fail() on a violation; crashes and sanitizer reports speak for
// themselves.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

#include "protocol/brain_settings.h"
#include "tournament/openings.h"
#include "engine/records.h"
#include "tournament/results_file.h"
#include "ai/time_manager.h"
#include "ai/transposition_table.h"

namespace tengen::testing {

[[noreturn]] inline void fuzz_fail(const char* what) {
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

// Reads little-endian int64s off the front of the input (zero when it runs out).
class FuzzReader {
public:
    explicit FuzzReader(std::string_view bytes) : bytes_(bytes) {}
    std::int64_t next() {
        std::int64_t v = 0;
        const std::size_t n = std::min<std::size_t>(8, bytes_.size());
        std::memcpy(&v, bytes_.data(), n);
        bytes_.remove_prefix(n);
        return v;
    }
    std::string_view rest() const { return bytes_; }

private:
    std::string_view bytes_;
};

// Clocks and memory: raw numbers into the time manager, the same numbers as INFO text
// through the brain's settings (so the parsing and saturation are reached), the sizing of
// table and threads, and a small table stored and probed with the input's keys.
inline void fuzz_clocks_one(std::string_view bytes) {
    FuzzReader in(bytes);
    TimeControl tc;
    const std::int64_t flags = in.next();
    if (flags & 1) tc.turn_ms = in.next();
    if (flags & 2) tc.match_ms = in.next();
    if (flags & 4) tc.time_left_ms = in.next();
    tc.increment_ms = in.next();
    tc.empty_points = static_cast<int>(in.next() & 0x3FF);
    const TimeBudget b = plan_move_time(tc);
    if (b.soft_ms > b.hard_ms || b.soft_ms < 0 || b.hard_ms < 1) fuzz_fail("budget out of order");

    BrainSettings s;
    const std::string_view text = in.rest().substr(0, 64);
    for (const char* key : {"timeout_turn", "timeout_match", "time_left", "time_increment", "max_memory", "thread_num"})
        apply_info(s, key, text);
    apply_info(s, "time_left", std::to_string(tc.time_left_ms.value_or(0)));
    apply_info(s, "max_memory", std::to_string(flags));
    const TimeBudget c = plan_move_time(s.clocks);
    if (c.soft_ms > c.hard_ms || c.soft_ms < 0 || c.hard_ms < 1) fuzz_fail("budget from INFO out of order");
    const std::size_t table = hash_bytes_for(s.max_memory, s.threads);
    const int threads = threads_within(s.max_memory, table, s.threads);
    if (threads < 1 || threads > s.threads || table < (std::size_t{1} << 20)) fuzz_fail("memory sizing");
    if (s.max_memory > 0 && s.max_memory >= kProcessBaseBytes + kMinHashBytes + kPerThreadBytes &&
        static_cast<std::int64_t>(table) + kProcessBaseBytes + threads * kPerThreadBytes > s.max_memory)
        fuzz_fail("max_memory exceeded");

    TranspositionTable tt(std::size_t{1} << 16);
    const std::uint64_t key = static_cast<std::uint64_t>(in.next()) | 1;
    const Score score = static_cast<Score>(in.next() % 40000);
    tt.store(key, score, score / 2, static_cast<int>(in.next() & 0x3FF), static_cast<int>(in.next() % 130),
             Bound::Exact);
    TTHit hit;
    if (!tt.probe(key, hit)) fuzz_fail("a stored key is not found");
    if (hit.score != std::clamp<Score>(score, -32000, 32000)) fuzz_fail("score round trip");
}

// Game records people hand us: .psq and plain move lists; whatever reads back is written
// again and must read back the same, and its SGF must be writable.
inline void fuzz_records_one(std::string_view bytes) {
    if (const auto record = read_psq(bytes)) {
        const auto again = read_psq(write_psq(*record));
        if (!again || again->moves.size() != record->moves.size()) fuzz_fail(".psq round trip");
        (void)write_sgf(*record, Rule::Freestyle, 5, "B+");
    }
    if (const auto sgf = read_sgf(bytes)) {
        const auto again =
            read_sgf(write_sgf(sgf->record, sgf->rule.value_or(Rule::Freestyle), sgf->win_length.value_or(5)));
        if (!again || again->record.moves != sgf->record.moves) fuzz_fail("SGF round trip");
    }
    if (const auto moves = read_move_list(bytes)) {
        const auto again = read_move_list(write_move_list(*moves));
        if (!again || *again != *moves) fuzz_fail("move list round trip");
    }
}

// Opening files in both formats and the arena's opening field.
inline void fuzz_openings_one(std::string_view bytes) {
    for (const GameConfig config : {GameConfig{15, 15, 5, Rule::Freestyle}, GameConfig{7, 5, 4, Rule::Renju}}) {
        for (const auto format : {std::optional<OpeningFormat>{}, std::optional{OpeningFormat::Offset},
                                  std::optional{OpeningFormat::Letters}}) {
            const ParsedOpenings parsed = parse_openings(bytes, format, config);
            for (const auto& opening : parsed.openings)
                if (!check_opening(opening, config).ok()) fuzz_fail("an accepted opening is not legal");
        }
    }
    (void)parse_opening_field(bytes.substr(0, 256));
}

// A results file (resume and merge read it): through a real file, as the arena reads it.
inline void fuzz_results_one(std::string_view bytes) {
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("tengen-fuzz-results-" + std::to_string(::getpid()) + ".jsonl");
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    (void)load_results(path.string(), std::nullopt, false);
    (void)load_results(path.string(), std::string("schedule"), false);
    std::filesystem::remove(path);
}

}  // namespace tengen::testing
