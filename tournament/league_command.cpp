// `tengen-arena league`: one brain against another under Gomocup's leagues (leagues.h), each
// league one ordinary arena run from its embedded config file, then one table of them all.
#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "tournament/arena_commands.h"
#include "tournament/command_line.h"
#include "tournament/leagues.h"
#include "tournament/results_set.h"
#include "tournament/standings.h"

namespace po = boost::program_options;

namespace tengen {

namespace {

constexpr const char* kUsage = R"(tengen-arena league: one brain against another under Gomocup's leagues.

Usage:
  tengen-arena league NAME... | all  --engine cmd=A --engine cmd=B [--scale F] [arena options]
  tengen-arena league --list         the leagues and their conditions
  tengen-arena league --print NAME   a league's config file (for --config, to copy and edit)

Each league is an arena run of its embedded config file (tengen-arena --config league:NAME):
board, rule, clocks and memory as Gomocup plays them, the clocks multiplied by --scale
(0.1 turns tc=180/30 into tc=18/3). The other options (--games, --openings, --concurrency,
--each, ...) are the arena's and go to every league; what a league fixes (board, rule, k,
draw-after, st, tc, memory) cannot be given. Results go to DIR/NAME.jsonl (NAME-scaleF.jsonl
when F is not 1), resumed like every arena run; at the end a table of every league played.

Options)";

// Options a league file may fix, whether or not the one in hand does: never from the command
// line, so a league's name always means its conditions. --results is per league.
const std::set<std::string> kFixedOptions{"config", "board",      "boardsize", "rule",
                                          "k",      "draw-after", "drawafter", "results"};
// Brain keys the leagues fix.
const std::vector<std::string> kFixedBrainKeys{"st=", "tc=", "memory=", "maxmemory="};

struct LeagueRun {
    League league;
    std::string results;
    Standings standings;
};

std::string short_conditions(const League& league, double scale) {
    std::string text = fmt::format("{}x{} {} {}", league.config.width, league.config.height,
                                   rule_name(league.config.rule), time_control_text(scaled_clock(league.clock, scale)));
    if (league.memory) text += fmt::format(" {}MiB", *league.memory >> 20);
    if (league.draw_after > 0) text += fmt::format(" draw@{}", league.draw_after);
    return text;
}

std::string other_losses(const BrainStanding& row) {
    std::string text;
    for (const auto& [reason, count] : row.losses_by_reason)
        if (reason != "time-forfeit") text += fmt::format("{}{} {}", text.empty() ? "" : ", ", reason, count);
    return text.empty() ? "-" : text;
}

// One line per brain per league, columns padded to their widest cell.
std::string league_table(const std::vector<LeagueRun>& runs, double scale) {
    std::vector<std::vector<std::string>> cells{
        {"League", "Conditions", "Engine", "Games", "W-L-D", "Score", "Elo +- 95%", "Time forfeits", "Other losses"}};
    for (const LeagueRun& run : runs)
        for (const BrainStanding& row : run.standings.rows) {
            const auto forfeits = row.losses_by_reason.find("time-forfeit");
            cells.push_back(
                {run.league.name, short_conditions(run.league, scale), row.name, std::to_string(row.games()),
                 fmt::format("{}-{}-{}", row.wdl.wins, row.wdl.losses, row.wdl.draws),
                 fmt::format("{:.1f}%", 100 * row.score()), format_estimate(row.elo, 1),
                 std::to_string(forfeits == row.losses_by_reason.end() ? 0 : forfeits->second), other_losses(row)});
        }
    std::vector<std::size_t> widths(cells[0].size(), 0);
    for (const auto& line : cells)
        for (std::size_t i = 0; i < line.size(); ++i) widths[i] = std::max(widths[i], line[i].size());
    std::string out;
    for (const auto& line : cells) {
        std::string text;
        for (std::size_t i = 0; i < line.size(); ++i)
            text += i + 1 == line.size() ? line[i] : fmt::format("{:<{}}  ", line[i], widths[i]);
        out += text + "\n";
    }
    return out;
}

std::string scale_text(double scale) { return fmt::format("{:g}", scale); }

std::string results_path(const std::string& dir, const League& league, double scale) {
    const std::string file =
        scale == 1 ? league.name + ".jsonl" : league.name + "-scale" + scale_text(scale) + ".jsonl";
    return (std::filesystem::path(dir) / file).string();
}

// The arena's options among the tokens that are not the league command's own; an option a
// league fixes is an error.
Status check_passed_options(const std::vector<std::string>& tokens) {
    for (const std::string& token : tokens) {
        if (token.size() > 1 && token[0] == '-') {
            const std::size_t start = token.find_first_not_of('-');
            const std::string name = start == std::string::npos ? "" : token.substr(start);
            const std::string key = name.substr(0, name.find('='));
            if (kFixedOptions.count(key)) return Failure{"--" + key + " is the league's to set"};
            continue;
        }
        for (const std::string& fixed : kFixedBrainKeys)
            if (token.rfind(fixed, 0) == 0)
                return Failure{"'" + token + "': the league sets the clocks and memory (--scale scales the clocks)"};
    }
    return {};
}

