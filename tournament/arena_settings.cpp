#include "tournament/arena_settings.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/text.h"
#include "tournament/command_line.h"
#include "tournament/runner_spellings.h"

namespace po = boost::program_options;

namespace tengen {

namespace {

std::string board_text(const po::variables_map& vm) {
    return vm.count("boardsize") ? vm["boardsize"].as<std::string>() : vm["board"].as<std::string>();
}

// Every word of the command line is read or refused: unknown options and stray words are
// listed together. A word right after -sgf is its FILE (c-gomoku-cli), returned in sgf_file.
std::vector<std::string> stray_words(const ArenaOptions& read, std::string& sgf_file) {
    std::vector<std::string> problems;
    bool after_sgf = false;
    for (const po::option& o : read.options) {
        const bool word = o.position_key >= 0;
        if (word && after_sgf && sgf_file.empty() && !o.value.empty()) {
            sgf_file = o.value.front();
        } else if (word) {
            for (const std::string& w : o.value) problems.push_back("a stray word '" + w + "' (an option's value?)");
        } else if (o.unregistered) {
            problems.push_back("unknown option '" + (o.original_tokens.empty() ? o.string_key : o.original_tokens[0]) +
                               "'");
        }
        after_sgf = !word && o.string_key == "sgf";
    }
    return problems;
}

// Timing, pondering, -sendbyboard and the draw counts; the other adjudication rules come later.
Status read_referee(const po::variables_map& vm, TournamentSettings& t) {
    RefereeSettings& r = t.referee;
    r.adjudication.draw_after = vm["draw-after"].as<int>();
    if (vm.count("drawafter")) r.adjudication.draw_after_stones = vm["drawafter"].as<int>();
    r.send_by_board = vm.count("sendbyboard") > 0;
    if (vm.count("tolerance")) r.tolerance_ms = vm["tolerance"].as<std::int64_t>();
    r.start_timeout_ms = vm["start-timeout"].as<std::int64_t>();
    r.pondering = vm.count("pondering") > 0;
    if (vm.count("max-failures")) {
        t.max_failures_percent = vm["max-failures"].as<double>();
        if (!(*t.max_failures_percent >= 0 && *t.max_failures_percent <= 100))
            return Failure{"--max-failures must be a percentage from 0 to 100"};
    }
    if (r.adjudication.draw_after < 0 || (r.tolerance_ms && *r.tolerance_ms < 0) || r.start_timeout_ms <= 0)
        return Failure{"--draw-after, --tolerance and --start-timeout must not be negative"};
    if (r.tolerance_ms.value_or(0) > kMaxWaitMs || r.start_timeout_ms > kMaxWaitMs)
        return Failure{"--tolerance and --start-timeout are at most " + std::to_string(kMaxWaitMs) + " ms (a day)"};
    return {};
}

// The brains (--engine over --each) and their logs (-log, -debug, -msg: brains without a
// log= of their own log to one file, each line naming its brain).
void read_brains(const ArenaOptions& read, TournamentSettings& t, std::vector<std::string>& problems,
                 std::ostream& notes) {
    const po::variables_map& vm = read.vm;
    std::vector<std::string> each;
    for (const auto& g : groups_of(read, "each")) each.insert(each.end(), g.begin(), g.end());
    for (const auto& tokens : groups_of(read, "engine")) {
        auto spec = parse_brain_spec(tokens, each);
        if (!spec)
            problems.push_back(spec.error());
        else
            t.brains.push_back(std::move(*spec));
    }
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
        notes << "tengen-arena: -ratinginterval: the progress line gives the Elo after every game\n";
    if (!vm["live-address"].defaulted() && !vm.count("live")) problems.push_back("--live-address needs --live PORT");
    if (vm.count("debug"))
        notes << "tengen-arena: -debug: the engines' protocol traffic goes to " << shared_log << "\n";
}

// --tournament (or -gauntlet), --games, --rounds, --repeat and --swap2.
Status read_schedule(const po::variables_map& vm, TournamentSettings& t, std::vector<std::string>& problems) {
    if (vm.count("gauntlet") && !vm["tournament"].defaulted() && vm["tournament"].as<std::string>() != "gauntlet")
        problems.push_back("-gauntlet and --tournament " + vm["tournament"].as<std::string>() + " disagree");
    const auto kind =
        parse_tournament_kind(vm.count("gauntlet") ? std::string("gauntlet") : vm["tournament"].as<std::string>());
    if (!kind) return Failure{"--tournament must be match, gauntlet or round-robin"};
    t.schedule.kind = *kind;
    t.schedule.brains = static_cast<int>(t.brains.size());
    t.schedule.games = vm["games"].as<int>();
    t.schedule.rounds = vm["rounds"].as<int>();
    t.schedule.repeat = vm["repeat"].as<bool>();

    const GameConfig& config = t.referee.config;
    t.swap2 = vm["swap2"].as<bool>();
    if (t.swap2 && vm.count("openings")) return Failure{"--swap2 makes each game's opening: it takes no --openings"};
    if (t.swap2 && config.win_length < 4)
        return Failure{"--swap2 needs k of 4 or more (its three stones of a colour must not win)"};
    if (t.swap2 && config.width * config.height < 16) return Failure{"--swap2 needs a board of 16 points or more"};
    return {};
}

// The words of the options read after every problem is known: -transform, -loseonly, the
// records' files, and each adjudication rule's in the arena's own spelling (by option name).
struct LaterWords {
    std::vector<std::string> openings;
    std::map<std::string, std::vector<std::string>> rules;
};

LaterWords read_words(const ArenaOptions& read, TournamentSettings& t, const std::string& sgf_file,
                      std::vector<std::string>& problems) {
    const po::variables_map& vm = read.vm;
    LaterWords words;
    if (vm.count("openings")) words.openings = opening_tokens(vm["openings"].as<std::vector<std::string>>(), problems);
    if (vm.count("transform")) {
        if (!vm.count("openings"))
            problems.push_back("-transform turns an opening file's openings: it needs --openings file=F");
        else
            words.openings.push_back("transform=yes");
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
    for_each_adjudication_rule_type([&]<class Rule>() {
        const std::string option(Rule::option);
        if (!vm.count(option)) return;
        const auto& tokens = vm[option].as<std::vector<std::string>>();
        // Other runners spell only --resign and --draw their own ways.
        const bool theirs = option == ResignRule::option || option == ScoreDrawRule::option;
        words.rules[option] = theirs ? adjudication_tokens("--" + option, tokens, problems) : tokens;
    });
    if (const std::size_t engines = groups_of(read, "engine").size(); vm.count("sprt") && engines != 2)
        problems.push_back("--sprt tests one engine against another: it needs exactly two engines, not " +
                           std::to_string(engines) +
                           " (with more, the standings give each one's Elo against the field)");
    return words;
}

Status read_openings(const std::vector<std::string>& words, TournamentSettings& t, std::ostream& notes) {
    const auto options = parse_opening_options(words);
    if (!options) return Failure{options.error()};
    std::vector<std::string> warnings;
    auto book = load_opening_book(*options, t.referee.config, warnings);
    for (const std::string& w : warnings) notes << "tengen-arena: skipped " << w << "\n";
    if (!book) return Failure{book.error()};
    t.book = std::move(*book);
    t.openings = *options;
    t.openings_text = read_whole_file(options->file).value_or("");
    return {};
}

// Every adjudication rule given (adjudication.h): the rest of the Adjudication.
Status read_adjudication(const LaterWords& words, Adjudication& a) {
    Status status;
    for_each_adjudication_rule_type([&]<class Rule>() {
        const auto given = words.rules.find(std::string(Rule::option));
        if (!status.ok() || given == words.rules.end()) return;
        auto rule = Rule::parse(given->second);
        if (!rule)
            status = Failure{rule.error()};
        else
            a.rule<Rule>() = *rule;
    });
    return status;
}

// The settings read after the command line passed as a whole.
Status read_run(const po::variables_map& vm, const LaterWords& words, TournamentSettings& t, std::ostream& notes) {
    if (vm.count("openings"))
        if (Status s = read_openings(words.openings, t, notes); !s.ok()) return s;
    t.concurrency = vm["concurrency"].as<int>();
    if (t.concurrency < 1) return Failure{"--concurrency must be at least 1"};
    if (vm.count("sprt")) {
        const auto sprt = parse_sprt_options(vm["sprt"].as<std::vector<std::string>>());
        if (!sprt) return Failure{sprt.error()};
        t.sprt = *sprt;
        if (const Status s = check_sprt_domain(*t.sprt, t.schedule.repeat); !s.ok())
            return Failure{"--sprt: " + s.error()};
    }
    if (Status s = read_adjudication(words, t.referee.adjudication); !s.ok()) return s;
    if (vm.count("shard")) {
        t.shard = parse_shard(vm["shard"].as<std::string>());
        if (!t.shard) return Failure{"--shard needs I/N with 0 <= I < N, got '" + vm["shard"].as<std::string>() + "'"};
    }
    t.results_path = vm["results"].as<std::string>();
    if (vm.count("records")) t.records_dir = vm["records"].as<std::string>();
    return {};
}

}  // namespace

Result<GameConfig> game_config_from(const po::variables_map& vm) {
    GameConfig config;
    const std::string text = board_text(vm);
    const auto size = parse_board_size(text);
    if (!size) return Failure{"--board needs N or WxH, got '" + text + "'"};
    config.width = size->first;
    config.height = size->second;
    config.win_length = vm["k"].as<int>();
    const auto rule = parse_rule(vm["rule"].as<std::string>());
    if (!rule) return Failure{"unknown --rule '" + vm["rule"].as<std::string>() + "'"};
    config.rule = *rule;
    if (const Status s = check_config(config); !s.ok()) return Failure{s.error()};
    return config;
}

Result<TournamentSettings> settings_from(const ArenaOptions& read, std::ostream& notes) {
    const po::variables_map& vm = read.vm;
    std::string sgf_file;
    std::vector<std::string> problems = stray_words(read, sgf_file);
    if (vm.count("drawafter") && vm["drawafter"].as<int>() < 0) problems.push_back("-drawafter needs N of 0 or more");
    if (vm.count("boardsize") && !vm["board"].defaulted() && board_text(vm) != vm["board"].as<std::string>())
        problems.push_back("-boardsize and --board disagree");

    TournamentSettings t;
    const auto config = game_config_from(vm);
    if (!config) return Failure{config.error()};
    t.referee.config = *config;
    if (Status s = read_referee(vm, t); !s.ok()) return Failure{s.error()};
    read_brains(read, t, problems, notes);
    if (Status s = read_schedule(vm, t, problems); !s.ok()) return Failure{s.error()};
    const LaterWords words = read_words(read, t, sgf_file, problems);
    if (!problems.empty()) {
        std::string lines;
        for (const std::string& p : problems) lines += p + "\n";
        return Failure{lines + std::to_string(problems.size()) + (problems.size() == 1 ? " problem" : " problems") +
                       " on the command line (see --help)"};
    }
    if (const Status s = check_schedule(t.schedule); !s.ok()) return Failure{s.error()};
    t.sgf_file = sgf_file;
    t.records_losses_only = vm.count("loseonly") > 0;
    if (Status s = read_run(vm, words, t, notes); !s.ok()) return Failure{s.error()};
    return t;
}

}  // namespace tengen
