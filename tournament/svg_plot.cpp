#include "tournament/svg_plot.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace tengen {

namespace {

constexpr double kWidth = 640, kHeight = 280;
constexpr double kLeft = 56, kRight = 16, kTop = 28, kBottom = 40;

// Tick values: about five round numbers covering [lo, hi].
std::vector<double> ticks(double lo, double hi) {
    const double span = hi - lo;
    const double raw = span / 5;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * magnitude) {
            step = m * magnitude;
            break;
        }
    std::vector<double> out;
    for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
        out.push_back(std::abs(v) < step * 1e-9 ? 0 : v);
    return out;
}

std::string number(double v) { return fmt::format("{:g}", std::round(v * 100) / 100); }

}  // namespace

std::string html_escape(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    return out;
}

std::string svg_plot(const Plot& plot) {
    double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo, y_lo = x_lo, y_hi = -x_lo;
    std::size_t points = 0;
    for (const PlotSeries& s : plot.series)
        for (std::size_t i = 0; i < s.x.size(); ++i) {
            ++points;
            x_lo = std::min(x_lo, s.x[i]);
            x_hi = std::max(x_hi, s.x[i]);
            const double lo = s.low.empty() ? s.y[i] : s.low[i];
            const double hi = s.high.empty() ? s.y[i] : s.high[i];
            y_lo = std::min({y_lo, s.y[i], lo});
            y_hi = std::max({y_hi, s.y[i], hi});
        }
    std::string out = fmt::format(
        R"(<svg xmlns="http://www.w3.org/2000/svg" class="plot" id="{}" viewBox="0 0 {} {}" width="{}" height="{}" role="img">)",
        html_escape(plot.id), kWidth, kHeight, kWidth, kHeight);
    out += fmt::format(R"(<text class="plot-title" x="{}" y="18" text-anchor="middle">{}{}</text>)", kWidth / 2,
                       html_escape(plot.title), points ? "" : " (no data yet)");
    if (!points) return out + "</svg>";
    for (const PlotRule& r : plot.rules) {
        y_lo = std::min(y_lo, r.y);
        y_hi = std::max(y_hi, r.y);
    }
    if (x_hi - x_lo < 1e-9) x_hi = x_lo + 1;
    if (y_hi - y_lo < 1e-9) y_lo -= 1, y_hi += 1;
    const double pad = (y_hi - y_lo) * 0.05;
    y_lo -= pad;
    y_hi += pad;
    const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
    auto px = [&](double x) { return kLeft + (x - x_lo) / (x_hi - x_lo) * plot_w; };
    auto py = [&](double y) { return kTop + (y_hi - y) / (y_hi - y_lo) * plot_h; };

    out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#999"/>)", kLeft, kTop, plot_w,
                       plot_h);
    for (double t : ticks(y_lo, y_hi))
        out += fmt::format(
            R"(<line x1="{0}" x2="{1}" y1="{2:.1f}" y2="{2:.1f}" stroke="#eee"/><text x="{3}" y="{4:.1f}" text-anchor="end" class="tick">{5}</text>)",
            kLeft, kLeft + plot_w, py(t), kLeft - 6, py(t) + 4, number(t));
    for (double t : ticks(x_lo, x_hi))
        out += fmt::format(R"(<text x="{:.1f}" y="{}" text-anchor="middle" class="tick">{}</text>)", px(t),
                           kTop + plot_h + 16, number(t));
    out += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle" class="axis">{}</text>)", kLeft + plot_w / 2,
                       kHeight - 6, html_escape(plot.x_label));
    out += fmt::format(
        R"svg(<text transform="translate(14 {}) rotate(-90)" text-anchor="middle" class="axis">{}</text>)svg",
        kTop + plot_h / 2, html_escape(plot.y_label));
    for (const PlotRule& r : plot.rules)
        out += fmt::format(
            R"(<line class="rule" x1="{0}" x2="{1}" y1="{2:.1f}" y2="{2:.1f}" stroke="#888" stroke-dasharray="4 3"/><text x="{3}" y="{4:.1f}" text-anchor="end" class="tick">{5}</text>)",
            kLeft, kLeft + plot_w, py(r.y), kLeft + plot_w - 4, py(r.y) - 3, html_escape(r.label));
    for (const PlotSeries& s : plot.series) {
        if (!s.low.empty()) {
            std::string polygon;
            for (std::size_t i = 0; i < s.x.size(); ++i)
                polygon += fmt::format("{:.1f},{:.1f} ", px(s.x[i]), py(s.high[i]));
            for (std::size_t i = s.x.size(); i-- > 0;)
                polygon += fmt::format("{:.1f},{:.1f} ", px(s.x[i]), py(s.low[i]));
            out += fmt::format(R"(<polygon class="band" points="{}" fill="{}" fill-opacity="0.15" stroke="none"/>)",
                               polygon, html_escape(s.colour));
        }
        std::string line;
        for (std::size_t i = 0; i < s.x.size(); ++i) line += fmt::format("{:.1f},{:.1f} ", px(s.x[i]), py(s.y[i]));
        out += fmt::format(
            R"(<polyline class="series" data-name="{}" data-points="{}" points="{}" fill="none" stroke="{}" stroke-width="1.8"/>)",
            html_escape(s.name), s.x.size(), line, html_escape(s.colour));
    }
    double legend_x = kLeft + 8;
    for (const PlotSeries& s : plot.series) {
        out += fmt::format(
            R"(<rect x="{:.0f}" y="{}" width="10" height="10" fill="{}"/><text x="{:.0f}" y="{}" class="legend">{}</text>)",
            legend_x, kTop + 6, html_escape(s.colour), legend_x + 14, kTop + 15, html_escape(s.name));
        legend_x += 24 + 7.0 * static_cast<double>(s.name.size());
    }
    return out + "</svg>";
}

}  // namespace tengen
