// A learned value of a position: a small network over the cell codes the search position
// already keeps (cell_code.h), trained by tengen-train (tools/trainer/) on self-play games.
//
// Every empty cell adds two embedding rows to one accumulator: own[mode][code] for the side
// to move's code at the cell and opp[mode][code] for the opponent's. The sum is a plain sum of
// rows, so a search can later keep it incrementally (a move changes the codes of the cells on
// its four lines only). The accumulator, clipped to [0, 1], is joined by a clipped row for the
// side to move's threat mask (evaluation.h), then one clipped hidden layer and one output give
// the logit of the side to move's win probability. Board symmetries permute a cell's four
// directions and the code is an unordered set of the four, so the value is the same for all
// eight images of a position.
//
// The weights are integers as the engine will use them: embeddings (and so the accumulator)
// int16 at kEmbeddingScale per unit, clipped activations 0..kActivationScale (one byte), dense
// weights int8 at kWeightScale per unit, biases int32 at activation times weight scale. A board
// sums hundreds of rows, the far cells' one code a hundred times over, so the rows get a much
// finer scale than the activations they end up as (at 8 steps an activation step, rounding the
// rows cost the first network 0.01 of log-loss).
// The quiet code (cell_code.h: no stone within reach on any line) is most cells of an early
// board, so its rows dominate the sums, and their count tells the network the game's phase. The
// networks are fitted on 15x15 games, and a larger board has more quiet cells at every phase:
// read as they are, a 20x20 opening looks to the network like no position it was fitted on. So
// the features count the quiet code less the cells past kFittedArea (a negative count where few
// are quiet), and a 20x20 position with n stones sums about as a 15x15 one with n stones. Where
// the sums still leave int16's range the board is judged by the tables
// (PreparedNetwork::sums_fit). tengen-train --quiet-rows-zero fits a network whose quiet rows are zero.
// The forward pass here is plain portable integer arithmetic; it is the reference that the
// trainer validates with and that a vectorised engine version must equal (its int16 sums
// equal these int32 ones while no entry passes 32767, about 16 units).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/result.h"
#include "engine/types.h"

namespace tengen {

class SearchPosition;

// The rules a network is for: the modes of eval_mode() it holds. Every rule but renju shares
// mode 0 (one mode for both colours); renju has one for black and one for white.
enum class NetworkFamily : std::uint32_t { Freestyle = 0, Renju = 1 };

inline constexpr std::uint32_t kValueNetworkMagic = 0x4E564754;  // "TGVN" read as little-endian bytes
inline constexpr std::uint32_t kValueNetworkVersion = 1;         // a value network alone
inline constexpr std::uint32_t kPolicyNetworkVersion = 2;        // with a policy head
inline constexpr int kActivationScale = 127;                     // 1.0 of a clipped activation
inline constexpr int kEmbeddingScale = 16 * kActivationScale;    // 1.0 of an embedding entry or a sum of them
inline constexpr int kWeightScale = 64;                          // 1.0 of a dense weight (so |w| < 2)

// A dense layer's sum (weights at kWeightScale, inputs at kActivationScale) back to one
// activation, rounded to nearest and clipped to 0..kActivationScale: negative sums clip to 0
// whichever way they round. The reference pass and the engine's share it.
constexpr std::int32_t dense_activation(std::int32_t sum) {
    const std::int32_t scaled = (sum + kWeightScale / 2) / kWeightScale;
    return scaled < 0 ? 0 : scaled > kActivationScale ? kActivationScale : scaled;
}

struct ValueNetworkSizes {
    int accumulator = 32;  // width of the summed cell rows
    int threat = 16;       // width of the threat mask's row
    int hidden = 32;       // the hidden layer's width
    int policy = 0;        // the policy head's context width; 0: no policy head
};

// The policy head's nearness terms go by the buckets of move_order.h: a candidate's distance
// to the opponent's last stone and to our own last, 1, 2, 3, 4, farther, or no such stone.
inline constexpr int kPolicyNearnessBuckets = 6;

struct ValueNetwork {
    NetworkFamily family = NetworkFamily::Freestyle;
    ValueNetworkSizes sizes;
    // Row-major tables; see the accessors below for the index order.
    std::vector<std::int16_t> accumulator_bias;  // [accumulator]
    std::vector<std::int16_t> own_rows;          // [mode][cell code][accumulator]
    std::vector<std::int16_t> opp_rows;          // [mode][cell code][accumulator]
    std::vector<std::int16_t> threat_rows;       // [mode][threat mask][threat]
    std::vector<std::int8_t> hidden_weights;     // [hidden][accumulator + threat]
    std::vector<std::int32_t> hidden_bias;       // [hidden]
    std::vector<std::int8_t> output_weights;     // [hidden]
    std::int32_t output_bias = 0;
    // The policy head (empty when sizes.policy is 0). A context of sizes.policy activations is
    // one clipped layer over the hidden layer's; a candidate cell's logit, in the same units as
    // the value's, is the bias of its own code for the side to move and of its code for the
    // opponent, plus its nearness terms, plus the context's dot product with both codes' weight
    // rows. So the value network's reading of the whole board reweighs what each local shape is
    // worth as a move.
    std::vector<std::int8_t> policy_context_weights;  // [policy][hidden]
    std::vector<std::int32_t> policy_context_bias;    // [policy]
    std::vector<std::int32_t> policy_own_bias;        // [mode][cell code]
    std::vector<std::int32_t> policy_opp_bias;        // [mode][cell code]
    std::vector<std::int8_t> policy_own_weights;      // [mode][cell code][policy]
    std::vector<std::int8_t> policy_opp_weights;      // [mode][cell code][policy]
    std::vector<std::int32_t> policy_near_last;       // [kPolicyNearnessBuckets]
    std::vector<std::int32_t> policy_near_own;        // [kPolicyNearnessBuckets]

