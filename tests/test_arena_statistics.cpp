#define BOOST_TEST_MODULE arena_statistics
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "run_program.h"

// What tengen-arena itself says about its statistics before a run starts, through the binary.

namespace {

using tengen::testing::ProgramRun;

// tengen-arena with these space-separated arguments (none holds a space), its stderr and
// stdout as one.
ProgramRun run(const std::string& arguments) {
    std::vector<std::string> argv{TENGEN_ARENA_PATH};
    std::istringstream words(arguments);
    for (std::string word; words >> word;) argv.push_back(word);
    return tengen::testing::run_program(argv, tengen::testing::RunOptions().stderr_into_output());
}

const std::string kEngines = std::string("--engine cmd=") + TENGEN_PBRAIN_PATH + " --engine cmd=" + TENGEN_PBRAIN_PATH +
                             " --each st=0.05 --games 2 --results /dev/null";

}  // namespace

BOOST_AUTO_TEST_CASE(an_sprt_that_could_never_decide_is_refused_before_any_game) {
    const ProgramRun r = run(kEngines + " --sprt elo0=0 elo1=300 alpha=0.05 beta=0.05");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.output.find("within +-231") != std::string::npos, r.output);
    BOOST_TEST(r.output.find("game 0") == std::string::npos, r.output);
}

BOOST_AUTO_TEST_CASE(the_same_bound_is_accepted_under_the_logistic_model) {
    // The logistic model passes the check: the run gets as far as starting its engines, where
    // one that does not exist stops it with status 1 instead of the command line's 2.
    const ProgramRun r = run(std::string("--engine cmd=/nonexistent/engine --engine cmd=") + TENGEN_PBRAIN_PATH +
                             " --each st=0.05 --games 2 --results /dev/null --sprt elo0=0 elo1=300 model=logistic");
    BOOST_TEST(r.output.find("--sprt") == std::string::npos, r.output);
    BOOST_TEST(r.exit_code == 1, r.output);  // the engine cannot start: past the command line's checks
}

BOOST_AUTO_TEST_CASE(progress_and_standings_say_what_each_figure_is_over) {
    const std::string brain = std::string(" cmd=") + TENGEN_PBRAIN_PATH;
    const std::string results = "arena_statistics_rr.jsonl";
    std::remove(results.c_str());
    // Three engines, 4 in a row on 7x7: a short round robin.
    const ProgramRun rr =
        run("--engine name=a" + brain + " --engine name=b" + brain + " --engine name=c" + brain +
            " --tournament round-robin --each st=0.05 --games 2 --board 7 --k 4 --results " + results);
    BOOST_TEST(rr.exit_code == 0, rr.output);
    BOOST_TEST(rr.output.find("in a row;") != std::string::npos, rr.output);  // "black by 4 in a row", never "five"
    BOOST_TEST(rr.output.find("by five") == std::string::npos, rr.output);
    // The line of the b-c game names b and c, not only the first engine.
    BOOST_TEST(rr.output.find("b - c: ") != std::string::npos, rr.output);
    const auto bc = rr.output.find("b - c: ");
    const auto bc_end = rr.output.find('\n', bc);
    const std::string bc_line = rr.output.substr(bc, bc_end - bc);
    BOOST_TEST(bc_line.find(", b W-L-D") != std::string::npos, bc_line);
    BOOST_TEST(bc_line.find(", c W-L-D") != std::string::npos, bc_line);
    BOOST_TEST(bc_line.find(", a W-L-D") == std::string::npos, bc_line);
    BOOST_TEST(rr.output.find("games, each against the field") != std::string::npos, rr.output);
    std::remove(results.c_str());

    // One game per opening: the standings say the figures are over single games, not "0 pairs".
    const std::string openings = "arena_statistics_openings.txt";
    {
        std::FILE* f = std::fopen(openings.c_str(), "w");
        BOOST_REQUIRE(f);
        std::fputs("d4e4\nc3d3\nd3e5\n", f);
        std::fclose(f);
    }
    const ProgramRun single =
        run("--engine name=a" + brain + " --engine name=b" + brain +
            " --each st=0.05 --games 3 --repeat=false --board 7 --k 4 --openings file=" + openings + " --results " +
            results);
    std::remove(openings.c_str());
    BOOST_TEST(single.exit_code == 0, single.output);
    BOOST_TEST(single.output.find("(0 pairs)") == std::string::npos, single.output);
    BOOST_TEST(single.output.find("No colour-swapped pairs") != std::string::npos, single.output);
    BOOST_TEST(single.output.find("Elo over 3 games") != std::string::npos, single.output);
    std::remove(results.c_str());
}
