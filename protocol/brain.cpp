// Placeholder until the owner of this subcommand lands it.
#include <iostream>

#include "subcommands.h"

namespace tengen {

int brain_main(int, char**) {
    std::cerr << "pbrain-tengen: brain is not built yet\n";
    return 2;
}

}  // namespace tengen
