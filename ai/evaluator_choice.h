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
    // The network where it was fitted and measured stronger, freestyle (the rule, not its
    // family) on boards up to kAutoNetworkMaxSide a side; the tables elsewhere. What the front
    // ends use unless told otherwise.
    Auto,
};

// The largest side of a board on which Auto is the network. It was fitted on 15x15 games and
// reads a larger board's quiet cells as if it had 15x15's (value_network.h); so read, it beat
// the tables on 20x20 (ledger align-20x20-s47), Gomocup's other board. Nothing past 20 was
// measured.
inline constexpr int kAutoNetworkMaxSide = 20;

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

// What judges a game of this config under the choice: Tables or Network, never Auto. The
// network only for five in a row, on a board its int16 sums fit (value_network.h), and under
// Auto only in freestyle up to kAutoNetworkMaxSide a side.
Evaluation evaluation_for(EvaluatorChoice choice, const GameConfig& config);

}  // namespace tengen
