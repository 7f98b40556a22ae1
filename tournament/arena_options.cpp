#include "tournament/arena_options.h"

#include <set>

#include "tournament/adjudication.h"
#include "tournament/command_line.h"
#include "tournament/config_file.h"
#include "tournament/leagues.h"

namespace po = boost::program_options;

namespace tengen {

namespace {

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

}  // namespace

po::options_description arena_options() {
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
        ("draw-after", po::value<int>()->default_value(0), "adjudicate a draw after this many engine moves (0: never)");
    // clang-format on
    // Each adjudication rule brings its own option and help (adjudication.h).
    for_each_adjudication_rule_type([&]<class Rule>() {
        desc.add_options()(std::string(Rule::option).c_str(),
                           po::value<std::vector<std::string>>()->multitoken()->zero_tokens(),
                           std::string(Rule::help).c_str());
    });
    // clang-format off
    desc.add_options()
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
    return desc;
}

Result<ArenaOptions> parse_arena_options(const po::options_description& desc, const std::vector<std::string>& args) {
    ArenaOptions read;
    auto parse = [&](const std::vector<std::string>& words) {
        read.vm.clear();
        // Unknown options and stray words are collected, to be refused all at once (settings_from).
        read.options = parse_keeping_unknown(words, desc, kArenaOptionStyle, nullptr, read.vm).options;
    };
    try {
        parse(args);
        if (read.vm.count("config")) {
            // The file's options go before the command line's, which the parse then reads over
            // them; options the command line gives are left out of the file's (config_file.h).
            const std::string path = read.vm["config"].as<std::string>();
            const auto text = read_config_text(path);  // a file, or league:NAME (leagues.h)
            if (!text) return Failure{"cannot read --config " + path + ": " + text.error()};
            std::set<std::string> given;
            for (const po::option& o : read.options) given.insert(o.string_key);
            auto tokens = config_tokens(*text, desc, given);
            if (!tokens) return Failure{"--config " + path + ": " + tokens.error()};
            std::vector<std::string> words = std::move(*tokens);
            words.insert(words.end(), args.begin(), args.end());
            parse(words);
        }
    } catch (const po::error& e) {
        return Failure{std::string(e.what()) + " (see --help)"};
    }
    return read;
}

std::vector<std::vector<std::string>> groups_of(const ArenaOptions& read, const std::string& key) {
    std::vector<std::vector<std::string>> groups;
    for (const po::option& o : read.options)
        if (o.string_key == key) groups.push_back(o.value);
    return groups;
}

}  // namespace tengen
