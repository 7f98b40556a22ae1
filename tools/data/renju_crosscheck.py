#!/usr/bin/env python3
"""Renju second opinion: compare two brains' forbidden points on random positions.

Usage:
    renju_crosscheck.py BRAIN_A BRAIN_B [--positions 3000] [--seed 1] [--size 15]
                        [--dump FILE] [--no-reference] [--timeout 20]
                        [--referee CHECK_FORBID_PY]

Each brain is started once (working directory: the brain's own directory, as
c-gomoku-cli does, so an engine that reads a config file next to itself finds it)
and receives, for every generated position:

    INFO rule 4            (once, before START)
    START <size>           (once)
    YXBOARD
    x,y,1 / x,y,2 ...      black first, then alternating (move order)
    DONE
    YXSHOWFORBID           -> answer "FORBID xxyyxxyy....": the set compared

Positions have black to move: equal stone counts, black's stones given as field 1
(the brain's own stones: with equal counts the brain to move is black) and listed
first, alternating with white's. That form means the same thing to a brain that
derives colours from the counts and to one that reads the lines as a move sequence
(Rapfi takes the first line as black's first move; see docs/renju-crosscheck.md).
No position has five or more in a row of either colour.

The generator mixes four kinds of positions: stones crowded in a small window around
the centre, black lines and broken lines laid on purpose (threes, fours, overlines and
the "fake three" chains the recursive rule is about), uniform random stones, and the
same shapes pressed against an edge or corner.

A third opinion is built in: a slow, direct reading of the renju rule as Gomocup's
referee judges it (docs/renju-crosscheck.md), written here from the definitions and
nothing else. It is run on every position unless --no-reference; its verdict is printed
next to every disagreement, and its agreement with each brain is counted. So is a
variant of it, the reading Tengen followed before, in which a straight-four point that
also makes a five in another line still makes a three: a disagreement that the variant
reproduces is that difference of reading, not a bug.

A fourth opinion is optional: --referee names a local copy of the referee's own Python
module (GomocupJudge's client/check_forbid.py, which the project does not ship); its
check_forbid() is then asked about every empty point and its agreement counted.

Exit status: 0 when the two brains agree on every position, 1 otherwise, 2 on a
brain failure (crash, timeout, unexpected answer).

Python 3 standard library only. A tool for people: it is not a ctest test and needs
third-party engines that the project does not ship.
"""

import argparse
import json
import os
import queue
import random
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from renju_reading import BLACK, DIRECTIONS, EMPTY, WHITE, Position, Reference  # noqa: E402,F401


# ---------------------------------------------------------------- the brains

class BrainError(Exception):
    pass


