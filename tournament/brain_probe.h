// Before the first game: start every brain once, learn its name from ABOUT and check that it
// accepts the board, so a brain that cannot play at all is reported by name up front.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tournament/brain_spec.h"
#include "engine/types.h"

namespace tengen {

struct ProbeResult {
    std::string about_name;              // from ABOUT, empty when it gave none
    std::optional<std::string> failure;  // why it cannot play, when it cannot
};

ProbeResult probe_brain(const BrainSpec& spec, const GameConfig& config, std::int64_t start_timeout_ms);

// Display names: the given name, else ABOUT's, else the file name; a repeated name gets
// "-2", "-3", ... in command-line order.
std::vector<std::string> unique_names(const std::vector<BrainSpec>& specs, const std::vector<std::string>& about_names);

}  // namespace tengen
