#!/usr/bin/env python3
"""Check one engine's behaviour in c-gomoku-cli's -debug log (and its -sgf file).

Usage:
    check_cgc_log.py LOG [LOG ...] --engine NAME [--sgf FILE ...] [--rule N] [--turn-ms N]

LOG is a c-gomoku-cli.<id>.log written with -debug (lines "NAME <- command" for what the
manager sent, "NAME -> line" for what the engine answered). For the engine NAME it checks:

  * answers: every line is MESSAGE/DEBUG, or the answer the last command calls for
    (OK after START/RESTART/TAKEBACK, the ABOUT line, a move after BEGIN/TURN/BOARD..DONE,
    one answer per command); ERROR, UNKNOWN and anything else is reported;
  * moves: replays the position from the commands (START, BOARD blocks, TURN, BEGIN, its own
    answers) and checks every move is on the board and on an empty point, and under renju
    (INFO rule 4) that a black move is not forbidden, with the rule reading of
    renju_reading.py;
  * YXSTOP: every YXSTOP the manager sent is followed by a move;
  * time, from the SGF (c-gomoku-cli writes each move's milliseconds in C[...]): the longest
    move of NAME, how many went over the turn time (from INFO timeout_turn, or --turn-ms),
    and every game result that mentions time, an illegal or forbidden move, or a crash.

Exit status 0 when nothing was found, 1 otherwise. Python 3 standard library only; a tool
for people (docs/managers.md), not a ctest test.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from renju_reading import BLACK, EMPTY, WHITE, Position, Reference  # noqa: E402

MOVE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")


class Checker:
    def __init__(self, engine, rule_override=None):
        self.engine = engine
        self.rule_override = rule_override
        self.problems = []
        self.counts = {"lines": 0, "moves": 0, "yxstop": 0, "yxstop_answered": 0, "games": 0,
                       "forbidden_checks": 0}
        self.turn_ms = None
        self.rule = 0
        self.pos = None
        self.pending = None  # the command awaiting an answer: "OK", "ABOUT", "MOVE"
        self.block = None  # stones of a BOARD block being read
        self.yxstop_open = False
        self.where = ""

    def problem(self, text):
        self.problems.append(f"{self.where}: {text}")

    # ---- commands the manager sent
    def sent(self, cmd):
        word = cmd.split(" ", 1)[0].upper()
        if self.block is not None and word != "DONE":
            m = re.match(r"^\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*$", cmd)
            if m:
                self.block.append(tuple(int(v) for v in m.groups()))
                return
        if word in ("START", "RESTART"):
            if word == "START":
                self.size = int(cmd.split()[1])
            self.pos = Position(self.size)
            self.pending = "OK"
            self.counts["games"] += word == "START"
        elif word == "ABOUT":
            self.pending = "ABOUT"
        elif word == "INFO":
            parts = cmd.split()
            if len(parts) >= 3 and parts[1].lower() == "timeout_turn":
                self.turn_ms = int(parts[2])
            if len(parts) >= 3 and parts[1].lower() == "rule":
                self.rule = int(parts[2])
        elif word == "BOARD":
            self.block = []
        elif word == "DONE" and self.block is not None:
            self.pos = Position(self.size)
            own = sum(1 for s in self.block if s[2] == 1)
            theirs = sum(1 for s in self.block if s[2] == 2)
            own_colour = BLACK if own == theirs else WHITE
            for x, y, f in self.block:
                self.pos.cells[y][x] = own_colour if f == 1 else (WHITE if own_colour == BLACK else BLACK)
            self.block = None
            self.pending = "MOVE"
        elif word == "BEGIN":
            self.pending = "MOVE"
        elif word == "TURN":
            x, y = (int(v) for v in cmd.split(" ", 1)[1].split(","))
            colour = self.to_move()
            self.pos.cells[y][x] = colour
            self.pending = "MOVE"
        elif word == "YXSTOP":
            self.counts["yxstop"] += 1
            if self.pending == "MOVE":
                self.yxstop_open = True
        elif word == "END":
            self.pending = None

    def to_move(self):
        b, w = len(self.pos.stones(BLACK)), len(self.pos.stones(WHITE))
        return BLACK if b == w else WHITE

    # ---- lines the engine answered
    def answered(self, line):
        self.counts["lines"] += 1
        word = line.split(" ", 1)[0].upper()
        if word in ("MESSAGE", "DEBUG"):
            return
        if self.pending == "OK" and line.strip() == "OK":
            self.pending = None
            return
        if self.pending == "ABOUT" and line.startswith("name="):
            self.pending = None
            return
        m = MOVE.match(line)
        if self.pending == "MOVE" and m:
            self.pending = None
            self.counts["moves"] += 1
            if self.yxstop_open:
                self.counts["yxstop_answered"] += 1
                self.yxstop_open = False
            x, y = int(m.group(1)), int(m.group(2))
            if not self.pos.on(x, y):
                return self.problem(f"move {x},{y} off the board")
            if self.pos.cells[y][x] != EMPTY:
                return self.problem(f"move {x},{y} on an occupied point")
            colour = self.to_move()
            rule = self.rule_override if self.rule_override is not None else self.rule
            if rule & 4 and colour == BLACK and self.pos.size == 15:
                self.counts["forbidden_checks"] += 1
                kind = Reference(self.pos).forbidden(x, y)
                if kind:
                    self.problem(f"black move {x},{y} is forbidden ({kind})\n{self.pos.diagram({(x, y): '!'})}")
            self.pos.cells[y][x] = colour
            return
        self.problem(f"unexpected line {line!r} (waiting for {self.pending or 'nothing'})")


def check_log(path, checker):
    prefix_in, prefix_out = checker.engine + " <- ", checker.engine + " -> "
    with open(path, errors="replace") as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\r\n")
            checker.where = f"{os.path.basename(path)}:{n}"
            if line.startswith(prefix_in):
                checker.sent(line[len(prefix_in):])
            elif line.startswith(prefix_out):
                checker.answered(line[len(prefix_out):])


def check_sgf(path, engine, turn_ms, out):
    text = open(path, errors="replace").read()
    for game in re.findall(r"\(;(.*?)\)\s*(?=\(|$)", text, re.S):
        pb = re.search(r"PB\[([^\]]*)\]", game)
        pw = re.search(r"PW\[([^\]]*)\]", game)
        te = re.search(r"TE\[([^\]]*)\]", game)
        result = te.group(1) if te else "?"
        colour = "B" if pb and pb.group(1) == engine else "W" if pw and pw.group(1) == engine else None
        out["games"] += 1
        out["results"].append(f"{pb.group(1) if pb else '?'} vs {pw.group(1) if pw else '?'}: {result}")
        if re.search(r"time|illegal|forbid|crash", result, re.I):
            out["bad_results"].append(result)
        if colour is None:
            continue
        for c, ms in re.findall(r";([BW])\[[a-z]*\]C\[(\d+)ms\]", game):
            if c != colour:
                continue
            ms = int(ms)
            out["moves"] += 1
            out["max_ms"] = max(out["max_ms"], ms)
            if turn_ms and ms > turn_ms:
                out["over_turn"].append(ms)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("logs", nargs="+")
    ap.add_argument("--engine", required=True, help="the engine's name= in c-gomoku-cli")
    ap.add_argument("--sgf", action="append", default=[])
    ap.add_argument("--rule", type=int, help="override the rule read from INFO rule")
    ap.add_argument("--turn-ms", type=int, help="override the turn time read from INFO timeout_turn")
    args = ap.parse_args()

    checker = Checker(args.engine, args.rule)
    for path in args.logs:
        check_log(path, checker)
    turn_ms = args.turn_ms or checker.turn_ms
    sgf = {"games": 0, "moves": 0, "max_ms": 0, "over_turn": [], "results": [], "bad_results": []}
    for path in args.sgf:
        check_sgf(path, args.engine, turn_ms, sgf)

    c = checker.counts
    print(f"engine {args.engine}: {c['games']} games started, {c['lines']} lines read, {c['moves']} moves "
          f"({c['forbidden_checks']} checked against renju's forbidden points)")
    print(f"YXSTOP sent {c['yxstop']}, answered by a move {c['yxstop_answered']}")
    if args.sgf:
        print(f"SGF: {sgf['games']} games; {sgf['moves']} moves of {args.engine}, longest {sgf['max_ms']} ms, "
              f"over the {turn_ms} ms turn: {len(sgf['over_turn'])} {sorted(sgf['over_turn'])[-5:]}")
        for r in sgf["results"]:
            print("  " + r)
    bad = checker.problems + [f"game result: {r}" for r in sgf["bad_results"]]
    bad += [f"a move took {ms} ms on a {turn_ms} ms turn" for ms in sgf["over_turn"]]
    if checker.yxstop_open:
        bad.append("the last YXSTOP got no move")
    for p in bad:
        print("PROBLEM " + p)
    print("no problem found" if not bad else f"{len(bad)} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