class Brain:
    """One engine process spoken to line by line; a reader thread feeds a queue."""

    def __init__(self, path, timeout):
        self.path = os.path.abspath(path)
        self.name = os.path.basename(self.path)
        self.timeout = timeout
        self.proc = subprocess.Popen(
            [self.path], cwd=os.path.dirname(self.path), stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.extra = []  # lines that were neither the awaited answer nor MESSAGE/DEBUG
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, *lines):
        try:
            self.proc.stdin.write("".join(line + "\n" for line in lines))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise BrainError(f"{self.name}: cannot write ({e})")

    def answer(self, accept):
        """The first line for which accept(line) holds; MESSAGE/DEBUG lines are skipped,
        anything else is kept in self.extra."""
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrainError(f"{self.name}: no answer within {self.timeout} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise BrainError(f"{self.name}: exited (code {self.proc.poll()})")
            if accept(line):
                return line
            if line.split(" ", 1)[0].upper() not in ("MESSAGE", "DEBUG"):
                self.extra.append(line)

    def close(self):
        try:
            self.send("END")
            self.proc.wait(timeout=5)
        except (BrainError, subprocess.TimeoutExpired):
            self.proc.kill()


def parse_forbid(line):
    body = line[len("FORBID"):].strip()
    if not body.endswith("."):
        raise ValueError(f"FORBID line without its closing '.': {line!r}")
    digits = body[:-1].strip()
    if len(digits) % 4 or not digits.isdigit() and digits:
        raise ValueError(f"malformed FORBID line: {line!r}")
    return {(int(digits[i:i + 2]), int(digits[i + 2:i + 4])) for i in range(0, len(digits), 4)}


def ask_forbidden(brain, position):
    block = ["YXBOARD"] + [f"{x},{y},{1 if c == BLACK else 2}" for (x, y, c) in position.moves()] + ["DONE"]
    brain.send(*block, "YXSHOWFORBID")
    line = brain.answer(lambda l: l.upper().startswith("FORBID"))
    return parse_forbid(line)


# ---------------------------------------------------------------- positions

class Generator:
    """Random renju positions with black to move and no five on the board."""

    # Black shapes laid along a line; X black, O white, . empty, anything else left as is.
    SHAPES = ["XX", "X.X", "XXX", "XX.X", "X.XX", "X..X", "XX..X", "XXX.X", "X.X.X", "XX.XX",
              "XXXX", ".XX.", "OXXX", "XX.X.X", "X.XXX.X", "XXX..XX", "OXX.X", "X..XX"]

    def __init__(self, size, rng, no_black_five=False):
        self.size = size
        self.rng = rng
        self.no_black_five = no_black_five

    def make(self):
        kinds = (("crowded", 4), ("lines", 4), ("uniform", 1), ("edge", 1))
        kind = self.rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        for _ in range(2000):
            p = getattr(self, "_" + kind)()
            self._balance(p)
            if p.has_five_or_more() or not p.stones(BLACK):
                continue
            if not self.no_black_five or not p.black_can_make_five():
                p.kind = kind
                return p
        raise RuntimeError("could not draw a position without a five")

    def _window(self, side, near_edge=False):
        r = self.rng
        side = min(side, self.size)
        if near_edge:
            corner = r.random() < 0.5
            x0 = r.choice([0, self.size - side])
            y0 = r.choice([0, self.size - side]) if corner else r.randint(0, self.size - side)
            if r.random() < 0.5:
                x0, y0 = y0, x0
        else:
            c = self.size // 2 - side // 2
            x0 = max(0, min(self.size - side, c + r.randint(-2, 2)))
            y0 = max(0, min(self.size - side, c + r.randint(-2, 2)))
        return x0, y0, side

    def _scatter(self, p, colour, count, window):
        x0, y0, side = window
        for _ in range(count * 20):
            if count <= 0:
                return
            x, y = x0 + self.rng.randrange(side), y0 + self.rng.randrange(side)
            if p.cells[y][x] == EMPTY:
                p.cells[y][x] = colour
                count -= 1

    def _white_for(self, p, window):
        """White's stones: some in the window (blocking shapes), the rest anywhere."""
        near = self.rng.random()
        count = len(p.stones(BLACK))
        inside = int(count * near)
        self._scatter(p, WHITE, inside, window)
        self._scatter(p, WHITE, count - len(p.stones(WHITE)), (0, 0, self.size))

    def _crowded(self):
        p = Position(self.size)
        window = self._window(self.rng.randint(5, 9))
        area = window[2] * window[2]
        self._scatter(p, BLACK, self.rng.randint(4, max(5, int(area * 0.45))), window)
        self._white_for(p, window)
        return p

    def _lay_shapes(self, p, window, count):
        r = self.rng
        x0, y0, side = window
        for _ in range(count):
            shape = r.choice(self.SHAPES)
            dx, dy = r.choice(DIRECTIONS)
            x, y = x0 + r.randrange(side), y0 + r.randrange(side)
            if r.random() < 0.5:
                shape = shape[::-1]
            for i, ch in enumerate(shape):
                cx, cy = x + i * dx, y + i * dy
                if not p.on(cx, cy):
                    break
                if ch == "X":
                    p.cells[cy][cx] = BLACK
                elif ch == "O":
                    p.cells[cy][cx] = WHITE
                elif ch == "." and r.random() < 0.7:
                    p.cells[cy][cx] = EMPTY

    def _lines(self, near_edge=False):
        p = Position(self.size)
        window = self._window(self.rng.randint(5, 10), near_edge)
        self._lay_shapes(p, window, self.rng.randint(2, 7))
        self._white_for(p, window)
        return p

    def _uniform(self):
        p = Position(self.size)
        self._scatter(p, BLACK, self.rng.randint(5, 45), (0, 0, self.size))
        self._white_for(p, (0, 0, self.size))
        return p

    def _edge(self):
        return self._lines(near_edge=True)

    def _balance(self, p):
        """Equal counts (black to move): drop random stones of the larger colour, or add
        white stones at random where the board is empty."""
        black, white = p.stones(BLACK), p.stones(WHITE)
        while len(white) > len(black):
            x, y = white.pop(self.rng.randrange(len(white)))
            p.cells[y][x] = EMPTY
        if len(white) < len(black):
            self._scatter(p, WHITE, len(black) - len(white), (0, 0, self.size))
        black, white = p.stones(BLACK), p.stones(WHITE)
        while len(black) > len(white):  # no room left for white
            x, y = black.pop(self.rng.randrange(len(black)))
            p.cells[y][x] = EMPTY


def position_from_text(text, size):
    pos = Position(size)
    pos.kind = "given"
    for item in text.replace("YXBOARD", "").split():
        x, y, f = (int(v) for v in item.split(","))
        pos.cells[y][x] = BLACK if f == 1 else WHITE
    if len(pos.stones(BLACK)) != len(pos.stones(WHITE)):
        raise SystemExit(f"--position needs equal stone counts (black to move): {text}")
    return pos


def describe(points):
    return " ".join(f"{x},{y}" for x, y in sorted(points)) or "-"


def load_referee(path):
    """Import the referee's module from a file (not shipped with the project)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("gomocup_check_forbid", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def referee_forbidden(referee, position):
    """The referee's forbidden points of a position: its check_forbid(board, x, y) on every
    empty point, with board[x][y] 1 for black and 2 for white (it judges black's move)."""
    n = position.size
    board = [[position.at(x, y) for y in range(n)] for x in range(n)]
    return {(x, y) for x in range(n) for y in range(n)
            if board[x][y] == EMPTY and referee.check_forbid(board, x, y)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("brain_a")
    ap.add_argument("brain_b")
    ap.add_argument("--positions", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds for one answer")
    ap.add_argument("--dump", help="write every disagreement as a JSON line to this file")
    ap.add_argument("--no-reference", action="store_true", help="skip the built-in third reading")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    ap.add_argument("--no-black-five", action="store_true",
                    help="only positions where black has no five to play (no four on the board)")
    ap.add_argument("--position", action="append", metavar="STONES",
                    help="check this position instead of random ones: 'x,y,f x,y,f ...' as printed after "
                         "a disagreement (f 1 black, 2 white); repeatable")
    ap.add_argument("--referee", metavar="CHECK_FORBID_PY",
                    help="a local copy of GomocupJudge's client/check_forbid.py, asked too (square boards)")
    args = ap.parse_args()
    referee = load_referee(args.referee) if args.referee else None

    rng = random.Random(args.seed)
    gen = Generator(args.size, rng, args.no_black_five)
    brains = [Brain(args.brain_a, args.timeout), Brain(args.brain_b, args.timeout)]
    names = [b.name for b in brains]
    if names[0] == names[1]:
        names = ["A:" + names[0], "B:" + names[1]]
    dump = open(args.dump, "w") if args.dump else None

    stats = {"positions": 0, "agree": 0, "disagree": 0, "with_forbidden": 0, "forbidden_points": 0,
             "ref_agree": [0, 0], "variant_agree": [0, 0], "kinds": {}, "saves_by_depth": {}, "by_kind": {},
             "referee_agree": [0, 0], "referee_ref_agree": 0, "referee_points": 0}
    started = time.monotonic()
    try:
        for b in brains:
            b.send("INFO rule 4", f"START {args.size}")
            b.answer(lambda l: l.strip().upper() == "OK")
        given = [position_from_text(t, args.size) for t in args.position or []]
        for n in range(len(given) if given else args.positions):
            pos = given[n] if given else gen.make()
            sets = [ask_forbidden(b, pos) for b in brains]
            ref = None
            if not args.no_reference:
                reading = Reference(pos)
                ref = reading.all_forbidden()
                for depth, count in reading.saves_by_depth.items():
                    stats["saves_by_depth"][depth] = stats["saves_by_depth"].get(depth, 0) + count
                for kind in ref.values():
                    stats["kinds"][kind] = stats["kinds"].get(kind, 0) + 1
                variant = set(Reference(pos, five_point_is_four_point=True).all_forbidden())
                for i in (0, 1):
                    stats["ref_agree"][i] += set(ref) == sets[i]
                    stats["variant_agree"][i] += variant == sets[i]
            if referee:
                judged = referee_forbidden(referee, pos)
                stats["referee_points"] += len(judged)
                for i in (0, 1):
                    stats["referee_agree"][i] += judged == sets[i]
                if ref is not None:
                    stats["referee_ref_agree"] += judged == set(ref)
                if judged != sets[0] or judged != sets[1]:
                    print(f"\n=== the referee's module disagrees (position {n + 1}): referee {describe(judged)}; "
                          f"{names[0]} {describe(sets[0])}; {names[1]} {describe(sets[1])}")
                    print("YXBOARD " + " ".join(f"{x},{y},{1 if c == BLACK else 2}" for x, y, c in pos.moves()))
            stats["positions"] += 1
            k = stats["by_kind"].setdefault(pos.kind, [0, 0])
            k[0] += 1
            if sets[0] or sets[1]:
                stats["with_forbidden"] += 1
                stats["forbidden_points"] += len(sets[0] | sets[1])
            if given:
                print(f"\n=== position {n + 1}: {names[0]} {describe(sets[0])}; {names[1]} {describe(sets[1])}"
                      + (f"; reference {describe(ref)}" if ref is not None else ""))
                print(pos.diagram({q: "*" for q in sets[0] | sets[1] | set(ref or {})}))
                for q in sorted(sets[0] | sets[1] | set(ref or {})):
                    if ref is not None:
                        print(f"  reference at {q[0]},{q[1]}: {ref.get(q, 'allowed')}")
                        print(Reference(pos).explain(*q))
            if sets[0] == sets[1]:
                stats["agree"] += 1
            else:
                stats["disagree"] += 1
                k[1] += 1
                only_a, only_b = sets[0] - sets[1], sets[1] - sets[0]
                marks = {p: "a" for p in only_a}
                marks.update({p: "b" for p in only_b})
                marks.update({p: "*" for p in sets[0] & sets[1]})
                print(f"\n=== disagreement #{stats['disagree']} (position {n + 1}, {pos.kind}); "
                      f"a = only {names[0]}, b = only {names[1]}, * = both")
                print(pos.diagram(marks))
                print(f"only {names[0]}: {describe(only_a)}")
                print(f"only {names[1]}: {describe(only_b)}")
                if ref is not None:
                    matches = [names[i] for i in (0, 1) if sets[i] == set(ref)]
                    matches_variant = [names[i] for i in (0, 1) if sets[i] == variant]
                    print(f"reference reading matches: {', '.join(matches) or 'neither'}; "
                          f"variant (five points make a three) matches: {', '.join(matches_variant) or 'neither'}")
                    for q in sorted(only_a | only_b):
                        print(f"  reference at {q[0]},{q[1]}: {ref.get(q, 'allowed')}")
                        print(Reference(pos).explain(*q))
                print("YXBOARD " + " ".join(f"{x},{y},{1 if c == BLACK else 2}" for x, y, c in pos.moves()))
                if dump:
                    rec = pos.to_json()
                    rec.update({"only_" + names[0]: sorted(only_a), "only_" + names[1]: sorted(only_b),
                                "reference": {f"{x},{y}": v for (x, y), v in (ref or {}).items()}})
                    dump.write(json.dumps(rec) + "\n")
                    dump.flush()
            if not args.quiet and (n + 1) % 250 == 0:
                print(f"... {n + 1} positions, {stats['disagree']} disagreements, "
                      f"{time.monotonic() - started:.0f} s", file=sys.stderr)
    except BrainError as e:
        print(f"brain failure: {e}", file=sys.stderr)
        return 2
    finally:
        for b in brains:
            b.close()
        if dump:
            dump.close()

    print("\n=== summary")
    print(f"brains: {names[0]} ({args.brain_a}) vs {names[1]} ({args.brain_b})")
    print(f"seed {args.seed}, board {args.size}x{args.size}")
    print(f"positions compared: {stats['positions']}")
    print(f"agreements: {stats['agree']}, disagreements: {stats['disagree']}")
    print(f"positions with a forbidden point: {stats['with_forbidden']}, "
          f"forbidden points (union): {stats['forbidden_points']}")
    print("by generator: " + ", ".join(f"{k} {v[0]} ({v[1]} disagree)" for k, v in sorted(stats["by_kind"].items())))
    if not args.no_reference:
        print(f"reference reading agrees with {names[0]} on {stats['ref_agree'][0]}, "
              f"with {names[1]} on {stats['ref_agree'][1]} positions")
        print(f"variant reading (a straight-four point that makes a five elsewhere makes a three) agrees with "
              f"{names[0]} on {stats['variant_agree'][0]}, with {names[1]} on {stats['variant_agree'][1]} positions")
        print("reference forbidden points by kind: " +
              ", ".join(f"{k} {v}" for k, v in sorted(stats["kinds"].items())))
        saves = stats["saves_by_depth"]
        print(f"allowed points that show two threes but fewer than two real ones: {saves.get(0, 0)}; "
              "the same inside the recursion, by depth: " +
              (", ".join(f"{d}: {c}" for d, c in sorted(saves.items()) if d > 0) or "none"))
    if referee:
        print(f"referee's module ({args.referee}): {stats['referee_points']} forbidden points; agrees with "
              f"{names[0]} on {stats['referee_agree'][0]}, with {names[1]} on {stats['referee_agree'][1]}"
              + (f", with the reference reading on {stats['referee_ref_agree']}" if not args.no_reference else "")
              + " positions")
    for b, name in zip(brains, names):
        if b.extra:
            print(f"unexpected lines from {name}: {b.extra[:10]}")
    return 0 if stats["disagree"] == 0 and not any(b.extra for b in brains) else 1


if __name__ == "__main__":
    sys.exit(main())
