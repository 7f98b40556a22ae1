#include "ai/position_evaluator.h"

namespace tengen {

SearchEvaluator::SearchEvaluator(const GameConfig& config, EvaluatorChoice choice) : tables_(config) {
    if (choice.evaluation != Evaluation::Network) return;
    // A board too large for the network's sums is the tables' (value_network.h).
    if (const PreparedNetwork* net = embedded_prepared_network(network_family(config.rule));
        net && net->sums_fit(config))
        network_.emplace(config, net, choice.portable_kernels ? NetworkKernels::Portable : best_network_kernels());
}

bool has_network_for(Rule rule) { return embedded_prepared_network(network_family(rule)) != nullptr; }

}  // namespace tengen
