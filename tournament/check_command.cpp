// `tengen-arena check`: drives one brain through a battery of short sessions, each on a fresh
// process so one failure does not hide the next, and says which ones it passed.
#include <chrono>
#include <fstream>
#include <functional>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "tournament/arena_commands.h"
#include "engine/board.h"
#include "tournament/command_line.h"
#include "tournament/brain_session.h"
#include "tournament/brain_spec.h"
#include "tournament/process_group_usage.h"
#include "engine/renju.h"
#include "engine/text.h"

namespace tengen {

namespace {

namespace po = boost::program_options;
using SteadyClock = std::chrono::steady_clock;
using ms = std::chrono::milliseconds;

// Slack past a deadline for process scheduling on a busy machine; Gomocup's own judge is as lenient.
constexpr std::int64_t kSlackMs = 50;
// After the move of the memory check, the brain's group is sampled this many times 50 ms apart.
constexpr int kMemoryWatchSamples = 20;

struct Verdict {
    std::string name;
    bool passed = false;
    std::string detail;  // for a failure: what it answered, what was expected
};

struct AnsweredCoordinates {
    int x = -1, y = -1;
};

std::optional<AnsweredCoordinates> parse_coordinates(const std::string& line) {
    AnsweredCoordinates m;
    char comma = 0;
    std::istringstream in(line);
    if (!(in >> m.x >> comma >> m.y) || comma != ',') return std::nullopt;
    std::string rest;
    if (in >> rest) return std::nullopt;
    return m;
}

std::string shown(const BrainAnswer& a) {
    switch (a.kind) {
    case BrainAnswer::Kind::Line:
        return fmt::format("'{}'", printable_excerpt(a.line, 80));
    case BrainAnswer::Kind::Timeout:
        return fmt::format("nothing within {} ms", a.ms);
    case BrainAnswer::Kind::Crash:
        return "the process ended (" + a.line + ")";
    case BrainAnswer::Kind::MemoryLimit:
        return a.line;
    case BrainAnswer::Kind::Abandoned:
        return "nothing (interrupted)";
    }
    return {};
}

class Probe {
public:
    explicit Probe(const BrainSpec& spec) : session_(spec, "check", nullptr) {}
    Status launch() { return session_.launch(); }
    void send(const std::string& line) { session_.send(line); }
    BrainAnswer await(std::int64_t within_ms, bool errors = false) {
        return session_.await_answer(SteadyClock::now() + ms(within_ms), errors);
    }
    BrainSession& session() { return session_; }

