// How a search judges positions, as the front ends choose it (`--evaluator`): the learned
// tables or the value network. The evaluators themselves are ai/'s own (position_evaluator.h);
// this is the part of them the layers above may name.
#pragma once

#include <cstdint>

#include "engine/types.h"

namespace tengen {

enum class Evaluation : std::uint8_t {
    Tables,   // the learned tables of cell codes and threat masks (eval_tables.h)
    Network,  // the value network built into the program, where it has one for the rule
};

// Which evaluator, and for the network which kernels (the fastest the CPU runs unless the
// portable ones are asked for; both give the same scores).
struct PreparedNetwork;

struct EvaluatorChoice {
    Evaluation evaluation = Evaluation::Tables;
    bool portable_kernels = false;
    // Another network than the one built in, for Evaluation::Network (tests and experiments;
    // it must outlive the searches), used for the rules of its family; null: the built-in one.
    const PreparedNetwork* network = nullptr;
    bool operator==(const EvaluatorChoice&) const = default;
};

// Whether the build has a network for the rule (Evaluation::Network falls back to the tables
// elsewhere).
bool has_network_for(Rule rule);

}  // namespace tengen
