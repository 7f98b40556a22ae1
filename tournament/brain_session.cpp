#include "tournament/brain_session.h"

#include <csignal>
#include <thread>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "tournament/process_group_usage.h"
#include "engine/text.h"

namespace tengen {

namespace {

std::string first_word_upper(const std::string& line) {
    std::string word;
    for (char c : line) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (word.empty()) continue;
            break;
        }
        word += c;
    }
    return to_upper_ascii(word);
}

}  // namespace

bool is_diagnostic_line(const std::string& line) {
    const std::string w = first_word_upper(line);
    return w == "MESSAGE" || w == "DEBUG" || w == "INFO" || w == "ERROR" || w == "UNKNOWN";
}

BrainSession::BrainSession(BrainSpec spec, std::string label, std::shared_ptr<ProtocolLog> log)
    : spec_(std::move(spec)), label_(std::move(label)), log_(std::move(log)) {}

BrainSession::~BrainSession() { quit(); }

void BrainSession::note(const char* direction, const std::string& line) {
    // The log is read in a terminal too: printable, and a flood cut to a readable length.
    if (log_) log_->write(label_, direction, printable_excerpt(line, 1000));
}

Status BrainSession::launch() {
    if (process_.running()) return {};
    // A relative path names a file from where the arena runs, not from the brain's dir=.
    std::string cmd = spec_.cmd;
    if (cmd.find('/') != std::string::npos && cmd.front() != '/') cmd = std::filesystem::absolute(cmd).string();
    std::vector<std::string> argv{cmd};
    if (spec_.wine) argv.insert(argv.begin(), "wine");  // found on PATH, like any cmd without a slash
    argv.insert(argv.end(), spec_.args.begin(), spec_.args.end());
    Status started = process_.start(argv, spec_.working_dir(), ChildProcess::Stderr::Null, spec_.stderr_file);
    memory_limit_sent_ = false;
    note("#", started.ok() ? "started, pid " + std::to_string(process_.pid()) : "start failed: " + started.error());
    return started;
}

void BrainSession::pause_while_waiting() {
    if (pondering_allowed_ || paused_ || !process_.running()) return;
    // Not stopped since it answered: the wall time since then is time it could run.
    std::this_thread::sleep_until(last_answer_ + kAnswerGrace);
    paused_ = process_.signal_group(SIGSTOP);
    if (paused_) note("#", "stopped while the opponent thinks");
}

void BrainSession::resume(bool grace) {
    if (!paused_) return;
    paused_ = false;
    process_.signal_group(SIGCONT);
    // The time it spent stopped gave it none of its grace: it runs its grace now.
    if (grace) std::this_thread::sleep_for(kAnswerGrace);
}

bool BrainSession::send(const std::string& line) {
    resume(true);
    note(">", line);
    if (line.starts_with("INFO max_memory ")) memory_limit_sent_ = true;
    return process_.write_line(line);
}

void BrainSession::settle() {
    if (paused_) return resume(true);
    std::this_thread::sleep_until(last_answer_ + kAnswerGrace);
}

std::string BrainSession::describe_death() {
    // Output closed: give the process a moment to finish exiting so its status is known.
    if (!process_.wait_exit(std::chrono::steady_clock::now() + std::chrono::milliseconds(1000))) {
        process_.kill();
        return "closed its output";
    }
    return process_.exit_description();
}

std::optional<std::int64_t> BrainSession::memory_ceiling() const {
    if (!spec_.memory || *spec_.memory <= 0 || !memory_limit_sent_) return std::nullopt;
    return *spec_.memory + std::max(kMemoryToleranceBytes, *spec_.memory / 8);
}

