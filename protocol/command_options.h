// How every pbrain-tengen entry point (the brain itself and each subcommand) reads its command
// line, so all of them answer a mistake and --help alike.
#pragma once

#include <iostream>
#include <optional>
#include <string>

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/positional_options.hpp>
#include <boost/program_options/variables_map.hpp>

namespace tengen {

struct CommandOptions {
    std::string program;                                        // "pbrain-tengen bench": begins the error line
    const boost::program_options::options_description& listed;  // what --help prints
    // Parsed too, but left out of --help (an input file's name taken as a positional word).
    const boost::program_options::options_description* hidden = nullptr;
    const boost::program_options::positional_options_description* positional = nullptr;
};

// Parses argv into vm. An exit status when the command ends here: 0 after printing the listed
// options for --help (to out), 2 after printing "PROGRAM: what is wrong (see --help)" (to err)
// for a command line that does not parse; nullopt to go on.
std::optional<int> parse_command_options(int argc, char** argv, const CommandOptions& command,
                                         boost::program_options::variables_map& vm, std::ostream& out = std::cout,
                                         std::ostream& err = std::cerr);

}  // namespace tengen
