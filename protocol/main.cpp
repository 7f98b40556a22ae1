// pbrain-tengen: with no subcommand, a Gomocup brain on stdin/stdout; `play`, `serve`, `bench`, `selfplay`
// and `solve` are for people.
#include <cstring>
#include <iostream>
#include <string_view>

#include "protocol/subcommands.h"

int main(int argc, char** argv) {
    if (argc >= 2) {
        const std::string_view sub = argv[1];
        if (sub == "play") return tengen::play_main(argc - 1, argv + 1);
        if (sub == "bench") return tengen::bench_main(argc - 1, argv + 1);
        if (sub == "solve") return tengen::solve_main(argc - 1, argv + 1);
        if (sub == "selfplay") return tengen::selfplay_main(argc - 1, argv + 1);
        if (sub == "serve") return tengen::serve_main(argc - 1, argv + 1);
    }
    return tengen::brain_main(argc, argv);
}
