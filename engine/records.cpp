#include "engine/records.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "engine/notation.h"
#include "engine/text.h"

namespace tengen {
namespace {

// Splits text into lines on LF, CR LF or a lone CR, with surrounding spaces trimmed.
std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != '\n' && text[i] != '\r') continue;
        lines.push_back(text.substr(start, i - start));
        if (i + 1 < text.size() && text[i] == '\r' && text[i + 1] == '\n') ++i;
        start = i + 1;
    }
    if (!lines.empty() && lines.back().empty()) lines.pop_back();  // the final line break
    return lines;
}

std::optional<int> to_int(std::string_view s) { return parse_integer<int>(s); }

// Comma-separated integers, e.g. "8,8,0" or "8, 8".
std::optional<std::vector<int>> to_ints(std::string_view s) {
    std::vector<int> values;
    while (true) {
        const auto comma = s.find(',');
        auto value = to_int(s.substr(0, comma));
        if (!value) return std::nullopt;
        values.push_back(*value);
        if (comma == std::string_view::npos) break;
        s.remove_prefix(comma + 1);
    }
    return values;
}

// "Piskvorky 20x15, 11:11, 0" -> {20, 15}. Only the first word and the size matter.
std::optional<std::pair<int, int>> read_header(std::string_view line) {
    line = trim(line);
    const auto space = line.find_first_of(" \t");
    if (space == std::string_view::npos) return std::nullopt;
    std::string_view size = trim(line.substr(space));
    size = size.substr(0, size.find(','));
    const auto x = size.find_first_of("xX");
    if (x == std::string_view::npos) return std::nullopt;
    auto w = to_int(size.substr(0, x));
    auto h = to_int(size.substr(x + 1));
    if (!w || !h || *w < 1 || *h < 1 || *w > 1000 || *h > 1000) return std::nullopt;
    return std::pair{*w, *h};
}

// SGF coordinates: a..z for 0..25, then A..Z (FF[4]'s convention for boards past 26).
char sgf_letter(int v) { return static_cast<char>(v < 26 ? 'a' + v : 'A' + (v - 26)); }
int sgf_coordinate(char c) { return c >= 'a' && c <= 'z' ? c - 'a' : c >= 'A' && c <= 'Z' ? c - 'A' + 26 : -1; }

// One SGF property: its name and its values, escapes removed.
struct SgfProperty {
    std::string name;
    std::vector<std::string> values;
};

// The nodes of the main line: each node's properties, in order. The first variation at a
// branch is followed; the first ')' after it ends the line.
Result<std::vector<std::vector<SgfProperty>>> sgf_main_line(std::string_view text) {
    std::vector<std::vector<SgfProperty>> nodes;
    std::size_t i = text.find('(');
    if (i == std::string_view::npos) return Failure{"not an SGF file: no '('"};
    ++i;
    auto skip_space = [&] {
        while (i < text.size() && is_space_ascii(text[i])) ++i;
    };
    while (true) {
        skip_space();
        if (i >= text.size()) return Failure{"SGF ends before its closing ')'"};
        const char c = text[i];
        if (c == ')') break;
        if (c == '(') {  // a branch: its first variation is the main line
            ++i;
            continue;
        }
        if (c == ';') {
            nodes.emplace_back();
            ++i;
            continue;
        }
        if (!std::isupper(static_cast<unsigned char>(c)))
            return Failure{"SGF: unexpected character '" + printable_excerpt(text.substr(i, 1)) + "' at byte " +
                           std::to_string(i + 1)};
        if (nodes.empty()) return Failure{"SGF: a property before the first ';'"};
        SgfProperty property;
        while (i < text.size() && std::isupper(static_cast<unsigned char>(text[i]))) property.name += text[i++];
        skip_space();
        while (i < text.size() && text[i] == '[') {
            std::string value;
            for (++i; i < text.size() && text[i] != ']'; ++i) {
                if (text[i] == '\\' && i + 1 < text.size()) ++i;
                value += text[i];
            }
            if (i >= text.size()) return Failure{"SGF: property " + property.name + " has no closing ']'"};
            ++i;
            property.values.push_back(std::move(value));
            skip_space();
        }
        if (property.values.empty()) return Failure{"SGF: property " + property.name + " has no value"};
        nodes.back().push_back(std::move(property));
    }
    return nodes;
}

