#!/usr/bin/env python3
"""How good a brain's moves are in a stronger brain's eyes, position by position.

A match against a strong engine needs hundreds of games to tell two builds apart by 20 Elo,
because each game gives one bit and the openings and colours add their own noise. Here each
position gives a number: the candidate brain picks its move at a fixed node budget (so the same
build picks the same move every time), and a judge brain (Rapfi, say) evaluates the position
after that move at its own fixed budget. Two builds that pick the same move get the same
judgement (judgements are kept in a cache shared by all runs), so comparing them measures only
where they differ. It screens ideas quickly; a real match decides.

  judged_choices.py extract RESULTS.jsonl... --player NAME [--first-moves 8] [--stones LOW-HIGH]
      [--every N] --out POS.txt
      the positions of 15x15 arena games where NAME was to move, from the end of the opening
      to the first moves after it, or those with LOW to HIGH stones on the board, every Nth
      kept (one position a line: rule, then the moves so far as letters)
  judged_choices.py run POS.txt --engine CMD [--engine-dir DIR] [--nodes 100000] --judge CMD --judge-dir DIR
      [--judge-nodes 100000] [--cache judged-cache.json] [--jobs 2] --out CHOICES.jsonl
      each position's move and the judge's win probability for the mover after it; the run
      resumes from CHOICES.jsonl when stopped
  judged_choices.py compare A.jsonl B.jsonl
      the mean difference of B against A with its 95% interval, over the positions both have
      and by stones on the board, and how many positions their moves differ in

Take the positions from the opponent's turns (--player Rapfi in games Tengen played against
Rapfi), not from the candidate's own: the games went where an earlier build's moves led, lost
games most of all, so along them that build's moves are worse than its average, and any build
that picks differently there looks better than it is (on Tengen's own turns in its games
against Rapfi, every variant tried rated above main: 4x the nodes, Rapfi itself and three
changes of search or tables alike).

The judge's scale is read as P(win) = 1 / (1 + exp(-score / 200)) (Rapfi's). A proven win
the judge reports as a mate counts as P = 1 (or 0).
"""
import argparse
import json
import math
import multiprocessing
import os
import sys

from brain import Brain, letters, parse_point
from judged_deficit import win_probability

SCALE = 200.0  # Rapfi's


# ---- extract ----------------------------------------------------------------------------

def extract(args):
    lines = []
    for path in args.results:
        with open(path) as f:
            for line in f:
                game = json.loads(line)
                if game.get("board", [15, 15]) != [15, 15]:
                    continue
                stones = [s for s in game.get("opening", "").split(",") if s]
                moves = [letters(m["x"], m["y"]) for m in game.get("moves", [])]
                # j moves after the opening: the first --first-moves, or those that leave
                # LOW to HIGH stones on the board.
                first, last = 0, args.first_moves
                if args.stones:
                    first, last = args.stones[0] - len(stones), args.stones[1] - len(stones) + 1
                for j in range(max(first, 0), min(last, len(moves))):
                    mover = game["black"] if (len(stones) + j) % 2 == 0 else game["white"]
                    if mover == args.player:
                        lines.append(" ".join([game.get("rule", "freestyle")] + stones + moves[:j]))
    unique = list(dict.fromkeys(lines))  # a position reached in two games is judged once
    unique = unique[:: args.every]
    with open(args.out, "w") as out:
        out.write("\n".join(unique) + "\n")
    print(f"{len(unique)} positions in {args.out}", file=sys.stderr)


# ---- run --------------------------------------------------------------------------------

def read_positions(path):
    with open(path) as f:
        return [line.split() for line in f if line.strip()]


def cache_key(rule, stones):
    # The position after the move, as the judge sees it: each side's stones as a set.
    mover = sorted(stones[len(stones) % 2::2])
    other = sorted(stones[(len(stones) + 1) % 2::2])
    return f"{rule}|{' '.join(letters(*p) for p in other)}|{' '.join(letters(*p) for p in mover)}"


_shared_cache = {}


def worker(index, args, todo, queue):
    judge_rule = None
    judge = None
    for n, (pid, fields) in enumerate(todo):
        rule, stones = fields[0], [parse_point(s) for s in fields[1:]]
        engine = Brain(args.engine, args.engine_dir, rule, 15, args.nodes)  # fresh each time: same move every run
        move = engine.think(stones).move
        engine.close()
        if move is None:
            continue
        after = stones + [move]
        key = cache_key(rule, after)
        score = _shared_cache.get(key)  # loaded before the workers forked
        if score is None:
            if judge is None or judge_rule != rule or n % 100 == 0:
                if judge:
                    judge.close()
                judge, judge_rule = Brain(args.judge, args.judge_dir, rule, 15, args.judge_nodes), rule
            verdict = judge.think(after)  # from the opponent's view
            if verdict.move is None:
                score = None  # the judge refused the position
            elif verdict.mate:
                score = -verdict.mate * math.inf
            else:
                score = None if verdict.score is None else -verdict.score
        queue.put((pid, " ".join(fields), letters(*move), key, score))
    if judge:
        judge.close()
    queue.put(None)


