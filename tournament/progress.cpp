#include "tournament/progress.h"

#include <fmt/format.h>

namespace tengen {

namespace {

std::string clock_text(double seconds) {
    const auto s = static_cast<long long>(seconds + 0.5);
    if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, s / 60 % 60);
    return fmt::format("{}m{:02}s", s / 60, s % 60);
}

}  // namespace

ProgressReporter::ProgressReporter(std::ostream& out, bool live, std::int64_t total, std::int64_t already,
                                   std::string focus)
    : out_(out),
      live_(live),
      total_(total),
      done_(already),
      focus_(std::move(focus)),
      start_(std::chrono::steady_clock::now()) {}

std::string ProgressReporter::summary(const Standings& standings) const {
    std::string text = fmt::format("{}/{} games", done_, total_);
    // Two brains: the first one's view of the match. More: the two who just played, each
    // against the field, so a round robin's line follows every pairing, not one brain.
    const bool match = standings.rows.size() <= 2;
    for (const BrainStanding& row : standings.rows) {
        if (match ? row.name != focus_ : row.name != last_black_ && row.name != last_white_) continue;
        // The score is per game; the Elo says what it is computed over (pairs or games).
        text += fmt::format(", {} W-L-D {}-{}-{}, score {:.1f}%, Elo over {} {} {}", row.name, row.wdl.wins,
                            row.wdl.losses, row.wdl.draws, 100.0 * row.score(), row.elo_samples, row.elo_basis,
                            format_estimate(row.elo, 1));
    }
    // The SPRT as it goes, with the bounds it stops at, as the final standings print it.
    if (standings.head_to_head && standings.head_to_head->sprt) {
        const SprtReport& sprt = *standings.head_to_head->sprt;
        text += fmt::format(", LLR {:.2f} [{:.2f}, {:.2f}]", sprt.llr, sprt.lower, sprt.upper);
    }
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (played_ > 0 && done_ < total_)
        text += ", ETA " + clock_text(elapsed / static_cast<double>(played_) * static_cast<double>(total_ - done_));
    return text;
}

void ProgressReporter::game_finished(const FinishedGame& g, const Standings& standings) {
    last_black_ = g.black;
    last_white_ = g.white;
    ++done_;
    ++played_;
    // The results file's reason is "five" for any k; people read "by 4 in a row" when k is 4.
    const std::string how = g.outcome.reason == EndReason::Five && g.config.win_length != 5
                                ? fmt::format("{} in a row", g.config.win_length)
                                : std::string(reason_name(g.outcome.reason));
    std::string line = fmt::format("game {} (round {}, pair {}): {} - {}: {} by {}", g.game, g.round, g.pair, g.black,
                                   g.white, winner_name(g.outcome.winner), how);
    if (!g.outcome.loser_said.empty()) line += " (" + g.outcome.loser_said + ")";
    if (live_) {
        // Each game's result stays on the screen, one line each; only the summary below them
        // is rewritten.
        out_ << "\r\033[K" << line << "\n" << summary(standings) << std::flush;
        line_open_ = true;
        return;
    }
    out_ << line << "; " << summary(standings) << "\n" << std::flush;
}

void ProgressReporter::note(const std::string& line) {
    if (line_open_) out_ << "\r\033[K";
    out_ << line << "\n" << std::flush;
    line_open_ = false;
}

void ProgressReporter::finish() {
    if (line_open_) out_ << "\n" << std::flush;
    line_open_ = false;
}

}  // namespace tengen
