// Prints a search's progress while it runs (called on the search thread) and its one summary
// line when it ends. What it prints depends on INFO show_detail (see docs/protocol-output.md):
//   never sent (-1): depth lines; 0: none; 1: depth and MESSAGE REALTIME lines;
//   2: depth lines and Yixin's INFO PV block; 3: all of them.
// The summary line is printed whatever show_detail says.
#pragma once

#include <cstdint>

#include "protocol/output_sink.h"
#include "ai/searcher.h"

namespace tengen {

class AnalysisReporter {
public:
    // At most one depth line (and block) per this many ms; the first always prints.
    static constexpr std::int64_t kMinIntervalMs = 250;

    AnalysisReporter(OutputSink& out, int show_detail, int multipv) noexcept
        : out_(out), show_detail_(show_detail), multipv_(multipv) {}

    void on_iteration(const SearchInfo& info);
    // The lines that close a move: the INFO block (show_detail 2, 3) and the summary line.
    void on_finished(const SearchResult& result, Point answer);

private:
    bool depth_lines() const noexcept { return show_detail_ != 0; }
    bool realtime_lines() const noexcept { return show_detail_ == 1 || show_detail_ == 3; }
    bool info_block() const noexcept { return show_detail_ == 2 || show_detail_ == 3; }

    OutputSink& out_;
    int show_detail_;
    int multipv_;
    std::int64_t last_print_ms_ = -1;
    Point last_best_ = kNoPoint;
};

}  // namespace tengen
