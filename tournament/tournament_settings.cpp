#include "tournament/tournament_settings.h"

namespace tengen {

ScheduleIdentity schedule_identity(const TournamentSettings& settings) {
    ScheduleIdentity id;
    id.brains = settings.brains;
    id.schedule = settings.schedule;
    id.config = settings.referee.config;
    id.openings = settings.openings;
    id.openings_text = settings.openings_text;
    id.adjudication = settings.referee.adjudication;
    id.swap2 = settings.swap2;
    id.pondering = settings.referee.pondering;
    for (const BrainSpec& e : settings.brains) id.executables.push_back(executable_checksum(e.cmd));
    return id;
}

}  // namespace tengen
