#!/usr/bin/env bash
# Builds the libFuzzer targets with the `fuzz` CMake preset (clang++, ASan + UBSan) and runs
# one of them for N seconds, seeded from tests/data/fuzz-regressions (the protocol target
# from the files at its top, every other target from its own folder there).
#
#   tests/fuzz/run.sh [SECONDS] [TARGET]      defaults: 60 fuzz_protocol
#   tests/fuzz/run.sh SECONDS all             each target in turn, SECONDS each
#
# Targets: fuzz_protocol (a manager's bytes into a session), fuzz_clocks (INFO clocks and
# memory, the time manager, the table), fuzz_records (.psq, move lists, SGF output),
# fuzz_openings (opening files), fuzz_results (the arena's results file).
# A crash or sanitizer report leaves its input as build-fuzz/findings/crash-* (or leak-*,
# timeout-*). Keep it as a regression: copy it into tests/data/fuzz-regressions/ with a
# telling name (into the target's folder, e.g. clocks/); test_fuzz_regressions replays every
# file there.
set -euo pipefail

seconds="${1:-60}"
target="${2:-fuzz_protocol}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$root/build-fuzz"

cd "$root"
if [ "$target" = all ]; then
  for t in fuzz_protocol fuzz_clocks fuzz_records fuzz_openings fuzz_results; do "$0" "$seconds" "$t"; done
  exit 0
fi
[ -f "$build/CMakeCache.txt" ] || cmake --preset fuzz >/dev/null
cmake --build "$build" -j2 --target "$target"

corpus="$build/corpus-$target"
findings="$build/findings"
mkdir -p "$corpus" "$findings"
seeds=tests/data/fuzz-regressions
[ "$target" = fuzz_protocol ] || seeds="$seeds/${target#fuzz_}"
find "$seeds" -maxdepth 1 -type f -exec cp -n {} "$corpus"/ \; 2>/dev/null || true

# -timeout: one input may not take longer than this (searches are capped tiny, so a slow
# input is a hang). -rss_limit_mb: the session must not grow without bound.
"$build/tests/$target" "$corpus" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="$findings/" -print_final_stats=1
