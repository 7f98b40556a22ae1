#include "protocol/evaluator_options.h"

#include <string>

namespace tengen {

namespace po = boost::program_options;

namespace {

// "15x15" for a side of 15: how far auto's network reaches, as the help and the banner say it.
std::string auto_network_board() {
    const std::string side = std::to_string(kAutoNetworkMaxSide);
    return side + "x" + side;
}

}  // namespace

void add_evaluator_options(po::options_description& options) {
    // One option a line, as --help lists them.
    // clang-format off
    options.add_options()
        ("evaluator", po::value<std::string>()->default_value("auto"),
         ("how positions are judged: auto (the value network in freestyle up to " + auto_network_board() +
         ", the tables elsewhere), tables (the learned cell-code tables) or network (the value network built in for "
         "every rule of its family; the tables where it has none for the rule, for another k than "
         "five and on a board too large for it)").c_str())
        ("portable-kernels", po::bool_switch(),
         "run the network with its portable code instead of the CPU's vector instructions (the same "
         "scores and node counts, slower)");
    // clang-format on
}

Result<EvaluatorChoice> evaluator_choice(const po::variables_map& vm) {
    EvaluatorChoice choice;
    const std::string name = vm.count("evaluator") ? vm["evaluator"].as<std::string>() : "auto";
    if (name == "network")
        choice.evaluation = Evaluation::Network;
    else if (name == "auto")
        choice.evaluation = Evaluation::Auto;
    else if (name != "tables")
        return Failure{"--evaluator must be auto, tables or network, not \"" + name + "\""};
    choice.portable_kernels = vm.count("portable-kernels") && vm["portable-kernels"].as<bool>();
    return choice;
}

std::string evaluator_description(EvaluatorChoice choice) {
    if (choice.evaluation == Evaluation::Tables) return "tables";
    const std::string name = choice.evaluation == Evaluation::Auto
                                 ? "auto (the network in freestyle up to " + auto_network_board() + ")"
                                 : "network";
    return choice.portable_kernels ? name + " (portable kernels)" : name;
}

}  // namespace tengen
