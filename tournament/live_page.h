// The page `tengen-arena --live` serves at /: the games in progress on small boards, moved
// on as the WebSocket at /ws tells it, above the report of the finished games (/report, the
// page `tengen-arena report --html` writes), reloaded as each game ends. Self-contained: its
// script, style and the board component (board_component.h) are inside it.
#pragma once

#include <string>

namespace tengen {

std::string live_page();

}  // namespace tengen
