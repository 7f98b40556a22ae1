#define BOOST_TEST_MODULE arena_faults
#include <boost/test/unit_test.hpp>

// What a hostile environment or a hostile brain does to tengen-arena, through the real binary:
// closed standard descriptors, a file-size limit, memory shared by fork, a brain holding a large
// table, names full of escapes.
// TENGEN_ARENA_UNDER_TEST runs another build of the arena (to see a test fail without its fix).

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cctype>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "arena_test_support.h"
#include "tournament/child_process.h"
#include "tournament/process_group_usage.h"

namespace fs = std::filesystem;
using namespace tengen::testing;

namespace {

std::string arena() {
    const char* other = std::getenv("TENGEN_ARENA_UNDER_TEST");
    return other && *other ? other : TENGEN_ARENA_PATH;
}

struct Shell {
    int exit_code = -1;  // 128 + n for a death by signal n, as a shell reports it
    std::string output;  // what the command's own redirections left in out.txt
};

// Runs a shell command line in dir; "$ARENA" in it is the arena under test. The command's
// stdout and stderr go to dir/out.txt unless the line redirects them itself.
Shell shell(const TempDir& dir, const std::string& line) {
    const ProgramRun run = run_program(
        {"sh", "-c", "ARENA='" + arena() + "' && export ARENA && (" + line + ") >'" + (dir / "out.txt") + "' 2>&1"},
        RunOptions().in(dir.path.string()).within(std::chrono::seconds(300)));
    return {run.end_signal ? 128 + run.end_signal : run.exit_code, read_text(dir / "out.txt")};
}

// Two random movers on a small board where four in a row wins.
std::string quick_match(int games, const std::string& results) {
    return "--engine name=a cmd=" + fake("random") + " --engine name=b cmd=" + fake("random") +
           " --each st=1 --board 7 --k 4 --games " + std::to_string(games) + " --results " + results;
}

// Every line of a results file is a game's JSON object; returns how many there are.
std::size_t check_results_lines(const std::string& path) {
    std::istringstream in(read_text(path));
    std::size_t games = 0;
    for (std::string line; std::getline(in, line);) {
        BOOST_TEST_CONTEXT("line " << line) {
            const auto json = nlohmann::json::parse(line, nullptr, false);
            BOOST_TEST_REQUIRE((json.is_object() && json.contains("game")));
        }
        ++games;
    }
    return games;
}

}  // namespace

