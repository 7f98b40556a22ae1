// What ABOUT says.
#pragma once

#include <string_view>

#include "engine/version.h"

namespace tengen {

inline constexpr std::string_view kBrainName = "Tengen";
inline constexpr std::string_view kBrainVersion = kTengenVersion;
inline constexpr std::string_view kAboutLine =
    R"(name="Tengen", version=")" TENGEN_VERSION
    R"(", author="Tengen developers", country="Unknown", www="none", email="none")";

}  // namespace tengen
