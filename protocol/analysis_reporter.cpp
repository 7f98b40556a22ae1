#include "protocol/analysis_reporter.h"

#include "protocol/analysis_format.h"

namespace tengen {

void AnalysisReporter::on_iteration(const SearchInfo& info) {
    if (info.multipv_index != 0) return;  // one line per depth: the best line's
    if (realtime_lines() && !info.pv.empty() && info.pv.front() != last_best_) {
        last_best_ = info.pv.front();
        out_.write_line(realtime_best_line(last_best_));
    }
    if (last_print_ms_ >= 0 && info.elapsed_ms - last_print_ms_ < kMinIntervalMs) return;
    last_print_ms_ = info.elapsed_ms;
    if (depth_lines()) out_.write_line(depth_line(info));
    if (info_block())
        for (const auto& line : yixin_block(multipv_, info.depth, info.score, info.pv)) out_.write_line(line);
}

void AnalysisReporter::on_finished(const SearchResult& result, Point answer) {
    if (realtime_lines() && answer != last_best_) {  // a search may end before any iteration reported
        last_best_ = answer;
        out_.write_line(realtime_best_line(answer));
    }
    if (info_block()) {
        std::vector<Point> pv = result.pv;
        if (pv.empty() || pv.front() != answer) pv = {answer};
        for (const auto& line : yixin_block(multipv_, result.depth, result.score, pv)) out_.write_line(line);
    }
    out_.write_line(summary_line(result, answer));
}

}  // namespace tengen
