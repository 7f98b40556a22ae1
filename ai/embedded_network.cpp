#include "ai/embedded_network.h"

#include <cstddef>

namespace tengen {

// Defined in the source the build generates from ai/networks/freestyle.bin.
extern const std::uint8_t freestyle_network[];
extern const std::size_t freestyle_network_size;

std::span<const std::uint8_t> embedded_network_bytes(NetworkFamily family) {
    if (family == NetworkFamily::Freestyle) return {freestyle_network, freestyle_network_size};
    return {};
}

}  // namespace tengen
