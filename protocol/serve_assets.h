// The page of `pbrain-tengen serve`, built into the binary from protocol/serve/ and web/ (the build
// turns each file into a string: cmake/embed_assets.cmake), so the server reads no file and
// the page fetches nothing from outside.
#pragma once

#include <optional>
#include <string_view>

namespace tengen {

struct ServeAsset {
    std::string_view content_type;
    std::string_view body;
};

// The file served at `path` ("/" is the page itself), if there is one.
std::optional<ServeAsset> serve_asset(std::string_view path);

}  // namespace tengen
