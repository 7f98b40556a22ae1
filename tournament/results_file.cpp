#include "tournament/results_file.h"

#include <cerrno>
#include <fcntl.h>
#include <cstring>
#include <set>
#include <string_view>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/text.h"
namespace tengen {

namespace {

// Every results line starts {"game": (the writer's first key); JSON may space it out.
bool starts_like_a_result(const std::string& line) {
    constexpr std::string_view kStart = "{\"game\":";
    std::string compact;
    for (char c : line) {
        if (c == ' ' || c == '\t' || c == '\r') continue;
        compact += c;
        if (compact.size() == kStart.size()) break;
    }
    return kStart.starts_with(compact);
}

}  // namespace

Result<LoadedResults> load_results(const std::string& path, const std::optional<std::string>& schedule, bool repair) {
    LoadedResults out;
    const Result<std::string> read = read_whole_file(path);
    if (!read) {
        if (::access(path.c_str(), F_OK) != 0) return out;  // nothing played yet
        return Failure{"cannot read results file " + path};
    }
    const std::string& text = *read;

    std::vector<std::pair<std::size_t, std::string>> lines;  // start offset, text
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = text.find('\n', pos);
        if (end == std::string::npos) {
            lines.emplace_back(pos, text.substr(pos));
            out.dropped_torn_line = true;  // no newline: cut off mid-write
            break;
        }
        lines.emplace_back(pos, text.substr(pos, end - pos));
        pos = end + 1;
    }

    std::size_t keep_bytes = text.size();
    std::set<int> seen;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto& [offset, line] = lines[i];
        // Only a last line without its newline can have been cut off by a killed arena.
        const bool torn = i + 1 == lines.size() && out.dropped_torn_line;
        if (line.find_first_not_of(" \t\r") == std::string::npos) {
            if (torn) keep_bytes = offset, out.dropped_torn_line = !line.empty();
            continue;
        }
        if (torn) {
            // The arena writes each line whole with its newline, so a line without one is cut
            // off even when it reads as JSON; but it is the start of a results line, and a
            // file that ends in anything else is not a results file.
            if (!starts_like_a_result(line))
                return Failure{path + " line " + std::to_string(i + 1) +
                               " is not a game result (nor the start of one cut off)"};
            keep_bytes = offset;
            break;
        }
        auto game = from_json_line(line);
        if (!game)
            return Failure{path + " line " + std::to_string(i + 1) + " is not a game result (" + game.error() + ")"};
        if (schedule && game->schedule != *schedule)
            return Failure{path + " holds games of another schedule (" + game->schedule + ", expected " + *schedule +
                           ")"};
        if (seen.insert(game->game).second) out.games.push_back(std::move(*game));
    }
    if (repair && keep_bytes < text.size()) {
        if (::truncate(path.c_str(), static_cast<off_t>(keep_bytes)) != 0)
            return Failure{"cannot cut the torn last line off " + path};
    }
    return out;
}

ResultsWriter::ResultsWriter(const std::string& path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) {
        error_ = "cannot write the results file " + path + ": " + std::strerror(errno);
        return;
    }
    // Advisory, but every tengen-arena takes it: a second arena on the same file would play
    // every game again and interleave its lines with ours.
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        error_ = errno == EWOULDBLOCK
                     ? "another tengen-arena is already playing into " + path +
                           " (one arena at a time per results file; use --shard and merge to split a run)"
                     : "cannot lock the results file " + path + ": " + std::strerror(errno);
        ::close(fd_);
        fd_ = -1;
    }
}

ResultsWriter::~ResultsWriter() {
    if (fd_ >= 0) ::close(fd_);
}

Status ResultsWriter::append(const FinishedGame& game) {
    const std::string line = to_json_line(game) + "\n";
    std::lock_guard lock(mutex_);
    if (fd_ < 0) return Failure{error_.value_or("the results file is not open")};
    struct stat before {};
    if (::fstat(fd_, &before) != 0)
        return Failure{std::string("cannot read the results file's size: ") + std::strerror(errno)};
    const char* data = line.data();
    std::size_t left = line.size();
    while (left > 0) {
        const ssize_t n = ::write(fd_, data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            const std::string why = std::strerror(errno);
            // A part of the line may be in the file (a disk that filled mid-line): cut it off,
            // or the next game's line would be glued to it and every later resume would fail.
            if (::ftruncate(fd_, before.st_size) != 0)
                return Failure{why + "; the partial line could not be removed (" + std::strerror(errno) + ")"};
            return Failure{why};
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    return {};
}

}  // namespace tengen
