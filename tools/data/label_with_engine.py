#!/usr/bin/env python3
"""Relabels self-play records with another brain's judgement of every position.

Reads `pbrain-tengen selfplay` records (JSON lines) and writes the same records with
"scores" replaced by what a labelling brain says of each position: the position is sent
with BOARD (the brain to move), searched to a node budget (INFO max_node), and the last
"Eval N" of its MESSAGE lines is taken, from the side to move's view. Positions the record
already scores as proven (|score| >= 29000: a win or loss the search found) keep that score.
The labelling brain must print "Eval N" in MESSAGE lines while it searches and take
INFO max_node (Rapfi does; its evaluation scale is P(win) = 1 / (1 + exp(-N / 200)), which
the tuner's --label-scale 200 reads).

  label_with_engine.py --brain /path/pbrain-x --dir /path IN.jsonl OUT.jsonl \
      [--games 2000] [--skip 0] [--nodes 20000] [--jobs 2] [--max-stones N]

Each worker writes its own part (OUT.jsonl.partN), one line per game as it is finished, and
skips games a part already holds, so a stopped run resumes with the same command; the parts
are joined into OUT.jsonl at the end. A "label" field records the brain and node budget.
"""
import argparse
import json
import multiprocessing
import os
import sys

from brain import Brain, parse_point


def key(record):
    # The moves too: records converted from several arena files together (arena_to_selfplay.py)
    # share seed (none) and game numbers, and must not be taken for one another on resume.
    # A record cut at --max-stones keeps the whole game's moves in source_moves for this.
    return (record.get("seed"), record["game"], record.get("source_moves", record["moves"]))


def cut_record(record, max_stones):
    """Keeps only the positions with fewer than max_stones stones: the record then ends there,
    its moves, scores and best moves cut alike (the result stays the whole game's)."""
    opening = record["opening_stones"]
    keep = max(0, max_stones - opening)
    record.setdefault("source_moves", record["moves"])
    record["moves"] = " ".join(record["moves"].split()[:opening + keep])
    for field in ("scores", "best"):
        if field in record:
            record[field] = record[field][:keep]
    return record


def label_game(brain, record):
    moves = [parse_point(m) for m in record["moves"].split()]
    opening = record["opening_stones"]
    scores = list(record.get("scores", []))
    for j in range(len(scores)):
        # A proven score stays; a missing one (an arena game's forced reply) is judged too.
        if scores[j] is not None and abs(scores[j]) >= 29000:
            continue
        stones = moves[:opening + j]
        value = brain.think(stones).score
        scores[j] = value if value is not None else scores[j]
    record["scores"] = scores
    return record


def worker(index, jobs, args, records):
    part = f"{args.out}.part{index}"
    done = set()
    if os.path.exists(part):
        with open(part) as f:
            for line in f:
                try:
                    done.add(key(json.loads(line)))
                except (ValueError, KeyError):
                    pass
    mine = [r for i, r in enumerate(records) if i % jobs == index and key(r) not in done]
    if not mine:
        return
    brain = Brain(args.brain, args.dir, mine[0]["rule"], mine[0]["board"][0], args.nodes)
    with open(part, "a") as out:
        for n, record in enumerate(mine):
            if n > 0 and n % 100 == 0:
                # Rapfi answers slower and slower over thousands of positions in one process
                # (three times slower after 1,000 games); a fresh process every 100 games.
                brain.close()
                brain = Brain(args.brain, args.dir, record["rule"], record["board"][0], args.nodes)
            if args.max_stones:
                record = cut_record(record, args.max_stones)
            record = label_game(brain, record)
            record["label"] = {"brain": os.path.basename(args.brain), "max_node": args.nodes}
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
            out.flush()
            if index == 0 and n % 50 == 0:
                print(f"worker 0: {n}/{len(mine)} games", file=sys.stderr, flush=True)
    brain.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--brain", required=True)
    ap.add_argument("--dir", default=".")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--skip", type=int, default=0)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-stones", type=int, default=0,
                    help="judge only positions with fewer stones (the opening phase) and cut each record there")
    ap.add_argument("input")
    ap.add_argument("out")
    args = ap.parse_args()
    records = []
    with open(args.input) as f:
        for i, line in enumerate(f):
            if i < args.skip:
                continue
            if len(records) >= args.games:
                break
            r = json.loads(line)
            if r.get("board", [0, 0])[0] == r.get("board", [0, 0])[1]:
                records.append(r)
    threads = [multiprocessing.Process(target=worker, args=(i, args.jobs, args, records)) for i in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    by_game = {}
    for i in range(args.jobs):
        part = f"{args.out}.part{i}"
        if os.path.exists(part):
            with open(part) as f:
                for line in f:
                    r = json.loads(line)
                    by_game[key(r)] = line
    with open(args.out, "w") as out:
        for r in records:
            if key(r) in by_game:
                out.write(by_game[key(r)])
    print(f"{len(by_game)} games labelled into {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
