// Pieces of the command line shared by the tournament and merge: boards, rules, SPRT groups.
#pragma once

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/parsers.hpp>
#include <boost/program_options/variables_map.hpp>
#include <optional>
#include <string>
#include <vector>

#include "tournament/stats.h"
#include "engine/result.h"
#include "engine/types.h"

namespace tengen {

// Long options may also be written with one dash (-engine, -each, -games, -rule), as
// c-gomoku-cli and cutechess-cli spell them.
inline constexpr int kArenaOptionStyle = boost::program_options::command_line_style::default_style |
                                         boost::program_options::command_line_style::allow_long_disguise;

// "15" or "20x15" into width and height.
std::optional<std::pair<int, int>> parse_board_size(const std::string& text);
// Walks an option's key=value tokens (--sprt, --resign, --draw): `set(key, value)` returns a
// Status for each; the first failure comes back prefixed with the option's name.
template <class Set>
Status for_each_key_value(const std::string& option, const std::vector<std::string>& tokens, Set set) {
    for (const std::string& token : tokens) {
        const auto eq = token.find('=');
        if (eq == std::string::npos) return Failure{option + ": expected key=value, got '" + token + "'"};
        if (const Status s = set(token.substr(0, eq), token.substr(eq + 1)); !s.ok())
            return Failure{option + ": " + s.error()};
    }
    return {};
}

// `--sprt elo0=A elo1=B alpha=X beta=Y [model=normalized|logistic]`.
Result<SprtParams> parse_sprt_options(const std::vector<std::string>& tokens);
// The --sprt option of a parsed command line: nullopt when not given, a message when wrong.
Result<std::optional<SprtParams>> sprt_option(const boost::program_options::variables_map& vm);

// How each tengen-arena subcommand with a command line of its own reads it (check, merge,
// report; the arena itself and league also take --config and pass options through, so they
// read theirs with parse_keeping_unknown): an exit status when the command ends here: 0 after printing the
// options for --help, 2 after printing "PROGRAM: what is wrong (see --help)"; nullopt to go on.
std::optional<int> parse_arena_command(int argc, char** argv, const boost::program_options::options_description& desc,
                                       boost::program_options::variables_map& vm, const std::string& program,
                                       const boost::program_options::positional_options_description* positional,
                                       int style);

// The parse of the arena's own command line and league's: unknown options and stray words are
// kept in the answer, for the caller to refuse all at once or to pass on; `vm` holds the
// known ones. Throws boost::program_options::error as the library's parse does.
boost::program_options::parsed_options parse_keeping_unknown(
    const std::vector<std::string>& words, const boost::program_options::options_description& desc, int style,
    const boost::program_options::positional_options_description* positional,
    boost::program_options::variables_map& vm);

// The command line of a subcommand that reads results files (merge, report): the files are
// the positional "files", parse_arena_command's answers.
std::optional<int> parse_results_command(int argc, char** argv, const boost::program_options::options_description& desc,
                                         boost::program_options::variables_map& vm, const std::string& program);

}  // namespace tengen
