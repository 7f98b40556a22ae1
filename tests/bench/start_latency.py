#!/usr/bin/env python3
"""How long START takes to be answered, at several max_memory values, and the first move
that a manager sends right after it (a benchmark, not a test: tests/test_brain_conformance.cpp
asserts generous bounds, this prints the real figures).

    tests/bench/start_latency.py [--binary build/pbrain-tengen] [--runs 20]

For each max_memory it starts the brain, sends INFO max_memory, then times START 15 -> OK
and RESTART -> OK, and prints the median and the worst in milliseconds. Then, in fresh
brains, START 15 and at once INFO timeout_turn 100 and BEGIN, as c-gomoku-cli and
GomocupJudge do: the time to the move, while the table is still being mapped in.
"""
import argparse
import statistics
import subprocess
import time


def time_answer(proc, command, is_answer=lambda line: line == "OK"):
    t0 = time.perf_counter()
    proc.stdin.write(command + "\n")
    proc.stdin.flush()
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("the brain closed its output")
        if is_answer(line.strip()):
            return (time.perf_counter() - t0) * 1000.0


def is_move(line):
    return "," in line and not line.startswith(("MESSAGE", "DEBUG", "ERROR"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="build/pbrain-tengen")
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    for memory in (0, 16 << 20, 1 << 30, 9223372036854775807):
        start, restart = [], []
        for _ in range(args.runs):
            proc = subprocess.Popen([args.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            proc.stdin.write(f"INFO max_memory {memory}\n")
            start.append(time_answer(proc, "START 15"))
            restart.append(time_answer(proc, "RESTART"))
            proc.stdin.write("END\n")
            proc.stdin.flush()
            proc.wait(timeout=5)
        print(f"max_memory {memory:>20}: START median {statistics.median(start):6.2f} ms, worst {max(start):6.2f} ms;"
              f" RESTART median {statistics.median(restart):6.2f} ms, worst {max(restart):6.2f} ms")
    first = []
    for _ in range(args.runs):
        proc = subprocess.Popen([args.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        time_answer(proc, "START 15")
        proc.stdin.write("INFO timeout_turn 100\n")
        first.append(time_answer(proc, "BEGIN", is_move))
        proc.stdin.write("END\n")
        proc.stdin.flush()
        proc.wait(timeout=5)
    print(f"BEGIN right after START (timeout_turn 100): median {statistics.median(first):6.2f} ms,"
          f" worst {max(first):6.2f} ms")


if __name__ == "__main__":
    main()
