#include "ai/score.h"

namespace tengen {

std::string format_score(Score s) {
    if (s >= kMateBound) return "+M" + std::to_string(kMate - s);
    if (s <= -kMateBound) return "-M" + std::to_string(kMate + s);
    return std::to_string(s);
}

}  // namespace tengen
