// Tactical positions from tests/data/tactics: the engine must find a winning (or the only
// saving) move within a node budget, never a wall-clock time. File format:
//   # comments
//   rule freestyle|exact|renju|caro|caro-exact
//   k 5                      (optional, default 5)
//   tomove black|white       (optional: else black when the counts are equal)
//   expect h8 i9             (the acceptable moves)
//   result win|any           (win: the score must be a proven win)
//   nodes 500000             (node budget)
//   board                    (then one line per row: x black, o white, # wall, . empty)
#define BOOST_TEST_MODULE tactics
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "engine/notation.h"
#include "engine/renju.h"
#include "engine/result.h"
#include "ai/searcher.h"

using namespace tengen;

namespace {

struct Tactic {
    std::string name;
    Rule rule = Rule::Freestyle;
    int k = 5;
    std::optional<Color> to_move;
    std::vector<Point> expect;
    bool must_win = false;
    std::uint64_t nodes = 1000000;
    std::vector<std::string> rows;
};

Result<Tactic> load(const std::filesystem::path& path) {
    std::ifstream in(path);
    Tactic t;
    t.name = path.stem().string();
    std::string line;
    bool in_board = false;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (in_board) {
            if (!line.empty()) t.rows.push_back(line);
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string key;
        words >> key;
        if (key == "board") {
            in_board = true;
        } else if (key == "rule") {
            std::string r;
            words >> r;
            const auto rule = parse_rule(r);
            if (!rule) return Failure{"bad rule " + r};
            t.rule = *rule;
        } else if (key == "k") {
            words >> t.k;
        } else if (key == "tomove") {
            std::string c;
            words >> c;
            t.to_move = c == "white" ? Color::White : Color::Black;
        } else if (key == "expect") {
            std::string m;
            while (words >> m) {
                const auto p = parse_letters(m);
                if (!p) return Failure{"bad move " + m};
                t.expect.push_back(*p);
            }
        } else if (key == "result") {
            std::string r;
            words >> r;
            t.must_win = r == "win";
        } else if (key == "nodes") {
            words >> t.nodes;
        } else {
            return Failure{"unknown key " + key};
        }
    }
    if (t.rows.empty() || t.expect.empty()) return Failure{"no board or no expected move"};
    return t;
}

Result<Board> build(const Tactic& t) {
    const GameConfig config{static_cast<int>(t.rows[0].size()), static_cast<int>(t.rows.size()), t.k, t.rule};
    if (const Status s = check_config(config); !s.ok()) return Failure{s.error()};
    Board b(config);
    int black = 0, white = 0;
    for (int y = 0; y < config.height; ++y) {
        if (static_cast<int>(t.rows[y].size()) != config.width) return Failure{"ragged board"};
        for (int x = 0; x < config.width; ++x) {
            const char ch = t.rows[y][x];
            const Color c = ch == 'x'   ? Color::Black
                            : ch == 'o' ? Color::White
                            : ch == '#' ? Color::Wall
                                        : Color::Empty;
            if (c == Color::Empty) continue;
            b.make({{x, y}, c});
            black += c == Color::Black;
            white += c == Color::White;
            if (b.game_over()) return Failure{"the position is already decided"};
        }
    }
    b.set_side_to_move(t.to_move.value_or(black == white ? Color::Black : Color::White));
    return b;
}

std::vector<std::filesystem::path> tactic_files() {
    std::vector<std::filesystem::path> files;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::filesystem::path(TENGEN_TEST_DATA_DIR) / "tactics"))
        if (entry.path().extension() == ".txt") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_tactical_set_is_there) { BOOST_TEST(tactic_files().size() >= 10u); }

BOOST_AUTO_TEST_CASE(finds_the_winning_or_saving_move) {
    Searcher searcher(std::size_t{32} << 20);
    for (const auto& path : tactic_files()) {
        BOOST_TEST_CONTEXT(path.filename().string()) {
            const auto tactic = load(path);
            BOOST_TEST_REQUIRE(tactic.ok(), tactic.error());
            const auto board = build(*tactic);
            BOOST_TEST_REQUIRE(board.ok(), board.error());
            SearchLimits limits;
            limits.infinite = true;
            limits.max_nodes = tactic->nodes;
            limits.max_depth = 40;
            searcher.clear_hash();
            const auto t0 = std::chrono::steady_clock::now();
            const SearchResult r = searcher.search(*board, limits);
            const auto ms =
                std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
            BOOST_TEST_MESSAGE(tactic->name << ": " << to_letters(r.best) << " " << format_score(r.score) << " depth "
                                            << r.depth << " nodes " << r.nodes << " " << ms << " ms");
            const bool expected =
                std::find(tactic->expect.begin(), tactic->expect.end(), r.best) != tactic->expect.end();
            BOOST_TEST(expected,
                       "played " << to_letters(r.best) << " score " << format_score(r.score) << " nodes " << r.nodes);
            if (tactic->must_win) BOOST_TEST(r.score >= kMateBound, "score " << format_score(r.score));
            BOOST_TEST(r.nodes <= tactic->nodes);
            if (board->rule() == Rule::Renju && board->side_to_move() == Color::Black)
                BOOST_TEST((renju_forbidden(*board, r.best) == Forbidden::None));
        }
    }
}
