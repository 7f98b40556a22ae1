// The board a subcommand works on, as people give it on its command line: --size for a square
// board, or --width and --height (each overrides --size), --k and --rule. play, solve and
// bench share it, so the three read the same options the same way.
#pragma once

#include <string>

#include <boost/program_options.hpp>

#include "engine/result.h"
#include "engine/types.h"

namespace tengen {

class BoardOptions {
public:
    explicit BoardOptions(const GameConfig& defaults);

    // Adds --size, --width, --height, --k and --rule, their defaults taken from the config.
    void add_to(boost::program_options::options_description& desc);

    // The config asked for, or one line saying why it cannot be played.
    Result<GameConfig> config(const boost::program_options::variables_map& vm) const;

private:
    GameConfig defaults_;
    int size_ = 0, width_ = 0, height_ = 0, k_ = 5;
    std::string rule_;
};

}  // namespace tengen