    // START size (with the given line end) answered OK within limit_ms.
    Status start(int size, std::int64_t limit_ms = 1000, const std::string& word = "START",
                 const std::string& end = "") {
        send(fmt::format("{} {}{}", word, size, end));
        const auto a = await(limit_ms + kSlackMs, true);
        if (a.kind != BrainAnswer::Kind::Line || a.line.substr(0, 2) != "OK" || a.ms > limit_ms)
            return Failure{fmt::format("{} {}: answered {} after {} ms, expected OK within {} ms", word, size, shown(a),
                                       a.ms, limit_ms)};
        return {};
    }
    // A move on an empty point of a size x size board within limit_ms.
    Status move(const std::string& command, int size, std::int64_t limit_ms,
                const std::set<std::pair<int, int>>& taken = {}) {
        const auto a = await(limit_ms + kSlackMs);
        const auto m = a.kind == BrainAnswer::Kind::Line ? parse_coordinates(a.line) : std::nullopt;
        if (!m) return Failure{fmt::format("{}: answered {}, expected a move 'x,y'", command, shown(a))};
        if (m->x < 0 || m->y < 0 || m->x >= size || m->y >= size || taken.count({m->x, m->y}))
            return Failure{fmt::format("{}: answered {}, expected an empty point on the {}x{} board", command, shown(a),
                                       size, size)};
        if (a.ms > limit_ms)
            return Failure{fmt::format("{}: answered after {} ms, expected within {} ms", command, a.ms, limit_ms)};
        return {};
    }

private:
    BrainSession session_;
};

struct Check {
    std::string name;
    std::function<Status(Probe&)> run;
};

Status first_failure(std::initializer_list<std::function<Status()>> steps) {
    for (const auto& step : steps)
        if (Status passed = step(); !passed.ok()) return passed;
    return {};
}

Status plain_game(Probe& p, int size, std::int64_t turn_ms, const std::string& end = "") {
    p.send(fmt::format("INFO timeout_turn {}{}", turn_ms, end));
    p.send(fmt::format("INFO timeout_match 0{}", end));
    return first_failure({[&] { return p.start(size, 1000, "START", end); },
                          [&] {
                              p.send("BEGIN" + end);
                              return p.move("BEGIN", size, turn_ms);
                          }});
}

Status rule_probe(Probe& p, int size, int rule) {
    p.send("INFO timeout_turn 1000");
    p.send(fmt::format("INFO rule {}", rule));
    const std::set<std::pair<int, int>> taken{{7, 7}, {8, 8}, {7, 8}};
    return first_failure({[&] { return p.start(size); },
                          [&] {
                              p.send("BOARD");
                              // the opponent (2) has one stone more: the brain is to move
                              p.send("7,7,2");
                              p.send("8,8,1");
                              p.send("7,8,2");
                              p.send("DONE");
                              return p.move(fmt::format("BOARD (rule {}, size {})", rule, size), size, 1000, taken);
                          }});
}

std::vector<Check> battery() {
    std::vector<Check> checks;
    checks.push_back({"start-within-1s", [](Probe& p) { return p.start(15); }});
    checks.push_back({"about", [](Probe& p) -> Status {
                          p.send("ABOUT");
                          const auto a = p.await(1000, true);
                          if (a.kind != BrainAnswer::Kind::Line || !name_from_about(a.line))
                              return Failure{"ABOUT: answered " + shown(a) + ", expected name=\"...\""};
                          return {};
                      }});
    checks.push_back({"lower-case-commands", [](Probe& p) {
                          p.send("info timeout_turn 1000");
                          return first_failure({[&] { return p.start(15, 1000, "start"); },
                                                [&] {
                                                    p.send("begin");
                                                    return p.move("begin", 15, 1000);
                                                },
                                                [&] {
                                                    p.send("turn 0,0");
                                                    return p.move("turn 0,0", 15, 1000, {{0, 0}});
                                                }});
                      }});
    checks.push_back({"crlf-line-ends", [](Probe& p) { return plain_game(p, 15, 1000, "\r"); }});
    checks.push_back({"info-at-any-time", [](Probe& p) {
                          return first_failure({[&] { return p.start(15); },
                                                [&] {
                                                    p.send("INFO timeout_turn 1000");
                                                    p.send("INFO max_memory 83886080");
                                                    p.send("TURN 7,7");
                                                    return p.move("TURN 7,7", 15, 1000, {{7, 7}});
                                                },
                                                [&] {
                                                    p.send("INFO time_left 100000");
                                                    p.send("INFO unknown_key 1");
                                                    p.send("TURN 0,0");
                                                    return p.move("TURN 0,0 after INFO", 15, 1000, {{7, 7}, {0, 0}});
                                                }});
                      }});
    for (const std::int64_t t : {100, 300, 1000})
        checks.push_back({fmt::format("timeout-turn-{}ms", t), [t](Probe& p) { return plain_game(p, 15, t); }});
    checks.push_back({"match-clock-time-left", [](Probe& p) {
                          p.send("INFO timeout_turn 5000");
                          p.send("INFO timeout_match 2000");
                          p.send("INFO time_left 400");
                          return first_failure({[&] { return p.start(15); },
                                                [&] {
                                                    p.send("BEGIN");
                                                    return p.move("BEGIN with time_left 400", 15, 400);
                                                }});
                      }});
    checks.push_back({"rule-freestyle-15", [](Probe& p) { return rule_probe(p, 15, 0); }});
    checks.push_back({"rule-freestyle-20", [](Probe& p) { return rule_probe(p, 20, 0); }});
    checks.push_back({"rule-exact-five", [](Probe& p) { return rule_probe(p, 15, 1); }});
    checks.push_back({"rule-renju", [](Probe& p) { return rule_probe(p, 15, 4); }});
    checks.push_back({"rule-caro", [](Probe& p) { return rule_probe(p, 15, 8); }});
    checks.push_back({"forgotten-done", [](Probe& p) {
                          // A manager that sends BOARD and its stones but never DONE, then goes
                          // on with TURN: the brain must not wait for ever inside the block.
                          p.send("INFO timeout_turn 1000");
                          return first_failure(
                              {[&] { return p.start(15); },
                               [&] {
                                   p.send("BOARD");
                                   p.send("7,7,1");
                                   p.send("8,8,2");
                                   p.send("TURN 9,9");
                                   return p.move("BOARD without DONE, then TURN 9,9", 15, 1000, {{9, 9}});
                               }});
                      }});
    checks.push_back(
        {"renju-no-forbidden-point", [](Probe& p) {
             // Black to move with a double four at 8,7 (a win anywhere but renju, a
             // loss there): the brain must find another point, and none forbidden.
             const std::vector<Point> black{{5, 7}, {6, 7}, {7, 7}, {8, 4}, {8, 5}, {8, 6}};
             const std::vector<Point> white{{1, 1}, {13, 1}, {1, 13}, {13, 13}, {3, 12}, {12, 3}};
             p.send("INFO timeout_turn 1000");
             p.send("INFO rule 4");
             return first_failure(
                 {[&] { return p.start(15); },
                  [&]() -> Status {
                      Board board(GameConfig{15, 15, 5, Rule::Renju});
                      p.send("BOARD");
                      for (std::size_t i = 0; i < black.size(); ++i) {
                          // in move order, black first: the brain's stones are black
                          p.send(fmt::format("{},{},1", black[i].x, black[i].y));
                          p.send(fmt::format("{},{},2", white[i].x, white[i].y));
                          board.play(black[i]);
                          board.play(white[i]);
                      }
                      p.send("DONE");
                      const auto a = p.await(1000 + kSlackMs);
                      const auto m = a.kind == BrainAnswer::Kind::Line ? parse_coordinates(a.line) : std::nullopt;
                      if (!m)
                          return Failure{"BOARD (renju, black to move): answered " + shown(a) + ", expected a move"};
                      const Point at{m->x, m->y};
                      if (!board.is_legal(at))
                          return Failure{"BOARD (renju): answered " + shown(a) + ", not an empty point"};
                      if (const Forbidden f = renju_forbidden(board, at); f != Forbidden::None)
                          return Failure{
                              fmt::format("BOARD (renju, black to move): answered {}, a forbidden point "
                                          "({}), expected any other",
                                          shown(a), forbidden_name(f))};
                      return {};
                  }});
         }});
    checks.push_back({"max-memory-honoured", [](Probe& p) {
                          // 64 MiB for the whole process and everything it starts, after a second
                          // of thinking, with the same tolerance the arena's memory= allows.
                          constexpr std::int64_t kLimit = std::int64_t{64} << 20;
                          const std::int64_t ceiling = kLimit + std::max(kMemoryToleranceBytes, kLimit / 8);
                          p.send(fmt::format("INFO max_memory {}", kLimit));
                          return first_failure(
                              {[&] { return plain_game(p, 15, 1000); },
                               [&]() -> Status {
                                   // Watched for a while after the move, not once: memory
                                   // a brain (or a child of it) is still filling when it
                                   // answers, on a busy machine most of all, is still its own.
                                   GroupUsage u = sample_group(p.session().pid());
                                   for (int i = 0; i < kMemoryWatchSamples && u.resident_bytes <= ceiling; ++i) {
                                       std::this_thread::sleep_for(ms(50));
                                       const GroupUsage later = sample_group(p.session().pid());
                                       if (later.resident_bytes > u.resident_bytes) u = later;
                                   }
                                   if (u.resident_bytes > ceiling)
                                       return Failure{fmt::format(
                                           "INFO max_memory {} MiB: {} processes hold {} MiB "
                                           "resident in the second after a 1 s move, expected at most {} MiB",
                                           kLimit >> 20, u.processes, u.resident_bytes >> 20, ceiling >> 20)};
                                   return {};
                               }});
                      }});
    checks.push_back({"bad-input-survived", [](Probe& p) {
                          return first_failure(
                              {[&] { return p.start(15); },
                               [&]() -> Status {
                                   p.send("INFO timeout_turn 1000");
                                   p.send("XYZZY");
                                   p.send("TURN 99,99");
                                   p.send("TURN a,b");
                                   p.send("BOARD");
                                   p.send("1,2,3,4");
                                   p.send("DONE");
                                   p.send("START 15");
                                   // the garbage may draw ERROR lines and an OK: skip until a move
                                   p.send("BEGIN");
                                   for (;;) {
                                       const auto a = p.await(2000);
                                       if (a.kind == BrainAnswer::Kind::Line && a.line.substr(0, 2) == "OK") continue;
                                       if (a.kind == BrainAnswer::Kind::Line && parse_coordinates(a.line)) return {};
                                       return Failure{"BEGIN after bad input: answered " + shown(a) +
                                                      ", expected a move"};
                                   }
                               }});
                      }});
    checks.push_back({"end-exits", [](Probe& p) {
                          return first_failure({[&] { return p.start(15); },
                                                [&]() -> Status {
                                                    p.send("END");
                                                    const auto a = p.await(1000);
                                                    if (a.kind != BrainAnswer::Kind::Crash)
                                                        return Failure{"END: " + shown(a) +
                                                                       ", expected the process to exit within 1000 ms"};
                                                    return {};
                                                }});
                      }});
    return checks;
}

}  // namespace

int check_command(int argc, char** argv) {
    std::vector<std::string> brain_tokens;
    std::string rule_text, json_path;
    po::options_description options("tengen-arena check");
    // One option a line, as --help lists them.
    // clang-format off
    options.add_options()("help", "this text")
        ("engine", po::value<std::vector<std::string>>()->multitoken(), "cmd=PATH [arg=..] [dir=..]")
        ("rule", po::value<std::string>(&rule_text), "accepted for the command line's sake; every rule probe runs")
        ("json", po::value<std::string>(&json_path), "also write the results as JSON");
    // clang-format on
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(options).style(kArenaOptionStyle).run(), vm);
        po::notify(vm);
    } catch (const std::exception& e) {
        std::cerr << "tengen-arena check: " << e.what() << "\n";
        return 2;
    }
    if (vm.count("help")) {
        std::cout << options;
        return 0;
    }
    if (!vm.count("engine")) {
        std::cerr << "tengen-arena check: --engine cmd=PATH is required\n";
        return 2;
    }
    const auto parsed = parse_brain_spec(vm["engine"].as<std::vector<std::string>>(), {});
    if (!parsed) {
        std::cerr << "tengen-arena check: " << parsed.error() << "\n";
        return 2;
    }
    const BrainSpec spec = *parsed;
    {
        Probe first(spec);
        if (const Status started = first.launch(); !started.ok()) {
            std::cerr << "tengen-arena check: cannot start the engine: " << started.error() << "\n";
            return 2;
        }
        first.session().kill();
    }
    std::vector<Verdict> verdicts;
    for (const auto& check : battery()) {
        Probe probe(spec);
        Verdict v;
        v.name = check.name;
        Status outcome = probe.launch();
        if (!outcome.ok())
            outcome = Failure{"cannot start: " + outcome.error()};
        else
            outcome = check.run(probe);
        v.passed = outcome.ok();
        v.detail = outcome.error();
        probe.session().kill();
        std::cout << (v.passed ? "PASS " + v.name : "FAIL " + v.name + ": " + v.detail) << std::endl;
        verdicts.push_back(std::move(v));
    }
    std::size_t passed = 0;
    for (const auto& v : verdicts) passed += v.passed;
    std::cout << fmt::format("checked: {}/{} passed", passed, verdicts.size()) << std::endl;
    if (!json_path.empty()) {
        nlohmann::json out{
            {"engine", spec.cmd}, {"passed", passed}, {"total", verdicts.size()}, {"checks", nlohmann::json::array()}};
        for (const auto& v : verdicts)
            out["checks"].push_back({{"name", v.name}, {"passed", v.passed}, {"detail", v.detail}});
        std::ofstream(json_path) << out.dump(2) << "\n";
    }
    return passed == verdicts.size() ? 0 : 1;
}

}  // namespace tengen
