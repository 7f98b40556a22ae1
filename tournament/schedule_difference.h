// Why a results file's schedule is not the command's: the settings that differ, read from the
// `settings` its games keep (schedule_settings).
#pragma once

#include <string>
#include <vector>

namespace tengen {

// One line for the error: "the file has 'X' where this command has 'Y'; ...", or an empty
// string when the file keeps no settings (written before they were kept).
std::string schedule_difference(const std::string& results_path, const std::vector<std::string>& command_settings);

}  // namespace tengen
