#include "protocol/board_options.h"

namespace tengen {

namespace po = boost::program_options;

BoardOptions::BoardOptions(const GameConfig& defaults)
    : defaults_(defaults), k_(defaults.win_length), rule_(rule_name(defaults.rule)) {}

void BoardOptions::add_to(po::options_description& desc) {
    std::string default_size = std::to_string(defaults_.width);
    if (defaults_.width != defaults_.height) default_size += 'x' + std::to_string(defaults_.height);
    // One option a line, as --help lists them.
    // clang-format off
    desc.add_options()
        ("size", po::value(&size_), ("a square board, 3..32 (default " + default_size + ")").c_str())
        ("width", po::value(&width_), "board width, 3..32 (overrides --size)")
        ("height", po::value(&height_), "board height, 3..32 (overrides --size)")
        ("k", po::value(&k_)->default_value(k_), "stones in a row that win")
        ("rule", po::value(&rule_)->default_value(rule_),
         "freestyle, exact, renju, caro, caro-exact, or a Gomocup rule code (0, 1, 4, 8, 9)");
    // clang-format on
}

Result<GameConfig> BoardOptions::config(const po::variables_map& vm) const {
    GameConfig config = defaults_;
    const auto rule = parse_rule(rule_);
    if (!rule) return Failure{"unknown --rule '" + rule_ + "'"};
    config.rule = *rule;
    if (vm.count("size")) config.width = config.height = size_;
    if (vm.count("width")) config.width = width_;
    if (vm.count("height")) config.height = height_;
    config.win_length = k_;
    // A command whose small-game defaults (solve: 4x4, k = 3) do not fit renju: say what to add
    // rather than only what is wrong.
    const bool k_defaulted = !vm.count("k") || vm["k"].defaulted();
    if (config.rule == Rule::Renju && config.win_length != 5 && k_defaulted) {
        std::string fix = "--k 5";
        if (config.width < 5 || config.height < 5) fix += " and a board of at least 5x5 (e.g. --size 15)";
        return Failure{"renju is five in a row: add " + fix};
    }
    if (const Status s = check_config(config); !s.ok()) return Failure{s.error()};
    return config;
}

}  // namespace tengen
