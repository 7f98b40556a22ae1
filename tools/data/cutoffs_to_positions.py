#!/usr/bin/env python3
"""Turns sampled search nodes into one-position records, so a judge can label the positions
the search itself evaluates rather than the positions of games.

Reads cutoff files (`pbrain-tengen selfplay ... --cutoffs FILE`, docs/training-data.md): each
line is a node of a search, its stones black first with the last two played at the end. Picks
COUNT distinct nodes of the given rule and board at random (seeded), and writes each as a
`tengen-selfplay-1` record whose moves are the node's stones, all of them the opening, with
one score to fill in: the judgement of the final position (null until
label_with_engine.py judges it). Such a record is not a game: its result is a placeholder
("draw") that only the tuner's report against results reads, so fit these with
--score-weight 1 --scored-only. `--exclude` leaves out the nodes of an earlier output.

  cutoffs_to_positions.py CUTOFFS.jsonl... --count 20000 --seed 31 [--exclude EARLIER.jsonl] --out POS.jsonl
"""
import argparse
import json
import random
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cutoffs", nargs="+")
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rule", default="freestyle")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--exclude", action="append", default=[], help="a records file whose positions are left out")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    excluded = set()
    for path in args.exclude:
        with open(path) as f:
            for line in f:
                excluded.add(json.loads(line)["moves"])
    nodes, seen = [], set()
    for path in args.cutoffs:
        with open(path) as f:
            for line in f:
                node = json.loads(line)
                if node.get("rule") != args.rule or node.get("board") != [args.size, args.size]:
                    continue
                stones = " ".join(node["opening"].split(","))
                if stones in seen or stones in excluded:
                    continue
                seen.add(stones)
                nodes.append((stones, node.get("k", 5)))
    if len(nodes) < args.count:
        print(f"only {len(nodes)} distinct nodes; writing them all", file=sys.stderr)
    chosen = random.Random(args.seed).sample(nodes, min(args.count, len(nodes)))
    with open(args.out, "w") as out:
        for i, (stones, k) in enumerate(chosen):
            record = {
                "format": "tengen-selfplay-1",
                "rule": args.rule,
                "board": [args.size, args.size],
                "k": k,
                "seed": args.seed,
                "game": i,
                "opening_stones": len(stones.split()),
                "moves": stones,
                "scores": [None],
                "best": [],
                "result": "draw",
            }
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
    print(f"{len(chosen)} positions of {len(nodes)} distinct nodes written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
