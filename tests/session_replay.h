// Feeds raw bytes through a Session exactly as the binary's reader would (CR/LF/CR LF line
// splitting, the long-line cap), with searches capped tiny. Shared by the fuzzer and the test
// that replays its regression inputs.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "protocol/line_splitter.h"
#include "protocol/output_sink.h"
#include "protocol/session.h"

namespace tengen::testing {

inline SessionOptions tiny_search_options() {
    SessionOptions options;
    options.max_hash_bytes = std::size_t{1} << 20;
    options.max_depth = 2;
    options.max_nodes = 2000;
    options.max_turn_ms = 20;
    options.max_threads = 1;
    return options;
}

// The session's output lines for this input; stops at END like the binary.
inline std::vector<std::string> replay_through_session(std::string_view bytes) {
    StringSink sink;
    Session session(sink, tiny_search_options());
    LineSplitter splitter(kMaxLineChars + 1);
    bool quit = false;
    auto on_line = [&](LineSplitter::Line&& line) {
        if (!quit && session.process_line(line.text) == SessionAction::Quit) quit = true;
    };
    splitter.feed(bytes, on_line);
    splitter.finish(on_line);
    return sink.take();
}

// Is this a line the brain may print: one of the protocol's answer forms, printable ASCII.
inline bool is_well_formed_output(const std::string& line) {
    for (const char c : line)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) return false;
    static const std::vector<std::string> prefixes = {"OK",      "ERROR ", "UNKNOWN ", "MESSAGE ", "DEBUG ",
                                                      "FORBID ", "name=",  "SWAP",     "INFO "};
    for (const auto& prefix : prefixes)
        if (line.rfind(prefix, 0) == 0) return true;
    // A move, or the swap2 answers "x,y x,y" / "x,y x,y x,y".
    std::size_t i = 0;
    for (int points = 0; points < 3; ++points) {
        auto digits = [&] {
            const std::size_t from = i;
            while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
            return i > from && i - from <= 2;
        };
        if (!digits() || i >= line.size() || line[i++] != ',' || !digits()) return false;
        if (i == line.size()) return true;
        if (line[i++] != ' ') return false;
    }
    return false;
}

}  // namespace tengen::testing
