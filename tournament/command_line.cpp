#include "tournament/command_line.h"

#include "engine/text.h"
#include <charconv>
#include <iostream>
#include <cmath>
#include <stdexcept>

namespace tengen {

namespace {

std::optional<int> parse_positive(const std::string& t) {
    const auto v = parse_integer<int>(t);
    if (!v || *v <= 0) return std::nullopt;
    return v;
}

}  // namespace

Result<std::optional<SprtParams>> sprt_option(const boost::program_options::variables_map& vm) {
    if (!vm.count("sprt")) return std::optional<SprtParams>{};
    const auto parsed = parse_sprt_options(vm["sprt"].as<std::vector<std::string>>());
    if (!parsed) return Failure{parsed.error()};
    return std::optional<SprtParams>{*parsed};
}

std::optional<int> parse_results_command(int argc, char** argv, const boost::program_options::options_description& desc,
                                         boost::program_options::variables_map& vm, const std::string& program) {
    boost::program_options::positional_options_description positional;
    positional.add("files", -1);
    return parse_arena_command(argc, argv, desc, vm, program, &positional,
                               boost::program_options::command_line_style::default_style);
}

std::optional<int> parse_arena_command(int argc, char** argv, const boost::program_options::options_description& desc,
                                       boost::program_options::variables_map& vm, const std::string& program,
                                       const boost::program_options::positional_options_description* positional,
                                       int style) {
    namespace po = boost::program_options;
    try {
        po::command_line_parser parser(argc, argv);
        parser.options(desc).style(style);
        if (positional) parser.positional(*positional);
        po::store(parser.run(), vm);
        po::notify(vm);
    } catch (const std::exception& e) {  // po::error, and a value's own validation
        std::cerr << program << ": " << e.what() << " (see --help)\n";
        return 2;
    }
    if (vm.count("help")) {
        std::cout << desc << "\n";
        return 0;
    }
    return std::nullopt;
}

boost::program_options::parsed_options parse_keeping_unknown(
    const std::vector<std::string>& words, const boost::program_options::options_description& desc, int style,
    const boost::program_options::positional_options_description* positional,
    boost::program_options::variables_map& vm) {
    namespace po = boost::program_options;
    po::command_line_parser parser(words);
    parser.options(desc).style(style).allow_unregistered();
    if (positional) parser.positional(*positional);
    po::parsed_options parsed = parser.run();
    po::store(parsed, vm);
    po::notify(vm);
    return parsed;
}

std::optional<std::pair<int, int>> parse_board_size(const std::string& text) {
    const auto x = text.find_first_of("xX");
    if (x == std::string::npos) {
        const auto n = parse_positive(text);
        if (!n) return std::nullopt;
        return std::pair{*n, *n};
    }
    const auto w = parse_positive(text.substr(0, x)), h = parse_positive(text.substr(x + 1));
    if (!w || !h) return std::nullopt;
    return std::pair{*w, *h};
}

Result<SprtParams> parse_sprt_options(const std::vector<std::string>& tokens) {
    SprtParams p;
    const Status read =
        for_each_key_value("--sprt", tokens, [&](const std::string& key, const std::string& value) -> Status {
            if (key == "model") {
                if (value == "normalized")
                    p.model = SprtModel::Normalized;
                else if (value == "logistic")
                    p.model = SprtModel::Logistic;
                else
                    return Failure{"model must be normalized or logistic, got '" + value + "'"};
                return {};
            }
            double v = 0;
            try {
                std::size_t used = 0;
                v = std::stod(value, &used);
                if (used != value.size() || !std::isfinite(v)) throw std::invalid_argument(value);
            } catch (const std::exception&) {
                return Failure{key + " needs a number, got '" + value + "'"};
            }
            if (key == "elo0")
                p.elo0 = v;
            else if (key == "elo1")
                p.elo1 = v;
            else if (key == "alpha")
                p.alpha = v;
            else if (key == "beta")
                p.beta = v;
            else
                return Failure{"unknown key '" + key + "'"};
            return {};
        });
    if (!read.ok()) return Failure{read.error()};
    if (const Status valid = check_sprt_params(p); !valid.ok()) return Failure{"--sprt: " + valid.error()};
    return p;
}

}  // namespace tengen
