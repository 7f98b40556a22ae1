// What the arena's test suites share: a scratch folder per test, the fake brains' paths, and
// tengen-arena run as a user runs it (its whole output, its exit status).
#pragma once

#include <unistd.h>

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

#include "tournament/child_process.h"

namespace tengen::testing {

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

struct Run {
    int exit_code = -1;
    std::string output;  // stdout and stderr
};

// tengen-arena with these arguments, started in `cwd` (empty: the test's own folder), as a
// user types the command there.
inline Run run_arena(const std::vector<std::string>& args, const std::string& cwd = "",
                     std::chrono::seconds limit = std::chrono::seconds(200)) {
    std::vector<std::string> argv{TENGEN_ARENA_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    ChildProcess p;
    const Status started = p.start(argv, cwd, ChildProcess::Stderr::Stdout);
    BOOST_REQUIRE_MESSAGE(started.ok(), started.error());
    Run run;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    std::string line;
    while (p.read_line(line, deadline) == ChildProcess::ReadStatus::Line) run.output += line + "\n";
    if (!p.wait_exit(deadline)) p.kill();
    run.exit_code = p.exit_code().value_or(-1);
    return run;
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

}  // namespace tengen::testing
