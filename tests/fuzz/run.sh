#!/usr/bin/env bash
# Builds the libFuzzer targets with the `fuzz` CMake preset (clang++, ASan + UBSan) and runs
# one of them for N seconds, seeded from tests/data/fuzz-regressions.
#
#   tests/fuzz/run.sh [SECONDS] [TARGET]      defaults: 60 fuzz_protocol
#
# A crash or sanitizer report leaves its input as build-fuzz/findings/crash-* (or leak-*,
# timeout-*). Keep it as a regression: copy it into tests/data/fuzz-regressions/ with a
# telling name; test_fuzz_regressions replays every file there.
set -euo pipefail

seconds="${1:-60}"
target="${2:-fuzz_protocol}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$root/build-fuzz"

cd "$root"
cmake --preset fuzz -G Ninja >/dev/null
cmake --build "$build" -j2 --target "$target"

corpus="$build/corpus-$target"
findings="$build/findings"
mkdir -p "$corpus" "$findings"
cp -n tests/data/fuzz-regressions/* "$corpus"/ 2>/dev/null || true

# -timeout: one input may not take longer than this (searches are capped tiny, so a slow
# input is a hang). -rss_limit_mb: the session must not grow without bound.
"$build/tests/$target" "$corpus" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="$findings/" -print_final_stats=1