BOOST_AUTO_TEST_CASE(closed_standard_descriptors_never_become_the_results_file) {
    for (const std::string closed : {">&-", "2>&-", ">&- 2>&-"}) {
        BOOST_TEST_CONTEXT("started with " << closed) {
            TempDir dir;
            // exec, so that the arena itself starts with the descriptor closed.
            const Shell first = shell(dir, "exec \"$ARENA\" " + quick_match(2, "r.jsonl") + " " + closed);
            BOOST_TEST(first.exit_code == 0);
            BOOST_TEST(check_results_lines(dir / "r.jsonl") == 2u);
            // The file is still the arena's own: resume and merge take it.
            const Shell resumed = shell(dir, "\"$ARENA\" " + quick_match(4, "r.jsonl"));
            BOOST_TEST(resumed.exit_code == 0, resumed.output);
            BOOST_TEST(check_results_lines(dir / "r.jsonl") == 4u);
            const Shell merged = shell(dir, "exec \"$ARENA\" merge r.jsonl --out m.jsonl " + closed);
            BOOST_TEST(merged.exit_code == 0);
            BOOST_TEST(check_results_lines(dir / "m.jsonl") == 4u);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_file_size_limit_stops_the_run_with_the_file_whole_and_status_3) {
    TempDir dir;
    // A game's line is about 1.2 KB: 4 blocks of 512 bytes hold one and tear the second. The
    // limit is the arena's alone (a subshell's), so the output through cat is not cut.
    const Shell run = shell(
        dir, "{ (ulimit -f 4; exec \"$ARENA\" " + quick_match(6, "r.jsonl") + ") 2>&1; echo \"exit=$?\"; } | cat");
    BOOST_TEST(run.exit_code == 0);
    BOOST_TEST(run.output.find("exit=3\n") != std::string::npos, run.output);
    BOOST_TEST(run.output.find("could not save game") != std::string::npos, run.output);
    BOOST_TEST(run.output.find("Elo") != std::string::npos, run.output);  // the standings
    const std::size_t saved = check_results_lines(dir / "r.jsonl");
    BOOST_TEST(saved >= 1u);
    BOOST_TEST(saved < 6u);
    // Without the limit the same command plays the rest.
    const Shell resumed = shell(dir, "\"$ARENA\" " + quick_match(6, "r.jsonl"));
    BOOST_TEST(resumed.exit_code == 0, resumed.output);
    BOOST_TEST(check_results_lines(dir / "r.jsonl") == 6u);
}

BOOST_AUTO_TEST_CASE(memory_shared_by_a_fork_is_counted_once) {
    TempDir dir;
    // 96 MiB in two processes that share it: 96 MiB by PSS, 192 by summed RSS, against a
    // ceiling of 128 MiB plus 32 MiB of tolerance.
    const Shell run = shell(dir, "\"$ARENA\" --engine cmd=" + fake("forks_shared") + " --engine cmd=" + fake("random") +
                                     " --each st=0.2 memory=134217728 --board 7 --k 4 --games 2 --results r.jsonl");
    BOOST_TEST(run.exit_code == 0, run.output);
    std::istringstream in(read_text(dir / "r.jsonl"));
    int games = 0;
    for (std::string line; std::getline(in, line); ++games) {
        const auto r = nlohmann::json::parse(line);
        BOOST_TEST(r.at("reason").get<std::string>() != "memory-limit", r.dump());
    }
    BOOST_TEST(games == 2);
}

BOOST_AUTO_TEST_CASE(watching_a_large_brains_memory_costs_the_arena_little) {
    TempDir dir;
    // The brain holds 512 MiB in small pages and thinks 0.4 s a move, 8 moves a game, under
    // memory= 1 GiB, watched every 50 ms. Reading its PSS makes the kernel walk all 131,072
    // pages (milliseconds each time), and a scan of /proc reads every process on the machine:
    // done at every look, the two burned a quarter of a core while the brain thought. Far
    // below its limit, a look must cost next to nothing.
    tengen::ChildProcess run;
    const auto started = run.start(
        {arena(), "--engine", "cmd=" + fake("large_table"), "--engine", "cmd=" + fake("random"), "--each", "st=2",
         "memory=1073741824", "--draw-after", "16", "--games", "1", "--repeat=false", "--results", dir / "r.jsonl"},
        dir.path.string(), tengen::ChildProcess::Stderr::Stdout);
    BOOST_TEST_REQUIRE(started.ok(), started.error());
    // The arena leads a group of its own (the brains have theirs): its group's CPU is its own.
    std::int64_t arena_cpu_ms = 0;
    std::string output;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    for (std::string line;;) {
        if (const auto u = tengen::sample_group(run.pid()); u.processes > 0) arena_cpu_ms = u.cpu_ms;
        const auto status = run.read_line(line, std::chrono::steady_clock::now() + std::chrono::milliseconds(50));
        if (status == tengen::ChildProcess::ReadStatus::Closed || std::chrono::steady_clock::now() > give_up) break;
        if (status == tengen::ChildProcess::ReadStatus::Line) output += line + "\n";
    }
    BOOST_TEST_REQUIRE(run.wait_exit(std::chrono::steady_clock::now() + std::chrono::seconds(10)));
    BOOST_TEST_REQUIRE(run.exit_code().value_or(-1) == 0, output);
    const auto game = nlohmann::json::parse(read_text(dir / "r.jsonl"));
    BOOST_TEST(game.at("reason").get<std::string>() == "adjudicated", game.dump());
    // 3.2 s of the brain's thinking watched: at most an eighth of it, room for a sanitizer
    // build (the release arena uses about 60 ms; walking the pages at every look, a second).
    BOOST_TEST(arena_cpu_ms < 400, "the arena used " << arena_cpu_ms << " ms of CPU");
}

namespace {

// Whether pid names a process that has not ended (a zombie has ended).
bool alive(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat;
    if (!std::getline(in, stat)) return false;
    const auto close = stat.rfind(')');
    return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z';
}

}  // namespace

BOOST_AUTO_TEST_CASE(helpers_that_leave_the_group_end_with_the_run) {
    TempDir dir;
    // An absolute path: a brain runs in its own executable's folder.
    const Shell run = shell(
        dir, "FAKE_CHILD_PID_FILE=\"$PWD/pids.txt\" \"$ARENA\" --engine cmd=" + fake("leaves_group") +
                 " --engine cmd=" + fake("random") + " " + "--each st=0.2 --board 7 --k 4 --games 2 --results r.jsonl");
    BOOST_TEST(run.exit_code == 0, run.output);
    std::istringstream pids(read_text(dir / "pids.txt"));
    int helpers = 0;
    for (pid_t pid; pids >> pid; ++helpers) {
        BOOST_TEST(!alive(pid), "helper " << pid << " outlived the arena");
        if (alive(pid)) ::kill(pid, SIGKILL);
    }
    BOOST_TEST(helpers >= 1);
}

BOOST_AUTO_TEST_CASE(huge_numbers_are_refused_when_read) {
    struct Case {
        std::string args, says;
    };
    const std::string engines = "--engine name=a cmd=" + fake("random") + " --engine name=b cmd=" + fake("random") +
                                " --board 7 --k 4 --results r.jsonl ";
    const std::vector<Case> cases{
        {"--each st=0.1 memory=9000000000000000000 --games 2", "memory=9000000000000000000 is too large"},
        {"--each st=0.1 tolerance=9223372036854775807 --games 2", "tolerance=9223372036854775807 is too large"},
        {"--each st=0.1 --tolerance 9223372036854775807 --games 2", "--tolerance and --start-timeout are at most"},
        {"--each st=0.1 --start-timeout 9223372036854775807 --games 2", "--tolerance and --start-timeout are at most"},
        {"--each st=0.1 --games 2000000000 --rounds 2000", "the schedule would hold more than"},
        {"--each st=0.1 --games 2 --openings file=o.txt", "off any board"},
    };
    for (const Case& c : cases) {
        BOOST_TEST_CONTEXT(c.args) {
            TempDir dir;
            std::ofstream(dir / "o.txt") << "0,0,2147483647,1\n";
            const Shell run = shell(dir, "\"$ARENA\" " + engines + c.args);
            BOOST_TEST(run.exit_code == 2, run.output);
            BOOST_TEST(run.output.find(c.says) != std::string::npos, run.output);
            BOOST_TEST(!fs::exists(dir / "r.jsonl"));
        }
    }
}

BOOST_AUTO_TEST_CASE(game_numbers_out_of_range_in_a_results_file_are_refused) {
    TempDir dir;
    BOOST_REQUIRE(shell(dir, "\"$ARENA\" " + quick_match(2, "r.jsonl")).exit_code == 0);
    std::istringstream in(read_text(dir / "r.jsonl"));
    std::string first;
    std::getline(in, first);
    for (const long long game : {-4LL, 2147483646LL}) {
        BOOST_TEST_CONTEXT("game " << game) {
            auto j = nlohmann::json::parse(first);
            j["game"] = game;
            // Not the last line: a last line that does not read is taken for one torn mid-write.
            std::ofstream(dir / "bad.jsonl") << j.dump() << "\n" << first << "\n";
            const Shell merged = shell(dir, "\"$ARENA\" merge bad.jsonl");
            BOOST_TEST(merged.exit_code != 0, merged.output);
            BOOST_TEST(
                merged.output.find("field game is out of range (" + std::to_string(game) + ",") != std::string::npos,
                merged.output);
        }
    }
}

namespace {

bool printable_ascii(const std::string& text) {
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && c != '\n') || u >= 0x7f) return false;
    }
    return true;
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_engine_chosen_name_is_printable_and_short_everywhere) {
    TempDir dir;
    const std::string match = "--engine cmd=" + fake("hostile_name") + " --engine name=b cmd=" + fake("random") +
                              " --each st=0.1 --board 7 --k 4 --results r.jsonl --games ";
    const Shell run = shell(dir, "\"$ARENA\" " + match + "2");
    BOOST_TEST(run.exit_code == 0, run.output.substr(0, 2000));
    BOOST_TEST(printable_ascii(run.output), run.output.substr(0, 2000));
    BOOST_TEST(run.output.size() < 20'000u);
    std::istringstream in(read_text(dir / "r.jsonl"));
    std::string name;
    for (std::string line; std::getline(in, line);) {
        const auto r = nlohmann::json::parse(line);
        const std::string seat = r.at("black") == "b" ? "white" : "black";
        name = r.at(seat).get<std::string>();
        BOOST_TEST(printable_ascii(name), name);
        BOOST_TEST(name.size() <= 43u, name);
    }
    BOOST_TEST_REQUIRE(!name.empty());
    // Resumed, the stored name is the same engine: the standings hold two, not three.
    const Shell resumed = shell(dir, "\"$ARENA\" " + match + "4");
    BOOST_TEST(resumed.exit_code == 0, resumed.output.substr(0, 2000));
    const auto table = resumed.output.rfind("Rank  Engine");
    BOOST_TEST_REQUIRE(table != std::string::npos);
    std::istringstream out(resumed.output.substr(table));
    int standings_rows = 0;
    for (std::string line; std::getline(out, line);)
        if (line.rfind("   ", 0) == 0 && line.size() > 3 && std::isdigit(static_cast<unsigned char>(line[3])))
            ++standings_rows;
    BOOST_TEST(standings_rows == 2, resumed.output);
    // The report's embedded games hold no markup.
    const Shell report = shell(dir, "\"$ARENA\" report r.jsonl --html r.html");
    BOOST_TEST(report.exit_code == 0, report.output);
    const std::string html = read_text(dir / "r.html");
    BOOST_TEST(html.find("<!--") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(option_values_with_control_characters_are_refused) {
    for (const std::string token : {"info=max_memory:16777216$(printf '\\nTURN 7,7')", "option.a=b$(printf '\\tc')"}) {
        BOOST_TEST_CONTEXT(token) {
            TempDir dir;
            const Shell run = shell(dir, "\"$ARENA\" --engine cmd=" + fake("random") + " \"" + token +
                                             "\" --engine cmd=" + fake("random") +
                                             " --each st=0.1 --board 7 --k 4 --games 2 --results r.jsonl");
            BOOST_TEST(run.exit_code == 2, run.output);
            BOOST_TEST(run.output.find("must not hold control characters") != std::string::npos, run.output);
            BOOST_TEST(!fs::exists(dir / "r.jsonl"));
        }
    }
}

BOOST_AUTO_TEST_CASE(a_full_disk_under_records_and_merge_out_is_reported) {
    TempDir dir;
    fs::create_directories(dir / "records");
    fs::create_symlink("/dev/full", dir / "records/game-000000.psq");  // writes fail with ENOSPC
    const Shell run = shell(dir, "\"$ARENA\" " + quick_match(2, "r.jsonl") + " --records records");
    BOOST_TEST(run.output.find("cannot write") != std::string::npos, run.output);
    BOOST_TEST(run.output.find("game-000000.psq") != std::string::npos, run.output);
    const Shell merged = shell(dir, "\"$ARENA\" merge r.jsonl --out /dev/full");
    BOOST_TEST(merged.exit_code == 2, merged.output);
    BOOST_TEST(merged.output.find("cannot write /dev/full") != std::string::npos, merged.output);
}

BOOST_AUTO_TEST_CASE(pondering_is_part_of_the_schedule) {
    TempDir dir;
    BOOST_REQUIRE(shell(dir, "\"$ARENA\" " + quick_match(2, "r.jsonl")).exit_code == 0);
    const Shell pondering = shell(dir, "\"$ARENA\" " + quick_match(4, "r.jsonl") + " --pondering");
    BOOST_TEST(pondering.exit_code != 0, pondering.output);
    BOOST_TEST(pondering.output.find("another schedule") != std::string::npos, pondering.output);
    BOOST_TEST(check_results_lines(dir / "r.jsonl") == 2u);
    // Without it the run extends as before.
    BOOST_TEST(shell(dir, "\"$ARENA\" " + quick_match(4, "r.jsonl")).exit_code == 0);
    BOOST_TEST(check_results_lines(dir / "r.jsonl") == 4u);
}
