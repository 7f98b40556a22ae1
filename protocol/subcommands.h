// The pbrain-tengen binary's entry points, one per subcommand; main.cpp only dispatches.
// Each takes the arguments after the subcommand's name (argv[0] is the subcommand) and
// returns the process exit code.
#pragma once

namespace tengen {

int brain_main(int argc, char** argv);             // no subcommand: the Gomocup brain on stdin/stdout
int play_main(int argc, char** argv);              // `play`: a game in the terminal
int bench_main(int argc, char** argv);             // `bench`: fixed positions to a fixed depth
int solve_main(int argc, char** argv);             // `solve`: exact value of small k-in-a-row games
int selfplay_main(int argc, char** argv);          // `selfplay`: seeded training games at fixed nodes
int selfplay_merge_main(int argc, char** argv);    // `selfplay merge`: shards of self-play runs as one file
int selfplay_relabel_main(int argc, char** argv);  // `selfplay relabel`: deeper scores where result and score part
int serve_main(int argc, char** argv);             // `serve`: a board in the web browser

}  // namespace tengen
