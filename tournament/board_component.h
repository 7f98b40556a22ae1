// The board component the report's replay draws with: web/board.js and web/board.css, the
// same files `pbrain-tengen serve` serves, built into the binary (tournament/CMakeLists.txt).
#pragma once

#include <string_view>

namespace tengen {

std::string_view board_component_script();  // defines TengenBoard.Board
std::string_view board_component_style();   // its CSS rules, for a <style> element

}  // namespace tengen
