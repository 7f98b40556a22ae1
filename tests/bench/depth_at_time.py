#!/usr/bin/env python3
"""Depth reached by pbrain-tengen in a fixed time on 15x15 middlegame positions.

Sends each position of POSITIONS (one game a line, moves like `h8 i9 ...`, column letter
first, rows from 1) as a BOARD with `INFO timeout_turn` MS and reads the brain's summary
line (docs/protocol-output.md). Prints depth, nodes and nodes/s per position and the
median and minimum depth. A benchmark, not a test: the figures depend on the machine.

    tests/bench/depth_at_time.py [--binary build/pbrain-tengen] [--ms 1000]
                                 [--positions tests/data/middlegames/freestyle-15.txt]
                                 [--clock turn|match]

--clock turn (the default) sets the per-turn limit alone, with `timeout_match 0`, as the
arena's `st=` does in every match of docs/archive/strength-sessions.md: the search may use its whole turn.
--clock match also runs a match clock far longer than the positions need, the measure of
the sessions up to the thirty-fifth. Until the thirty-seventh session the time manager then
stopped at half its soft limit once the best move had held for six iterations (the time saved
would go to later moves), so this reported less depth than the search reaches when it keeps
going; it now sees that a clock holding the full turn for every move still to come cannot run
out, saves nothing under it, and the two measures agree.

Only the Python standard library.
"""
import argparse
import statistics
import subprocess

from summary_reader import read_answer, send_board


def parse(line):
    points = []
    for word in line.split():
        points.append((ord(word[0]) - ord("a"), int(word[1:]) - 1))
    return points


def main():
    here = __file__.rsplit("/", 3)[0] if "/" in __file__ else "."
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="build/pbrain-tengen")
    ap.add_argument("--ms", type=int, default=1000)
    ap.add_argument("--positions", default=f"{here}/tests/data/middlegames/freestyle-15.txt")
    ap.add_argument("--clock", choices=["turn", "match"], default="turn")
    args = ap.parse_args()
    brain = subprocess.Popen([args.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(text):
        brain.stdin.write(text + "\n")
        brain.stdin.flush()

    send("START 15")
    brain.stdout.readline()
    send(f"INFO timeout_turn {args.ms}")
    if args.clock == "match":
        send("INFO timeout_match 100000000")
        send("INFO time_left 100000000")
    else:
        send("INFO timeout_match 0")
    depths = []
    for number, line in enumerate(open(args.positions)):
        if line.startswith("#"):
            continue
        moves = parse(line)
        if not moves:
            continue
        send("RESTART")
        brain.stdout.readline()
        send_board(send, moves)
        _, fields = read_answer(brain.stdout)
        depth, nodes, ms = int(fields["depth"]), int(fields["nodes"]), max(1, int(fields["time"]))
        depths.append(depth)
        print(f"{number + 1:3} depth {depth:2} eval {fields['eval']:>6} nodes {nodes:9} {nodes * 1000 // ms:8} n/s")
    send("END")
    print(
        f"median depth {statistics.median(depths)}, minimum {min(depths)}, over {len(depths)} positions "
        f"at {args.ms} ms ({args.clock} clock)"
    )


if __name__ == "__main__":
    main()
