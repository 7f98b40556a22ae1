#include "tournament/schedule_hash.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <fmt/format.h>

#include "engine/text.h"

namespace tengen {

namespace {

std::uint64_t fnv1a(const std::string& text) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

}  // namespace

std::string executable_checksum(const std::string& cmd) {
    std::vector<std::string> candidates;
    if (cmd.find('/') != std::string::npos) {
        candidates.push_back(cmd);
    } else if (const char* path = std::getenv("PATH")) {
        std::string_view dirs(path);
        while (!dirs.empty()) {
            const auto colon = dirs.find(':');
            const std::string dir(dirs.substr(0, colon));
            candidates.push_back((dir.empty() ? "." : dir) + "/" + cmd);
            if (colon == std::string_view::npos) break;
            dirs.remove_prefix(colon + 1);
        }
    }
    for (const std::string& file : candidates)
        if (const auto bytes = read_whole_file(file)) return fmt::format("{:016x}", fnv1a(*bytes));
    return "missing";
}

std::vector<std::string> schedule_settings(const ScheduleIdentity& id) {
    std::string text;
    for (const BrainSpec& e : id.brains) text += "engine " + e.identity() + "\n";
    // A schedule of one pairing and one round numbers its games and picks their openings the
    // same whatever --games says, so the count is left out: a larger --games extends the run.
    // With more pairings or rounds the count moves every later game's number: it stays in.
    if (schedule_extends(id.schedule))
        text += fmt::format("tournament {} rounds {} repeat {}\n", tournament_kind_name(id.schedule.kind),
                            id.schedule.rounds, id.schedule.repeat ? 1 : 0);
    else
        text += fmt::format("tournament {} games {} rounds {} repeat {}\n", tournament_kind_name(id.schedule.kind),
                            id.schedule.games, id.schedule.rounds, id.schedule.repeat ? 1 : 0);
    text += fmt::format("board {}x{} k {} rule {} draw-after {}\n", id.config.width, id.config.height,
                        id.config.win_length, rule_name(id.config.rule), id.adjudication.draw_after);
    // The lines below that are left out when unused keep the hash of runs from before them.
    // The adjudication's draw counts sit where they were first added; every other rule is in
    // its text().
    if (const std::string rules = id.adjudication.text(); !rules.empty()) text += "adjudication " + rules + "\n";
    if (id.swap2) text += "swap2\n";          // absent: older runs keep their hash
    if (id.pondering) text += "pondering\n";  // absent: older runs keep their hash
    if (id.openings) {
        const OpeningOptions& o = *id.openings;
        text += fmt::format("openings format {} order {} seed {} start {} transform {} content {:016x}\n",
                            !o.format                             ? "auto"
                            : *o.format == OpeningFormat::Letters ? "letters"
                                                                  : "offset",
                            o.random_order ? "random" : "sequential", o.seed, o.start, o.transform ? 1 : 0,
                            fnv1a(id.openings_text));
    }
    if (id.adjudication.draw_after_stones > 0)  // -drawafter
        text += fmt::format("draw-after-stones {}\n", id.adjudication.draw_after_stones);
    for (const std::string& e : id.executables) text += "executable " + e + "\n";
    std::vector<std::string> lines;
    std::size_t from = 0;
    while (from < text.size()) {
        const auto end = text.find('\n', from);
        lines.push_back(text.substr(from, end - from));
        from = end + 1;
    }
    return lines;
}

std::string schedule_hash(const ScheduleIdentity& id) {
    std::string text = "tengen-arena schedule v1\n";
    for (const std::string& line : schedule_settings(id)) text += line + "\n";
    return fmt::format("{:016x}", fnv1a(text));
}

}  // namespace tengen
