// What ABOUT says.
#pragma once

#include <string_view>

namespace tengen {

inline constexpr std::string_view kBrainName = "Tengen";
inline constexpr std::string_view kBrainVersion = "0.1.0";
inline constexpr std::string_view kAboutLine =
    R"(name="Tengen", version="0.1.0", author="Tengen developers", country="Unknown", www="none", email="none")";

}  // namespace tengen
