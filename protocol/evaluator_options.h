// The command-line options every program with a search shares for how it judges positions:
// `--evaluator auto|tables|network` and `--portable-kernels`. One parser, so the brain, bench,
// selfplay and play read them the same way.
#pragma once

#include <boost/program_options.hpp>

#include "ai/evaluator_choice.h"
#include "engine/result.h"

namespace tengen {

void add_evaluator_options(boost::program_options::options_description& options);
// The choice the options name; a failure names the bad value.
Result<EvaluatorChoice> evaluator_choice(const boost::program_options::variables_map& vm);
// "auto (the network in freestyle up to 20x20)", "tables" or "network", with " (portable kernels)" where
// asked, for reports.
std::string evaluator_description(EvaluatorChoice choice);

}  // namespace tengen
