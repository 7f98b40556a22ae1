#define BOOST_TEST_MODULE arena_statistics
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <string>

// What tengen-arena itself says about its statistics before a run starts, through the binary.

namespace {

struct Run {
    int status = -1;
    std::string output;
};

Run run(const std::string& arguments) {
    Run r;
    const std::string command = std::string(TENGEN_ARENA_PATH) + " " + arguments + " 2>&1";
    if (FILE* p = ::popen(command.c_str(), "r")) {
        char buffer[4096];
        while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, p)) r.output.append(buffer, n);
        const int raw = ::pclose(p);
        r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    }
    return r;
}

const std::string kEngines = std::string("--engine cmd=") + TENGEN_PBRAIN_PATH + " --engine cmd=" + TENGEN_PBRAIN_PATH +
                             " --each st=0.05 --games 2 --results /dev/null";

}  // namespace

BOOST_AUTO_TEST_CASE(an_sprt_that_could_never_decide_is_refused_before_any_game) {
    const Run r = run(kEngines + " --sprt elo0=0 elo1=300 alpha=0.05 beta=0.05");
    BOOST_TEST(r.status == 2);
    BOOST_TEST(r.output.find("within +-231") != std::string::npos, r.output);
    BOOST_TEST(r.output.find("game 0") == std::string::npos, r.output);
}

BOOST_AUTO_TEST_CASE(the_same_bound_is_accepted_under_the_logistic_model) {
    // The logistic model passes the check: the run gets as far as starting its engines, where
    // one that does not exist stops it with status 1 instead of the command line's 2.
    const Run r = run(std::string("--engine cmd=/nonexistent/engine --engine cmd=") + TENGEN_PBRAIN_PATH +
                      " --each st=0.05 --games 2 --results /dev/null --sprt elo0=0 elo1=300 model=logistic");
    BOOST_TEST(r.output.find("--sprt") == std::string::npos, r.output);
    BOOST_TEST(r.status == 1, r.output);  // the engine cannot start: past the command line's checks
}
