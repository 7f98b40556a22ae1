// Opening files: Gomocup offsets ("dx,dy, dx,dy" from the centre floor(size/2)) or letter
// sequences ("h8i9j7"), the order they are played in, and the board symmetries applied each
// time the file is used up.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "engine/types.h"

namespace tengen {

enum class OpeningFormat { Offset, Letters };

struct OpeningOptions {
    std::string file;
    std::optional<OpeningFormat> format;  // detected from the first opening when not given
    bool random_order = false;
    std::uint64_t seed = 0;
    int start = 0;
    bool transform = false;
};

// `--openings file=F [format=offset|letters] [order=sequential|random] [seed=S] [start=I]
// [transform=yes|no]`.
Result<OpeningOptions> parse_opening_options(const std::vector<std::string>& tokens);

// Offset when the line has no letters, else letters. nullopt for a blank or comment line.
std::optional<OpeningFormat> detect_opening_format(std::string_view line);

// One line as points on this board, black's stone first; or a one-line reason.
Result<std::vector<Point>> parse_opening_line(std::string_view line, OpeningFormat format, const GameConfig& config);
// Whether these stones can open a game on this board, and why not (off board, twice the same
// point, already decided, full).
Status check_opening(const std::vector<Point>& stones, const GameConfig& config);

struct ParsedOpenings {
    OpeningFormat format = OpeningFormat::Offset;
    std::vector<std::vector<Point>> openings;
    std::vector<std::string> errors;  // "line 4: ...", one per rejected line
};
// Blank lines and lines starting with '#' are skipped.
ParsedOpenings parse_openings(std::string_view text, std::optional<OpeningFormat> format, const GameConfig& config);

// "h8,i9,g9": the results file's opening field. Columns past z have no letter and are written
// "x,y" (notation.h), so a field on a wide board may read "h8,27,3".
std::string opening_to_letters(const std::vector<Point>& stones);
// Reads that field back; nullopt when malformed.
std::optional<std::vector<Point>> parse_opening_field(std::string_view text);
// "dx,dy, dx,dy" from the centre: what --openings-generate writes.
std::string opening_to_offsets(const std::vector<Point>& stones, const GameConfig& config);

// The openings in playing order. Sequence position i is the file's (start + i)-th opening in
// the chosen order; each time the file is used up the next symmetry applies (transform=yes).
class OpeningBook {
public:
    OpeningBook() = default;  // no file: every game from the empty board
    OpeningBook(std::vector<std::vector<Point>> openings, const OpeningOptions& options, const GameConfig& config);

    bool empty() const noexcept { return openings_.empty(); }
    std::size_t size() const noexcept { return openings_.size(); }
    std::vector<Point> at(std::int64_t position) const;

private:
    std::vector<std::vector<Point>> openings_;  // already in playing order
    OpeningOptions options_;
    GameConfig config_;
};

// Reads, parses and orders the file. Bad lines are skipped and listed in warnings; a file
// that cannot be read or holds no usable opening is an error.
Result<OpeningBook> load_opening_book(const OpeningOptions& options, const GameConfig& config,
                                      std::vector<std::string>& warnings);

}  // namespace tengen
