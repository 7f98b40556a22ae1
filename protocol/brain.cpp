// The Gomocup brain on stdin/stdout: a reader thread that never goes deaf, and the session
// processing lines in order on this thread (its searches run on the Searcher's threads).
// END stops every search from the reader at once; the lines before it are still answered
// (a shell pipe sends everything in one go) and the process ends at END, or after a short
// grace whatever the session is doing. YXSTOP stops the search from the reader too.
#include <chrono>
#include <iostream>
#include <thread>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "protocol/brain_identity.h"
#include "protocol/evaluator_options.h"
#include "protocol/line_queue.h"
#include "protocol/line_splitter.h"
#include "protocol/output_sink.h"
#include "protocol/platform_io.h"
#include "protocol/session.h"
#include "protocol/subcommands.h"
#include "protocol/command_options.h"

namespace tengen {

namespace {

// From END to the forced exit. The session normally exits itself once it has answered the
// lines queued before END (their searches are stopped at once, START costs no time), long
// before this; the backstop is for a session that cannot finish, e.g. blocked writing to an
// output pipe nobody reads. It stays inside the second END allows.
constexpr auto kEndGrace = std::chrono::milliseconds(850);

// Reads stdin to its end or to END. Line numbers match the session's count: they count the
// lines queued, which are every line up to END but empty ones (the session skips those) and
// those the full queue drops. The lines before END were sent before it and get their answers (a
// pipe like `printf 'START 15\nBEGIN\nEND\n'` used to print nothing: the reader quit before
// the session had read START); their searches stop at once, so a move answers with what it has.
void read_commands(LineQueue& queue, Session& session) {
    LineSplitter splitter(kMaxLineChars + 1);  // one byte over the cap: the session sees it is too long
    std::uint64_t line_number = 0;
    bool ended = false;
    auto on_line = [&](LineSplitter::Line&& line) {
        if (ended) return;  // nothing after END is a command
        const std::string word = to_upper_ascii(split_command(line.text).word);
        if (word.empty() && !line.oversized()) return;
        if (word == "END" || word == "YXSTOP") {
            ended = word == "END";
            session.request_stop(++line_number);
            queue.push(std::move(line.text));
            return;
        }
        if (queue.try_push(std::move(line.text))) ++line_number;
    };
    char buffer[1 << 16];
    while (!ended) {
        const std::size_t n = platform::read_stdin(buffer, sizeof buffer);
        if (n == 0) break;  // end of input, or stdin unusable: either way no more commands
        splitter.feed({buffer, n}, on_line);
    }
    if (!ended) splitter.finish(on_line);
    queue.close();
    if (ended) {
        // The session exits when it reaches END; this is the backstop if it is stuck. It must
        // not wait for the writer (which may be blocked on a full pipe) nor flush: it ends
        // the process as it stands.
        std::this_thread::sleep_for(kEndGrace);
        platform::exit_now(0);
    }
}

// --help / --version; false when the brain should not run. Managers start the brain with no
// arguments; the evaluator options are for tournaments that compare the two evaluators.
bool handle_options(int argc, char** argv, int& exit_code, SessionOptions& session) {
    namespace po = boost::program_options;
    po::options_description options(
        "pbrain-tengen: a Gomocup brain on stdin/stdout (see docs/protocol-output.md)\n"
        "Subcommands: play, bench, solve, selfplay (each has --help)\nOptions");
    // One option a line, as --help lists them.
    // clang-format off
    options.add_options()("help,h", "show this help")("version,v", "show the version");
    // clang-format on
    add_evaluator_options(options);
    po::variables_map vm;
    if (const auto done = parse_command_options(argc, argv, {"pbrain-tengen", options}, vm)) {
        exit_code = *done;
        return false;
    }
    if (vm.count("version")) {
        std::cout << kBrainName << " " << kBrainVersion << "\n";
        exit_code = 0;
        return false;
    }
    const auto evaluator = evaluator_choice(vm);
    if (!evaluator) {
        std::cerr << "pbrain-tengen: " << evaluator.error() << "\n";
        exit_code = 2;
        return false;
    }
    session.evaluator = *evaluator;
    return true;
}

}  // namespace

int brain_main(int argc, char** argv) {
    SessionOptions options;
    if (int code = 0; !handle_options(argc, argv, code, options)) return code;
    platform::prepare_standard_streams();

    StdoutSink out;
    Session session(out, options);
    LineQueue queue;
    std::thread reader([&] { read_commands(queue, session); });
    while (auto line = queue.pop()) {
        if (line->dropped_before > 0)
            out.write_line(
                fmt::format("MESSAGE {} input lines were dropped: over {} MiB of commands came before the "
                            "brain could read them",
                            line->dropped_before, LineQueue::kDefaultMaxBytes >> 20));
        if (session.process_line(line->text, line->arrived) == SessionAction::Quit) out.flush_and_exit();
    }
    reader.join();
    return 0;
}

}  // namespace tengen
