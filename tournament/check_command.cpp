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
#include "engine/notation.h"
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

// What a failure costs: fatal when a manager's ordinary traffic triggers it and it would lose
// games (no answer, an illegal or forbidden move, a crash, a time or memory overrun); minor
// when only a nicety of the protocol is missed (lower-case commands, ABOUT, END, a forgotten
// DONE, garbage no manager sends).
enum class Grade { Fatal, Minor };

const char* grade_name(Grade g) { return g == Grade::Fatal ? "fatal" : "minor"; }

struct Verdict {
    std::string name;
    Grade grade = Grade::Fatal;
    bool passed = false;
    std::string detail;  // for a failure: what it answered, what was expected
};

// The tournament the organiser checks for: with a rule, only that rule's probes run, on its
// board; without one, every rule's. The swap2 probe runs with --swap2, or when no rule is named.
struct Event {
    std::optional<Rule> rule;
    int size = 15;
    bool swap2 = false;

    bool runs_swap2() const { return swap2 || !rule; }
    std::string text() const {
        if (!rule) return "every rule (no --rule given), swap2 included";
        return fmt::format("{} on {}x{}{}", rule_name(*rule), size, size, swap2 ? ", swap2" : "");
    }
};

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
    Status move(const std::string& command, int size, std::int64_t limit_ms, const std::set<Point>& taken = {}) {
        const auto a = await(limit_ms + kSlackMs);
        const auto m = a.kind == BrainAnswer::Kind::Line ? parse_point(a.line) : std::nullopt;
        if (!m) return Failure{fmt::format("{}: answered {}, expected a move 'x,y'", command, shown(a))};
        if (m->x < 0 || m->y < 0 || m->x >= size || m->y >= size || taken.count(*m))
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
    Grade grade;
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
    const std::set<Point> taken{{7, 7}, {8, 8}, {7, 8}};
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

// The stones of a SWAP2BOARD answer ("x,y x,y ..."; none for SWAP), or why they are not a
// valid answer: malformed, off the board, on a stone, or the wrong number.
Result<std::vector<Point>> swap2_answer(const BrainAnswer& a, int size, const std::vector<Point>& given,
                                        std::set<std::size_t> counts, const std::string& asked,
                                        const std::string& expected) {
    const auto wrong = [&] { return Failure{fmt::format("{}: answered {}, expected {}", asked, shown(a), expected)}; };
    if (a.kind != BrainAnswer::Kind::Line) return wrong();
    std::vector<Point> stones;
    if (to_upper_ascii(trim(a.line)) != "SWAP") {
        std::istringstream words(a.line);
        std::set<Point> taken(given.begin(), given.end());
        for (std::string word; words >> word;) {
            const auto m = parse_point(word);
            if (!m || m->x < 0 || m->y < 0 || m->x >= size || m->y >= size || !taken.insert(*m).second) return wrong();
            stones.push_back(*m);
        }
        if (stones.empty()) return wrong();
    }
    if (!counts.count(stones.size())) return wrong();
    return stones;
}

// Gomocup's swap2 opening as GomocupJudge asks it (SWAP2BOARD, the stones so far, DONE): to no
// stones the proposer answers three; to three the other answers SWAP, one stone or two; to
// five the proposer answers SWAP or one. Each answer within the turn time.
Status swap2_probe(Probe& p, int size) {
    constexpr std::int64_t kTurnMs = 1000;
    const int c = size / 2;
    // Black, white, black, then white's fourth and black's fifth, around the centre.
    const std::vector<Point> five{{c, c}, {c + 1, c}, {c, c + 1}, {c - 1, c - 1}, {c + 1, c + 2}};
    struct Step {
        std::size_t stones;
        std::set<std::size_t> counts;  // 0: SWAP
        const char* expected;
    };
    const std::vector<Step> steps{{0, {3}, "three stones 'x,y x,y x,y'"},
                                  {3, {0, 1, 2}, "SWAP, one stone or two"},
                                  {5, {0, 1}, "SWAP or one stone"}};
    p.send(fmt::format("INFO timeout_turn {}", kTurnMs));
    if (Status started = p.start(size); !started.ok()) return started;
    for (const Step& step : steps) {
        const std::vector<Point> given(five.begin(), five.begin() + static_cast<std::ptrdiff_t>(step.stones));
        p.send("SWAP2BOARD");
        for (const Point g : given) p.send(to_protocol(g));
        p.send("DONE");
        const std::string asked = fmt::format("SWAP2BOARD with {} stones", step.stones);
        const auto a = p.await(kTurnMs + kSlackMs, true);
        if (auto stones = swap2_answer(a, size, given, step.counts, asked, step.expected); !stones)
            return Failure{stones.error()};
        if (a.ms > kTurnMs)
            return Failure{fmt::format("{}: answered after {} ms, expected within {} ms", asked, a.ms, kTurnMs)};
    }
    return {};
}

// The checks of how a brain copes with a manager's slips and its own resources: a forgotten
// DONE, renju's forbidden points, the memory limit, bad input, END.
void add_robustness_checks(std::vector<Check>& checks, const Event& event) {
    const int n = event.size;
    const Grade fatal = Grade::Fatal, minor = Grade::Minor;
    checks.push_back({"forgotten-done", minor, [n](Probe& p) {
                          // A manager that sends BOARD and its stones but never DONE, then goes
                          // on with TURN: the brain must not wait for ever inside the block.
                          p.send("INFO timeout_turn 1000");
                          return first_failure(
                              {[&] { return p.start(n); },
                               [&] {
                                   p.send("BOARD");
                                   p.send("7,7,1");
                                   p.send("8,8,2");
                                   p.send("TURN 9,9");
                                   return p.move("BOARD without DONE, then TURN 9,9", n, 1000, {{9, 9}});
                               }});
                      }});
    if (!event.rule || *event.rule == Rule::Renju)
        checks.push_back(
            {"renju-no-forbidden-point", fatal, [](Probe& p) {
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
                              p.send(to_protocol(black[i]) + ",1");
                              p.send(to_protocol(white[i]) + ",2");
                              board.play(black[i]);
                              board.play(white[i]);
                          }
                          p.send("DONE");
                          const auto a = p.await(1000 + kSlackMs);
                          const auto m = a.kind == BrainAnswer::Kind::Line ? parse_point(a.line) : std::nullopt;
                          if (!m)
                              return Failure{"BOARD (renju, black to move): answered " + shown(a) +
                                             ", expected a move"};
                          const Point at = *m;
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
    checks.push_back({"max-memory-honoured", fatal, [n](Probe& p) {
                          // 64 MiB for the whole process and everything it starts, after a second
                          // of thinking, with the same tolerance the arena's memory= allows.
                          constexpr std::int64_t kLimit = std::int64_t{64} << 20;
                          const std::int64_t ceiling = kLimit + std::max(kMemoryToleranceBytes, kLimit / 8);
                          p.send(fmt::format("INFO max_memory {}", kLimit));
                          return first_failure(
                              {[&] { return plain_game(p, n, 1000); },
                               [&]() -> Status {
                                   // Watched for a while after the move, not once: memory
                                   // a brain (or a child of it) is still filling when it
                                   // answers, on a busy machine most of all, is still its own.
                                   auto over = group_memory_over(p.session().pid(), ceiling);
                                   for (int i = 0; i < kMemoryWatchSamples && !over; ++i) {
                                       std::this_thread::sleep_for(ms(50));
                                       over = group_memory_over(p.session().pid(), ceiling);
                                   }
                                   if (over)
                                       return Failure{fmt::format(
                                           "INFO max_memory {} MiB: {} processes hold {} MiB "
                                           "resident in the second after a 1 s move, expected at most {} MiB",
                                           kLimit >> 20, over->processes, over->proportional_bytes >> 20,
                                           ceiling >> 20)};
                                   return {};
                               }});
                      }});
    checks.push_back({"bad-input-survived", minor, [n](Probe& p) {
                          return first_failure({[&] { return p.start(n); },
                                                [&]() -> Status {
                                                    p.send("INFO timeout_turn 1000");
                                                    p.send("XYZZY");
                                                    p.send("TURN 99,99");
                                                    p.send("TURN a,b");
                                                    p.send("BOARD");
                                                    p.send("1,2,3,4");
                                                    p.send("DONE");
                                                    p.send(fmt::format("START {}", n));
                                                    // the garbage may draw ERROR lines and an OK: skip until a move
                                                    p.send("BEGIN");
                                                    for (;;) {
                                                        const auto a = p.await(2000);
                                                        if (a.kind == BrainAnswer::Kind::Line &&
                                                            a.line.substr(0, 2) == "OK")
                                                            continue;
                                                        if (a.kind == BrainAnswer::Kind::Line && parse_point(a.line))
                                                            return {};
                                                        return Failure{"BEGIN after bad input: answered " + shown(a) +
                                                                       ", expected a move"};
                                                    }
                                                }});
                      }});
    checks.push_back({"end-exits", minor, [n](Probe& p) {
                          return first_failure({[&] { return p.start(n); },
                                                [&]() -> Status {
                                                    p.send("END");
                                                    const auto a = p.await(1000);
                                                    if (a.kind != BrainAnswer::Kind::Crash)
                                                        return Failure{"END: " + shown(a) +
                                                                       ", expected the process to exit within 1000 ms"};
                                                    return {};
                                                }});
                      }});
}

std::vector<Check> battery(const Event& event) {
    const int n = event.size;
    const Grade fatal = Grade::Fatal, minor = Grade::Minor;
    std::vector<Check> checks;
    checks.push_back({"start-within-1s", fatal, [n](Probe& p) { return p.start(n); }});
    checks.push_back({"about", minor, [](Probe& p) -> Status {
                          p.send("ABOUT");
                          const auto a = p.await(1000, true);
                          if (a.kind != BrainAnswer::Kind::Line || !name_from_about(a.line))
                              return Failure{"ABOUT: answered " + shown(a) + ", expected name=\"...\""};
                          return {};
                      }});
    checks.push_back({"lower-case-commands", minor, [n](Probe& p) {
                          p.send("info timeout_turn 1000");
                          return first_failure({[&] { return p.start(n, 1000, "start"); },
                                                [&] {
                                                    p.send("begin");
                                                    return p.move("begin", n, 1000);
                                                },
                                                [&] {
                                                    p.send("turn 0,0");
                                                    return p.move("turn 0,0", n, 1000, {{0, 0}});
                                                }});
                      }});
    // Managers on Windows end their lines so: a brain that cannot read them loses every game.
    checks.push_back({"crlf-line-ends", fatal, [n](Probe& p) { return plain_game(p, n, 1000, "\r"); }});
    checks.push_back({"info-at-any-time", fatal, [n](Probe& p) {
                          return first_failure({[&] { return p.start(n); },
                                                [&] {
                                                    p.send("INFO timeout_turn 1000");
                                                    p.send("INFO max_memory 83886080");
                                                    p.send("TURN 7,7");
                                                    return p.move("TURN 7,7", n, 1000, {{7, 7}});
                                                },
                                                [&] {
                                                    p.send("INFO time_left 100000");
                                                    p.send("INFO unknown_key 1");
                                                    p.send("TURN 0,0");
                                                    return p.move("TURN 0,0 after INFO", n, 1000, {{7, 7}, {0, 0}});
                                                }});
                      }});
    for (const std::int64_t t : {100, 300, 1000})
        checks.push_back(
            {fmt::format("timeout-turn-{}ms", t), fatal, [t, n](Probe& p) { return plain_game(p, n, t); }});
    checks.push_back({"match-clock-time-left", fatal, [n](Probe& p) {
                          p.send("INFO timeout_turn 5000");
                          p.send("INFO timeout_match 2000");
                          p.send("INFO time_left 400");
                          return first_failure({[&] { return p.start(n); },
                                                [&] {
                                                    p.send("BEGIN");
                                                    return p.move("BEGIN with time_left 400", n, 400);
                                                }});
                      }});
    if (event.rule) {
        const int code = gomocup_code(*event.rule);
        checks.push_back({fmt::format("rule-{}-{}", rule_name(*event.rule), n), fatal,
                          [n, code](Probe& p) { return rule_probe(p, n, code); }});
    } else {
        checks.push_back({"rule-freestyle-15", fatal, [](Probe& p) { return rule_probe(p, 15, 0); }});
        checks.push_back({"rule-freestyle-20", fatal, [](Probe& p) { return rule_probe(p, 20, 0); }});
        checks.push_back({"rule-exact-five", fatal, [](Probe& p) { return rule_probe(p, 15, 1); }});
        checks.push_back({"rule-renju", fatal, [](Probe& p) { return rule_probe(p, 15, 4); }});
        checks.push_back({"rule-caro", fatal, [](Probe& p) { return rule_probe(p, 15, 8); }});
    }
    add_robustness_checks(checks, event);
    if (event.runs_swap2()) checks.push_back({"swap2", fatal, [n](Probe& p) { return swap2_probe(p, n); }});
    return checks;
}

}  // namespace

int check_command(int argc, char** argv) {
    std::vector<std::string> brain_tokens;
    std::string rule_text, board_text = "15", json_path;
    po::options_description options("tengen-arena check");
    // One option a line, as --help lists them.
    // clang-format off
    options.add_options()("help", "this text")
        ("engine", po::value<std::vector<std::string>>()->multitoken(), "cmd=PATH [arg=..] [dir=..]")
        ("rule", po::value<std::string>(&rule_text), "the event's rule (freestyle|exact|renju|caro|caro-exact or "
                                                     "0|1|4|8|9): only its probes run; without it, every rule's")
        ("board", po::value<std::string>(&board_text), "N: the event's board (default 15), for every probe but renju's")
        ("swap2", po::bool_switch(), "the event opens with swap2: probe SWAP2BOARD (always probed without --rule)")
        ("json", po::value<std::string>(&json_path), "also write the results as JSON");
    // clang-format on
    po::variables_map vm;
    if (const auto done =
            parse_arena_command(argc, argv, options, vm, "tengen-arena check", nullptr, kArenaOptionStyle))
        return *done;
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
    Event event;
    event.swap2 = vm["swap2"].as<bool>();
    if (vm.count("rule")) {
        event.rule = parse_rule(rule_text);
        if (!event.rule) {
            std::cerr << "tengen-arena check: unknown --rule '" << printable_excerpt(rule_text, 40) << "'\n";
            return 2;
        }
    }
    const auto size = parse_board_size(board_text);
    if (!size || size->first != size->second || size->first < 10 || size->first > 32) {
        std::cerr << "tengen-arena check: --board needs N from 10 to 32 (the probes play START N), got '"
                  << printable_excerpt(board_text, 40) << "'\n";
        return 2;
    }
    if (vm.count("board") && !event.rule) {
        std::cerr << "tengen-arena check: --board needs --rule (without a rule every rule's own board is probed)\n";
        return 2;
    }
    event.size = size->first;
    std::cout << "probes for: " << event.text() << std::endl;
    {
        Probe first(spec);
        if (const Status started = first.launch(); !started.ok()) {
            std::cerr << "tengen-arena check: cannot start the engine: " << started.error() << "\n";
            return 2;
        }
        first.session().kill();
    }
    std::vector<Verdict> verdicts;
    for (const auto& check : battery(event)) {
        Probe probe(spec);
        Verdict v;
        v.name = check.name;
        v.grade = check.grade;
        Status outcome = probe.launch();
        if (!outcome.ok())
            outcome = Failure{"cannot start: " + outcome.error()};
        else
            outcome = check.run(probe);
        v.passed = outcome.ok();
        v.detail = outcome.error();
        probe.session().kill();
        std::cout << (v.passed ? "PASS " + v.name
                               : fmt::format("FAIL {} ({}): {}", v.name, grade_name(v.grade), v.detail))
                  << std::endl;
        verdicts.push_back(std::move(v));
    }
    std::size_t passed = 0, fatal = 0;
    for (const auto& v : verdicts) {
        passed += v.passed;
        fatal += !v.passed && v.grade == Grade::Fatal;
    }
    std::cout << fmt::format("checked: {}/{} passed; {} fatal, {} minor failures", passed, verdicts.size(), fatal,
                             verdicts.size() - passed - fatal)
              << std::endl;
    if (!json_path.empty()) {
        nlohmann::json out{{"engine", spec.cmd},       {"event", event.text()}, {"passed", passed},
                           {"total", verdicts.size()}, {"fatal", fatal},        {"checks", nlohmann::json::array()}};
        for (const auto& v : verdicts)
            out["checks"].push_back(
                {{"name", v.name}, {"grade", grade_name(v.grade)}, {"passed", v.passed}, {"detail", v.detail}});
        std::ofstream json(json_path);
        json << out.dump(2) << "\n";
        json.close();  // a full disk shows only when the buffer goes out
        if (!json) {
            std::cerr << "tengen-arena check: cannot write " << json_path << "\n";
            return 2;
        }
    }
    return fatal == 0 ? 0 : 1;
}

}  // namespace tengen
