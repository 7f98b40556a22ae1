#include "tournament/finished_game.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "engine/notation.h"
#include "tournament/openings.h"
#include "tournament/schedule.h"

namespace tengen {

nlohmann::ordered_json move_json(const RecordedMove& m) {
    nlohmann::ordered_json move{{"x", m.at.x}, {"y", m.at.y}, {"ms", m.ms}};
    if (m.cpu_ms >= 0) move["cpu_ms"] = m.cpu_ms;
    if (m.depth) move["depth"] = *m.depth;
    if (m.score) move["score"] = *m.score;
    if (m.mate) move["mate"] = *m.mate;
    return move;
}

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
    for (const RecordedMove& m : g.outcome.moves) moves.push_back(move_json(m));
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

// Thrown for a field that is missing or of the wrong kind; the message names the field as a
// reader finds it in the line (moves[3].x), never the JSON library's own words.
struct BadField : std::runtime_error {
    using std::runtime_error::runtime_error;
};

using Json = nlohmann::json;

const Json& member(const Json& object, const std::string& key, const std::string& name) {
    const auto it = object.find(key);
    if (it == object.end()) throw BadField("field " + name + " is missing");
    return *it;
}

const Json& object_at(const Json& object, const std::string& key, const std::string& name) {
    const Json& v = member(object, key, name);
    if (!v.is_object()) throw BadField("field " + name + " is not an object");
    return v;
}

const Json& array_at(const Json& object, const std::string& key, const std::string& name) {
    const Json& v = member(object, key, name);
    if (!v.is_array()) throw BadField("field " + name + " is not a list");
    return v;
}

std::string text_of(const Json& v, const std::string& name) {
    if (!v.is_string()) throw BadField("field " + name + " is not a string");
    return v.get<std::string>();
}

std::string string_at(const Json& object, const std::string& key) { return text_of(member(object, key, key), key); }

// An optional string field: absent is the fallback, present it must be a string.
std::string string_or(const Json& object, const std::string& key, const std::string& fallback) {
    return object.contains(key) ? string_at(object, key) : fallback;
}

// Strict: an integer that fits an int. nlohmann's get<int>() would accept 7.7e120 or 2.5 and
// convert it (out of range, that is undefined behaviour).
int strict_int(const Json& v, const std::string& name) {
    if (!v.is_number_integer()) throw BadField("field " + name + " is not an integer");
    const auto n = v.get<std::int64_t>();
    if (v.is_number_unsigned() ? v.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<int>::max())
                               : n < std::numeric_limits<int>::min() || n > std::numeric_limits<int>::max())
        throw BadField("field " + name + " is out of range");
    return static_cast<int>(n);
}

int int_at(const Json& object, const std::string& key, const std::string& name) {
    return strict_int(member(object, key, name), name);
}

std::optional<int> optional_int(const Json& object, const std::string& key, const std::string& name) {
    if (!object.contains(key)) return std::nullopt;
    return strict_int(object.at(key), name);
}

constexpr std::int64_t kMaxInt = std::numeric_limits<int>::max();

// Strict and within [lo, hi]: the numbers that index games, boards and pairs must be what the
// arena could have written, or a hand-edited line would reach code that trusts them.
int bounded_int(const Json& v, const std::string& name, std::int64_t lo, std::int64_t hi) {
    const int n = strict_int(v, name);
    if (n < lo || n > hi)
        throw BadField("field " + name + " is out of range (" + std::to_string(n) + ", not " + std::to_string(lo) +
                       " to " + std::to_string(hi) + ")");
    return n;
}

int bounded_int_at(const Json& object, const std::string& key, const std::string& name, std::int64_t lo,
                   std::int64_t hi) {
    return bounded_int(member(object, key, name), name, lo, hi);
}

}  // namespace