int play_leagues(const std::vector<League>& leagues, const std::vector<std::string>& passed, double scale,
                 const std::string& dir) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    std::vector<LeagueRun> runs;
    int code = 0;
    for (const League& league : leagues) {
        LeagueRun run{league, results_path(dir, league, scale), {}};
        std::cout << fmt::format("== league {}: {}\n", league.name, league_conditions(league, scale)) << std::flush;
        std::vector<std::string> args{"tengen-arena", "--config", "league:" + league.name, "--each"};
        const auto each = league_each_tokens(league, scale);
        args.insert(args.end(), each.begin(), each.end());
        args.insert(args.end(), passed.begin(), passed.end());
        args.insert(args.end(), {"--results", run.results});
        std::vector<char*> argv;
        for (std::string& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        code = arena_command(static_cast<int>(args.size()), argv.data());
        if (std::filesystem::exists(run.results)) {
            if (auto set = load_results_set({run.results}, false); set && !set->games.empty()) {
                run.standings = compute_standings(set->games, set->names, std::nullopt);
                runs.push_back(std::move(run));
            }
        }
        if (code != 0) break;  // a bad command line, a brain that cannot start, Ctrl-C: stop here
        std::cout << "\n";
    }
    if (!runs.empty())
        std::cout << fmt::format("\nLeagues played (clocks x{}):\n", scale_text(scale)) << league_table(runs, scale);
    return code;
}

}  // namespace

int league_command(int argc, char** argv) {
    po::options_description own(kUsage);
    // clang-format off
    own.add_options()
        ("help,h", "show this help")
        ("list", "list the leagues and their conditions")
        ("print", po::value<std::string>(), "NAME: print that league's config file")
        ("scale", po::value<double>()->default_value(1), "F: multiply every clock by F (above 0)")
        ("results-dir", po::value<std::string>()->default_value("."), "DIR: where each league's results file goes")
        ("league", po::value<std::vector<std::string>>(), "league names (positional), or all");
    // clang-format on
    po::positional_options_description positional;
    positional.add("league", -1);
    po::variables_map vm;
    std::vector<std::string> names, passed;
    // No guessing of abbreviations: the arena's --results must not pass for --results-dir.
    try {
        const po::parsed_options parsed =
            parse_keeping_unknown(std::vector<std::string>(argv + 1, argv + argc), own,
                                  kArenaOptionStyle & ~po::command_line_style::allow_guessing, &positional, vm);
        // The league names come before the arena's first option; every token after it that is
        // not this command's own (an --engine's keys, --games' value) is the arena's.
        bool arena_part = false;
        for (const po::option& o : parsed.options) {
            if (o.unregistered) arena_part = true;
            if (o.unregistered || (arena_part && o.position_key != -1))
                passed.insert(passed.end(), o.original_tokens.begin(), o.original_tokens.end());
            else if (o.string_key == "league")  // a name before the arena's options, or --league NAME
                names.insert(names.end(), o.value.begin(), o.value.end());
        }
    } catch (const po::error& e) {
        std::cerr << "tengen-arena league: " << e.what() << " (see --help)\n";
        return 2;
    }
    auto fail = [](const std::string& why) {
        std::cerr << "tengen-arena league: " << why << "\n";
        return 2;
    };
    if (vm.count("help")) {
        std::cout << own << "\n";
        return 0;
    }
    const auto leagues = all_leagues();
    if (!leagues) return fail(leagues.error());
    if (vm.count("list")) {
        std::size_t width = 0;
        for (const League& l : *leagues) width = std::max(width, l.name.size());
        for (const League& l : *leagues) std::cout << fmt::format("{:<{}}  {}\n", l.name, width, league_conditions(l));
        return 0;
    }
    if (vm.count("print")) {
        const auto league = find_league(vm["print"].as<std::string>());
        if (!league) return fail(league.error());
        std::cout << league->json_text;
        return 0;
    }
    const double scale = vm["scale"].as<double>();
    if (!(scale > 0 && scale <= 100)) return fail("--scale must be above 0 (and at most 100)");
    if (names.empty()) return fail("name the leagues to play, or all; the leagues are: " + league_names());
    std::vector<League> chosen;
    for (const std::string& name : names) {
        if (name == "all") {
            chosen.insert(chosen.end(), leagues->begin(), leagues->end());
            continue;
        }
        auto league = find_league(name);
        if (!league) return fail(league.error());
        chosen.push_back(std::move(*league));
    }
    if (const Status s = check_passed_options(passed); !s.ok()) return fail(s.error());
    return play_leagues(chosen, passed, scale, vm["results-dir"].as<std::string>());
}

}  // namespace tengen
