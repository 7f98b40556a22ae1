// Line plots as inline SVG for the HTML report: no script and no external resource, so the
// page draws them anywhere, and a test reads them from the DOM.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tengen {

struct PlotSeries {
    std::string name;
    std::string colour;             // any CSS colour
    std::vector<double> x, y;       // one point per sample
    std::vector<double> low, high;  // an interval band around y, when not empty (same size)
};

struct PlotRule {
    double y = 0;
    std::string label;  // a horizontal reference line (the SPRT bounds, zero)
};

struct Plot {
    std::string id, title, x_label, y_label;
    std::vector<PlotSeries> series;
    std::vector<PlotRule> rules;
};

// An <svg> element (id, class "plot") with axes, ticks, each series as a polyline (class
// "series", data-name), its band as a polygon (class "band") and the rules as dashed lines.
// A plot with no points says so in its title.
std::string svg_plot(const Plot& plot);

// Text for HTML: & < > " ' escaped.
std::string html_escape(const std::string& text);

}  // namespace tengen
