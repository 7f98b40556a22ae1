// tengen-arena: brain-vs-brain tournaments over the Gomocup protocol (docs/arena.md).
#include <csignal>
#include <string_view>

#include "engine/standard_descriptors.h"
#include "tournament/arena_commands.h"
#include "tournament/orphans.h"

namespace {

int run_command(int argc, char** argv) {
    if (argc >= 2 && std::string_view(argv[1]) == "merge") return tengen::merge_command(argc - 1, argv + 1);
    if (argc >= 2 && std::string_view(argv[1]) == "report") return tengen::report_command(argc - 1, argv + 1);
    if (argc >= 2 && std::string_view(argv[1]) == "check") return tengen::check_command(argc - 1, argv + 1);
    if (argc >= 2 && std::string_view(argv[1]) == "league") return tengen::league_command(argc - 1, argv + 1);
    return tengen::arena_command(argc, argv);
}

}  // namespace

int main(int argc, char** argv) {
    tengen::ensure_standard_descriptors();  // before anything opens a file
    // Past a file size limit (ulimit -f) a write must fail with EFBIG, so that the results
    // file is rolled back to its last whole line and the run stops with status 3, rather
    // than the signal killing the arena mid-line.
    std::signal(SIGXFSZ, SIG_IGN);
    tengen::adopt_orphans();
    const int status = run_command(argc, argv);
    tengen::kill_orphans();  // every brain has ended: what they left running goes with them
    return status;
}
