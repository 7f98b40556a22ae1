// `tengen-arena report --html`: one self-contained page of a set of results (no network, no
// file beside it): standings, crosstable and joint ratings, the Elo estimate and the SPRT
// log-likelihood ratio over games as plots, the openings one colour won both times, the list
// of games, and a board that replays any game (#game=N&move=M in the address picks one).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tournament/results_set.h"
#include "tournament/stats.h"

namespace tengen {

struct ReportSettings {
    std::optional<SprtParams> sprt;  // the test the LLR plot follows; absent: elo0=0 elo1=10, normalized
    std::vector<std::string> files;  // shown in the header
};

std::string html_report(const ResultsSet& set, const ReportSettings& settings);

}  // namespace tengen
