// `pbrain-tengen play`'s command line: who plays, the game, the engine's time.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>

#include "ai/evaluator_choice.h"
#include "engine/types.h"

namespace tengen {

enum class PlayMode { HumanVsEngine, HumanVsHuman, EngineVsEngine };

struct PlayOptions {
    GameConfig config;
    PlayMode mode = PlayMode::HumanVsEngine;
    Color human = Color::Black;   // the human's colour against the engine
    double engine_seconds = 1.0;  // per engine move (also per hint)
    bool color = true;            // ANSI colour wanted; used only when stdout is a terminal
    std::size_t hash_mb = 64;     // the engine's transposition table
    EvaluatorChoice evaluator;    // how the engine judges positions
};

// Either options to play with, or the exit code to leave with (after --help, or after an
// error already reported on err in one line).
struct PlayOptionsOutcome {
    std::optional<PlayOptions> options;
    int exit_code = 0;
};

PlayOptionsOutcome parse_play_options(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace tengen
