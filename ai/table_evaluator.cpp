#include "ai/table_evaluator.h"

#include <algorithm>

#include "ai/cell_code.h"
#include "ai/eval_tables.h"
#include "ai/evaluation.h"
#include "ai/search_position.h"

namespace tengen {
namespace {

// kCellCodeEval's two roles packed by code, with a zero entry for kNoCellCode: by eval_mode,
// 19 KB a mode.
using ValuesByCode = std::array<TableEvaluator::Packed, kCellCodes + 1>;

const std::array<ValuesByCode, kEvalModes>& values_by_code() {
    static const std::array<ValuesByCode, kEvalModes> tables = [] {
        std::array<ValuesByCode, kEvalModes> t{};
        for (int mode = 0; mode < kEvalModes; ++mode)
            for (int code = 0; code < kCellCodes; ++code)
                t[mode][code] = TableEvaluator::pack(kCellCodeEval[mode][0][code], kCellCodeEval[mode][1][code]);
        return t;
    }();
    return tables;
}

}  // namespace

TableEvaluator::TableEvaluator(const GameConfig& config) {
    for (int c = 0; c < 2; ++c) by_code_[c] = values_by_code()[eval_mode(config.rule, c)].data();
    saved_.reserve(static_cast<std::size_t>(config.width * config.height) + 8);
}

void TableEvaluator::refresh(const SearchPosition& p) {
    saved_.clear();
    state_ = {};
    tell_every_code(p, *this);
}

Score TableEvaluator::evaluate(const SearchPosition& p) const noexcept {
    const int us = p.side(), them = us ^ 1;
    // Now we are to move and they have just moved; before the last move the roles were swapped.
    const State& before = previous();
    const int now = to_move_part(state_[us]) - just_moved_part(state_[them]);
    const int then = just_moved_part(before[us]) - to_move_part(before[them]);
    const int v = (now + then) / 2 + kThreatEval[threat_variant(p)][threat_mask(p)];
    return std::clamp(v, -20000, 20000);
}

}  // namespace tengen
