#include "ai/position_evaluator.h"

namespace tengen {

SearchEvaluator::SearchEvaluator(const GameConfig& config, EvaluatorChoice choice) : tables_(config) {
    if (choice.evaluation != Evaluation::Network) return;
    // The tables judge what the network was not fitted on (another k: its line classes mean
    // other shapes) and a board too large for its sums (value_network.h).
    const NetworkFamily family = network_family(config.rule);
    const PreparedNetwork* net = choice.network ? choice.network : embedded_prepared_network(family);
    if (net && net->family == family && config.win_length == 5 && net->sums_fit(config))
        network_.emplace(config, net, choice.portable_kernels ? NetworkKernels::Portable : best_network_kernels());
}

bool has_network_for(Rule rule) { return embedded_prepared_network(network_family(rule)) != nullptr; }

}  // namespace tengen
