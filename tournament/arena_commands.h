// tengen-arena's entry points; arena_main.cpp only dispatches. Each returns the exit status.
#pragma once

namespace tengen {

// The tournament (and --openings-generate): argv as main received it.
int arena_command(int argc, char** argv);
// `merge A.jsonl B.jsonl ... [--out F] [--sprt ...]`: argv[0] is "merge".
int merge_command(int argc, char** argv);
// `report A.jsonl ... --html OUT.html`: the results as one self-contained page; argv[0] is "report".
int report_command(int argc, char** argv);
// `check --engine cmd=PATH ...`: the brain fitness battery; argv[0] is "check".
int check_command(int argc, char** argv);
// `league NAME...|all --engine ... --engine ...`: the two brains under Gomocup's leagues,
// clocks scaled by --scale; also --list and --print NAME. argv[0] is "league".
int league_command(int argc, char** argv);

}  // namespace tengen
