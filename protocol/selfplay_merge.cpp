// `pbrain-tengen selfplay merge`: the shards of a self-play run (or several runs) as one file in
// game order, as `tengen-arena merge` joins a tournament's shards. Two lines of the same game
// must be the same bytes; anything else is an error naming the game, never a silent choice.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <system_error>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "protocol/selfplay_file.h"
#include "protocol/subcommands.h"
#include "protocol/command_options.h"

namespace tengen {

namespace {

struct Merged {
    std::map<SelfplayGameKey, std::string> lines;  // ordered: by run, then game number
    std::map<SelfplayGameKey, std::string> from;   // the file each line was first read from
    std::size_t duplicates = 0;
};

Status add_file(Merged& merged, const std::string& path) {
    const auto file = read_selfplay_file(path);
    if (!file) return Failure{file.error()};
    if (file->torn_tail)
        std::cerr << "pbrain-tengen selfplay merge: " << path << " ends in an unfinished line (a run cut off while "
                  << "writing); that line is left out\n";
    for (const SelfplayLine& line : file->games) {
        const auto [at, inserted] = merged.lines.emplace(line.key, line.text);
        if (inserted) {
            merged.from.emplace(line.key, path);
            continue;
        }
        if (at->second != line.text)
            return Failure{
                fmt::format("{} differs between {} and {}: two builds or settings under one seed; merge "
                            "only files of the same run",
                            describe(line.key), merged.from[line.key], path)};
        ++merged.duplicates;
    }
    return {};
}

// Each run's game numbers from 0, and the holes in them (a shard not yet merged or still playing).
void report(const Merged& merged, std::size_t files) {
    std::cerr << "pbrain-tengen selfplay merge: " << merged.lines.size() << " games from " << files << " files";
    if (merged.duplicates) std::cerr << " (" << merged.duplicates << " repeated games kept once)";
    std::cerr << "\n";
    auto run_of = [](SelfplayGameKey key) {
        key.game = 0;
        return key;
    };
    for (auto it = merged.lines.begin(); it != merged.lines.end();) {
        const SelfplayGameKey run = run_of(it->first);
        int expected = 0, missing = 0, last = -1;
        std::vector<int> examples;
        for (; it != merged.lines.end() && run_of(it->first) == run; ++it) {
            for (int g = expected; g < it->first.game; ++g, ++missing)
                if (examples.size() < 5) examples.push_back(g);
            expected = it->first.game + 1;
            last = it->first.game;
        }
        std::cerr << fmt::format("  {} {}x{} k={}, seed {}, {} nodes: games 0..{}", run.rule, run.width, run.height,
                                 run.k, run.seed, run.nodes, last);
        if (missing) {
            std::cerr << ", " << missing << " missing (";
            for (std::size_t i = 0; i < examples.size(); ++i) std::cerr << (i ? ", " : "") << examples[i];
            std::cerr << (static_cast<std::size_t>(missing) > examples.size() ? ", ...)" : ")");
        }
        std::cerr << "\n";
    }
}

// Through a file beside the target, renamed into place once whole: a full disk or an output
// that is also an input never leaves half a file.
Status write_merged(const Merged& merged, const std::string& path) {
    if (path.empty()) {
        for (const auto& [key, text] : merged.lines) std::cout << text << '\n';
        std::cout.flush();
        if (!std::cout) return Failure{"cannot write the standard output"};
        return {};
    }
    const std::string partial = path + ".partial";
    {
        std::ofstream out(partial, std::ios::trunc);
        if (!out) return Failure{fmt::format("cannot write {}", partial)};
        for (const auto& [key, text] : merged.lines) out << text << '\n';
        out.flush();
        if (!out) {
            out.close();
            std::remove(partial.c_str());
            return Failure{fmt::format("cannot write {} (disk full?)", path)};
        }
    }
    std::error_code ec;
    std::filesystem::rename(partial, path, ec);
    if (ec) {
        std::remove(partial.c_str());
        return Failure{fmt::format("cannot move {} into place: {}", path, ec.message())};
    }
    return {};
}

}  // namespace

int selfplay_merge_main(int argc, char** argv) {
    namespace po = boost::program_options;
    std::vector<std::string> inputs;
    std::string output;
    po::options_description options(
        "pbrain-tengen selfplay merge FILE...: self-play files (the shards of a run) as one, in game order");
    options.add_options()("help,h", "show this help")("output,o", po::value<std::string>(&output),
                                                      "write here instead of standard output");
    po::options_description hidden;
    hidden.add_options()("input", po::value<std::vector<std::string>>(&inputs));
    po::positional_options_description positional;
    positional.add("input", -1);
    po::variables_map vm;
    if (const auto done =
            parse_command_options(argc, argv, {"pbrain-tengen selfplay merge", options, &hidden, &positional}, vm))
        return *done;
    if (inputs.empty()) {
        std::cerr << "pbrain-tengen selfplay merge: name the files to merge\n" << options;
        return 2;
    }
    Merged merged;
    for (const std::string& path : inputs) {
        if (const Status added = add_file(merged, path); !added) {
            std::cerr << "pbrain-tengen selfplay merge: " << added.error() << "\n";
            return 2;
        }
    }
    if (const Status written = write_merged(merged, output); !written) {
        std::cerr << "pbrain-tengen selfplay merge: " << written.error() << "\n";
        return 1;
    }
    report(merged, inputs.size());
    return 0;
}

}  // namespace tengen
