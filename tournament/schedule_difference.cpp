#include "tournament/schedule_difference.h"

#include <algorithm>

#include "tournament/results_file.h"

namespace tengen {

namespace {

// The first word names the setting: engine, tournament, board, openings, executable...
std::string kind_of(const std::string& line) { return line.substr(0, line.find(' ')); }

std::string described(const std::string& line) {
    if (kind_of(line) == "executable") return "'" + line + "' (a checksum of an engine's binary: it was rebuilt)";
    return "'" + line + "'";
}

}  // namespace

std::string schedule_difference(const std::string& results_path, const std::vector<std::string>& command_settings) {
    const auto loaded = load_results(results_path, std::nullopt, false);
    if (!loaded) return "";
    const auto kept = std::find_if(loaded->games.begin(), loaded->games.end(),
                                   [](const FinishedGame& g) { return !g.settings.empty(); });
    if (kept == loaded->games.end()) return "";
    const std::vector<std::string>& file = kept->settings;
    std::vector<std::string> only_file, only_command;
    for (const std::string& l : file)
        if (std::find(command_settings.begin(), command_settings.end(), l) == command_settings.end())
            only_file.push_back(l);
    for (const std::string& l : command_settings)
        if (std::find(file.begin(), file.end(), l) == file.end()) only_command.push_back(l);
    std::string out;
    auto add = [&](const std::string& text) {
        if (!out.empty()) out += "; ";
        out += text;
    };
    // Pair the lines of one kind (the file's board with the command's board) where both have one.
    for (auto f = only_file.begin(); f != only_file.end();) {
        const auto c = std::find_if(only_command.begin(), only_command.end(),
                                    [&](const std::string& l) { return kind_of(l) == kind_of(*f); });
        if (c == only_command.end()) {
            ++f;
            continue;
        }
        add("the file has " + described(*f) + " where this command has '" + *c + "'");
        only_command.erase(c);
        f = only_file.erase(f);
    }
    for (const std::string& l : only_file) add("only the file has " + described(l));
    for (const std::string& l : only_command) add("only this command has '" + l + "'");
    return out;
}

}  // namespace tengen
