#!/usr/bin/env python3
"""Answer latency of pbrain-tengen under a per-move time limit.

Drives the brain through MOVES answered moves (default 200) with `INFO timeout_turn`
(default 100 ms) against a random opponent that plays near the stones already down, starting
a new game (RESTART) when one ends, and reports the worst, 99th-percentile and median
latency: from writing TURN/BEGIN to reading the move line. Exits 1 if any answer came later
than the turn limit plus TOLERANCE ms (managers allow about that much grace).

    tests/bench/turn_timing.py [--binary build/pbrain-tengen] [--moves 200]
                               [--timeout-turn 100] [--tolerance 50] [--seed 1]

Only the Python standard library.
"""
import argparse
import os
import random
import select
import subprocess
import sys
import time

SIZE = 15


class Brain:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.buffer = b""

    def send(self, line):
        self.proc.stdin.write((line + "\r\n").encode())
        self.proc.stdin.flush()

    def read_line(self, deadline):
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no line from the brain")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    raise EOFError("the brain closed its output")
                self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode(errors="replace").rstrip("\r")

    def answer(self, deadline):
        """The next non-MESSAGE line; the search's own time from the summary line is kept."""
        self.search_ms = None
        while True:
            line = self.read_line(deadline)
            if line.startswith("MESSAGE summary "):
                words = line.split()
                self.search_ms = int(words[words.index("time") + 1])
            if not (line.startswith("MESSAGE") or line.startswith("DEBUG")):
                return line

    def close(self):
        try:
            self.send("END")
            self.proc.wait(timeout=2)
        except Exception:
            self.proc.kill()


def five(board, x, y):
    colour = board[y][x]
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            nx, ny = x + sign * dx, y + sign * dy
            while 0 <= nx < SIZE and 0 <= ny < SIZE and board[ny][nx] == colour:
                run += 1
                nx, ny = nx + sign * dx, ny + sign * dy
        if run >= 5:
            return True
    return False


def near_move(board, rng):
    stones = [(x, y) for y in range(SIZE) for x in range(SIZE) if board[y][x]]
    empty = [(x, y) for y in range(SIZE) for x in range(SIZE) if not board[y][x]]
    if not stones:
        return SIZE // 2, SIZE // 2
    near = [(x, y) for (x, y) in empty if any(abs(x - sx) <= 2 and abs(y - sy) <= 2 for sx, sy in stones)]
    return rng.choice(near or empty)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                         "../../build/pbrain-tengen"))
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--timeout-turn", type=int, default=100)
    parser.add_argument("--tolerance", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    brain = Brain(args.binary)
    brain.send(f"START {SIZE}")
    if brain.answer(time.monotonic() + 10) != "OK":
        sys.exit("START was not answered OK")
    for line in (f"INFO timeout_turn {args.timeout_turn}", "INFO timeout_match 0", "INFO rule 0"):
        brain.send(line)

    latencies = []
    board = [[0] * SIZE for _ in range(SIZE)]
    engine_first = True
    command = "BEGIN"
    games = 1
    while len(latencies) < args.moves:
        if command is None:  # the last game ended: a new one, colours swapped
            brain.send("RESTART")
            if brain.answer(time.monotonic() + 10) != "OK":
                sys.exit("RESTART was not answered OK")
            board = [[0] * SIZE for _ in range(SIZE)]
            games += 1
            engine_first = not engine_first
            if engine_first:
                command = "BEGIN"
            else:
                x, y = near_move(board, rng)
                board[y][x] = 2
                command = f"TURN {x},{y}"
        start = time.monotonic()
        brain.send(command)
        reply = brain.answer(start + 30)
        latencies.append(((time.monotonic() - start) * 1000.0, brain.search_ms, len(latencies) + 1))
        try:
            x, y = (int(v) for v in reply.split(","))
        except ValueError:
            sys.exit(f"not a move: {reply!r}")
        if not (0 <= x < SIZE and 0 <= y < SIZE) or board[y][x]:
            sys.exit(f"illegal move {reply}")
        board[y][x] = 1
        command = None
        if five(board, x, y) or all(map(all, board)):
            continue
        x, y = near_move(board, rng)
        board[y][x] = 2
        if five(board, x, y) or all(map(all, board)):
            continue
        command = f"TURN {x},{y}"
    brain.close()

    latencies.sort()
    worst = latencies[-1][0]
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))][0]
    median = latencies[len(latencies) // 2][0]
    print(f"{len(latencies)} moves in {games} games at timeout_turn {args.timeout_turn} ms: "
          f"worst {worst:.1f} ms, p99 {p99:.1f} ms, median {median:.1f} ms")
    slowest = ", ".join(f"#{n} {ms:.1f} ms (search {search} ms)" for ms, search, n in reversed(latencies[-5:]))
    print(f"slowest answers: {slowest}")
    if worst > args.timeout_turn + args.tolerance:
        print(f"FAIL: an answer came after {args.timeout_turn} + {args.tolerance} ms")
        sys.exit(1)


if __name__ == "__main__":
    main()