BrainAnswer BrainSession::await_answer(SteadyTime deadline, bool answer_errors) {
    const auto start = std::chrono::steady_clock::now();
    const pid_t group = process_.pid();
    const std::int64_t cpu_before = sample_group(group).cpu_ms;
    const auto ceiling = memory_ceiling();
    BrainAnswer answer;
    for (;;) {
        std::string line;
        // Wake every 50 ms: to look at the group's resident memory, and to notice a brain
        // that died while a child of its still holds its output open (no end of file comes).
        const auto slice = std::min(deadline, std::chrono::steady_clock::now() + std::chrono::milliseconds(50));
        const auto status = process_.read_line(line, slice);
        if (abandon_ && abandon_->load(std::memory_order_relaxed)) {
            answer.kind = BrainAnswer::Kind::Abandoned;
            note("#", "abandoned: the arena was interrupted");
            return answer;
        }
        if (status == ChildProcess::ReadStatus::Timeout && process_.exited_now()) {
            answer.kind = BrainAnswer::Kind::Crash;
            answer.ms =
                std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
            answer.line = process_.exit_description();
            if (const std::string last = last_stderr_line(); !last.empty()) answer.line += "; stderr: " + last;
            note("#", "process ended: " + answer.line);
            return answer;
        }
        if (ceiling && process_.running()) {
            if (const auto over = group_memory_over(group, *ceiling)) {
                answer.kind = BrainAnswer::Kind::MemoryLimit;
                answer.ms =
                    std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
                        .count();
                answer.line = "resident memory (proportional) " + std::to_string(over->proportional_bytes >> 20) +
                              " MiB in " + std::to_string(over->processes) +
                              " processes, over memory=" + std::to_string(*spec_.memory >> 20) + " MiB plus tolerance";
                note("#", answer.line);
                return answer;
            }
        }
        if (status == ChildProcess::ReadStatus::Timeout && std::chrono::steady_clock::now() < deadline) continue;
        answer.ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
        if (status == ChildProcess::ReadStatus::Timeout) {
            note("#", "no answer before the deadline");
            answer.kind = BrainAnswer::Kind::Timeout;
            return answer;
        }
        if (status == ChildProcess::ReadStatus::Closed) {
            answer.kind = BrainAnswer::Kind::Crash;
            answer.line = describe_death();
            // What it printed last on stderr (a traceback's last line says most) goes with it.
            if (const std::string last = last_stderr_line(); !last.empty()) answer.line += "; stderr: " + last;
            note("#", "process ended: " + answer.line);
            return answer;
        }
        note("<", line);
        const std::string word = first_word_upper(line);
        const bool error_word = word == "ERROR" || word == "UNKNOWN";
        if (word == "MESSAGE")
            if (ReportedSearch said = parse_reported_search(line); said.has_score()) answer.reported = said;
        if (is_diagnostic_line(line) && !(answer_errors && error_word)) {
            if (word == "ERROR") answer.last_error = line;
            continue;
        }
        answer.kind = BrainAnswer::Kind::Line;
        answer.line = line;
        const GroupUsage after = sample_group(group);
        if (after.processes > 0) answer.cpu_ms = std::max<std::int64_t>(0, after.cpu_ms - cpu_before);
        last_answer_ = std::chrono::steady_clock::now();
        return answer;
    }
}

std::string BrainSession::last_stderr_line() const {
    if (spec_.stderr_file.empty()) return {};
    // The file's tail: other processes of this brain may append to it too (one per game
    // thread), so this is the last line written, which for a crash just now is its own.
    std::ifstream in(spec_.stderr_file, std::ios::binary | std::ios::ate);
    if (!in) return {};
    const std::streamoff size = in.tellg();
    const std::streamoff from = std::max<std::streamoff>(0, size - 4096);
    in.seekg(from);
    std::string tail(static_cast<std::size_t>(size - from), '\0');
    in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
    const auto start = tail.find_last_of("\r\n");
    return printable_excerpt(tail.substr(start == std::string::npos ? 0 : start + 1), 200);
}

void BrainSession::quit() {
    resume(false);  // it is told to quit, not to play: no grace
    if (!process_.running()) return;
    send("END");
    if (!process_.wait_exit(std::chrono::steady_clock::now() + std::chrono::milliseconds(1000))) process_.kill();
    note("#", "ended: " + process_.exit_description());
}

void BrainSession::kill() {
    paused_ = false;
    if (!process_.running()) return;
    process_.kill();
    note("#", "killed");
}

std::optional<std::string> name_from_about(const std::string& about_line) {
    // name="Tengen", version="..." -- the value may hold commas, so read up to the closing quote.
    const std::string lower = to_lower_ascii(about_line);
    std::size_t at = lower.find("name");
    while (at != std::string::npos) {
        std::size_t i = at + 4;
        while (i < lower.size() && lower[i] == ' ') ++i;
        if (i < lower.size() && lower[i] == '=') {
            ++i;
            while (i < lower.size() && lower[i] == ' ') ++i;
            if (i < lower.size() && lower[i] == '"') {
                const std::size_t end = about_line.find('"', i + 1);
                if (end == std::string::npos) return std::nullopt;
                // The engine's own text becomes a name in every line printed and stored: control
                // bytes would reach the terminal, a long one would flood the output, and bytes
                // that are not UTF-8 would be replaced differently on each read of the results.
                std::string name = printable_excerpt(about_line.substr(i + 1, end - i - 1), kMaxAboutName);
                if (name.empty()) return std::nullopt;
                return name;
            }
        }
        at = lower.find("name", at + 4);
    }
    return std::nullopt;
}

}  // namespace tengen
