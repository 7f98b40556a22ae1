// What ABOUT says. Piskvork's protocol recommends the keys name, version, author, country, www
// and email and has managers cope with any of them missing; Tengen sends the ones it has a
// true value for. It names no country, web page or address anywhere (README, docs), so those
// keys are left out rather than filled with "Unknown" or "none", which a manager would show
// as if they were the values.
#pragma once

#include <string_view>

#include "engine/version.h"

namespace tengen {

inline constexpr std::string_view kBrainName = "Tengen";
inline constexpr std::string_view kBrainVersion = kTengenVersion;
inline constexpr std::string_view kAboutLine =
    R"(name="Tengen", version=")" TENGEN_VERSION R"(", author="Tengen developers")";

}  // namespace tengen
