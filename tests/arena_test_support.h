// What the arena's test suites share: a scratch folder per test, the fake brains' paths,
// tengen-arena run as a user runs it (its whole output, its exit status), a quick match of
// random movers and readers of what it wrote.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "run_program.h"

namespace tengen::testing {

inline const std::string kArena = TENGEN_ARENA_PATH;

inline std::string fake(const std::string& name) { return std::string(TENGEN_FAKE_ENGINE_DIR) + "/fake-" + name; }

// A fresh folder per test, named after its suite, removed afterwards.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& suite = "arena") {
        static std::atomic<int> counter{0};
        path = std::filesystem::temp_directory_path() /
               ("tengen-" + suite + "-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

using Run = ProgramRun;

// tengen-arena with these arguments, started in `cwd` (empty: the test's own folder), as a
// user types the command there: its stdout and stderr as one.
inline Run run_arena(const std::vector<std::string>& args, const std::string& cwd = "",
                     std::chrono::seconds limit = std::chrono::seconds(200)) {
    std::vector<std::string> argv{TENGEN_ARENA_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_program(argv, RunOptions().in(cwd).stderr_into_output().within(limit));
}

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::vector<nlohmann::json> read_results(const std::string& path) {
    std::vector<nlohmann::json> out;
    std::istringstream in(read_text(path));
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) out.push_back(nlohmann::json::parse(line));
    return out;
}

inline std::size_t line_count(const std::string& path) {
    const std::string text = read_text(path);
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// The game numbers of these results, in order.
inline std::vector<int> game_numbers(const std::vector<nlohmann::json>& results) {
    std::vector<int> out;
    for (const auto& r : results) out.push_back(r.at("game").get<int>());
    std::sort(out.begin(), out.end());
    return out;
}

// 0, 1, ..., n - 1: the game numbers of a whole schedule of n games.
inline std::vector<int> range(int n) {
    std::vector<int> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = i;
    return v;
}

// Quick random games: a small board where four in a row wins.
inline std::vector<std::string> quick_match(const TempDir& dir, int games, const std::string& results,
                                            const std::string& random_args = "") {
    std::vector<std::string> args{"--engine", "name=a", "cmd=" + fake("random")};
    if (!random_args.empty()) args.push_back("arg=" + random_args);
    args.insert(args.end(), {"--engine", "name=b", "cmd=" + fake("random")});
    if (!random_args.empty()) args.push_back("arg=" + random_args);
    args.insert(args.end(), {"--each", "st=1", "--board", "7", "--k", "4", "--games", std::to_string(games),
                             "--results", dir / results});
    return args;
}

}  // namespace tengen::testing
