#include "tournament/brain_spec.h"

#include <filesystem>

#include "engine/text.h"
#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

namespace tengen {

namespace {

std::optional<std::int64_t> parse_count(const std::string& text) {
    const auto v = parse_integer<std::int64_t>(text);
    if (!v || *v < 0) return std::nullopt;
    return v;
}

struct Token {
    std::string key, value;
};

std::optional<Token> split_token(const std::string& token) {
    const auto eq = token.find('=');
    if (eq == std::string::npos || eq == 0) return std::nullopt;
    return Token{token.substr(0, eq), token.substr(eq + 1)};
}

}  // namespace

std::optional<std::int64_t> parse_seconds_ms(const std::string& text) {
    if (text.empty()) return std::nullopt;
    try {
        std::size_t used = 0;
        const double s = std::stod(text, &used);
        if (used != text.size() || !std::isfinite(s) || s < 0 || s > 1e7) return std::nullopt;
        return static_cast<std::int64_t>(std::llround(s * 1000.0));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::optional<BrainClock> parse_time_control(const std::string& text) {
    std::string main_part = text, inc_part;
    if (const auto plus = text.find('+'); plus != std::string::npos) {
        main_part = text.substr(0, plus);
        inc_part = text.substr(plus + 1);
        if (inc_part.empty()) return std::nullopt;
    }
    std::string turn_part;
    if (const auto slash = main_part.find('/'); slash != std::string::npos) {
        turn_part = main_part.substr(slash + 1);
        main_part = main_part.substr(0, slash);
        if (turn_part.empty()) return std::nullopt;
    }
    const auto match = parse_seconds_ms(main_part);
    if (!match) return std::nullopt;
    // A match clock of 0 means none (c-gomoku-cli's tc=0/T): then the turn time must be given.
    if (*match == 0 && (turn_part.empty() || !inc_part.empty())) return std::nullopt;
    BrainClock clock;
    clock.match_ms = *match;
    clock.turn_ms = *match;  // as c-gomoku-cli: the turn may use the whole clock
    if (!turn_part.empty()) {
        const auto turn = parse_seconds_ms(turn_part);
        if (!turn || *turn <= 0) return std::nullopt;
        clock.turn_ms = *turn;
    }
    if (!inc_part.empty()) {
        const auto inc = parse_seconds_ms(inc_part);
        if (!inc) return std::nullopt;
        clock.increment_ms = *inc;
    }
    return clock;
}

std::string time_control_text(const BrainClock& clock) {
    // Milliseconds as seconds without trailing zeros: 200 -> "0.2", 60000 -> "60".
    auto seconds = [](std::int64_t ms) {
        std::string s = std::to_string(ms / 1000);
        if (ms % 1000 != 0) {
            std::string frac = std::to_string(1000 + ms % 1000).substr(1);
            while (frac.back() == '0') frac.pop_back();
            s += "." + frac;
        }
        return s;
    };
    if (!clock.has_match_clock()) return fmt::format("st={}", seconds(clock.turn_ms));
    std::string text = fmt::format("tc={}", seconds(clock.match_ms));
    if (clock.turn_ms != clock.match_ms) text += fmt::format("/{}", seconds(clock.turn_ms));
    if (clock.increment_ms != 0) text += fmt::format("+{}", seconds(clock.increment_ms));
    return text;
}

std::string file_name_of(const std::string& cmd) {
    const auto slash = cmd.find_last_of('/');
    return slash == std::string::npos ? cmd : cmd.substr(slash + 1);
}

Result<BrainSpec> parse_brain_spec(const std::vector<std::string>& tokens, const std::vector<std::string>& each) {
    // Single-valued keys: last occurrence wins, the brain's own over --each.
    std::map<std::string, std::string> single;
    std::vector<std::string> args, each_args;
    std::vector<std::pair<std::string, std::string>> infos;
    static const char* const kSingleKeys[] = {"cmd",   "name",  "dir", "st",   "tc",     "memory",   "threads",
                                              "depth", "nodes", "log", "wine", "stderr", "tolerance"};
    // Other runners' names for our keys (c-gomoku-cli, GomocupJudge).
    static const std::pair<const char*, const char*> kAliases[] = {{"maxmemory", "memory"}, {"thread", "threads"}};
    auto absorb = [&](const std::vector<std::string>& list, std::vector<std::string>& arg_list,
                      const char* where) -> Status {
        bool st_here = false, tc_here = false;
        for (const std::string& raw : list) {
            auto t = split_token(raw);
            if (!t) return Failure{std::string(where) + ": expected key=value, got '" + raw + "'"};
            for (const auto& [alias, key] : kAliases)
                if (t->key == alias) t->key = key;
            if (t->key == "st" || t->key == "tc") {
                (t->key == "st" ? st_here : tc_here) = true;
                if (st_here && tc_here)
                    return Failure{std::string(where) +
                                   ": st and tc both give a time control; use one (tc=M/T+I has a turn time and a "
                                   "match clock)"};
                // One level's time control replaces the other level's whole.
                single.erase(t->key == "st" ? "tc" : "st");
            }
            const bool option = t->key.rfind("option.", 0) == 0;
            if (t->key == "arg") {
                arg_list.push_back(t->value);
            } else if (t->key == "info" || option) {
                if (option) t->value = t->key.substr(7) + ":" + t->value;  // option.KEY=VALUE: INFO KEY VALUE
                const auto colon = t->value.find(':');
                if (colon == std::string::npos || colon == 0)
                    return Failure{std::string(where) + ": " +
                                   (option ? "option.KEY=VALUE needs a KEY" : "info needs KEY:VALUE") + ", got '" +
                                   raw + "'"};
                // Sent as one INFO line: a newline in it (a config file's "\n") would send the
                // brain a command of its own choosing, a TURN or an END.
                if (std::any_of(t->value.begin(), t->value.end(),
                                [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
                    return Failure{std::string(where) +
                                   ": info= and option. values must not hold control characters (a newline, a "
                                   "tab...), got '" +
                                   printable_excerpt(raw, 80) + "'"};
                std::string key = t->value.substr(0, colon), value = t->value.substr(colon + 1);
                bool replaced = false;
                for (auto& [k, v] : infos)
                    if (k == key) v = value, replaced = true;
                if (!replaced) infos.emplace_back(std::move(key), std::move(value));
            } else {
                bool known = false;
                for (const char* k : kSingleKeys) known = known || t->key == k;
                if (!known) return Failure{std::string(where) + ": unknown key '" + t->key + "'"};
                single[t->key] = t->value;
            }
        }
        return {};
    };
    if (const Status e = absorb(each, each_args, "--each"); !e.ok()) return Failure{e.error()};
    if (const Status e = absorb(tokens, args, "--engine"); !e.ok()) return Failure{e.error()};

    BrainSpec spec;
    spec.args = args.empty() ? each_args : args;
    spec.infos = std::move(infos);
    if (!single.count("cmd") || single["cmd"].empty()) return Failure{"--engine: cmd=PATH is required"};
    spec.cmd = single["cmd"];
    spec.name = single.count("name") ? single["name"] : "";
    spec.dir = single.count("dir") ? single["dir"] : "";
    spec.log = single.count("log") ? single["log"] : "";
    spec.stderr_file = single.count("stderr") ? single["stderr"] : "";
    if (single.count("wine")) {
        if (single["wine"] != "yes" && single["wine"] != "no")
            return Failure{"--engine: wine needs yes or no, got '" + single["wine"] + "'"};
        spec.wine = single["wine"] == "yes";
    }
    for (auto [key, target] :
         {std::pair{"memory", &spec.memory}, std::pair{"threads", &spec.threads}, std::pair{"depth", &spec.depth},
          std::pair{"nodes", &spec.nodes}, std::pair{"tolerance", &spec.tolerance_ms}}) {
        if (!single.count(key)) continue;
        const auto v = parse_count(single[key]);
        if (!v)
            return Failure{std::string("--engine: ") + key + " needs a non-negative integer, got '" + single[key] +
                           "'"};
        const std::string_view k = key;
        const std::int64_t most = k == "memory" ? kMaxMemoryBytes : k == "tolerance" ? kMaxWaitMs : -1;
        if (most >= 0 && *v > most)
            return Failure{std::string("--engine: ") + key + "=" + single[key] + " is too large (at most " +
                           std::to_string(most) + (k == "memory" ? " bytes, 1 PiB)" : " ms, a day)")};
        *target = *v;
    }
    if (single.count("tc")) {
        const auto clock = parse_time_control(single["tc"]);
        if (!clock)
            return Failure{
                "--engine: tc needs seconds as M[+I] (match clock and increment), M/T[+I] (and a turn time) or 0/T "
                "(a turn time alone), with T above 0; got '" +
                single["tc"] + "'"};
        spec.clock = *clock;
    }
    if (single.count("st")) {
        const auto turn = parse_seconds_ms(single["st"]);
        // timeout_turn 0 with timeout_match 0 would tell the brain it has no time at all.
        if (!turn || *turn <= 0) return Failure{"--engine: st needs seconds above 0, got '" + single["st"] + "'"};
        spec.clock.turn_ms = *turn;
        spec.clock.match_ms = 0, spec.clock.increment_ms = 0;
    }
    // With neither: BrainClock's default, st=1 (never "timeout_turn 0, timeout_match 0").
    return spec;
}

std::vector<std::string> BrainSpec::info_lines() const {
    std::vector<std::string> lines;
    lines.push_back("INFO timeout_turn " + std::to_string(clock.turn_ms));
    lines.push_back("INFO timeout_match " + std::to_string(clock.match_ms));
    if (clock.has_match_clock()) lines.push_back("INFO time_increment " + std::to_string(clock.increment_ms));
    if (memory) lines.push_back("INFO max_memory " + std::to_string(*memory));
    if (threads) lines.push_back("INFO thread_num " + std::to_string(*threads));
    if (depth) lines.push_back("INFO max_depth " + std::to_string(*depth));
    if (nodes) lines.push_back("INFO max_node " + std::to_string(*nodes));
    for (const auto& [k, v] : infos) lines.push_back("INFO " + k + " " + v);
    return lines;
}

std::string BrainSpec::working_dir() const {
    if (!dir.empty() || cmd.find('/') == std::string::npos) return dir;
    return std::filesystem::absolute(cmd).parent_path().string();
}

std::string BrainSpec::identity() const {
    std::string id = "name=" + (name.empty() ? file_name_of(cmd) : name);
    for (const std::string& a : args) id += " arg=" + a;
    for (const std::string& line : info_lines()) id += " [" + line + "]";
    return id;
}

}  // namespace tengen
