#include "tools/trainer/selfplay_games.h"

#include <nlohmann/json.hpp>

#include "engine/notation.h"

namespace tengen {

Result<SelfplayGame> parse_selfplay_line(std::string_view line) {
    const nlohmann::json g = nlohmann::json::parse(line, nullptr, false);
    if (g.is_discarded() || !g.is_object()) return Failure{"not a JSON object"};
    const bool selfplay = g.value("format", "").rfind("tengen-selfplay", 0) == 0;
    if (!selfplay && !(g.contains("opening") && g.contains("moves") && g["moves"].is_array()))
        return Failure{"neither a tengen-selfplay record nor an arena results line"};
    SelfplayGame game;
    const auto board = g.value("board", nlohmann::json::array());
    if (!board.is_array() || board.size() != 2 || !board[0].is_number_integer() || !board[1].is_number_integer())
        return Failure{"no board size"};
    game.config.width = board[0].get<int>();
    game.config.height = board[1].get<int>();
    if (!g.value("k", nlohmann::json(5)).is_number_integer()) return Failure{"k is not a number"};
    game.config.win_length = g.value("k", 5);
    const auto rule = parse_rule(g.value("rule", ""));
    if (!rule) return Failure{"unknown rule"};
    game.config.rule = *rule;
    if (const Status s = check_config(game.config); !s) return Failure{s.error()};

    auto on_board = [&](Point p) {
        return p.x >= 0 && p.y >= 0 && p.x < game.config.width && p.y < game.config.height;
    };
    // Self-play keeps every stone in "moves", letters separated by spaces; an arena line keeps
    // its opening as comma-separated letters and its moves as points.
    const std::string letters = g.value(selfplay ? "moves" : "opening", "");
    const char separator = selfplay ? ' ' : ',';
    for (std::size_t start = 0; start < letters.size();) {
        std::size_t end = letters.find(separator, start);
        if (end == std::string::npos) end = letters.size();
        if (end > start) {
            const auto p = parse_letters(std::string_view(letters).substr(start, end - start));
            if (!p || !on_board(*p)) return Failure{"a stone off the board"};
            game.stones.push_back(*p);
        }
        start = end + 1;
    }
    if (selfplay) {
        const auto opening = g.value("opening_stones", nlohmann::json(0));
        if (!opening.is_number_integer() || opening.get<int>() < 0 ||
            opening.get<int>() > static_cast<int>(game.stones.size()))
            return Failure{"bad opening_stones"};
        game.opening_stones = opening.get<int>();
        for (const auto& s : g.value("scores", nlohmann::json::array()))
            game.scores.push_back(s.is_number_integer() ? std::optional<int>(s.get<int>()) : std::nullopt);
        const auto best = g.value("best", nlohmann::json::array());
        for (std::size_t i = static_cast<std::size_t>(game.opening_stones); i < game.stones.size(); ++i) {
            const std::size_t ply = i - static_cast<std::size_t>(game.opening_stones);
            std::optional<Point> other;
            if (best.is_array() && ply < best.size() && best[ply].is_string())
                other = parse_letters(best[ply].get<std::string>());
            if (other && !on_board(*other)) return Failure{"a best move off the board"};
            game.chosen.push_back(other ? *other : game.stones[i]);
        }
        // `selfplay relabel`'s deeper scores, where it searched again, replace the shallow ones.
        const auto deep = g.value("deep", nlohmann::json::array());
        if (deep.is_array() && deep.size() == game.scores.size())
            for (std::size_t i = 0; i < deep.size(); ++i)
                if (deep[i].is_number_integer()) game.scores[i] = deep[i].get<int>();
    } else {
        // Only a game decided on the board says something about its positions.
        const std::string reason = g.value("reason", "");
        if (reason != "five" && reason != "full-board" && reason != "board-full" && reason != "draw" && reason != "win")
            return Failure{"a game not ended on the board (" + reason + ")"};
        game.opening_stones = static_cast<int>(game.stones.size());
        for (const auto& m : g["moves"]) {
            if (!m.is_object() || !m.value("x", nlohmann::json()).is_number_integer() ||
                !m.value("y", nlohmann::json()).is_number_integer())
                return Failure{"a move without a point"};
            const Point p{m["x"].get<int>(), m["y"].get<int>()};
            if (!on_board(p)) return Failure{"a move off the board"};
            game.stones.push_back(p);
        }
    }

    for (const char* key : {"pair", "game"})
        if (g.contains(key) && g[key].is_number_integer() && g[key].get<long long>() >= 0) {
            game.split_key = g[key].get<long long>();
            break;
        }
    const std::string result = g.value("result", "");
    if (result == "black")
        game.black_result = 1.0;
    else if (result == "white")
        game.black_result = 0.0;
    else if (result == "draw")
        game.black_result = 0.5;
    else
        return Failure{"no result"};
    return game;
}

}  // namespace tengen
