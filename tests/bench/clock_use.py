#!/usr/bin/env python3
"""How each engine spent its clock in arena games: time per move by phase, the match clock
left at each game's end, and the worst move against its turn limit.

Reads tengen-arena results files (each move's `ms`, the game's `opening` and `tc`) and prints,
per engine, the median and mean wall time of its moves by stones on the board when it moved,
the median depth it reported in each phase (where the moves carry one: what the time bought),
the median share of its match clock it had left when the game ended, and its slowest move
against the turn limit. A game clock that is left unspent, or spent where the game is not
decided, is time the engine gave away.

    tests/bench/clock_use.py RESULTS.jsonl [MORE.jsonl ...] [--phases 10,20,30]

Only the Python standard library.
"""
import argparse
import json
import re
import statistics
import sys
from collections import defaultdict


def clocks_of(tc):
    """(match ms or None, turn ms or None) from an engine key such as tc=18/3, tc=60+1, st=0.2."""
    if not tc:
        return None, None
    m = re.fullmatch(r"st=([0-9.]+)", tc)
    if m:
        return None, float(m.group(1)) * 1000
    m = re.fullmatch(r"tc=([0-9.]+)(?:/([0-9.]+))?(?:\+[0-9.]+)?", tc)
    if m:
        match = float(m.group(1)) * 1000
        turn = float(m.group(2)) * 1000 if m.group(2) else None
        if match == 0:
            return None, turn
        return match, turn if turn is not None else match
    return None, None


def phase_of(stones, bounds):
    for i, b in enumerate(bounds):
        if stones < b:
            return i
    return len(bounds)


def phase_names(bounds):
    names, low = [], 0
    for b in bounds:
        names.append(f"{low}-{b - 1}")
        low = b
    names.append(f"{low}+")
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="+")
    parser.add_argument("--phases", default="10,20,30",
                        help="stone counts where a phase ends (default 10,20,30)")
    args = parser.parse_args()
    bounds = [int(b) for b in args.phases.split(",")]

    by_phase = defaultdict(lambda: defaultdict(list))   # engine -> phase -> ms
    depth_by_phase = defaultdict(lambda: defaultdict(list))  # engine -> phase -> depth reported
    left_share = defaultdict(list)                      # engine -> share of match clock left
    worst = {}                                          # engine -> (ms over turn, ms, game)
    games = 0
    for path in args.results:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    g = json.loads(line)
                except json.JSONDecodeError:
                    sys.exit(f"{path} line {number}: not JSON")
                if "moves" not in g or "black" not in g:
                    continue  # a header or another record
                games += 1
                opening = [s for s in g.get("opening", "").split(",") if s]
                tc = g.get("tc") or {}
                used = defaultdict(float)
                sides = (g["black"], g["white"])
                # The first mover after the opening: black when the opening has an even count.
                first = len(opening) % 2
                for i, move in enumerate(g["moves"]):
                    engine = sides[(first + i) % 2]
                    ms = float(move.get("ms", 0))
                    stones = len(opening) + i
                    by_phase[engine][phase_of(stones, bounds)].append(ms)
                    if move.get("depth"):
                        depth_by_phase[engine][phase_of(stones, bounds)].append(int(move["depth"]))
                    used[engine] += ms
                    colour = "black" if (first + i) % 2 == 0 else "white"
                    _, turn = clocks_of(tc.get(colour))
                    if turn is not None:
                        over = ms - turn
                        if engine not in worst or over > worst[engine][0]:
                            worst[engine] = (over, ms, g.get("game"))
                for colour, engine in zip(("black", "white"), sides):
                    match, _ = clocks_of(tc.get(colour))
                    if match:
                        left_share[engine].append(max(0.0, match - used[engine]) / match)

    names = phase_names(bounds)
    print(f"{games} games")
    header = "engine".ljust(20) + "".join(f"{'stones ' + n:>22}" for n in names)

    def print_table(table, cell, caption):
        """One row an engine, one column a phase; cell formats a phase's non-empty values."""
        print(header)
        for engine in sorted(table):
            cells = [cell(table[engine][p]) if table[engine][p] else " " * 22 for p in range(len(names))]
            print(engine[:20].ljust(20) + "".join(f"{c:>22}" for c in cells))
        print(caption)

    print_table(by_phase, lambda ms: f"{statistics.median(ms):7.0f} /{statistics.mean(ms):6.0f} ({len(ms):5d})",
                "(median / mean ms a move (moves))")
    if depth_by_phase:
        print_table(depth_by_phase, lambda depths: f"{statistics.median(depths):13.1f} ({len(depths):5d})",
                    "(median depth reported (moves that report one))")
    for engine in sorted(by_phase):
        parts = []
        if left_share[engine]:
            parts.append(f"match clock left at the end: median {100 * statistics.median(left_share[engine]):.0f}%")
        if engine in worst:
            over, ms, game = worst[engine]
            parts.append(f"slowest move {ms:.0f} ms, {over:+.0f} ms against its turn limit (game {game})")
        if parts:
            print(f"{engine}: " + "; ".join(parts))


if __name__ == "__main__":
    main()
