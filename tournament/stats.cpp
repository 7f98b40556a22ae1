// Match statistics computed the way fastchess and fishtest do (docs/arena-stats.md), except
// that a figure with no finite value is reported as undefined with a reason instead of nan/inf.
#include "tournament/stats.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numbers>

#include <fmt/format.h>

namespace tengen {

namespace {

constexpr double kZ95 = 1.959963984540054;             // Phi^-1(0.975)
const double kNeloScale = 800.0 / std::numbers::ln10;  // normalized Elo per unit of t

constexpr const char* kAllWins = "all-wins";
constexpr const char* kAllLosses = "all-losses";
constexpr const char* kAllDraws = "all-draws";
constexpr const char* kTooFewGames = "too-few-games";
constexpr const char* kNoSpread = "no-spread";  // every pair scored the same

template <std::size_t N>
using Dist = std::array<double, N>;

constexpr Dist<3> kGameScores{0.0, 0.5, 1.0};
constexpr Dist<5> kPairScores{0.0, 0.25, 0.5, 0.75, 1.0};

// ---------------------------------------------------------------------------------------------
// Elo, normalized Elo, LOS

Estimate undefined(const char* reason) {
    Estimate e;
    e.undefined_reason = reason;
    return e;
}

Estimate defined(double value) {
    Estimate e;
    e.value = value + 0.0;  // -0 prints as 0
    return e;
}

double logistic_elo(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }

// counts[k] games (or pairs) each scored scores[k]; sigma_factor turns the per-sample sigma into
// the per-game one used by normalized Elo (sqrt(2) for pairs).
template <std::size_t N>
EloReport elo_report(const Dist<N>& scores, const std::array<std::int64_t, N>& raw_counts, double sigma_factor) {
    std::array<double, N> counts{};
    double n = 0;
    std::size_t occupied = 0, only = 0;
    for (std::size_t k = 0; k < N; ++k) {
        counts[k] = static_cast<double>(std::max<std::int64_t>(raw_counts[k], 0));
        n += counts[k];
        if (counts[k] > 0) {
            ++occupied;
            only = k;
        }
    }

    EloReport r;
    if (n == 0) {
        r.elo = r.nelo = r.los_percent = undefined(kTooFewGames);
        return r;
    }

    double mu = 0;
    for (std::size_t k = 0; k < N; ++k) mu += counts[k] / n * scores[k];
    double var = 0;
    for (std::size_t k = 0; k < N; ++k) var += counts[k] / n * (scores[k] - mu) * (scores[k] - mu);
    r.score = mu;

    // One occupied bucket: no spread, so no interval and no normalization. Decided on the counts,
    // not on floating-point mu/var, so rounding cannot create a tiny fake variance.
    if (occupied == 1) {
        // Every sample scored the same, so the samples carry no spread to build an interval
        // from: the Elo is the score's, its interval unknown (fastchess prints +- 0.00 here,
        // which reads as certainty after a handful of games). With pairs, "all-draws" would be
        // wrong too: a pair bucket of 1 point is a win and a loss as often as two draws.
        const char* reason = only == N - 1         ? kAllWins
                             : only == 0           ? kAllLosses
                             : N == 5              ? kNoSpread
                             : scores[only] == 0.5 ? kAllDraws
                                                   : kTooFewGames;
        if (only == 0 || only == N - 1) {
            r.elo = undefined(reason);
        } else {
            r.elo = defined(logistic_elo(mu));
            r.elo.undefined_reason = reason;
        }
        r.nelo = undefined(reason);
        if (scores[only] == 0.5)
            r.los_percent = undefined(reason);
        else
            r.los_percent = defined(scores[only] > 0.5 ? 100.0 : 0.0);
        return r;
    }

    const double se = std::sqrt(var / n);
    const double sigma_game = sigma_factor * std::sqrt(var);

    r.elo = defined(logistic_elo(mu));
    const double low = mu - kZ95 * se, high = mu + kZ95 * se;
    if (low > 0 && high < 1) {
        r.elo.error95 = (logistic_elo(high) - logistic_elo(low)) / 2.0;
    } else {
        r.elo.undefined_reason = kTooFewGames;  // the interval leaves (0, 1): infinite Elo bound
    }

    r.nelo = defined((mu - 0.5) / sigma_game * kNeloScale);
    r.nelo.error95 = kZ95 * se / sigma_game * kNeloScale;

    r.los_percent = defined(100.0 * 0.5 * std::erfc(-(mu - 0.5) / (std::numbers::sqrt2 * se)));
    return r;
}

// ---------------------------------------------------------------------------------------------
// Generalized SPRT

// Root of f on (lo, hi), where f's end values f_lo and f_hi (possibly infinite: the secular
// equations below have poles at both ends) have opposite signs. ITP method (Oliveira & Takahashi,
// ACM TOMS 2021): a regula falsi step, truncated towards the midpoint and projected into a window
// that shrinks like bisection's, so it never needs more than n0 steps beyond bisection.
template <class F>
double itp_root(F&& f, double lo, double hi, double f_lo, double f_hi, double tolerance) {
    constexpr double k1 = 0.1, k2 = 2.0, n0 = 0.99;
    constexpr int kStepCap = 200;  // far beyond what the tolerance needs; guards against nan input
    const bool positive_at_lo = f_lo > 0;
    const double n_max = std::ceil(std::log2((hi - lo) / (2.0 * tolerance))) + n0;
    for (int j = 0; hi - lo > 2.0 * tolerance && j < kStepCap; ++j) {
        const double width = hi - lo;
        const double mid = (lo + hi) / 2.0;
        const double radius = std::max(0.0, tolerance * std::exp2(n_max - j) - width / 2.0);
        const double delta = k1 * std::pow(width, k2);

        double x = mid;
        const double falsi = (f_hi * lo - f_lo * hi) / (f_hi - f_lo);
        if (std::isfinite(falsi)) {  // not while an end value is still infinite: bisect then
            const double sigma = mid > falsi ? 1.0 : mid < falsi ? -1.0 : 0.0;
            const double truncated = delta <= std::abs(mid - falsi) ? falsi + sigma * delta : mid;
            x = std::abs(truncated - mid) <= radius ? truncated : mid - sigma * radius;
        }

        const double fx = f(x);
        if (fx == 0) return x;
        if ((fx > 0) == positive_at_lo) {
            lo = x;
            f_lo = fx;
        } else {
            hi = x;
            f_hi = fx;
        }
    }
    return (lo + hi) / 2.0;
}

// The distribution closest to phat (in likelihood) that satisfies sum P_i d_i = 0:
// P_i = phat_i / (1 + theta d_i), with theta the root of sum phat_i d_i / (1 + theta d_i) = 0 on
// the interval where every 1 + theta d_i > 0. None when d does not change sign.
template <std::size_t N>
std::optional<Dist<N>> tilt(const Dist<N>& phat, const Dist<N>& d, double tolerance) {
    const auto [d_min, d_max] = std::minmax_element(d.begin(), d.end());
    if (!(*d_min < 0 && *d_max > 0)) return std::nullopt;
    const auto secular = [&](double theta) {
        double sum = 0;
        for (std::size_t i = 0; i < N; ++i) sum += phat[i] * d[i] / (1.0 + theta * d[i]);
        return sum;
    };
    const double theta = itp_root(secular, -1.0 / *d_max, -1.0 / *d_min, INFINITY, -INFINITY, tolerance);
    Dist<N> p;
    for (std::size_t i = 0; i < N; ++i) {
        p[i] = phat[i] / (1.0 + theta * d[i]);
        if (!(std::isfinite(p[i]) && p[i] > 0)) return std::nullopt;
    }
    return p;
}

// Maximum-likelihood distribution with mean s.
template <std::size_t N>
std::optional<Dist<N>> mle_logistic(const Dist<N>& scores, const Dist<N>& phat, double s) {
    if (!(s > 0 && s < 1)) return std::nullopt;
    Dist<N> d;
    for (std::size_t i = 0; i < N; ++i) d[i] = scores[i] - s;
    return tilt(phat, d, 1e-3);
}

// Maximum-likelihood distribution with (mu - 1/2) / sigma = t, by the fixed-point iteration of
// Van den Bergh's "Comments on normalized Elo" (section 4.1), started from the uniform distribution.
template <std::size_t N>
std::optional<Dist<N>> mle_normalized(const Dist<N>& scores, const Dist<N>& phat, double t) {
    constexpr int kMaxIterations = 10;
    constexpr double kConverged = 1e-4;
    Dist<N> p;
    p.fill(1.0 / N);
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
        double mu = 0, var = 0;
        for (std::size_t i = 0; i < N; ++i) mu += p[i] * scores[i];
        for (std::size_t i = 0; i < N; ++i) var += p[i] * (scores[i] - mu) * (scores[i] - mu);
        const double sigma = std::sqrt(var);
        if (!(sigma > 0)) return std::nullopt;
        Dist<N> phi;
        for (std::size_t i = 0; i < N; ++i) {
            const double z = (scores[i] - mu) / sigma;
            phi[i] = scores[i] - 0.5 - 0.5 * t * sigma * (1.0 + z * z);
        }
        const auto next = tilt(phat, phi, 1e-7);
        if (!next) return std::nullopt;
        double change = 0;
        for (std::size_t i = 0; i < N; ++i) change = std::max(change, std::abs((*next)[i] - p[i]));
        p = *next;
        if (change < kConverged) break;
    }
    return p;
}

double logistic_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// counts: regularized tallies per score of the support. t_factor is 1 for games, sqrt(2) for pairs.
template <std::size_t N>
double llr(const Dist<N>& scores, const Dist<N>& counts, const SprtParams& params, double t_factor) {
    double total = 0;
    for (double c : counts) total += c;
    Dist<N> phat;
    for (std::size_t i = 0; i < N; ++i) phat[i] = counts[i] / total;

    std::optional<Dist<N>> p0, p1;
    if (params.model == SprtModel::Normalized) {
        p0 = mle_normalized(scores, phat, t_factor * params.elo0 / kNeloScale);
        p1 = mle_normalized(scores, phat, t_factor * params.elo1 / kNeloScale);
    } else {
        p0 = mle_logistic(scores, phat, logistic_score(params.elo0));
        p1 = mle_logistic(scores, phat, logistic_score(params.elo1));
    }
    if (!p0 || !p1) return 0.0;

    double sum = 0;
    for (std::size_t i = 0; i < N; ++i) sum += phat[i] * (std::log((*p1)[i]) - std::log((*p0)[i]));
    const double result = total * sum;
    return std::isfinite(result) ? result : 0.0;
}

// Zero counts would put the MLE on the support's boundary; fastchess and fishtest use 1e-3.
double regularized(std::int64_t count) { return count > 0 ? static_cast<double>(count) : 1e-3; }

SprtReport sprt_report(double llr_value, const SprtParams& p) {
    SprtReport r;
    if (!check_sprt_params(p).ok()) return r;
    r.llr = llr_value;
    r.lower = std::log(p.beta / (1.0 - p.alpha));
    r.upper = std::log((1.0 - p.beta) / p.alpha);
    r.verdict = llr_value >= r.upper   ? SprtVerdict::AcceptH1
                : llr_value <= r.lower ? SprtVerdict::AcceptH0
                                       : SprtVerdict::Continue;
    return r;
}

std::string fixed(double v, int decimals) {
    std::string s = fmt::format("{:.{}f}", v, decimals);
    // A value that rounds to zero prints without a sign ("0.00", not "-0.00").
    if (s.front() == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
    return s;
}

}  // namespace

std::int64_t PentaCounts::pairs() const noexcept {
    std::int64_t n = 0;
    for (auto b : buckets) n += b;
    return n;
}

EloReport elo_from_wdl(const WdlCounts& c) {
    return elo_report(kGameScores, std::array<std::int64_t, 3>{c.losses, c.draws, c.wins}, 1.0);
}

EloReport elo_from_penta(const PentaCounts& c) { return elo_report(kPairScores, c.buckets, std::numbers::sqrt2); }

Status check_sprt_params(const SprtParams& p) {
    if (!(std::isfinite(p.elo0) && std::isfinite(p.elo1))) return Failure{"elo0 and elo1 must be finite"};
    if (!(p.elo0 < p.elo1)) return Failure{"elo0 must be less than elo1"};
    if (!(p.alpha > 0 && p.alpha < 1)) return Failure{"alpha must be between 0 and 1"};
    if (!(p.beta > 0 && p.beta < 1)) return Failure{"beta must be between 0 and 1"};
    if (!(p.alpha + p.beta < 1)) return Failure{"alpha + beta must be less than 1"};
    return {};
}

Status check_sprt_domain(const SprtParams& p, bool pairs) {
    if (p.model != SprtModel::Normalized) return {};
    // The maximum-likelihood iteration starts from the uniform distribution on the support;
    // beyond a normalized Elo that distribution cannot be tilted to (about 231 for pairs, 340
    // for single games), so the test could never move. Found by trying, not by a formula, so
    // it stays exactly what the solver can do.
    const double factor = pairs ? std::numbers::sqrt2 : 1.0;
    auto reachable = [&](double elo) {
        if (pairs) {
            Dist<5> uniform;
            uniform.fill(0.2);
            return mle_normalized(kPairScores, uniform, factor * elo / kNeloScale).has_value();
        }
        Dist<3> uniform;
        uniform.fill(1.0 / 3.0);
        return mle_normalized(kGameScores, uniform, factor * elo / kNeloScale).has_value();
    };
    if (reachable(p.elo0) && reachable(p.elo1)) return {};
    double limit = 0;
    while (limit < 2000 && reachable(limit + 1)) limit += 1;
    return Failure{
        fmt::format("normalized elo0 and elo1 must lie within +-{:.0f} when the samples are {} (the test "
                    "has no solution beyond); give smaller bounds or model=logistic",
                    limit, pairs ? "pairs" : "games")};
}

SprtReport sprt_from_wdl(const WdlCounts& c, const SprtParams& p) {
    if (!check_sprt_params(p).ok()) return {};
    const Dist<3> counts{regularized(c.losses), regularized(c.draws), regularized(c.wins)};
    return sprt_report(llr(kGameScores, counts, p, 1.0), p);
}

SprtReport sprt_from_penta(const PentaCounts& c, const SprtParams& p) {
    if (!check_sprt_params(p).ok()) return {};
    Dist<5> counts;
    for (std::size_t i = 0; i < 5; ++i) counts[i] = regularized(c.buckets[i]);
    return sprt_report(llr(kPairScores, counts, p, std::numbers::sqrt2), p);
}

std::string verdict_name(SprtVerdict v) {
    switch (v) {
    case SprtVerdict::AcceptH0:
        return "H0 accepted";
    case SprtVerdict::AcceptH1:
        return "H1 accepted";
    case SprtVerdict::Continue:
        break;
    }
    return "continue";
}

std::string format_estimate(const Estimate& e, int decimals) {
    decimals = std::clamp(decimals, 0, 12);
    const std::string reason = e.undefined_reason.empty() ? "undefined" : e.undefined_reason;
    if (!e.value) return "- (" + reason + ")";
    std::string s = fixed(*e.value, decimals);
    if (e.error95)
        s += " +- " + fixed(*e.error95, decimals);
    else if (!e.undefined_reason.empty())
        s += " +- - (" + e.undefined_reason + ")";
    return s;
}

}  // namespace tengen
