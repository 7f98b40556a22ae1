// `pbrain-tengen play`: options, then the game loop on the terminal (or a pipe).
#include <cstdlib>
#include <iostream>

#include "protocol/play_game.h"
#include "protocol/play_options.h"
#include "protocol/platform_io.h"
#include "protocol/subcommands.h"

namespace tengen {

int play_main(int argc, char** argv) {
    const PlayOptionsOutcome parsed = parse_play_options(argc, argv, std::cout, std::cerr);
    if (!parsed.options) return parsed.exit_code;
    // Colour only for a person at a terminal; pipes and NO_COLOR get plain text.
    const char* no_color_env = std::getenv("NO_COLOR");
    const bool color =
        parsed.options->color && platform::stdout_is_terminal() && (no_color_env == nullptr || *no_color_env == '\0');
    const bool echo = !platform::stdin_is_terminal();
    PlayGame game(*parsed.options, std::cin, std::cout, color, echo);
    return game.run();
}

}  // namespace tengen
