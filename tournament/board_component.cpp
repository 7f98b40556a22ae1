#include "tournament/board_component.h"

#include <cstddef>
#include <cstdint>

namespace tengen {

// Written by cmake/embed-file.cmake from web/.
extern const std::uint8_t board_component_script_bytes[];
extern const std::size_t board_component_script_bytes_size;
extern const std::uint8_t board_component_style_bytes[];
extern const std::size_t board_component_style_bytes_size;

namespace {

std::string_view as_text(const std::uint8_t* bytes, std::size_t size) {
    return {reinterpret_cast<const char*>(bytes), size};
}

}  // namespace

std::string_view board_component_script() {
    return as_text(board_component_script_bytes, board_component_script_bytes_size);
}
std::string_view board_component_style() {
    return as_text(board_component_style_bytes, board_component_style_bytes_size);
}

}  // namespace tengen
