#include "tournament/openings.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

#include "engine/board.h"
#include "engine/notation.h"
#include "engine/random.h"
#include "engine/symmetry.h"
#include "engine/text.h"

namespace tengen {

namespace {

bool is_blank_or_comment(std::string_view line) {
    line = trim(line);
    return line.empty() || line.front() == '#';
}

}  // namespace

Result<OpeningOptions> parse_opening_options(const std::vector<std::string>& tokens) {
    OpeningOptions o;
    for (const std::string& token : tokens) {
        const auto eq = token.find('=');
        if (eq == std::string::npos) return Failure{"--openings: expected key=value, got '" + token + "'"};
        const std::string key = token.substr(0, eq), value = token.substr(eq + 1);
        if (key == "file") {
            o.file = value;
        } else if (key == "format") {
            if (value == "offset" || value == "offsets")
                o.format = OpeningFormat::Offset;
            else if (value == "letters" || value == "pos")
                o.format = OpeningFormat::Letters;
            else
                return Failure{"--openings: format must be offset or letters, got '" + value + "'"};
        } else if (key == "order") {
            if (value == "random")
                o.random_order = true;
            else if (value == "sequential")
                o.random_order = false;
            else
                return Failure{"--openings: order must be sequential or random, got '" + value + "'"};
        } else if (key == "seed") {
            const auto seed = parse_integer<std::uint64_t>(value);
            if (!seed) return Failure{"--openings: seed must be a non-negative integer, got '" + value + "'"};
            o.seed = *seed;
        } else if (key == "start") {
            const auto start = parse_integer<int>(value);
            if (!start || *start < 0)
                return Failure{"--openings: start must be a non-negative integer, got '" + value + "'"};
            o.start = *start;
        } else if (key == "transform") {
            if (value == "yes" || value == "true" || value == "1")
                o.transform = true;
            else if (value == "no" || value == "false" || value == "0")
                o.transform = false;
            else
                return Failure{"--openings: transform must be yes or no, got '" + value + "'"};
        } else {
            return Failure{"--openings: unknown key '" + key + "'"};
        }
    }
    if (o.file.empty()) return Failure{"--openings: file=F is required"};
    return o;
}

std::optional<OpeningFormat> detect_opening_format(std::string_view line) {
    if (is_blank_or_comment(line)) return std::nullopt;
    for (char c : line)
        if (std::isalpha(static_cast<unsigned char>(c))) return OpeningFormat::Letters;
    return OpeningFormat::Offset;
}

Result<std::vector<Point>> parse_opening_line(std::string_view line, OpeningFormat format, const GameConfig& config) {
    line = trim(line);
    std::vector<Point> stones;
    if (format == OpeningFormat::Letters) {
        std::string compact;
        for (char c : line)
            if (!std::isspace(static_cast<unsigned char>(c)) && c != ',') compact += c;
        const auto points = parse_letter_sequence(compact);
        if (!points || points->empty()) return Failure{"not a letter sequence: '" + std::string(line) + "'"};
        stones = *points;
    } else {
        std::vector<int> numbers;
        std::size_t from = 0;
        for (;;) {
            const std::size_t comma = line.find(',', from);
            const auto number =
                parse_integer<int>(line.substr(from, comma == std::string_view::npos ? line.npos : comma - from));
            if (!number) return Failure{"not a list of dx,dy offsets: '" + std::string(line) + "'"};
            // Added to the centre below: an offset past any board would overflow there.
            if (*number < -kMaxBoardSide || *number > kMaxBoardSide)
                return Failure{"offset " + std::to_string(*number) + " is off any board: '" + std::string(line) + "'"};
            numbers.push_back(*number);
            if (comma == std::string_view::npos) break;
            from = comma + 1;
        }
        if (numbers.size() % 2 != 0) return Failure{"odd number of coordinates: '" + std::string(line) + "'"};
        const int cx = config.width / 2, cy = config.height / 2;
        for (std::size_t i = 0; i < numbers.size(); i += 2) stones.push_back({cx + numbers[i], cy + numbers[i + 1]});
    }
    if (const Status legal = check_opening(stones, config); !legal.ok()) return Failure{legal.error()};
    return stones;
}

Status check_opening(const std::vector<Point>& stones, const GameConfig& config) {
    if (Status s = check_config(config); !s.ok()) return s;
    Board board(config);
    for (std::size_t i = 0; i < stones.size(); ++i) {
        const Point p = stones[i];
        if (!board.on_board(p))
            return Failure{"stone " + std::to_string(i + 1) + " (" + to_protocol(p) + ") is off the " +
                           std::to_string(config.width) + "x" + std::to_string(config.height) + " board"};
        if (!board.is_empty(p))
            return Failure{"stone " + std::to_string(i + 1) + " (" + to_protocol(p) + ") is played twice"};
        if (board.game_over()) return Failure{"the game is already decided"};
        board.play(p);
    }
    if (board.game_over()) return Failure{"the game is already decided"};
    if (board.empty_count() == 0) return Failure{"the board is full"};
    return {};
}

ParsedOpenings parse_openings(std::string_view text, std::optional<OpeningFormat> format, const GameConfig& config) {
    ParsedOpenings out;
    std::istringstream in{std::string(text)};
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (is_blank_or_comment(line)) continue;
        if (!format) format = detect_opening_format(line);
        auto parsed = parse_opening_line(line, *format, config);
        if (!parsed)
            out.errors.push_back("line " + std::to_string(number) + ": " + parsed.error());
        else
            out.openings.push_back(std::move(*parsed));
    }
    out.format = format.value_or(OpeningFormat::Offset);
    return out;
}