def run(args):
    positions = read_positions(args.positions)
    done = {}
    if os.path.exists(args.out):
        with open(args.out) as f:
            for line in f:
                r = json.loads(line)
                done[r["id"]] = r
    if os.path.exists(args.cache):
        with open(args.cache) as f:
            _shared_cache.update(json.load(f))
    todo = [(i, p) for i, p in enumerate(positions) if i not in done]
    queue = multiprocessing.Queue()
    jobs = [multiprocessing.Process(target=worker, args=(j, args, todo[j::args.jobs], queue))
            for j in range(args.jobs)]
    for j in jobs:
        j.start()
    finished = 0
    with open(args.out, "a") as out:
        while finished < len(jobs):
            item = queue.get()
            if item is None:
                finished += 1
                continue
            pid, position, move, key, score = item
            if score is not None and key not in _shared_cache:
                _shared_cache[key] = score
            out.write(json.dumps({"id": pid, "position": position, "move": move, "judged": score}) + "\n")
            out.flush()
            done[pid] = True
            if len(done) % 50 == 0:
                save_cache(args.cache)
                print(f"{len(done)}/{len(positions)} positions", file=sys.stderr, flush=True)
    for j in jobs:
        j.join()
    save_cache(args.cache)
    summary(args.out)


def save_cache(path):
    # Other runs may share the cache: keep what they added, and never leave a half-written file.
    if os.path.exists(path):
        with open(path) as f:
            for key, score in json.load(f).items():
                _shared_cache.setdefault(key, score)
    with open(path + ".tmp", "w") as f:
        json.dump(_shared_cache, f)
    os.replace(path + ".tmp", path)


def load(path):
    rows = {}
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            rows[r["position"]] = r
    return rows


def probability(score):
    if score is None:
        return None
    if math.isinf(score):
        return 1.0 if score > 0 else 0.0
    return win_probability(score, SCALE)


def summary(path):
    rows = [r for r in load(path).values() if r["judged"] is not None]
    ps = [probability(r["judged"]) for r in rows]
    print(f"{path}: {len(ps)} positions, mean win probability after the move {sum(ps) / max(len(ps), 1):.4f}")


def compare(args):
    a, b = load(args.a), load(args.b)
    by_stones, differ = {}, 0
    for position, ra in a.items():
        rb = b.get(position)
        if rb is None or ra["judged"] is None or rb["judged"] is None:
            continue
        if ra["move"] != rb["move"]:
            differ += 1
        stones = len(position.split()) - 1
        by_stones.setdefault(stones, []).append(probability(rb["judged"]) - probability(ra["judged"]))
    diffs = [d for group in by_stones.values() for d in group]
    if len(diffs) < 2:
        print("fewer than two positions in common")
        return
    print(f"{len(diffs)} positions, moves differ in {differ}; B - A = {interval(diffs)} points of win probability (95%)")
    for stones in sorted(by_stones):
        if len(by_stones[stones]) >= 2:
            print(f"  {stones:2d} stones: {len(by_stones[stones]):4d} positions, B - A = {interval(by_stones[stones])}")


def interval(diffs):
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return f"{mean * 100:+.2f} +- {1.96 * sd / math.sqrt(n) * 100:.2f}"


def stone_range(text):
    low, _, high = text.partition("-")
    return int(low), int(high or low)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    e = sub.add_parser("extract")
    e.add_argument("results", nargs="+")
    e.add_argument("--player", required=True)
    e.add_argument("--first-moves", type=int, default=8)
    e.add_argument("--stones", type=stone_range, default=None,
                   help="LOW-HIGH: the positions with that many stones on the board instead (--first-moves is then unused)")
    e.add_argument("--every", type=int, default=1, help="keep every Nth position, in order")
    e.add_argument("--out", required=True)
    r = sub.add_parser("run")
    r.add_argument("positions")
    r.add_argument("--engine", required=True)
    r.add_argument("--engine-dir", default=None)
    r.add_argument("--nodes", type=int, default=100000)
    r.add_argument("--judge", required=True)
    r.add_argument("--judge-dir", default=None)
    r.add_argument("--judge-nodes", type=int, default=100000)
    r.add_argument("--cache", default="judged-cache.json")
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--out", required=True)
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    args = ap.parse_args()
    {"extract": extract, "run": run, "compare": compare}[args.command](args)


if __name__ == "__main__":
    main()
