// The tournament's command line: Boost.Program_options, with each `--engine` group read from
// parsed_options so repeated groups stay apart.
#include <boost/program_options.hpp>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <unistd.h>

#include "tournament/arena_commands.h"
#include "tournament/child_process.h"
#include "tournament/command_line.h"
#include "tournament/config_file.h"
#include "tournament/leagues.h"
#include "tournament/live_server.h"
#include "engine/version.h"
#include "tournament/opening_generator.h"
#include "tournament/runner_spellings.h"
#include "tournament/schedule_hash.h"
#include "engine/text.h"
#include "tournament/tournament_runner.h"

namespace po = boost::program_options;

namespace tengen {

namespace {

// The command as typed, quoted for a POSIX shell where needed: the resume hint after Ctrl-C.
std::string shell_quoted(int argc, char** argv) {
    std::string out;
    for (int i = 0; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool plain = !arg.empty() && arg.find_first_not_of(
                                               "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                               "0123456789_-+=.,/:@%") == std::string::npos;
        if (i > 0) out += ' ';
        if (plain) {
            out += arg;
            continue;
        }
        out += '\'';
        for (char c : arg) {
            if (c == '\'')
                out += "'\\''";
            else
                out += c;
        }
        out += '\'';
    }
    return out;
}

constexpr const char* kUsage = R"(tengen-arena: engine-vs-engine tournaments over the Gomocup protocol.

Usage:
  tengen-arena --engine KEY=VALUE... --engine KEY=VALUE... [options]
  tengen-arena merge A.jsonl B.jsonl ... [--out F] [--sprt ...]
  tengen-arena report A.jsonl B.jsonl ... --html report.html [--sprt ...]
  tengen-arena check --engine cmd=PATH [--rule R] [--board N] [--swap2]
  tengen-arena league NAME...|all [--scale F] --engine ... --engine ... [options]
  tengen-arena --openings-generate N --board 15 --out openings.txt

Example:
  tengen-arena --engine name=new cmd=build/pbrain-tengen \
               --engine name=old cmd=base/pbrain-tengen \
               --each st=0.1 memory=67108864 \
               --board 15 --rule freestyle --games 200 --concurrency 2 \
               --openings file=openings.txt order=random seed=7 \
               --sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 \
               --results new-vs-old.jsonl --records games/

Engine keys (--engine, defaults for all with --each; an engine's own keys win):
  cmd=PATH        the executable (required), run by argv, never through a shell
  arg=A           one argument for it; repeat for more
  name=N          display name (default: ABOUT's name, else the file name; repeated
                  names get -2, -3 ...)
  dir=D           the folder the engine runs in; by default its executable's own folder
                  (cmd=engines/x runs in engines/, as c-gomoku-cli runs it), and the arena's
                  folder for a cmd found on PATH. A relative cmd is always found from the
                  folder the arena is started in, never from dir=
  st=S            turn time in seconds, above 0 (INFO timeout_turn S*1000, timeout_match 0)
  tc=M[+I]        match clock M seconds plus I per move (timeout_match and
                  timeout_turn M*1000, time_increment, time_left before each move);
  tc=M/T[+I]      the same with timeout_turn T*1000 (c-gomoku-cli); tc=0/T: turn
                  time only, as st=T. With neither st nor tc: st=1. Both at one level
                  are refused; an engine's own replaces --each's
  memory=BYTES threads=N depth=N nodes=N   (also maxmemory=, thread=)
                  INFO max_memory, thread_num, max_depth, max_node; memory= is also enforced:
                  the resident memory of the engine's process group past it
                  (plus 32 MiB or an eighth) loses with memory-limit
  info=KEY:VALUE  any other INFO line; repeatable (also option.KEY=VALUE)
  tolerance=MS    this engine's grace past its deadline (over --tolerance)
  log=FILE        this engine's protocol traffic, timestamped
  stderr=FILE     this engine's stderr, appended (default: discarded); a crash's
                  last stderr line goes into loser_said
  wine=yes        cmd is a Windows engine (pbrain-x.exe), started as `wine cmd args`;
                  the same as cmd=wine arg=pbrain-x.exe. Give the arena a Wine prefix
                  of its own (WINEPREFIX=DIR): at the end of the run it stops that
                  prefix's wineserver, and with it every Wine process the engines left.

Timing: a move is a time forfeit when it comes later than its turn time (or the time
left on its match clock) plus the tolerance. Default tolerance: the turn time clamped
to 200..1000 ms, i.e. 1000 ms for match clocks and turns of a second or more, the
turn time itself for shorter turns, never below 200 ms. Each engine's first move of
a game gets 1000 ms more (start-up work such as hash allocation). An engine runs
10 ms after its answer before it is stopped, and 10 ms after it is continued before
its next command (some engines drop a command that arrives while they finish their
move); neither counts on its clock, which starts with the prompt.
START must be answered within --start-timeout ms. Every game sends START (RECTSTART),
the INFO lines, then BEGIN, BOARD or TURN; --draw-after counts the engines' moves (not
the opening's stones).

Openings: offset ("0,0, 1,-1", from the centre floor(size/2)) or letters ("h8i9j7")
files, detected when format= is not given; blank and '#' lines are skipped, bad lines
reported and skipped. Every pairing of a round meets the same openings, in order from
start=; with transform=yes each pass after the first applies the next board symmetry.
--openings-generate writes --opening-stones random stones near the centre, kept when
Tengen's own search (mean of --generate-depth and the next depth) is within --balance.

Results: one JSON line per finished game in --results, appended at once. Rerunning the
same command resumes (game numbers already in the file are skipped; a torn last line
is replayed); a file from another schedule is refused; a match of one round grows
with a larger --games; one arena at a time per file (a lock). Ctrl-C abandons the games in progress and prints the standings and the command
that resumes. A failed append (full disk) is rolled back and stops the run. Exit status:
0 when the tournament finished, 1 when an engine cannot start, 2 for a bad command line
or results file, 3 when a result could not be saved, 130 when interrupted.

Records: --records DIR writes a .psq per game (and an .sgf with --sgf); --sgf FILE writes
every game into one SGF file and --pgn FILE (-pgnout) a PGN that BayesElo and Ordo read,
both appended as games end. SGF's RE: B+/W+ on the board, B+T/W+T on time, B+F/W+F for a
forfeit (crash, illegal move...), B+R/W+R for an adjudicated resignation, 0 a draw.

Other runners' words: -boardsize N, -drawafter N (stones on the board), -gauntlet,
-transform, -loseonly, -sendbyboard, -log, -debug, -msg FILE, -sgf FILE, -pgn FILE
(c-gomoku-cli); openings type=offset|pos and srand=N; -resign/-draw COUNT SCORE;
fastchess's -pgnout file=F, -log file=F, -ratinginterval N, and movecount=/movenumber= in
-resign and -draw. An unknown option or a stray word is refused, every one at once.

--config FILE reads the same options from a JSON object ({"engine": [{"cmd": ...}, ...],
"each": {"st": 0.2}, "games": 200, ...}); the command line overrides it (docs/arena.md).

Options (one dash works too: -engine, -each, -games, -rule ...))";

std::vector<std::vector<std::string>> groups_of(const po::parsed_options& parsed, const std::string& key) {
    std::vector<std::vector<std::string>> groups;
    for (const po::option& o : parsed.options)
        if (o.string_key == key) groups.push_back(o.value);
    return groups;
}

int generate_openings(const po::variables_map& vm, const GameConfig& config) {
    if (!vm.count("out")) {
        std::cerr << "tengen-arena: --openings-generate needs --out FILE\n";
        return 2;
    }
    GenerateSettings g;
    g.count = vm["openings-generate"].as<int>();
    g.config = config;
    g.stones = vm["opening-stones"].as<int>();
    g.seed = vm["seed"].as<std::uint64_t>();
    g.balance = vm["balance"].as<int>();
    g.search_depth = vm["generate-depth"].as<int>();
    g.search_ms = vm["generate-ms"].as<std::int64_t>();
    g.radius = std::min({3, (config.width - 1) / 2, (config.height - 1) / 2});
    if (g.count < 1 || g.stones < 1 || g.stones > (2 * g.radius + 1) * (2 * g.radius + 1) - 1) {
        std::cerr << "tengen-arena: --openings-generate needs N >= 1 and a stone count that fits near the centre\n";
        return 2;
    }
    const bool live = ::isatty(STDERR_FILENO);
    const auto openings = generate_balanced_openings(g, [&](int found, int tried) {
        if (live)
            std::cerr << "\r" << found << "/" << g.count << " balanced openings, " << tried << " tried" << std::flush;
    });
    if (live) std::cerr << "\n";
    std::ofstream out(vm["out"].as<std::string>(), std::ios::trunc);
    for (const auto& stones : openings) out << opening_to_offsets(stones, config) << "\n";
    out.close();  // a full disk shows only when the buffer goes out
    if (!out) {
        std::cerr << "tengen-arena: cannot write " << vm["out"].as<std::string>() << "\n";
        return 2;
    }
    std::cout << "wrote " << openings.size() << " openings to " << vm["out"].as<std::string>() << "\n";
    return openings.size() == static_cast<std::size_t>(g.count) ? 0 : 1;
}

// With WINEPREFIX set the arena owns that prefix: `wineserver -k` ends every process in it
// (a brain's helpers, or a brain Wine kept alive after its loader was killed). Without
// it the prefix is the user's own, shared with their other Windows programs, so it is left
// alone: its wineserver quits by itself a few seconds after its last process.
void stop_private_wine(const std::vector<BrainSpec>& brains) {
    const char* prefix = std::getenv("WINEPREFIX");
    if (!prefix || !*prefix) return;
    if (std::none_of(brains.begin(), brains.end(), [](const BrainSpec& e) { return e.wine; })) return;
    ChildProcess server;
    if (!server.start({"wineserver", "-k"}, "").ok()) return;
    if (!server.wait_exit(std::chrono::steady_clock::now() + std::chrono::seconds(10))) server.kill();
}

}  // namespace

int arena_command(int argc, char** argv) {
    po::options_description desc(kUsage);
    // One option a line, as --help lists them.
    // clang-format off
    desc.add_options()
        ("help,h", "show this help")
        ("version", "show the version")
        ("config", po::value<std::string>(), "FILE: the tournament as JSON (option names as keys; the command "
                                             "line overrides it); league:NAME is a Gomocup league's")
        ("engine", po::value<std::vector<std::string>>()->multitoken()->zero_tokens()->composing(),
         "an engine: KEY=VALUE tokens up to the next option")
        ("each", po::value<std::vector<std::string>>()->multitoken()->zero_tokens()->composing(),
         "defaults for every engine")
        ("board", po::value<std::string>()->default_value("15"), "N or WxH")
        ("k", po::value<int>()->default_value(5), "stones in a row that win (INFO win_length)")
        ("rule", po::value<std::string>()->default_value("freestyle"),
         "freestyle|exact|renju|caro|caro-exact or Gomocup code 0|1|4|8|9")
        ("tournament", po::value<std::string>()->default_value("match"), "match|gauntlet|round-robin")
        ("games", po::value<int>()->default_value(2), "games per pairing per round (even with --repeat)")
        ("rounds", po::value<int>()->default_value(1), "times the whole schedule is played")
        ("repeat", po::value<bool>()->default_value(true)->implicit_value(true),
         "play each opening twice, colours swapped (--repeat=false to turn off)")
        ("openings", po::value<std::vector<std::string>>()->multitoken(),
         "file=F [format=offset|letters] [order=sequential|random] [seed=S] [start=I] [transform=yes]")
        ("swap2", po::bool_switch(), "open each game with Gomocup's swap2 phase (SWAP2BOARD): the first engine of "
                                     "a pair places three stones, the other chooses; no --openings")
        ("openings-generate", po::value<int>(), "write N balanced openings to --out and exit")
        ("out", po::value<std::string>(), "output file of --openings-generate")
        ("opening-stones", po::value<int>()->default_value(3), "stones per generated opening")
        ("balance", po::value<int>()->default_value(100), "generated openings: keep when |eval| <= this")
        ("generate-depth", po::value<int>()->default_value(4), "generated openings: judged at this depth and the next")
        ("generate-ms", po::value<std::int64_t>()->default_value(10000), "generated openings: search time cap each")
        ("seed", po::value<std::uint64_t>()->default_value(1), "generated openings: random seed")
        ("concurrency", po::value<int>()->default_value(1), "games at once")
        ("draw-after", po::value<int>()->default_value(0), "adjudicate a draw after this many engine moves (0: never)")
        ("resign", po::value<std::vector<std::string>>()->multitoken(),
         "score=S count=N [twosided=true]: an engine reporting -S or less on its last N moves loses")
        ("adjudicate-proven", po::value<std::vector<std::string>>()->multitoken()->zero_tokens(),
         "[nodes=N]: end a game when the arena proves a win by fours for the side to move (default 20000 positions)")
        ("draw", po::value<std::vector<std::string>>()->multitoken(),
         "score=S count=N [after=PLY]: from ply PLY on, both engines within +-S on their last N moves: a draw")
        ("tolerance", po::value<std::int64_t>(), "ms past a deadline before a time forfeit (default: see Timing)")
        ("start-timeout", po::value<std::int64_t>()->default_value(10000), "ms an engine may take to answer START")
        ("max-failures", po::value<double>(), "PERCENT: at the end, report an engine whose time forfeits and crashes "
                                              "exceed this share of its games as disqualified (as Gomocup does)")
        ("pondering", "let an engine think on its opponent's time (by default the engine not to move is stopped, "
                      "its whole process group, as GomocupJudge does)")
        ("sprt", po::value<std::vector<std::string>>()->multitoken(),
         "elo0=A elo1=B alpha=X beta=Y [model=normalized|logistic]")
        ("shard", po::value<std::string>(), "I/N: play only the pairs whose index mod N is I")
        ("results", po::value<std::string>()->default_value("tengen-arena.jsonl"), "JSON lines, one per game")
        ("records", po::value<std::string>(), "directory for a .psq per game")
        ("sgf", po::bool_switch(), "[FILE]: every game in one SGF file; without FILE, an .sgf per game in --records")
        ("pgn", po::value<std::vector<std::string>>()->multitoken(),
         "FILE: every game's names and result as PGN, for BayesElo and Ordo (also -pgnout FILE, file=FILE)")
        ("pgnout", po::value<std::vector<std::string>>()->multitoken(), "the same as --pgn")
        // Other runners' names for what the arena does (c-gomoku-cli, cutechess-cli, fastchess).
        ("boardsize", po::value<std::string>(), "N: the same as --board N (c-gomoku-cli)")
        ("drawafter", po::value<int>(), "N: a draw once N stones are on the board, opening stones counted (c-gomoku-cli)")
        ("gauntlet", "the same as --tournament gauntlet (c-gomoku-cli)")
        ("transform", "the same as --openings ... transform=yes (c-gomoku-cli)")
        ("loseonly", "records (--records, --sgf, --pgn) only of the games the first engine lost (c-gomoku-cli)")
        ("sendbyboard", "ask for every move with BOARD and the whole position, never TURN (c-gomoku-cli)")
        ("log", po::value<std::vector<std::string>>()->multitoken()->zero_tokens(),
         "[file=F]: every engine's protocol traffic (without log= of its own) to F, default RESULTS.log")
        ("debug", "the same as -log (c-gomoku-cli)")
        ("msg", po::value<std::string>(), "FILE: every engine's protocol traffic, its MESSAGE lines among it, to FILE")
        ("ratinginterval", po::value<int>(), "N: accepted; the progress line shows the Elo after every game")
        ("live", po::value<int>(), "PORT: serve the report live at http://127.0.0.1:PORT/ while the games run, the "
                                   "games in progress move by move (0: any free port; the URL is printed)")
        ("live-address", po::value<std::string>()->default_value("127.0.0.1"),
         "the address --live listens on (0.0.0.0: every interface, for other machines to watch)");
    // clang-format on

    po::variables_map vm;
    po::parsed_options parsed(&desc);
    auto parse = [&](const std::vector<std::string>& args) {
        vm.clear();
        // Unknown options and stray words are collected, to be refused all at once below.
        parsed = po::command_line_parser(args).options(desc).style(kArenaOptionStyle).allow_unregistered().run();
        po::store(parsed, vm);
        po::notify(vm);
    };
    try {
        parse(std::vector<std::string>(argv + 1, argv + argc));
        if (vm.count("config")) {
            // The file's options go before the command line's, which the parse then reads over
            // them; options the command line gives are left out of the file's (config_file.h).
            const std::string path = vm["config"].as<std::string>();
            const auto text = read_config_text(path);  // a file, or league:NAME (leagues.h)
            if (!text) {
                std::cerr << "tengen-arena: cannot read --config " << path << ": " << text.error() << "\n";
                return 2;
            }
            std::set<std::string> given;
            for (const po::option& o : parsed.options) given.insert(o.string_key);
            auto tokens = config_tokens(*text, desc, given);
            if (!tokens) {
                std::cerr << "tengen-arena: --config " << path << ": " << tokens.error() << "\n";
                return 2;
            }
            std::vector<std::string> args = std::move(*tokens);
            args.insert(args.end(), argv + 1, argv + argc);
            parse(args);
        }
    } catch (const po::error& e) {
        std::cerr << "tengen-arena: " << e.what() << " (see --help)\n";
        return 2;
    }
    if (vm.count("version")) {
        std::cout << "tengen-arena " << kTengenVersion << "\n";
        return 0;
    }
    if (vm.count("help") || argc == 1) {
        std::cout << desc << "\n";
        return 0;
    }
    auto fail = [](const std::string& why) {
        std::cerr << "tengen-arena: " << why << "\n";
        return 2;
    };

    // Every word of the command line is read or refused: unknown options, stray words and
    // other runners' spellings the arena cannot follow are listed together.
    std::vector<std::string> problems;
    std::string sgf_file;
    bool after_sgf = false;
    for (const po::option& o : parsed.options) {
        const bool word = o.position_key >= 0;
        if (word && after_sgf && sgf_file.empty() && !o.value.empty()) {
            sgf_file = o.value.front();  // -sgf FILE, as c-gomoku-cli writes it
        } else if (word) {
            for (const std::string& w : o.value) problems.push_back("a stray word '" + w + "' (an option's value?)");
        } else if (o.unregistered) {
            problems.push_back("unknown option '" + (o.original_tokens.empty() ? o.string_key : o.original_tokens[0]) +
                               "'");
        }
        after_sgf = !word && o.string_key == "sgf";
    }
    if (vm.count("drawafter") && vm["drawafter"].as<int>() < 0) problems.push_back("-drawafter needs N of 0 or more");

    const std::string board_text =
        vm.count("boardsize") ? vm["boardsize"].as<std::string>() : vm["board"].as<std::string>();
    if (vm.count("boardsize") && !vm["board"].defaulted() && board_text != vm["board"].as<std::string>())
        problems.push_back("-boardsize and --board disagree");
    GameConfig config;
    const auto size = parse_board_size(board_text);
    if (!size) return fail("--board needs N or WxH, got '" + board_text + "'");
    config.width = size->first;
    config.height = size->second;
    config.win_length = vm["k"].as<int>();
    const auto rule = parse_rule(vm["rule"].as<std::string>());
    if (!rule) return fail("unknown --rule '" + vm["rule"].as<std::string>() + "'");
    config.rule = *rule;
    if (const Status s = check_config(config); !s.ok()) return fail(s.error());

    if (vm.count("openings-generate")) return generate_openings(vm, config);

    TournamentSettings t;
    t.referee.config = config;
    t.referee.draw_after = vm["draw-after"].as<int>();
    if (vm.count("drawafter")) t.referee.draw_after_stones = vm["drawafter"].as<int>();
    t.referee.send_by_board = vm.count("sendbyboard") > 0;
    if (vm.count("tolerance")) t.referee.tolerance_ms = vm["tolerance"].as<std::int64_t>();
    t.referee.start_timeout_ms = vm["start-timeout"].as<std::int64_t>();
    t.referee.pondering = vm.count("pondering") > 0;
    if (vm.count("max-failures")) {
        t.max_failures_percent = vm["max-failures"].as<double>();
        if (!(*t.max_failures_percent >= 0 && *t.max_failures_percent <= 100))
            return fail("--max-failures must be a percentage from 0 to 100");
    }
    if (t.referee.draw_after < 0 || (t.referee.tolerance_ms && *t.referee.tolerance_ms < 0) ||
        t.referee.start_timeout_ms <= 0)
        return fail("--draw-after, --tolerance and --start-timeout must not be negative");
    if (t.referee.tolerance_ms.value_or(0) > kMaxWaitMs || t.referee.start_timeout_ms > kMaxWaitMs)
        return fail("--tolerance and --start-timeout are at most " + std::to_string(kMaxWaitMs) + " ms (a day)");

    const auto each_groups = groups_of(parsed, "each");
    std::vector<std::string> each;
    for (const auto& g : each_groups) each.insert(each.end(), g.begin(), g.end());
    for (const auto& tokens : groups_of(parsed, "engine")) {
        auto spec = parse_brain_spec(tokens, each);
        if (!spec)
            problems.push_back(spec.error());
        else
            t.brains.push_back(std::move(*spec));
    }
    // -log, -debug, -msg: engines without a log= of their own log to one file, each line
    // naming its engine.
    std::string shared_log = vm.count("msg") ? vm["msg"].as<std::string>() : "";
    if (vm.count("log") || vm.count("debug")) {
        const std::string results = vm["results"].as<std::string>();
        const std::string stem =
            results.size() > 6 && results.ends_with(".jsonl") ? results.substr(0, results.size() - 6) : results;
        const std::string file =
            log_file(vm.count("log") ? vm["log"].as<std::vector<std::string>>() : std::vector<std::string>{},
                     shared_log.empty() ? stem + ".log" : shared_log, problems);
        if (!shared_log.empty() && file != shared_log)
            problems.push_back("-msg and -log name two files: the arena writes one log of the engines' traffic");
        shared_log = file;
    }
    for (BrainSpec& b : t.brains)
        if (b.log.empty()) b.log = shared_log;
    if (vm.count("ratinginterval"))
        std::cerr << "tengen-arena: -ratinginterval: the progress line gives the Elo after every game\n";
    if (!vm["live-address"].defaulted() && !vm.count("live")) problems.push_back("--live-address needs --live PORT");
    if (vm.count("debug"))
        std::cerr << "tengen-arena: -debug: the engines' protocol traffic goes to " << shared_log << "\n";

    if (vm.count("gauntlet")) {
        if (!vm["tournament"].defaulted() && vm["tournament"].as<std::string>() != "gauntlet")
            problems.push_back("-gauntlet and --tournament " + vm["tournament"].as<std::string>() + " disagree");
    }
    const auto kind =
        parse_tournament_kind(vm.count("gauntlet") ? std::string("gauntlet") : vm["tournament"].as<std::string>());
    if (!kind) return fail("--tournament must be match, gauntlet or round-robin");
    t.schedule.kind = *kind;
    t.schedule.brains = static_cast<int>(t.brains.size());
    t.schedule.games = vm["games"].as<int>();
    t.schedule.rounds = vm["rounds"].as<int>();
    t.schedule.repeat = vm["repeat"].as<bool>();

    t.swap2 = vm["swap2"].as<bool>();
    if (t.swap2 && vm.count("openings")) return fail("--swap2 makes each game's opening: it takes no --openings");
    if (t.swap2 && config.win_length < 4)
        return fail("--swap2 needs k of 4 or more (its three stones of a colour must not win)");
    if (t.swap2 && config.width * config.height < 16) return fail("--swap2 needs a board of 16 points or more");

    ScheduleIdentity identity;
    std::vector<std::string> opening_words;
    if (vm.count("openings")) opening_words = opening_tokens(vm["openings"].as<std::vector<std::string>>(), problems);
    if (vm.count("transform")) {
        if (!vm.count("openings"))
            problems.push_back("-transform turns an opening file's openings: it needs --openings file=F");
        else
            opening_words.push_back("transform=yes");
    }
    if (vm.count("loseonly") && t.schedule.kind == TournamentKind::RoundRobin)
        problems.push_back("-loseonly keeps the games the first engine lost: it needs a match or a gauntlet");
    t.sgf = vm["sgf"].as<bool>();
    if (t.sgf && sgf_file.empty() && !vm.count("records"))
        problems.push_back("--sgf alone writes nothing: give --sgf FILE (every game in one file) or --records DIR");
    for (const char* name : {"pgn", "pgnout"})
        if (vm.count(name)) {
            const std::string file =
                pgn_file(std::string("-") + name, vm[name].as<std::vector<std::string>>(), problems);
            if (!t.pgn_file.empty() && file != t.pgn_file) problems.push_back("--pgn and -pgnout name two files");
            t.pgn_file = file;
        }
    std::vector<std::string> resign_words, draw_words;
    if (vm.count("resign"))
        resign_words = adjudication_tokens("--resign", vm["resign"].as<std::vector<std::string>>(), problems);
    if (vm.count("draw"))
        draw_words = adjudication_tokens("--draw", vm["draw"].as<std::vector<std::string>>(), problems);
    if (const std::size_t engines = groups_of(parsed, "engine").size(); vm.count("sprt") && engines != 2)
        problems.push_back("--sprt tests one engine against another: it needs exactly two engines, not " +
                           std::to_string(engines) +
                           " (with more, the standings give each one's Elo against the field)");
    if (!problems.empty()) {
        for (const std::string& p : problems) std::cerr << "tengen-arena: " << p << "\n";
        std::cerr << "tengen-arena: " << problems.size() << (problems.size() == 1 ? " problem" : " problems")
                  << " on the command line (see --help)\n";
        return 2;
    }
    if (const Status s = check_schedule(t.schedule); !s.ok()) return fail(s.error());
    t.sgf_file = sgf_file;
    t.records_losses_only = vm.count("loseonly") > 0;

    if (vm.count("openings")) {
        const auto options = parse_opening_options(opening_words);
        if (!options) return fail(options.error());
        const OpeningOptions& o = *options;
        std::vector<std::string> warnings;
        auto book = load_opening_book(o, config, warnings);
        for (const std::string& w : warnings) std::cerr << "tengen-arena: skipped " << w << "\n";
        if (!book) return fail(book.error());
        t.book = std::move(*book);
        identity.openings = o;
        identity.openings_text = read_whole_file(o.file).value_or("");
    }

    t.concurrency = vm["concurrency"].as<int>();
    if (t.concurrency < 1) return fail("--concurrency must be at least 1");
    if (vm.count("sprt")) {
        const auto sprt = parse_sprt_options(vm["sprt"].as<std::vector<std::string>>());
        if (!sprt) return fail(sprt.error());
        t.sprt = *sprt;
        if (const Status s = check_sprt_domain(*t.sprt, t.schedule.repeat); !s.ok())
            return fail("--sprt: " + s.error());
    }
    if (vm.count("resign")) {
        const auto resign = parse_resign_options(resign_words);
        if (!resign) return fail(resign.error());
        t.referee.adjudication.resign = *resign;
    }
    if (vm.count("draw")) {
        const auto draw = parse_score_draw_options(draw_words);
        if (!draw) return fail(draw.error());
        t.referee.adjudication.draw = *draw;
    }
    if (vm.count("adjudicate-proven")) {
        const auto nodes = parse_proof_options(vm["adjudicate-proven"].as<std::vector<std::string>>());
        if (!nodes) return fail(nodes.error());
        t.referee.adjudication.proof_nodes = *nodes;
    }
    if (vm.count("shard")) {
        t.shard = parse_shard(vm["shard"].as<std::string>());
        if (!t.shard) return fail("--shard needs I/N with 0 <= I < N, got '" + vm["shard"].as<std::string>() + "'");
    }
    t.results_path = vm["results"].as<std::string>();
    if (vm.count("records")) t.records_dir = vm["records"].as<std::string>();
    t.live_progress = ::isatty(STDOUT_FILENO);

    identity.brains = t.brains;
    identity.schedule = t.schedule;
    identity.config = config;
    identity.draw_after = t.referee.draw_after;
    identity.draw_after_stones = t.referee.draw_after_stones;
    identity.adjudication = t.referee.adjudication.text();
    identity.swap2 = t.swap2;
    identity.pondering = t.referee.pondering;
    for (const BrainSpec& e : t.brains) identity.executables.push_back(executable_checksum(e.cmd));
    t.schedule_hash = schedule_hash(identity);
    t.schedule_settings = schedule_settings(identity);
    t.command_line = shell_quoted(argc, argv);

    std::unique_ptr<LiveServer> live;
    if (vm.count("live")) {
        const int port = vm["live"].as<int>();
        if (port < 0 || port > 65535) return fail("--live needs a port from 0 to 65535");
        auto opened = LiveServer::open(
            {vm["live-address"].as<std::string>(), static_cast<unsigned short>(port), 64, {t.sprt, {t.results_path}}});
        if (!opened) return fail("--live: " + opened.error());
        live = std::move(*opened);
        std::cout << "live report at " << live->url() << std::endl;
    }
    const int code = run_tournament(t, std::cout, std::cerr, live.get());
    stop_private_wine(t.brains);
    return code;
}

}  // namespace tengen