std::string opening_to_letters(const std::vector<Point>& stones) { return join_points(stones, to_letters, ","); }

std::optional<std::vector<Point>> parse_opening_field(std::string_view text) {
    std::vector<std::string_view> tokens;
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        tokens.push_back(trim(text.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    std::vector<Point> stones;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (!tokens[i].empty() && std::isalpha(static_cast<unsigned char>(tokens[i].front()))) {
            const auto p = parse_letters(tokens[i]);
            if (!p) return std::nullopt;
            stones.push_back(*p);
            continue;
        }
        const auto x = parse_integer<int>(tokens[i]);
        const auto y = i + 1 < tokens.size() ? parse_integer<int>(tokens[i + 1]) : std::nullopt;
        if (!x || !y || *x < 0 || *y < 0 || *x >= kMaxBoardSide || *y >= kMaxBoardSide) return std::nullopt;
        stones.push_back({*x, *y});
        ++i;
    }
    return stones;
}

std::string opening_to_offsets(const std::vector<Point>& stones, const GameConfig& config) {
    // An offset from the centre is written as a point is.
    const int cx = config.width / 2, cy = config.height / 2;
    std::vector<Point> offsets;
    for (Point p : stones) offsets.push_back({p.x - cx, p.y - cy});
    return join_points(offsets, to_protocol, ", ");
}

OpeningBook::OpeningBook(std::vector<std::vector<Point>> openings, const OpeningOptions& options,
                         const GameConfig& config)
    : openings_(std::move(openings)), options_(options), config_(config) {
    if (options_.random_order) {
        SplitMix64 random(options_.seed);
        for (std::size_t i = openings_.size(); i > 1; --i) {
            const std::size_t j = random.below(i);
            std::swap(openings_[i - 1], openings_[j]);
        }
    }
}

std::vector<Point> OpeningBook::at(std::int64_t position) const {
    if (openings_.empty()) return {};
    const std::int64_t index = position + options_.start;
    const auto n = static_cast<std::int64_t>(openings_.size());
    std::vector<Point> stones = openings_[static_cast<std::size_t>(index % n)];
    if (options_.transform) {
        const int symmetry = static_cast<int>((index / n) % symmetry_count(config_));
        for (Point& p : stones) p = apply_symmetry(p, symmetry, config_);
    }
    return stones;
}

Result<OpeningBook> load_opening_book(const OpeningOptions& options, const GameConfig& config,
                                      std::vector<std::string>& warnings) {
    const Result<std::string> text = read_whole_file(options.file);
    if (!text) return Failure{"cannot read openings file " + options.file};
    ParsedOpenings parsed = parse_openings(*text, options.format, config);
    for (const std::string& e : parsed.errors) warnings.push_back(options.file + " " + e);
    if (parsed.openings.empty()) return Failure{"no usable opening in " + options.file};
    return OpeningBook(std::move(parsed.openings), options, config);
}

}  // namespace tengen
