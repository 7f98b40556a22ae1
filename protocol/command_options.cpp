#include "protocol/command_options.h"

#include <exception>

#include <boost/program_options/parsers.hpp>

namespace tengen {

std::optional<int> parse_command_options(int argc, char** argv, const CommandOptions& command,
                                         boost::program_options::variables_map& vm, std::ostream& out,
                                         std::ostream& err) {
    namespace po = boost::program_options;
    po::options_description all;
    all.add(command.listed);
    if (command.hidden) all.add(*command.hidden);
    try {
        po::command_line_parser parser(argc, argv);
        parser.options(all);
        if (command.positional) parser.positional(*command.positional);
        po::store(parser.run(), vm);
        po::notify(vm);
    } catch (const std::exception& e) {  // po::error, and a value's own validation
        err << command.program << ": " << e.what() << " (see --help)\n";
        return 2;
    }
    if (vm.count("help")) {
        out << command.listed << "\n";
        return 0;
    }
    return std::nullopt;
}

}  // namespace tengen