Result<FinishedGame> from_json_line(const std::string& line) {
    auto fail = [](std::string why) { return Failure{std::move(why)}; };
    const auto j = Json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return fail("not a JSON object");
    try {
        FinishedGame g;
        g.game = bounded_int_at(j, "game", "game", 0, kMaxScheduledGames - 1);
        g.round = bounded_int_at(j, "round", "round", 0, kMaxScheduledGames - 1);
        g.pair = bounded_int_at(j, "pair", "pair", 0, kMaxScheduledGames - 1);
        g.black = string_at(j, "black");
        g.white = string_at(j, "white");
        const Json& board = array_at(j, "board", "board");
        if (board.size() != 2) throw BadField("field board is not [width, height]");
        g.config.width = bounded_int(board[0], "board[0]", 1, kMaxBoardSide);
        g.config.height = bounded_int(board[1], "board[1]", 1, kMaxBoardSide);
        g.config.win_length = bounded_int_at(j, "k", "k", 1, kMaxBoardSide);
        const std::string rule_text = string_at(j, "rule");
        const auto rule = parse_rule(rule_text);
        if (!rule) return fail("field rule: unknown rule '" + rule_text + "'");
        g.config.rule = *rule;
        const std::string opening = string_at(j, "opening");
        const auto stones = parse_opening_field(opening);
        if (!stones) return fail("field opening: bad opening '" + opening + "'");
        g.opening = *stones;
        const Json& moves = array_at(j, "moves", "moves");
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const std::string name = "moves[" + std::to_string(i) + "]";
            const Json& m = moves[i];
            if (!m.is_object()) throw BadField("field " + name + " is not an object");
            g.outcome.moves.push_back(
                {{int_at(m, "x", name + ".x"), int_at(m, "y", name + ".y")},
                 m.contains("ms") ? bounded_int(m.at("ms"), name + ".ms", 0, kMaxInt) : 0,
                 m.contains("cpu_ms") ? bounded_int(m.at("cpu_ms"), name + ".cpu_ms", -1, kMaxInt) : -1,
                 optional_int(m, "depth", name + ".depth"),
                 optional_int(m, "score", name + ".score"),
                 optional_int(m, "mate", name + ".mate")});
        }
        const std::string result = string_at(j, "result");
        const auto winner = parse_winner(result);
        if (!winner) return fail("field result: unknown result '" + result + "'");
        const std::string reason_text = string_at(j, "reason");
        const auto reason = parse_reason(reason_text);
        if (!reason) return fail("field reason: unknown reason '" + reason_text + "'");
        g.outcome.winner = *winner;
        g.outcome.reason = *reason;
        g.outcome.loser_said = string_or(j, "loser_said", "");
        g.outcome.adjudication = string_or(j, "adjudication", "");
        if (j.contains("swap2")) {
            const Json& phase_json = object_at(j, "swap2", "swap2");
            Swap2Phase phase;
            const std::string proposer = text_of(member(phase_json, "proposer", "swap2.proposer"), "swap2.proposer");
            if (proposer != g.black && proposer != g.white)
                return fail("field swap2.proposer: '" + proposer + "' is neither player");
            phase.proposer_black = proposer == g.black;
            const Json& answers = array_at(phase_json, "answers", "swap2.answers");
            for (std::size_t i = 0; i < answers.size(); ++i) {
                const std::string name = "swap2.answers[" + std::to_string(i) + "]";
                const std::string text = text_of(answers[i], name);
                if (text == "swap") {
                    phase.answers.emplace_back();
                    continue;
                }
                const auto placed = parse_opening_field(text);
                if (!placed || placed->empty()) return fail("field " + name + ": bad swap2 answer '" + text + "'");
                phase.answers.push_back(*placed);
            }
            g.outcome.swap2 = std::move(phase);
        }
        g.schedule = string_or(j, "schedule", "");
        g.arena_version = string_or(j, "arena_version", "");
        g.date = string_or(j, "date", "");
        if (j.contains("tc")) {
            const Json& tc = object_at(j, "tc", "tc");
            g.black_tc = text_of(member(tc, "black", "tc.black"), "tc.black");
            g.white_tc = text_of(member(tc, "white", "tc.white"), "tc.white");
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
    } catch (const BadField& e) {
        return fail(e.what());
    }
}

}  // namespace tengen
