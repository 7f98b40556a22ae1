// The Windows brain is built for Gomocup's manager alone: `serve` (Boost.Beast's sockets and
// the page) is left out of it, and says so rather than being an unknown command.
#include <iostream>

#include "protocol/subcommands.h"

namespace tengen {

int serve_main(int, char**) {
    std::cerr << "pbrain-tengen serve: not in the Windows build; run the Linux build's pbrain-tengen serve\n";
    return 2;
}

}  // namespace tengen
