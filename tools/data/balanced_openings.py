#!/usr/bin/env python3
"""Keeps the openings a judging brain calls even: the openings of a match against a stronger
engine, where a lopsided opening only says which side of it each engine drew.

Reads an opening file of `tengen-arena --openings-generate` (one opening a line, stones as
"dx,dy" offsets from the centre (width / 2, height / 2) in move order, black first) and writes the openings whose evaluation by the judge,
from the side to move's view, lies within +-MARGIN of its units. The judge must print "Eval N"
in MESSAGE lines while it searches (Rapfi does: its units read as P(win) = 1 / (1 + exp(-N / 200))).
A node budget rather than a time keeps the choice the same on any machine.

  balanced_openings.py --brain /path/pbrain-x --dir /path --rule renju IN.txt OUT.txt \
      [--nodes 300000] [--margin 60] [--jobs 2]

The output keeps the input's order and lines, with a comment header that says how it was made.
"""
import argparse
import multiprocessing
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from label_with_engine import Brain  # noqa: E402

PAIR = re.compile(r"(-?\d+)\s*,\s*(-?\d+)")


def read_openings(path, size):
    centre = size // 2
    openings = []
    with open(path) as f:
        for line in f:
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            openings.append((text, [(centre + int(x), centre + int(y)) for x, y in PAIR.findall(text)]))
    return openings


def judge_part(args, part):
    index, jobs = part
    brain = Brain(args.brain, args.dir, args.rule, args.size, args.nodes)
    evals = {}
    for i, (_, stones) in enumerate(read_openings(args.input, args.size)):
        if i % jobs != index:
            continue
        if len(evals) and len(evals) % 100 == 0:
            brain.close()  # a fresh process now and then: long sessions slow Rapfi down
            brain = Brain(args.brain, args.dir, args.rule, args.size, args.nodes)
        evals[i] = brain.evaluate(stones)
    brain.close()
    return evals


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--brain", required=True)
    ap.add_argument("--dir", default=".")
    ap.add_argument("--rule", default="freestyle", choices=["freestyle", "exact", "renju"])
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--nodes", type=int, default=300000)
    ap.add_argument("--margin", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("input")
    ap.add_argument("out")
    args = ap.parse_args()

    openings = read_openings(args.input, args.size)
    with multiprocessing.Pool(args.jobs) as pool:
        parts = pool.starmap(judge_part, [(args, (i, args.jobs)) for i in range(args.jobs)])
    evals = {}
    for part in parts:
        evals.update(part)
    kept = [text for i, (text, _) in enumerate(openings) if evals.get(i) is not None and abs(evals[i]) <= args.margin]
    with open(args.out, "w") as out:
        out.write(f"# {len(kept)} of {len(openings)} openings of {os.path.basename(args.input)} that "
                  f"{os.path.basename(args.brain)} judges within +-{args.margin} at {args.nodes} nodes ({args.rule})\n")
        for text in kept:
            out.write(text + "\n")
    print(f"kept {len(kept)} of {len(openings)} openings in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
