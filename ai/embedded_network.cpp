#include "ai/embedded_network.h"

#include <cstddef>

namespace tengen {

// Defined in the sources the build generates from ai/networks/freestyle.bin and renju.bin
// (empty where the file is missing).
extern const std::uint8_t freestyle_network[];
extern const std::size_t freestyle_network_size;
extern const std::uint8_t renju_network[];
extern const std::size_t renju_network_size;

std::span<const std::uint8_t> embedded_network_bytes(NetworkFamily family) {
    if (family == NetworkFamily::Freestyle) return {freestyle_network, freestyle_network_size};
    return {renju_network, renju_network_size};
}

}  // namespace tengen
