// The value networks built into the program (ai/networks/*.bin, turned into arrays by
// cmake/embed-file.cmake at build time), so the brain needs no weights file beside it.
#pragma once

#include <cstdint>
#include <span>

#include "ai/value_network.h"

namespace tengen {

// The weights file's bytes for the family; empty when the build has no network for it.
std::span<const std::uint8_t> embedded_network_bytes(NetworkFamily family);

}  // namespace tengen
