#define BOOST_TEST_MODULE layering
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

// The layers as the README's map draws them: engine <- ai <- {protocol, tournament, tools}.
// Every include of ours names its folder, so the rule can be read off the sources: a folder
// includes only itself and the folders below it, and the folders above ai/ never see each other.
// tools/ (the trainers) may use ai/'s private headers: they fit what the search reads.

namespace fs = std::filesystem;

namespace {

const std::map<std::string, std::set<std::string>> kAllowed{
    {"engine", {"engine"}},
    {"ai", {"engine", "ai"}},
    {"protocol", {"engine", "ai", "protocol"}},
    {"tournament", {"engine", "ai", "tournament"}},
    {"tools", {"engine", "ai", "tools"}},
};

// What ai/ offers the layers above: the player, the searcher's face and what those name
// (scores, clocks and what a move costs them, the evaluator choice), and the standalone tools
// (bench, the exact solver, the referee's VCF proof). The rest (workers, positions, shapes,
// tables, evaluation) is ai/'s own: a front end that reached into it would bypass the player
// and the searcher.
const std::set<std::string> kAiPublic{"ai/player.h",       "ai/searcher.h",        "ai/score.h",
                                      "ai/time_manager.h", "ai/move_cost_meter.h", "ai/bench.h",
                                      "ai/exact_solver.h", "ai/vcf_proof.h",       "ai/evaluator_choice.h"};

// The quoted includes of a source file.
std::vector<std::string> includes_of(const fs::path& file) {
    std::vector<std::string> out;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        const auto hash = line.find_first_not_of(" \t");
        if (hash == std::string::npos || line.compare(hash, 8, "#include") != 0) continue;
        const auto open = line.find('"', hash);
        const auto close = open == std::string::npos ? open : line.find('"', open + 1);
        if (close != std::string::npos) out.push_back(line.substr(open + 1, close - open - 1));
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_layers_above_ai_use_only_its_public_headers) {
    const fs::path root = fs::path(TENGEN_TEST_DATA_DIR).parent_path().parent_path();
    int checked = 0;
    for (const char* folder : {"protocol", "tournament"}) {
        for (const auto& entry : fs::directory_iterator(root / folder)) {
            const std::string ext = entry.path().extension().string();
            if (ext != ".h" && ext != ".cpp") continue;
            for (const std::string& target : includes_of(entry.path())) {
                if (target.rfind("ai/", 0) != 0) continue;
                ++checked;
                BOOST_TEST(kAiPublic.count(target) == 1u, entry.path().string()
                                                              << " includes " << target << ", which is private to ai/");
            }
        }
    }
    BOOST_TEST(checked >= 5);  // the scan saw the front ends' includes
}

BOOST_AUTO_TEST_CASE(each_folder_includes_only_itself_and_the_layers_below) {
    const fs::path root = fs::path(TENGEN_TEST_DATA_DIR).parent_path().parent_path();
    int includes = 0;
    std::map<std::string, int> includes_in;
    for (const auto& [folder, allowed] : kAllowed) {
        BOOST_REQUIRE(fs::is_directory(root / folder));
        // Subfolders too: tools/ keeps one per program.
        for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
            const std::string ext = entry.path().extension().string();
            if (ext != ".h" && ext != ".cpp") continue;
            std::ifstream in(entry.path());
            for (std::string line; std::getline(in, line);) {
                // #include "x/y.h": ours (system headers use <>).
                const auto hash = line.find_first_not_of(" \t");
                if (hash == std::string::npos || line.compare(hash, 8, "#include") != 0) continue;
                const auto open = line.find('"', hash);
                const auto close = open == std::string::npos ? open : line.find('"', open + 1);
                if (close == std::string::npos) continue;
                ++includes;
                ++includes_in[folder];
                const std::string target = line.substr(open + 1, close - open - 1);
                const auto slash = target.find('/');
                // Every include of ours is rooted: a bare name would hide its layer.
                BOOST_TEST(slash != std::string::npos, entry.path().string() << ": " << line);
                if (slash == std::string::npos) continue;
                BOOST_TEST(allowed.count(target.substr(0, slash)) == 1u,
                           entry.path().string() << " includes " << target << " from a layer above or beside it");
            }
        }
    }
    BOOST_TEST(includes > 100);  // the scan saw the sources
    for (const auto& [folder, allowed] : kAllowed) BOOST_TEST(includes_in[folder] > 0, folder << " was not scanned");
}

BOOST_AUTO_TEST_CASE(every_folder_of_cpp_sources_is_a_layer_the_rule_checks) {
    // A folder of sources outside the layers would escape the include rule above. web/ (the
    // board component both front ends build in) holds script and style only, so it stays so.
    const fs::path root = fs::path(TENGEN_TEST_DATA_DIR).parent_path().parent_path();
    int folders = 0;
    for (const auto& top : fs::directory_iterator(root)) {
        const std::string name = top.path().filename().string();
        // The tests, hidden folders and build trees (the presets' build, build-sanitize, ...).
        if (!top.is_directory() || name == "tests" || name.front() == '.' || name.rfind("build", 0) == 0 ||
            fs::exists(top.path() / "CMakeCache.txt"))
            continue;
        ++folders;
        bool has_sources = false;
        for (const auto& entry : fs::recursive_directory_iterator(top.path())) {
            const std::string ext = entry.path().extension().string();
            has_sources = has_sources || ext == ".h" || ext == ".cpp";
        }
        if (has_sources) BOOST_TEST(kAllowed.count(name) == 1u, name << "/ holds C++ sources but is no layer");
    }
    BOOST_TEST(fs::is_directory(root / "web"));
    BOOST_TEST(folders >= 6);
}
