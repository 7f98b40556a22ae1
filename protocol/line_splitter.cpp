#include "protocol/line_splitter.h"

namespace tengen {

void LineSplitter::feed(std::string_view bytes, const LineHandler& on_line) {
    for (char c : bytes) {
        if (c == '\n' || c == '\r') {
            emit(on_line);
            continue;
        }
        if (current_.size() < max_chars_) current_.push_back(c);
        ++current_length_;
    }
}

void LineSplitter::finish(const LineHandler& on_line) {
    if (current_length_ > 0) emit(on_line);
}

void LineSplitter::emit(const LineHandler& on_line) {
    Line line{std::move(current_), current_length_};
    current_.clear();
    current_length_ = 0;
    on_line(std::move(line));
}

}  // namespace tengen
