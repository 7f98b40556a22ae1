#define BOOST_TEST_MODULE bench_signature
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

// The README's performance table quotes bench's node count, and commits that change the
// search quote it too: it is the search's signature. A change that moves it without the
// README saying so is either an unintended change of behaviour or an undocumented one.

namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string run(const std::string& command) {
    std::string out;
    if (FILE* p = ::popen(command.c_str(), "r")) {
        char buffer[4096];
        while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, p)) out.append(buffer, n);
        ::pclose(p);
    }
    return out;
}

std::string digits_only(const std::string& s) {
    std::string out;
    for (char c : s)
        if (c >= '0' && c <= '9') out += c;
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(bench_prints_the_node_count_the_readme_quotes) {
    const std::string readme = read_file(std::string(TENGEN_TEST_DATA_DIR) + "/../../README.md");
    BOOST_REQUIRE(!readme.empty());
    std::smatch quoted;
    // The row of the performance table: "| `pbrain-tengen bench` (...) | 968,224 nodes; ..."
    BOOST_REQUIRE_MESSAGE(
        std::regex_search(readme, quoted, std::regex(R"(\| `pbrain-tengen bench`[^|]*\| ([0-9,]+) nodes)")),
        "the README's performance table has no bench row");
    const std::string output = run(std::string(TENGEN_PBRAIN_PATH) + " bench");
    std::smatch printed;
    BOOST_REQUIRE_MESSAGE(std::regex_search(output, printed, std::regex(R"(Total nodes: ([0-9]+))")), output);
    BOOST_CHECK_EQUAL(printed[1].str(), digits_only(quoted[1].str()));
}
