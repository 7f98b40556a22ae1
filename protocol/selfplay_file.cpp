#include "protocol/selfplay_file.h"

#include <filesystem>
#include <iostream>
#include <limits>
#include <system_error>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/text.h"
#include "engine/types.h"

namespace tengen {

std::string evaluator_field(EvaluatorChoice choice, const GameConfig& config) {
    // Auto is recorded as what it is for the rule, so its games continue a run of that one
    // and one of the other continues them.
    if (choice.evaluation == Evaluation::Auto) choice.evaluation = evaluation_for(choice, config);
    return choice.evaluation == Evaluation::Network ? "network" : "tables";
}

SelfplayGameKey key_of(const SelfplaySettings& settings, int game) {
    const GameConfig& c = settings.config;
    return {std::string(rule_name(c.rule)),         c.width, c.height, c.win_length, settings.seed, settings.nodes,
            evaluator_field(settings.evaluator, c), game};
}

std::string describe(const SelfplayGameKey& key) {
    return fmt::format("game {} ({} {}x{} k={}, seed {}, {} nodes{})", key.game, key.rule, key.width, key.height, key.k,
                       key.seed, key.nodes, key.evaluator == "tables" ? "" : ", " + key.evaluator);
}

namespace {

// The field as a non-negative integer that fits Int, or why not.
template <class Int>
Result<Int> whole_number(const nlohmann::json& value, const char* name) {
    if (!value.is_number_integer() && !value.is_number_unsigned())
        return Failure{fmt::format("its \"{}\" is not a whole number", name)};
    if (value.is_number_unsigned()) {
        const auto v = value.get<std::uint64_t>();
        if (v > static_cast<std::uint64_t>(std::numeric_limits<Int>::max()))
            return Failure{fmt::format("its \"{}\" is too large", name)};
        return static_cast<Int>(v);
    }
    const auto v = value.get<std::int64_t>();
    if (v < 0) return Failure{fmt::format("its \"{}\" is negative", name)};
    if (static_cast<std::uint64_t>(v) > static_cast<std::uint64_t>(std::numeric_limits<Int>::max()))
        return Failure{fmt::format("its \"{}\" is too large", name)};
    return static_cast<Int>(v);
}

}  // namespace

Result<SelfplayLine> parse_selfplay_line(std::string_view text) {
    const nlohmann::json record = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    if (record.is_discarded() || !record.is_object()) return Failure{"it is not a JSON object"};
    const auto format = record.find("format");
    if (format == record.end() || !format->is_string() || *format != "tengen-selfplay-1")
        return Failure{"it is not a self-play record (no \"format\":\"tengen-selfplay-1\")"};
    for (const char* name : {"rule", "board", "k", "seed", "nodes", "game", "moves", "result"})
        if (!record.contains(name)) return Failure{fmt::format("it has no \"{}\"", name)};
    const auto& rule = record["rule"];
    const auto& board = record["board"];
    if (!rule.is_string()) return Failure{"its \"rule\" is not a string"};
    if (!board.is_array() || board.size() != 2) return Failure{"its \"board\" is not [width, height]"};
    SelfplayLine line;
    line.key.rule = rule.get<std::string>();
    const auto width = whole_number<int>(board[0], "board");
    const auto height = whole_number<int>(board[1], "board");
    const auto k = whole_number<int>(record["k"], "k");
    const auto seed = whole_number<std::uint64_t>(record["seed"], "seed");
    const auto nodes = whole_number<std::uint64_t>(record["nodes"], "nodes");
    const auto game = whole_number<int>(record["game"], "game");
    for (const std::string* reason :
         {&width.error(), &height.error(), &k.error(), &seed.error(), &nodes.error(), &game.error()})
        if (!reason->empty()) return Failure{*reason};
    line.key.width = *width;
    line.key.height = *height;
    line.key.k = *k;
    line.key.seed = *seed;
    line.key.nodes = *nodes;
    line.key.game = *game;
    if (const auto evaluator = record.find("evaluator"); evaluator != record.end()) {
        if (!evaluator->is_string() || (*evaluator != "tables" && *evaluator != "network"))
            return Failure{"its \"evaluator\" is neither \"tables\" nor \"network\""};
        line.key.evaluator = evaluator->get<std::string>();
    }
    line.text = std::string(text);
    return line;
}

Result<SelfplayFile> read_selfplay_file(const std::string& path) {
    const auto bytes = read_whole_file(path);
    if (!bytes) return Failure{bytes.error()};
    const std::string& all = *bytes;
    SelfplayFile file;
    std::size_t begin = 0;
    for (int number = 1; begin < all.size(); ++number) {
        const std::size_t end = all.find('\n', begin);
        if (end == std::string::npos) {
            file.torn_tail = true;
            break;
        }
        const std::string_view text(all.data() + begin, end - begin);
        if (!trim(text).empty()) {
            auto line = parse_selfplay_line(text);
            if (!line) return Failure{fmt::format("{} line {}: {}", path, number, line.error())};
            file.games.push_back(std::move(*line));
        }
        begin = end + 1;
        file.whole_bytes = begin;
    }
    return file;
}

Result<std::size_t> resume_output(const std::string& path, const std::vector<SelfplayGameKey>& expected) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec) || std::filesystem::file_size(path, ec) == 0) return std::size_t{0};
    const auto file = read_selfplay_file(path);
    if (!file) return Failure{fmt::format("{} cannot be resumed: {}", path, file.error())};
    for (std::size_t i = 0; i < file->games.size(); ++i) {
        const SelfplayGameKey& have = file->games[i].key;
        if (i >= expected.size())
            return Failure{
                fmt::format("{} holds more games than this command writes ({}); ask for more games, or "
                            "write elsewhere",
                            path, expected.size())};
        if (have != expected[i])
            return Failure{
                fmt::format("{} line {} holds {}, but this command's game there is {}: a different run "
                            "(write elsewhere, or remove the file to start again)",
                            path, i + 1, describe(have), describe(expected[i]))};
    }
    if (file->torn_tail) {
        std::filesystem::resize_file(path, file->whole_bytes, ec);
        if (ec) return Failure{fmt::format("cannot cut the unfinished last line of {}: {}", path, ec.message())};
        std::cerr << "pbrain-tengen selfplay: " << path << " ended in an unfinished line; it was cut and that game "
                  << "is written again\n";
    }
    return file->games.size();
}

}  // namespace tengen
