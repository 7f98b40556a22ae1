// Match statistics as brain authors read them in fastchess: score, Elo with a 95% interval,
// normalized Elo, LOS, and the generalized SPRT's log-likelihood ratio. Formulas and reference
// values: docs/arena-stats.md. Undefined figures are reported as such, never nan/inf.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/result.h"

namespace tengen {

struct WdlCounts {
    std::int64_t wins = 0, losses = 0, draws = 0;
    std::int64_t games() const noexcept { return wins + losses + draws; }
};

// Pair buckets by the pair's points: [LL, LD, WL+DD, WD, WW] (0, 1/2, 1, 3/2, 2 points).
struct PentaCounts {
    std::array<std::int64_t, 5> buckets{};
    std::int64_t pairs() const noexcept;
};

// A figure that may be undefined: value and half-width, or a one-word reason
// ("all-wins", "all-losses", "all-draws", "too-few-games").
// The reason is set whenever value, or the error95 of a figure that has one, is missing: 3-1-0
// has an Elo (190.85) but no interval, its upper score bound being above 1 ("too-few-games").
// LOS has no error95 and, when defined, no reason (all wins: 100, all losses: 0).
struct Estimate {
    std::optional<double> value;
    std::optional<double> error95;  // half-width of the 95% interval
    std::string undefined_reason;   // empty when everything this figure has is defined
};

struct EloReport {
    double score = 0;      // mean score in [0, 1]
    Estimate elo;          // logistic Elo
    Estimate nelo;         // normalized Elo
    Estimate los_percent;  // likelihood of superiority, %
};

EloReport elo_from_wdl(const WdlCounts& c);
EloReport elo_from_penta(const PentaCounts& c);

enum class SprtModel { Normalized, Logistic };

struct SprtParams {
    double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
    SprtModel model = SprtModel::Normalized;
};

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };

struct SprtReport {
    double llr = 0;
    double lower = 0;  // ln(beta / (1 - alpha))
    double upper = 0;  // ln((1 - beta) / alpha)
    SprtVerdict verdict = SprtVerdict::Continue;
};

// Whether the parameters make a test (elo0 < elo1, alpha and beta in (0, 1), alpha + beta < 1),
// and what is wrong when not, for the command line to report. sprt_from_* given parameters that
// fail this return LLR 0, bounds 0 and Continue rather than anything non-finite.
Status check_sprt_params(const SprtParams& p);
// Whether a normalized test with these bounds can move on samples of this kind (colour-swapped
// pairs or single games), and why not. Logistic bounds always can.
Status check_sprt_domain(const SprtParams& p, bool pairs);

// Never nan/inf. If no maximum-likelihood distribution exists for an hypothesis (Elo bounds so
// extreme that no distribution on the support reaches them), the LLR is 0.
SprtReport sprt_from_wdl(const WdlCounts& c, const SprtParams& p);
SprtReport sprt_from_penta(const PentaCounts& c, const SprtParams& p);

// "H0 accepted", "H1 accepted", "continue".
std::string verdict_name(SprtVerdict v);
// Formats an estimate as "6.68 +- 17.08" or "- (all-wins)".
std::string format_estimate(const Estimate& e, int decimals = 2);

}  // namespace tengen
