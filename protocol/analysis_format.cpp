#include "protocol/analysis_format.h"

#include <cmath>

#include <fmt/format.h>

#include "engine/notation.h"

namespace tengen {

std::string format_count(std::uint64_t n) {
    if (n < 10000) return std::to_string(n);
    if (n < 1000000) return fmt::format("{:.1f}K", static_cast<double>(n) / 1e3);
    if (n < 1000000000) return fmt::format("{:.1f}M", static_cast<double>(n) / 1e6);
    return fmt::format("{:.1f}G", static_cast<double>(n) / 1e9);
}

std::string format_seconds(std::int64_t ms) {
    return fmt::format("{:.1f}s", static_cast<double>(std::max<std::int64_t>(ms, 0)) / 1000.0);
}

std::string format_pv_letters(const std::vector<Point>& pv) { return join_points(pv, to_letters, " "); }

std::string format_pv_protocol(const std::vector<Point>& pv) { return join_points(pv, to_protocol, " "); }

std::string depth_line(const SearchInfo& info) {
    return fmt::format("MESSAGE depth {}-{} eval {} nodes {} nps {} time {} pv {}", info.depth,
                       std::max(info.seldepth, info.depth), format_score(info.score), format_count(info.nodes),
                       format_count(info.nps), format_seconds(info.elapsed_ms), format_pv_letters(info.pv));
}

std::string summary_line(const SearchResult& result, Point best) {
    std::string line = fmt::format("MESSAGE summary depth {} eval {} nodes {} time {} best {}", result.depth,
                                   format_score(result.score), result.nodes, result.elapsed_ms, to_protocol(best));
    if (!result.pv.empty() && result.pv.front() == best) line += " pv " + format_pv_letters(result.pv);
    return line;
}

std::string nbest_line(int rank, const ScoredMove& move) {
    return fmt::format("MESSAGE nbest {} move {} eval {}", rank, to_protocol(move.move), format_score(move.score));
}

std::string realtime_best_line(Point best) { return "MESSAGE REALTIME BEST " + to_protocol(best); }

double win_rate(Score score) {
    if (score >= kMateBound) return 1.0;
    if (score <= -kMateBound) return 0.0;
    return 1.0 / (1.0 + std::exp(-static_cast<double>(score) / 400.0));
}

std::vector<std::string> yixin_block(int multipv_count, int depth, Score score, const std::vector<Point>& pv) {
    return {
        "INFO PV 0",
        fmt::format("INFO NUMPV {}", std::max(multipv_count, 1)),
        fmt::format("INFO DEPTH {}", depth),
        "INFO BESTLINE " + format_pv_protocol(pv),
        "INFO EVAL " + format_score(score),
        fmt::format("INFO WINRATE {:.2f}", win_rate(score)),
        "INFO PV DONE",
    };
}

}  // namespace tengen
