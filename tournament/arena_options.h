// The tournament's command line: its options (what --help lists) and their parse, with
// --config's file read in under the command line's own words.
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "engine/result.h"

namespace tengen {

// The command line as read: the values, and every option in order with unknown ones and
// stray words kept (each `--engine` group stays apart there, as repeated groups must).
struct ArenaOptions {
    boost::program_options::variables_map vm;
    std::vector<boost::program_options::option> options;
};

// The options with the usage text as their caption.
boost::program_options::options_description arena_options();
// The words after the program name (argv[1...]), --config's file first when one is given.
// The failure is the message, without the "tengen-arena: " prefix.
Result<ArenaOptions> parse_arena_options(const boost::program_options::options_description& desc,
                                         const std::vector<std::string>& args);
// Each occurrence of `key` (e.g. "engine"), its tokens as given.
std::vector<std::vector<std::string>> groups_of(const ArenaOptions& read, const std::string& key);

}  // namespace tengen