std::string sgf_text(std::string_view s) {
    std::string out;
    for (char ch : s) {
        if (ch == ']' || ch == '\\') out += '\\';
        out += ch;
    }
    return out;
}

}  // namespace

std::string write_psq(const GameRecord& r) {
    std::string out = "Piskvorky " + std::to_string(r.width) + "x" + std::to_string(r.height) + ", 11:11, 0\n";
    for (const RecordedMove& m : r.moves)
        out += std::to_string(m.at.x + 1) + "," + std::to_string(m.at.y + 1) + "," + std::to_string(m.ms) + "\n";
    out += r.black_name + "\n" + r.white_name + "\n" + std::to_string(r.status) + "\n";
    return out;
}

Result<GameRecord> read_psq(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a UTF-8 byte order mark
    const auto lines = split_lines(text);
    std::size_t i = 0;
    while (i < lines.size() && trim(lines[i]).empty()) ++i;
    if (i == lines.size()) return Failure{"empty .psq file"};
    const auto size = read_header(lines[i]);
    if (!size) return Failure{"line " + std::to_string(i + 1) + ": not a 'Piskvorky WxH' header"};
    GameRecord record;
    record.width = size->first;
    record.height = size->second;
    record.moves.clear();
    for (++i; i < lines.size(); ++i) {
        const auto numbers = to_ints(lines[i]);
        // A move has 2 or 3 numbers; anything else ends the moves (names, status).
        if (!numbers || numbers->size() < 2 || numbers->size() > 3) break;
        const int x = (*numbers)[0] - 1, y = (*numbers)[1] - 1;
        if (x < 0 || y < 0 || x >= record.width || y >= record.height)
            return Failure{"line " + std::to_string(i + 1) + ": move outside the " + std::to_string(record.width) +
                           "x" + std::to_string(record.height) + " board"};
        RecordedMove move{.at = {x, y}};
        move.ms = numbers->size() == 3 ? std::max(0, (*numbers)[2]) : 0;
        record.moves.push_back(move);
    }
    // What follows the moves is black's name, white's name and the status, each optional. A
    // lone number at the end is the status even when names are missing.
    std::vector<std::string_view> rest(lines.begin() + static_cast<std::ptrdiff_t>(i), lines.end());
    while (!rest.empty() && trim(rest.back()).empty()) rest.pop_back();
    if (!rest.empty() && rest.size() <= 3)
        if (auto status = to_int(rest.back())) {
            record.status = *status;
            rest.pop_back();
        }
    if (rest.size() > 0) record.black_name = std::string(trim(rest[0]));
    if (rest.size() > 1) record.white_name = std::string(trim(rest[1]));
    return record;
}

std::string write_move_list(const std::vector<Point>& moves) {
    std::string out;
    for (Point p : moves) out += to_protocol(p) + "\n";
    return out;
}

Result<std::vector<Point>> read_move_list(std::string_view text) {
    std::vector<Point> moves;
    const auto lines = split_lines(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto line = trim(lines[i]);
        if (line.empty() || line.front() == '#') continue;
        auto p = parse_point(line);
        if (!p) return Failure{"line " + std::to_string(i + 1) + ": expected x,y, got '" + std::string(line) + "'"};
        moves.push_back(*p);
    }
    return moves;
}

