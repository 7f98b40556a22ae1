// The version every program reports (pbrain-tengen --version and ABOUT, tengen-arena
// --version and each results line): the project's version from CMakeLists.txt.
#pragma once

#include <string_view>

#ifndef TENGEN_VERSION
#error "TENGEN_VERSION comes from the build (engine/CMakeLists.txt)"
#endif

namespace tengen {

inline constexpr std::string_view kTengenVersion = TENGEN_VERSION;

}  // namespace tengen
