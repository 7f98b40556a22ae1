// pbrain-tengen: with no subcommand, a Gomocup brain on stdin/stdout; `play`, `serve`, `bench`, `selfplay`
// and `solve` are for people.
#include <algorithm>
#include <array>
#include <iostream>
#include <string_view>
#include <vector>

#include "engine/standard_descriptors.h"
#include "protocol/subcommands.h"

namespace {

struct Subcommand {
    std::string_view name;
    int (*run)(int argc, char** argv);
};

constexpr std::array<Subcommand, 5> kSubcommands = {{{"play", tengen::play_main},
                                                     {"serve", tengen::serve_main},
                                                     {"bench", tengen::bench_main},
                                                     {"solve", tengen::solve_main},
                                                     {"selfplay", tengen::selfplay_main}}};

// Edits (insertions, deletions, substitutions, swaps of neighbours) from a to b.
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j) {
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

// A first argument that is neither an option nor a subcommand is a mistyped subcommand: run
// as a brain it would sit waiting on stdin with no word said (the managers start the brain
// with no arguments at all).
int unknown_subcommand(std::string_view word) {
    std::cerr << "pbrain-tengen: unknown subcommand \"" << word << "\"";
    const auto nearest = std::min_element(kSubcommands.begin(), kSubcommands.end(), [&](const auto& a, const auto& b) {
        return edit_distance(word, a.name) < edit_distance(word, b.name);
    });
    if (edit_distance(word, nearest->name) <= 2) std::cerr << "; did you mean \"" << nearest->name << "\"?";
    std::cerr << "\nSubcommands:";
    for (const auto& sub : kSubcommands) std::cerr << " " << sub.name;
    std::cerr << " (each has --help). With no arguments pbrain-tengen is a Gomocup brain on stdin/stdout;"
                 " pbrain-tengen --help says more.\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    tengen::ensure_standard_descriptors();  // a closed stdout would be the next file opened
    if (argc >= 2) {
        const std::string_view word = argv[1];
        for (const auto& sub : kSubcommands)
            if (word == sub.name) return sub.run(argc - 1, argv + 1);
        if (!word.empty() && word.front() != '-') return unknown_subcommand(word);
    }
    return tengen::brain_main(argc, argv);
}
