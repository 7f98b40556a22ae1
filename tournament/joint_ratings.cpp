#include "tournament/joint_ratings.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace tengen {

namespace {

constexpr double kLogisticScale = 2.302585092994046 / 400.0;  // ln 10 / 400: Elo points to logits

// Solves a x = b in place by Gauss-Jordan elimination with partial pivoting; false if singular.
bool solve(std::vector<std::vector<double>> a, std::vector<double>& b) {
    const std::size_t n = b.size();
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t r = col + 1; r < n; ++r)
            if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
        if (std::abs(a[pivot][col]) < 1e-12) return false;
        std::swap(a[col], a[pivot]);
        std::swap(b[col], b[pivot]);
        for (std::size_t r = 0; r < n; ++r) {
            if (r == col) continue;
            const double f = a[r][col] / a[col][col];
            for (std::size_t c = col; c < n; ++c) a[r][c] -= f * a[col][c];
            b[r] -= f * b[col];
        }
    }
    for (std::size_t i = 0; i < n; ++i) b[i] /= a[i][i];
    return true;
}

}  // namespace

Crosstable crosstable(const std::vector<FinishedGame>& games, const std::vector<std::string>& names) {
    Crosstable t;
    t.names = names;
    t.cells.assign(names.size(), std::vector<WdlCounts>(names.size()));
    auto index = [&](const std::string& n) {
        return static_cast<std::size_t>(std::find(names.begin(), names.end(), n) - names.begin());
    };
    for (const FinishedGame& g : games) {
        const std::size_t b = index(g.black), w = index(g.white);
        if (b >= names.size() || w >= names.size() || b == w) continue;
        switch (g.outcome.winner) {
        case Winner::Black:
            ++t.cells[b][w].wins, ++t.cells[w][b].losses;
            break;
        case Winner::White:
            ++t.cells[w][b].wins, ++t.cells[b][w].losses;
            break;
        case Winner::Draw:
            ++t.cells[b][w].draws, ++t.cells[w][b].draws;
            break;
        }
    }
    return t;
}

std::optional<std::vector<JointRating>> fit_joint_ratings(const Crosstable& table) {
    // The brains that played, and per pairing its games and the first's points (with the
    // virtual draws).
    std::vector<std::size_t> rated;
    for (std::size_t i = 0; i < table.names.size(); ++i) {
        std::int64_t games = 0;
        for (const WdlCounts& c : table.cells[i]) games += c.games();
        if (games > 0) rated.push_back(i);
    }
    const std::size_t n = rated.size();
    if (n < 2) return std::nullopt;
    std::vector<std::vector<double>> games(n, std::vector<double>(n, 0)), points(n, std::vector<double>(n, 0));
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b) {
            const WdlCounts& c = table.cells[rated[a]][rated[b]];
            if (c.games() == 0) continue;
            games[a][b] = static_cast<double>(c.games()) + kVirtualDrawsPerPairing;
            points[a][b] =
                static_cast<double>(c.wins) + 0.5 * static_cast<double>(c.draws) + 0.5 * kVirtualDrawsPerPairing;
        }
    // Newton's method on the log-likelihood, the first brain's rating held at 0 (only
    // differences are determined); the curvature at the maximum gives the covariance.
    std::vector<double> r(n, 0.0);
    std::vector<std::vector<double>> curvature;  // negative Hessian over brains 1..n-1, logit units
    for (int iteration = 0; iteration < 100; ++iteration) {
        std::vector<double> gradient(n - 1, 0.0);
        curvature.assign(n - 1, std::vector<double>(n - 1, 0.0));
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = 0; b < n; ++b) {
                if (a == b || games[a][b] == 0) continue;
                const double p = 1.0 / (1.0 + std::exp(-(r[a] - r[b])));
                const double info = games[a][b] * p * (1 - p);
                if (a > 0) {
                    gradient[a - 1] += points[a][b] - games[a][b] * p;
                    curvature[a - 1][a - 1] += info;
                    if (b > 0) curvature[a - 1][b - 1] -= info;
                }
            }
        std::vector<double> step = gradient;
        if (!solve(curvature, step)) return std::nullopt;  // not one connected group
        double largest = 0;
        for (std::size_t i = 1; i < n; ++i) {
            const double s = std::clamp(step[i - 1], -2.0, 2.0);  // damped: no overshoot from far away
            r[i] += s;
            largest = std::max(largest, std::abs(s));
        }
        if (largest < 1e-10) break;
    }
    // Covariance of brains 1..n-1 against the first: the inverse curvature, column by column.
    std::vector<std::vector<double>> cov(n, std::vector<double>(n, 0.0));
    for (std::size_t j = 1; j < n; ++j) {
        std::vector<double> unit(n - 1, 0.0);
        unit[j - 1] = 1.0;
        if (!solve(curvature, unit)) return std::nullopt;
        for (std::size_t i = 1; i < n; ++i) cov[i][j] = unit[i - 1];
    }
    // Shift to mean 0: r' = (I - J/n) r, so cov' = (I - J/n) cov (I - J/n).
    std::vector<double> row_mean(n, 0.0), col_mean(n, 0.0);
    double all_mean = 0, mean = 0;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            row_mean[i] += cov[i][j] / static_cast<double>(n);
            col_mean[j] += cov[i][j] / static_cast<double>(n);
            all_mean += cov[i][j] / static_cast<double>(n * n);
        }
    for (double v : r) mean += v / static_cast<double>(n);
    std::vector<JointRating> out;
    for (std::size_t i = 0; i < n; ++i) {
        const double variance = std::max(0.0, cov[i][i] - row_mean[i] - col_mean[i] + all_mean);
        out.push_back(
            {table.names[rated[i]], (r[i] - mean) / kLogisticScale, 1.96 * std::sqrt(variance) / kLogisticScale});
    }
    std::stable_sort(out.begin(), out.end(), [](const JointRating& a, const JointRating& b) { return a.elo > b.elo; });
    return out;
}

std::string format_crosstable_and_ratings(const Crosstable& table) {
    const std::size_t n = table.names.size();
    std::size_t width = 6;
    for (const std::string& name : table.names) width = std::max(width, name.size());
    std::size_t cell = 7;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            const WdlCounts& c = table.cells[i][j];
            cell = std::max(cell, fmt::format("{}-{}-{}", c.wins, c.losses, c.draws).size());
        }
    cell = std::max(cell, width);
    std::string out = "Crosstable (the row engine's W-L-D against the column engine):\n";
    out += fmt::format("{:<{}}", "", width);
    for (const std::string& name : table.names) out += fmt::format("  {:>{}}", name, cell);
    out += "\n";
    for (std::size_t i = 0; i < n; ++i) {
        out += fmt::format("{:<{}}", table.names[i], width);
        for (std::size_t j = 0; j < n; ++j) {
            const WdlCounts& c = table.cells[i][j];
            const std::string text = i == j           ? "-"
                                     : c.games() == 0 ? "."
                                                      : fmt::format("{}-{}-{}", c.wins, c.losses, c.draws);
            out += fmt::format("  {:>{}}", text, cell);
        }
        out += "\n";
    }
    const auto ratings = fit_joint_ratings(table);
    if (!ratings) {
        out += "Joint ratings: none (the engines that played do not form one connected group)\n";
        return out;
    }
    out += "Joint ratings (maximum likelihood over all games, one virtual draw per pairing, mean 0):\n";
    int rank = 0;
    for (const JointRating& r : *ratings)
        out += fmt::format("{:>4}  {:<{}}  {:>8.1f} +- {:.1f}\n", ++rank, r.name, width, r.elo, r.interval95);
    return out;
}

}  // namespace tengen
