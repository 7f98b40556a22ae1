// Replays every input under tests/data/fuzz-regressions (seeds and inputs the fuzzer once
// broke the session with) through a Session: no crash, every output line well formed.
#define BOOST_TEST_MODULE fuzz_regressions
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz/fuzz_bodies.h"
#include "session_replay.h"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_CASE(every_regression_input_is_survived) {
    const fs::path dir = fs::path(TENGEN_TEST_DATA_DIR) / "fuzz-regressions";
    BOOST_REQUIRE(fs::is_directory(dir));
    int files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (!entry.is_regular_file()) continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream bytes;
        bytes << in.rdbuf();
        const auto lines = tengen::testing::replay_through_session(bytes.str());
        for (const auto& line : lines)
            BOOST_TEST(tengen::testing::is_well_formed_output(line), entry.path().filename() << ": " << line);
        ++files;
    }
    BOOST_TEST(files >= 3);
}

BOOST_AUTO_TEST_CASE(the_replay_really_drives_a_session) {
    const auto lines =
        tengen::testing::replay_through_session("START 15\r\nBEGIN\r\nTURN 0,0\r\nABOUT\r\nEND\r\nABOUT\r\n");
    BOOST_REQUIRE(!lines.empty());
    BOOST_TEST(lines.front() == "OK");
    int moves = 0, abouts = 0;
    for (const auto& line : lines) {
        if (line.rfind("name=", 0) == 0) ++abouts;
        if (!line.empty() && line[0] >= '0' && line[0] <= '9') ++moves;
    }
    BOOST_TEST(moves == 2);
    BOOST_TEST(abouts == 1);  // nothing after END
}

BOOST_AUTO_TEST_CASE(the_output_check_rejects_what_it_should) {
    using tengen::testing::is_well_formed_output;
    BOOST_TEST(is_well_formed_output("7,7"));
    BOOST_TEST(is_well_formed_output("7,7 8,8 9,9"));
    BOOST_TEST(!is_well_formed_output("7,7 8,8 9,9 1,1"));
    BOOST_TEST(!is_well_formed_output("7,"));
    BOOST_TEST(!is_well_formed_output("garbage"));
    BOOST_TEST(!is_well_formed_output("UNKNOWN \x01"));
}

// The other targets' saved inputs, one folder each, through the same bodies the fuzzers run
// (tests/fuzz/fuzz_bodies.h): a broken invariant aborts, a crash or sanitizer report fails.
BOOST_AUTO_TEST_CASE(every_saved_input_of_the_file_and_clock_targets_is_survived) {
    const fs::path root = fs::path(TENGEN_TEST_DATA_DIR) / "fuzz-regressions";
    const std::vector<std::pair<std::string, void (*)(std::string_view)>> targets{
        {"clocks", tengen::testing::fuzz_clocks_one},
        {"records", tengen::testing::fuzz_records_one},
        {"openings", tengen::testing::fuzz_openings_one},
        {"results", tengen::testing::fuzz_results_one},
    };
    for (const auto& [name, body] : targets) {
        int files = 0;
        for (const auto& entry : fs::directory_iterator(root / name)) {
            if (!entry.is_regular_file()) continue;
            std::ifstream in(entry.path(), std::ios::binary);
            std::stringstream bytes;
            bytes << in.rdbuf();
            BOOST_TEST_CHECKPOINT(name << "/" << entry.path().filename().string());
            body(bytes.str());
            ++files;
        }
        BOOST_TEST_INFO(name);
        BOOST_TEST(files >= 1);
    }
}