std::string write_sgf(const GameRecord& r, Rule rule, int win_length, std::string_view result) {
    std::string out = "(;FF[4]GM[4]CA[UTF-8]AP[Tengen]";
    out += r.width == r.height ? "SZ[" + std::to_string(r.width) + "]"
                               : "SZ[" + std::to_string(r.width) + ":" + std::to_string(r.height) + "]";
    out += "RU[" + std::string(rule_name(rule)) + "]";
    if (win_length != 5) out += "C[" + std::to_string(win_length) + " in a row wins]";
    if (!r.black_name.empty()) out += "PB[" + sgf_text(r.black_name) + "]";
    if (!r.white_name.empty()) out += "PW[" + sgf_text(r.white_name) + "]";
    if (!result.empty()) out += "RE[" + sgf_text(result) + "]";
    bool black = true;
    for (const RecordedMove& m : r.moves) {
        out += black ? ";B[" : ";W[";
        out += sgf_letter(m.at.x);
        out += sgf_letter(m.at.y);
        out += "]";
        // The mover's own account of its search, as a comment viewers show beside the move.
        std::vector<std::string> said;
        if (m.depth) said.push_back("depth " + std::to_string(*m.depth));
        if (m.score) said.push_back("score " + std::to_string(*m.score));
        if (m.mate) said.push_back(std::string(*m.mate > 0 ? "mate +" : "mate ") + std::to_string(*m.mate));
        for (std::size_t i = 0; i < said.size(); ++i) out += (i == 0 ? "C[" : " ") + said[i];
        if (!said.empty()) out += "]";
        black = !black;
    }
    out += ")\n";
    return out;
}

Result<SgfGame> read_sgf(std::string_view text) {
    const auto nodes = sgf_main_line(text);
    if (!nodes) return Failure{nodes.error()};
    SgfGame game;
    game.record.moves.clear();
    // Without SZ the board is FF[4]'s default for Gomoku, 15x15 (GameRecord's own default).
    for (std::size_t n = 0; n < nodes->size(); ++n) {
        for (const SgfProperty& property : (*nodes)[n]) {
            const std::string& value = property.values.front();
            const std::string& name = property.name;
            if (name == "SZ" && n != 0) {
                return Failure{"SGF: the size (SZ) belongs in the first node"};
            } else if (name == "SZ") {
                const auto colon = value.find(':');
                const auto w = to_int(std::string_view(value).substr(0, colon));
                const auto h = colon == std::string::npos ? w : to_int(std::string_view(value).substr(colon + 1));
                if (!w || !h || *w < 1 || *h < 1 || *w > 1000 || *h > 1000)
                    return Failure{"SGF: size SZ[" + printable_excerpt(value) + "] is not a board size"};
                game.record.width = *w;
                game.record.height = *h;
            } else if (name == "GM" && trim(value) != "4") {
                return Failure{"SGF: GM[" + printable_excerpt(value) + "] is not a Gomoku record (GM[4])"};
            } else if (name == "PB") {
                game.record.black_name = value;
            } else if (name == "PW") {
                game.record.white_name = value;
            } else if (name == "RU") {
                game.rule = parse_rule(trim(value));
            } else if (name == "C" && n == 0) {
                const std::string_view said = trim(value);
                const auto space = said.find(' ');
                if (space != std::string_view::npos && said.substr(space) == " in a row wins")
                    game.win_length = to_int(said.substr(0, space));
            } else if (name == "AB" || name == "AW" || name == "AE") {
                return Failure{"SGF: set-up stones (" + name + ") cannot be replayed as moves"};
            } else if (name == "B" || name == "W") {
                const int number = static_cast<int>(game.record.moves.size()) + 1;
                const bool black_turn = game.record.moves.size() % 2 == 0;
                if ((name == "B") != black_turn)
                    return Failure{"SGF: move " + std::to_string(number) + " is " + name + " out of turn"};
                if (value.size() != 2)
                    return Failure{"SGF: move " + std::to_string(number) + " [" + printable_excerpt(value) +
                                   "] is not a point"};
                // Checked against the size once the whole file is read: SZ may follow a move in the root node.
                game.record.moves.push_back({.at = {sgf_coordinate(value[0]), sgf_coordinate(value[1])}});
            }
        }
    }
    if (nodes->empty()) return Failure{"SGF: no node"};
    for (std::size_t i = 0; i < game.record.moves.size(); ++i) {
        const Point at = game.record.moves[i].at;
        if (at.x < 0 || at.y < 0 || at.x >= game.record.width || at.y >= game.record.height)
            return Failure{"SGF: move " + std::to_string(i + 1) + " is off the " + std::to_string(game.record.width) +
                           "x" + std::to_string(game.record.height) + " board"};
    }
    return game;
}

}  // namespace tengen
