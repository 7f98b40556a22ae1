// The text of the brain's analysis lines; docs/protocol-output.md documents each form.
// Pure functions: the session decides when to print them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ai/searcher.h"

namespace tengen {

// 523, 12.3K, 1.2M, 3.4G: a count short enough for a GUI's status line.
std::string format_count(std::uint64_t n);
// Milliseconds as seconds with one decimal: "1.5s".
std::string format_seconds(std::int64_t ms);
// Points in letter notation separated by spaces ("h8 i9"); x,y past column z.
std::string format_pv_letters(const std::vector<Point>& pv);
// Points in the protocol's x,y form separated by spaces.
std::string format_pv_protocol(const std::vector<Point>& pv);

// "MESSAGE depth 12-20 eval 340 nodes 1.2M nps 800K time 1.5s pv h8 i9 j10"
std::string depth_line(const SearchInfo& info);
// "MESSAGE summary depth 12 eval 340 nodes 123456 time 1500 best 7,7 pv h8 i9": one per
// move, machine-readable: plain integers, time in ms, best in the protocol's x,y form.
std::string summary_line(const SearchResult& result, Point best);
// "MESSAGE nbest 2 move 8,7 eval 120": YXNBEST's ranked moves, 1 = best.
std::string nbest_line(int rank, const ScoredMove& move);
// "MESSAGE REALTIME BEST 7,7"
std::string realtime_best_line(Point best);

// Yixin-Board's analysis block, INFO PV 0 ... INFO PV DONE (show_detail 2 or 3 only).
std::vector<std::string> yixin_block(int multipv_count, int depth, Score score, const std::vector<Point>& pv);
// Score as a win probability for the side to move, 0..1 (mates are 0 or 1).
double win_rate(Score score);

}  // namespace tengen
