#define BOOST_TEST_MODULE bench_signature
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "run_program.h"

// bench's node counts are the search's signature: the same binary prints the same counts on
// every machine, and a change to search or evaluation moves them. tests/data/bench-signature.txt
// holds the counts of the search as it stands; a count that moves without that file changing
// with it is either an unintended change of behaviour or an undocumented one.

namespace {

// "NAME COUNT" lines; '#' starts a comment line.
std::map<std::string, std::string> read_signature(const std::string& path) {
    std::ifstream in(path);
    std::map<std::string, std::string> counts;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string name, count;
        if (fields >> name >> count) counts[name] = count;
    }
    return counts;
}

std::string signature(const std::string& name) {
    const auto counts = read_signature(std::string(TENGEN_TEST_DATA_DIR) + "/bench-signature.txt");
    const auto it = counts.find(name);
    BOOST_REQUIRE_MESSAGE(it != counts.end(), "tests/data/bench-signature.txt has no '" << name << "' line");
    BOOST_REQUIRE_MESSAGE(std::regex_match(it->second, std::regex("[0-9]+")), name << " is not a count");
    return it->second;
}

std::string printed_total(const std::vector<std::string>& arguments) {
    std::vector<std::string> argv{TENGEN_PBRAIN_PATH, "bench"};
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    const std::string output =
        tengen::testing::run_program(argv, tengen::testing::RunOptions().within(std::chrono::minutes(10))).output;
    std::smatch printed;
    BOOST_REQUIRE_MESSAGE(std::regex_search(output, printed, std::regex(R"(Total nodes: ([0-9]+))")), output);
    return printed[1].str();
}

}  // namespace

BOOST_AUTO_TEST_CASE(bench_prints_the_node_count_of_the_signature_file) {
    BOOST_CHECK_EQUAL(printed_total({}), signature("bench"));
}

BOOST_AUTO_TEST_CASE(the_middlegames_to_depth_10_print_the_node_count_of_the_signature_file) {
    const std::string positions = std::string(TENGEN_TEST_DATA_DIR) + "/middlegames/freestyle-15.txt";
    BOOST_CHECK_EQUAL(printed_total({"--depth", "10", "--positions", positions}), signature("middlegames-depth10"));
}

// The tables, which judge every rule but freestyle by default and all of them with
// --evaluator tables, keep a signature of their own.
BOOST_AUTO_TEST_CASE(the_tables_print_the_node_counts_of_the_signature_file) {
    BOOST_CHECK_EQUAL(printed_total({"--evaluator", "tables"}), signature("bench-tables"));
    const std::string positions = std::string(TENGEN_TEST_DATA_DIR) + "/middlegames/freestyle-15.txt";
    BOOST_CHECK_EQUAL(printed_total({"--evaluator", "tables", "--depth", "10", "--positions", positions}),
                      signature("middlegames-depth10-tables"));
}
