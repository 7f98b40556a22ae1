#include "tournament/leagues.h"

#include <cmath>

#include <fmt/format.h>

#include "engine/text.h"
#include "tournament/command_line.h"
#include "tournament/league_data.h"

namespace tengen {

namespace {

constexpr std::string_view kLeaguePrefix = "league:";

// A JSON scalar as the command line spells it ("20", "freestyle").
std::string scalar_text(const nlohmann::json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

Result<League> read_league(const LeagueFile& file) {
    League league;
    league.name = std::string(file.name);
    league.json_text = std::string(file.json);
    auto fail = [&](const std::string& why) { return Failure{"league " + league.name + ": " + why}; };
    league.json = nlohmann::json::parse(league.json_text, nullptr, false);
    if (league.json.is_discarded() || !league.json.is_object()) return fail("not a JSON object");
    const auto& j = league.json;
    const auto size = parse_board_size(j.contains("board") ? scalar_text(j["board"]) : "15");
    if (!size) return fail("bad \"board\"");
    league.config.width = size->first;
    league.config.height = size->second;
    if (j.contains("k")) league.config.win_length = j["k"].get<int>();
    const auto rule = parse_rule(j.contains("rule") ? scalar_text(j["rule"]) : "freestyle");
    if (!rule) return fail("bad \"rule\"");
    league.config.rule = *rule;
    if (j.contains("draw-after")) league.draw_after = j["draw-after"].get<int>();
    if (!j.contains("each") || !j["each"].is_object()) return fail("needs \"each\" with the clocks");
    const auto& each = j["each"];
    if (each.contains("tc")) {
        const auto clock = parse_time_control(scalar_text(each["tc"]));
        if (!clock) return fail("bad each.tc");
        league.clock = *clock;
    } else if (each.contains("st")) {
        const auto turn = parse_seconds_ms(scalar_text(each["st"]));
        if (!turn || *turn <= 0) return fail("bad each.st");
        league.clock = BrainClock{*turn, 0, 0};
    } else {
        return fail("needs each.tc or each.st");
    }
    if (each.contains("memory")) league.memory = each["memory"].get<std::int64_t>();
    return league;
}

std::string seconds_text(std::int64_t ms) {
    return ms % 1000 == 0 ? std::to_string(ms / 1000) : fmt::format("{:g}", static_cast<double>(ms) / 1000);
}

}  // namespace

Result<std::vector<League>> all_leagues() {
    std::vector<League> leagues;
    for (const LeagueFile& file : league_files()) {
        auto league = read_league(file);
        if (!league) return Failure{league.error()};
        leagues.push_back(std::move(*league));
    }
    return leagues;
}

std::string league_names() {
    std::string names;
    for (const LeagueFile& file : league_files()) names += (names.empty() ? "" : ", ") + std::string(file.name);
    return names;
}

Result<League> find_league(const std::string& name) {
    for (const LeagueFile& file : league_files())
        if (file.name == name) return read_league(file);
    return Failure{"unknown league '" + printable_excerpt(name, 80) + "'; the leagues are: " + league_names()};
}

BrainClock scaled_clock(const BrainClock& clock, double scale) {
    auto scaled = [scale](std::int64_t ms, std::int64_t floor) {
        return ms == 0 ? 0 : std::max(floor, static_cast<std::int64_t>(std::llround(static_cast<double>(ms) * scale)));
    };
    return BrainClock{scaled(clock.turn_ms, 1), scaled(clock.match_ms, 1), scaled(clock.increment_ms, 0)};
}

std::string league_conditions(const League& league, double scale) {
    const BrainClock c = scaled_clock(league.clock, scale);
    std::string text =
        fmt::format("{}x{} {}", league.config.width, league.config.height, rule_name(league.config.rule));
    if (league.config.win_length != 5) text += fmt::format(" k={}", league.config.win_length);
    text += ", " + time_control_text(c);
    if (c.has_match_clock())
        text += fmt::format(" (a game {} s, a move {} s)", seconds_text(c.match_ms), seconds_text(c.turn_ms));
    else
        text += fmt::format(" (a move {} s)", seconds_text(c.turn_ms));
    if (league.memory) {
        const std::int64_t mib = *league.memory >> 20;
        text += (mib << 20) == *league.memory ? fmt::format(", memory {} MiB", mib)
                                              : fmt::format(", memory {} bytes", *league.memory);
    }
    if (league.draw_after > 0) text += fmt::format(", a draw after {} moves", league.draw_after);
    return text;
}

std::vector<std::string> league_each_tokens(const League& league, double scale) {
    std::vector<std::string> tokens;
    for (const auto& [key, value] : league.json["each"].items()) {
        if (key == "tc" || key == "st")
            tokens.push_back(time_control_text(scaled_clock(league.clock, scale)));
        else
            tokens.push_back(key + "=" + scalar_text(value));
    }
    return tokens;
}

Result<std::string> read_config_text(const std::string& path) {
    if (path.rfind(kLeaguePrefix, 0) == 0) {
        const auto league = find_league(path.substr(kLeaguePrefix.size()));
        if (!league) return Failure{league.error()};
        return league->json_text;
    }
    return read_whole_file(path);
}

}  // namespace tengen
