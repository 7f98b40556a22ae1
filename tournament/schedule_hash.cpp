#include "schedule_hash.h"

#include <cstdint>
#include <fmt/format.h>

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

std::string schedule_hash(const ScheduleIdentity& id) {
    std::string text = "tengen-arena schedule v1\n";
    for (const EngineSpec& e : id.engines) text += "engine " + e.identity() + "\n";
    text += fmt::format("tournament {} games {} rounds {} repeat {}\n", tournament_kind_name(id.schedule.kind),
                        id.schedule.games, id.schedule.rounds, id.schedule.repeat ? 1 : 0);
    text += fmt::format("board {}x{} k {} rule {} draw-after {}\n", id.config.width, id.config.height,
                        id.config.win_length, rule_name(id.config.rule), id.draw_after);
    if (id.openings) {
        const OpeningOptions& o = *id.openings;
        text += fmt::format("openings format {} order {} seed {} start {} transform {} content {:016x}\n",
                            !o.format ? "auto" : *o.format == OpeningFormat::Letters ? "letters" : "offset",
                            o.random_order ? "random" : "sequential", o.seed, o.start, o.transform ? 1 : 0,
                            fnv1a(id.openings_text));
    }
    return fmt::format("{:016x}", fnv1a(text));
}

}  // namespace tengen
