#!/usr/bin/env python3
"""Nodes searched in the first moves of a game, each game in a fresh brain process.

Managers start a brain anew for every game (GomocupJudge, Piskvork, c-gomoku-cli, our
arena), send START, INFO max_memory and the first move at once, so whatever a fresh
process pays before its search runs at full speed (mapping its table, first of all) comes
out of the first moves after the opening, where games against stronger engines are
decided. For each opening of OPENINGS the brain plays both sides for MOVES moves at MS a
move, each move sent as a BOARD of the whole game; prints the median nodes, time and depth
by move number. A benchmark, not a test: the figures depend on the machine.

    tests/bench/first_moves.py [--binary build/pbrain-tengen] [--ms 200] [--memory 134217728]
                               [--games 12] [--moves 4] [--delay 0]
                               [--openings tests/bench/openings/rapfi-even-freestyle-15.txt]

--delay waits that many seconds between INFO and the first BOARD, as a slower manager would.
Only the Python standard library.
"""
import argparse
import statistics
import subprocess
import time

from summary_reader import read_answer, send_board


def openings(path, count):
    out = []
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        numbers = [int(t) for t in line.replace(",", " ").split()]
        out.append([(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)])
        if len(out) == count:
            break
    return out


def main():
    here = __file__.rsplit("/", 3)[0] if "/" in __file__ else "."
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="build/pbrain-tengen")
    ap.add_argument("--ms", type=int, default=200)
    ap.add_argument("--memory", type=int, default=134217728)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--moves", type=int, default=4)
    ap.add_argument("--delay", type=float, default=0.0)
    ap.add_argument("--openings", default=f"{here}/tests/bench/openings/rapfi-even-freestyle-15.txt")
    args = ap.parse_args()
    size = 15
    nodes = [[] for _ in range(args.moves)]
    times = [[] for _ in range(args.moves)]
    depths = [[] for _ in range(args.moves)]
    for opening in openings(args.openings, args.games):
        # Openings are offsets from the centre, as tengen-arena's opening files are.
        game = [(size // 2 + dx, size // 2 + dy) for dx, dy in opening]
        brain = subprocess.Popen([args.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

        def send(text):
            brain.stdin.write(text + "\n")
            brain.stdin.flush()

        send(f"START {size}")
        brain.stdout.readline()
        send(f"INFO max_memory {args.memory}")
        send(f"INFO timeout_turn {args.ms}")
        send("INFO timeout_match 100000000")
        send("INFO time_left 100000000")
        time.sleep(args.delay)
        for move in range(args.moves):
            send_board(send, game)
            line, fields = read_answer(brain.stdout)
            nodes[move].append(int(fields["nodes"]))
            times[move].append(int(fields["time"]))
            depths[move].append(int(fields["depth"]))
            game.append(tuple(int(v) for v in line.split(",")))
        send("END")
        brain.wait()
    for move in range(args.moves):
        print(f"move {move + 1}: median nodes {statistics.median(nodes[move]):9.0f}, "
              f"time {statistics.median(times[move]):5.0f} ms, depth {statistics.median(depths[move])}")
    print(f"all {args.moves} moves of {len(nodes[0])} games: {sum(map(sum, nodes))} nodes")


if __name__ == "__main__":
    main()
