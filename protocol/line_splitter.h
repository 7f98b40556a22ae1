// Cuts a byte stream into lines. CR LF, LF and CR all end a line (a CR LF pair yields one
// line and one empty line, which the protocol ignores anyway). A line longer than the cap is
// not stored: it comes out as an oversized marker so a 1 MB line cannot grow memory.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace tengen {

class LineSplitter {
public:
    struct Line {
        std::string text;             // the line, or its first max_chars bytes when oversized
        std::size_t full_length = 0;  // bytes the line really had
        bool oversized() const noexcept { return full_length > text.size(); }
    };
    using LineHandler = std::function<void(Line&&)>;

    explicit LineSplitter(std::size_t max_chars = 64 * 1024) : max_chars_(max_chars) {}

    // Feeds bytes; calls on_line for every line completed by them.
    void feed(std::string_view bytes, const LineHandler& on_line);
    // End of input: a last line without an ending still counts.
    void finish(const LineHandler& on_line);

private:
    void emit(const LineHandler& on_line);

    std::size_t max_chars_;
    std::string current_;
    std::size_t current_length_ = 0;
};

}  // namespace tengen
