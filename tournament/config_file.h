// `tengen-arena --config FILE`: a whole tournament as JSON, turned into the command-line
// tokens it stands for, so the one parser reads both (docs/arena.md, "Config file").
#pragma once

#include <set>
#include <string>
#include <vector>

#include <boost/program_options/options_description.hpp>

#include "engine/result.h"

namespace tengen {

// The tokens (e.g. "--games", "100", "--engine", "cmd=x", "st=0.2") of the JSON object in
// text. Keys are the long option names; a key in `given` (options on the command line) is
// left out, as the command line overrides the file; "engine" and "each" are left out whole
// when the command line has any. An error names the file's problem.
Result<std::vector<std::string>> config_tokens(const std::string& text,
                                               const boost::program_options::options_description& options,
                                               const std::set<std::string>& given);

}  // namespace tengen
