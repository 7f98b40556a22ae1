#include "tournament/finished_game.h"

#include <cstdint>
#include <limits>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "engine/notation.h"
#include "tournament/openings.h"

namespace tengen {

std::string to_json_line(const FinishedGame& g) {
    nlohmann::ordered_json j;
    j["game"] = g.game;
    j["round"] = g.round;
    j["pair"] = g.pair;
    j["black"] = g.black;
    j["white"] = g.white;
    j["board"] = {g.config.width, g.config.height};
    j["k"] = g.config.win_length;
    j["rule"] = std::string(rule_name(g.config.rule));
    j["opening"] = opening_to_letters(g.opening);
    auto moves = nlohmann::ordered_json::array();
    for (const RecordedMove& m : g.outcome.moves) {
        nlohmann::ordered_json move{{"x", m.at.x}, {"y", m.at.y}, {"ms", m.ms}};
        if (m.cpu_ms >= 0) move["cpu_ms"] = m.cpu_ms;
        if (m.depth) move["depth"] = *m.depth;
        if (m.score) move["score"] = *m.score;
        if (m.mate) move["mate"] = *m.mate;
        moves.push_back(std::move(move));
    }
    j["moves"] = std::move(moves);
    j["result"] = std::string(winner_name(g.outcome.winner));
    j["reason"] = std::string(reason_name(g.outcome.reason));
    j["loser_said"] = g.outcome.loser_said;
    if (!g.outcome.adjudication.empty()) j["adjudication"] = g.outcome.adjudication;
    if (const auto& phase = g.outcome.swap2) {
        auto answers = nlohmann::ordered_json::array();
        for (const auto& stones : phase->answers)
            answers.push_back(stones.empty() ? "swap" : opening_to_letters(stones));
        j["swap2"] = {{"proposer", phase->proposer_black ? g.black : g.white}, {"answers", std::move(answers)}};
    }
    j["schedule"] = g.schedule;
    if (!g.arena_version.empty()) j["arena_version"] = g.arena_version;
    if (!g.date.empty()) j["date"] = g.date;
    if (!g.black_tc.empty() || !g.white_tc.empty()) j["tc"] = {{"black", g.black_tc}, {"white", g.white_tc}};
    if (!g.settings.empty()) j["settings"] = g.settings;
    // Brains may print any bytes; never let invalid UTF-8 make the line unwritable.
    return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

namespace {

// Thrown for a number that is not a whole int: the caller reports it like any wrong field.
struct NotAnInt : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Strict: an integer that fits an int. nlohmann's get<int>() would accept 7.7e120 or 2.5 and
// convert it (out of range, that is undefined behaviour).
int strict_int(const nlohmann::json& v, const char* field) {
    if (!v.is_number_integer()) throw NotAnInt(std::string(field) + " is not an integer");
    const auto n = v.get<std::int64_t>();
    if (v.is_number_unsigned() ? v.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<int>::max())
                               : n < std::numeric_limits<int>::min() || n > std::numeric_limits<int>::max())
        throw NotAnInt(std::string(field) + " is out of range");
    return static_cast<int>(n);
}

}  // namespace

Result<FinishedGame> from_json_line(const std::string& line) {
    auto fail = [](std::string why) { return Failure{std::move(why)}; };
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return fail("not a JSON object");
    try {
        FinishedGame g;
        g.game = strict_int(j.at("game"), "game");
        g.round = strict_int(j.at("round"), "round");
        g.pair = strict_int(j.at("pair"), "pair");
        g.black = j.at("black").get<std::string>();
        g.white = j.at("white").get<std::string>();
        const auto& board = j.at("board");
        g.config.width = strict_int(board.at(0), "board width");
        g.config.height = strict_int(board.at(1), "board height");
        g.config.win_length = strict_int(j.at("k"), "k");
        const auto rule = parse_rule(j.at("rule").get<std::string>());
        if (!rule) return fail("unknown rule");
        g.config.rule = *rule;
        const std::string opening = j.at("opening").get<std::string>();
        const auto stones = parse_opening_field(opening);
        if (!stones) return fail("bad opening '" + opening + "'");
        g.opening = *stones;
        const auto optional_int = [](const nlohmann::json& m, const char* key) -> std::optional<int> {
            if (!m.contains(key)) return std::nullopt;
            return strict_int(m.at(key), key);
        };
        for (const auto& m : j.at("moves"))
            g.outcome.moves.push_back({{strict_int(m.at("x"), "x"), strict_int(m.at("y"), "y")},
                                       m.contains("ms") ? strict_int(m.at("ms"), "ms") : 0,
                                       m.contains("cpu_ms") ? strict_int(m.at("cpu_ms"), "cpu_ms") : -1,
                                       optional_int(m, "depth"),
                                       optional_int(m, "score"),
                                       optional_int(m, "mate")});
        const auto winner = parse_winner(j.at("result").get<std::string>());
        const auto reason = parse_reason(j.at("reason").get<std::string>());
        if (!winner || !reason) return fail("unknown result or reason");
        g.outcome.winner = *winner;
        g.outcome.reason = *reason;
        g.outcome.loser_said = j.value("loser_said", "");
        g.outcome.adjudication = j.value("adjudication", "");
        if (j.contains("swap2")) {
            const auto& phase_json = j.at("swap2");
            Swap2Phase phase;
            const std::string proposer = phase_json.at("proposer").get<std::string>();
            if (proposer != g.black && proposer != g.white) return fail("swap2 proposer is neither player");
            phase.proposer_black = proposer == g.black;
            for (const auto& answer : phase_json.at("answers")) {
                const std::string text = answer.get<std::string>();
                if (text == "swap") {
                    phase.answers.emplace_back();
                    continue;
                }
                const auto placed = parse_opening_field(text);
                if (!placed || placed->empty()) return fail("bad swap2 answer '" + text + "'");
                phase.answers.push_back(*placed);
            }
            g.outcome.swap2 = std::move(phase);
        }
        g.schedule = j.value("schedule", "");
        g.arena_version = j.value("arena_version", "");
        g.date = j.value("date", "");
        if (j.contains("tc")) {
            g.black_tc = j.at("tc").at("black").get<std::string>();
            g.white_tc = j.at("tc").at("white").get<std::string>();
        }
        // Read without throwing: a wrong settings field is reported like any other wrong field.
        if (const auto it = j.find("settings"); it != j.end()) {
            if (!it->is_array()) return fail("field settings is not a list");
            for (const auto& entry : *it) {
                if (!entry.is_string()) return fail("field settings holds an entry that is not text");
                g.settings.push_back(entry.get<std::string>());
            }
        }
        return g;
    } catch (const nlohmann::json::exception& e) {
        return fail(std::string("missing or wrong field: ") + e.what());
    } catch (const NotAnInt& e) {
        return fail(std::string("wrong field: ") + e.what());
    }
}

}  // namespace tengen
