#include "protocol/play_board_view.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/notation.h"

namespace tengen {

namespace {

constexpr const char* kReset = "\033[0m";
constexpr const char* kDim = "\033[2m";
constexpr const char* kMarker = "\033[1;31m";
constexpr const char* kBlackStone = "\033[1;33m";
constexpr const char* kWhiteStone = "\033[1;36m";
constexpr const char* kHighlight = "\033[7m";

std::string column_label(int x) {
    if (x < 26) return std::string(1, static_cast<char>('a' + x));
    return std::to_string(x + 1);
}

std::string padded_left(const std::string& text, std::size_t width) {
    return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

char stone_char(Color c) {
    switch (c) {
    case Color::Black:
        return 'X';
    case Color::White:
        return 'O';
    case Color::Wall:
        return '#';
    case Color::Empty:
        break;
    }
    return '.';
}

}  // namespace

std::string play_point_name(Point p) {
    if (p.x >= 0 && p.x < 26) return fmt::format("{}{}", column_label(p.x), p.y + 1);
    return std::to_string(p.x + 1) + "," + std::to_string(p.y + 1);
}

std::string play_points_text(const std::vector<Point>& points) { return join_points(points, play_point_name, " "); }

std::string draw_board(const Board& board, const BoardViewStyle& style) {
    const int w = board.width(), h = board.height();
    const std::size_t cell_width = w > 26 ? 3 : 2;  // room for the two-digit labels past z
    const std::size_t label_width = std::to_string(h).size();
    const auto last = board.last_move();
    const Point last_point = last ? last->at : kNoPoint;
    auto paint = [&](const char* code, const std::string& text) {
        return style.color ? std::string(code) + text + kReset : text;
    };
    auto is_highlighted = [&](Point p) {
        return std::find(style.highlight.begin(), style.highlight.end(), p) != style.highlight.end();
    };

    std::string columns(label_width, ' ');
    for (int x = 0; x < w; ++x) columns += padded_left(column_label(x), cell_width);
    columns = paint(kDim, columns) + "\n";

    std::string out = columns;
    for (int y = 0; y < h; ++y) {
        const std::string row_label = std::to_string(y + 1);
        out += paint(kDim, padded_left(row_label, label_width));
        for (int x = 0; x < w; ++x) {
            const Point p{x, y};
            out += std::string(cell_width - 2, ' ');
            // The space before each stone doubles as the last move's brackets.
            if (p == last_point)
                out += paint(kMarker, "[");
            else if (Point{x - 1, y} == last_point)
                out += paint(kMarker, "]");
            else
                out += ' ';
            const Color c = board.at(p);
            std::string stone(1, stone_char(c));
            if (c == Color::Black)
                stone = paint(kBlackStone, stone);
            else if (c == Color::White)
                stone = paint(kWhiteStone, stone);
            if (is_highlighted(p)) stone = paint(kHighlight, stone);
            out += stone;
        }
        out += Point{w - 1, y} == last_point ? paint(kMarker, "]") : std::string(" ");
        out += ' ' + paint(kDim, row_label) + "\n";
    }
    out += columns;
    return out;
}

}  // namespace tengen