    bool has_policy() const noexcept { return sizes.policy > 0; }
    int modes() const noexcept { return family == NetworkFamily::Renju ? 2 : 1; }
    int inputs() const noexcept { return sizes.accumulator + sizes.threat; }

    // A network of these sizes with every weight zero (the trainer fills it in).
    static ValueNetwork zeros(NetworkFamily family, const ValueNetworkSizes& sizes);

    const std::int16_t* own_row(int mode, int code) const noexcept;
    const std::int16_t* opp_row(int mode, int code) const noexcept;
    const std::int16_t* threat_row(int mode, int mask) const noexcept;
};

// The family whose network values a position of this rule.
constexpr NetworkFamily network_family(Rule rule) {
    return rule == Rule::Renju ? NetworkFamily::Renju : NetworkFamily::Freestyle;
}
// The network's own mode for a colour: 0 outside renju; the colour (0 black, 1 white) in renju.
constexpr int network_mode(Rule rule, int colour) { return rule == Rule::Renju ? colour : 0; }

// The board area the networks are fitted on, and how many cells a board has past it (0 for a
// board no larger): the quiet code's count is read less these.
inline constexpr int kFittedArea = 15 * 15;
constexpr int cells_beyond_fitted(const GameConfig& config) {
    const int area = config.width * config.height;
    return area > kFittedArea ? area - kFittedArea : 0;
}

// How many empty cells hold a code, for one colour, as the network reads them: for the quiet
// code, less cells_beyond_fitted (so it may be negative).
struct CodeCount {
    std::uint16_t code;
    std::int16_t count;
};

// What the network reads of a position, from scratch: the codes of the side to move and of
// the opponent over the empty cells (each code once, with its nonzero count, in ascending
// order), both colours' modes and the threat mask of the side to move.
struct ValueFeatures {
    int own_mode = 0;
    int opp_mode = 0;
    int threat_mask = 0;
    std::vector<CodeCount> own;
    std::vector<CodeCount> opp;
};

ValueFeatures value_features(const SearchPosition& p);

// The accumulator as summed, at kEmbeddingScale: bias plus count times each row, in int32.
std::vector<std::int32_t> accumulate(const ValueNetwork& net, const ValueFeatures& f);

// The side to move's win logit, in units of 1 / (kActivationScale * kWeightScale).
std::int32_t evaluate_logit_units(const ValueNetwork& net, const ValueFeatures& f);
// The hidden layer's clipped activations, 0..kActivationScale each: what the output and the
// policy head read.
std::vector<std::int32_t> hidden_activations(const ValueNetwork& net, const ValueFeatures& f);

// The policy head's context for those activations, 0..kActivationScale each.
std::vector<std::int32_t> policy_context(const ValueNetwork& net, std::span<const std::int32_t> hidden);

// What the policy head reads of one candidate cell: the side to move's code there and the
// opponent's, in their modes, and its nearness buckets (move_order.h's nearness_bucket).
struct PolicyCell {
    int own_mode = 0, opp_mode = 0;
    int own_code = 0, opp_code = 0;
    int near_last = 0, near_own = 0;
};

// A candidate's policy logit in the value's units, 1 / (kActivationScale * kWeightScale).
// Precondition: net.has_policy().
std::int32_t policy_logit_units(const ValueNetwork& net, std::span<const std::int32_t> context, const PolicyCell& c);

// The same as a logit and as a win probability.
double evaluate_logit(const ValueNetwork& net, const ValueFeatures& f);
double evaluate_win_probability(const ValueNetwork& net, const ValueFeatures& f);

// The weights file: little-endian, a header of twelve uint32 (magic, version, family, modes,
// cell codes, threat masks, accumulator, threat and hidden widths, embedding, activation and
// weight scales), then the tables in ValueNetwork's order (int16, int8 and int32 entries). A file whose
// header differs from what this build computes (another code count, other scales) is refused.
// Version 2 adds a thirteenth header word, the policy width, and the policy tables after the
// value's, in ValueNetwork's order; a network without a policy head is written as version 1.
std::vector<std::uint8_t> serialise(const ValueNetwork& net);
Result<ValueNetwork> parse_value_network(std::span<const std::uint8_t> bytes);
Result<ValueNetwork> read_value_network(const std::string& path);
Status write_value_network(const ValueNetwork& net, const std::string& path);

}  // namespace tengen
