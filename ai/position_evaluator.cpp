#include "ai/position_evaluator.h"

namespace tengen {

namespace {

// The network that judges a game of this config under the choice, or null for the tables.
// The tables judge what the network was not fitted on (another k: its line classes mean other
// shapes) and a board too large for its sums (value_network.h).
const PreparedNetwork* judging_network(EvaluatorChoice choice, const GameConfig& config) {
    if (choice.evaluation == Evaluation::Tables) return nullptr;
    // Auto keeps to where the network was measured stronger: freestyle up to 20x20. On 20x20,
    // with the quiet cells past 15x15 taken off (value_network.h), it scored 62.3% of 400 games
    // against the tables at 100,000 nodes a move (ledger align-20x20-s47); read with all of
    // them, 42.5% of 200 (net3p10-20x20-s46).
    if (choice.evaluation == Evaluation::Auto &&
        (config.rule != Rule::Freestyle || config.width > kAutoNetworkMaxSide || config.height > kAutoNetworkMaxSide))
        return nullptr;
    const NetworkFamily family = network_family(config.rule);
    const PreparedNetwork* net = choice.network ? choice.network : embedded_prepared_network(family);
    if (net && net->family == family && config.win_length == 5 && net->sums_fit(config)) return net;
    return nullptr;
}

}  // namespace

SearchEvaluator::SearchEvaluator(const GameConfig& config, EvaluatorChoice choice) : tables_(config) {
    if (const PreparedNetwork* net = judging_network(choice, config))
        network_.emplace(config, net, choice.portable_kernels ? NetworkKernels::Portable : best_network_kernels());
}

Evaluation evaluation_for(EvaluatorChoice choice, const GameConfig& config) {
    return judging_network(choice, config) ? Evaluation::Network : Evaluation::Tables;
}

bool has_network_for(Rule rule) { return embedded_prepared_network(network_family(rule)) != nullptr; }

}  // namespace tengen
