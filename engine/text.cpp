#include "engine/text.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace tengen {

std::string_view trim(std::string_view text) noexcept {
    while (!text.empty() && is_space_ascii(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space_ascii(text.back())) text.remove_suffix(1);
    return text;
}

std::string to_upper_ascii(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

std::string to_lower_ascii(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string printable_excerpt(std::string_view text, std::size_t max_chars) {
    std::string out;
    const bool cut = text.size() > max_chars;
    if (cut) text = text.substr(0, max_chars);
    out.reserve(text.size() + 3);
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        out.push_back(u >= 0x20 && u < 0x7f ? c : '?');
    }
    if (cut) out += "...";
    return out;
}

Result<std::string> read_whole_file(const std::string& path) {
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) return Failure{"cannot open " + path + (errno != 0 ? std::string(": ") + std::strerror(errno) : "")};
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0) out += separator;
        out += parts[i];
    }
    return out;
}

}  // namespace tengen
