#!/usr/bin/env python3
"""Turns tengen-arena results into self-play records, so that arena games (another engine's
self-play, say) can feed the tuners with the scores the engines reported as labels.

Each finished game becomes one `tengen-selfplay-1` line (docs/training-data.md): the opening
and the moves as letters, and for every move after the opening the score its mover reported
for the position it moved from (a reported mate becomes +-(30000 - plies), as Tengen writes
them; a move without a score, such as a forced reply, gets null, and the tuners fall back
on the game result there; --require-scores skips such games instead). "best"
is null throughout: the move played is the mover's choice.

  arena_to_selfplay.py IN.jsonl... --out OUT.jsonl [--require-scores] [--provenance TEXT]
"""
import argparse
import json
import sys

from brain import letters

MATE = 30000


def convert(game, require_scores):
    if game.get("result") not in ("black", "white", "draw"):
        return None
    opening = [s for s in game.get("opening", "").split(",") if s]
    moves, scores = [], []
    for m in game.get("moves", []):
        moves.append(letters(m["x"], m["y"]))
        if "mate" in m:
            n = int(m["mate"])
            scores.append(MATE - abs(n) if n > 0 else -(MATE - abs(n)))
        elif "score" in m:
            scores.append(int(m["score"]))
        elif require_scores:
            return None
        else:
            scores.append(None)
    return {
        "format": "tengen-selfplay-1",
        "rule": game.get("rule", "freestyle"),
        "board": game.get("board", [15, 15]),
        "k": game.get("k", 5),
        "seed": None,
        "game": game.get("game"),
        "players": [game.get("black"), game.get("white")],
        "opening_stones": len(opening),
        "moves": " ".join(opening + moves),
        "scores": scores,
        "best": [None] * len(scores),
        "result": game["result"],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--require-scores", action="store_true", help="skip games with a move that reported no score")
    args = ap.parse_args()
    kept = skipped = 0
    with open(args.out, "w") as out:
        for path in args.inputs:
            with open(path) as f:
                for line in f:
                    try:
                        record = convert(json.loads(line), args.require_scores)
                    except (ValueError, KeyError, TypeError):
                        record = None
                    if record is None:
                        skipped += 1
                        continue
                    out.write(json.dumps(record, separators=(",", ":")) + "\n")
                    kept += 1
    print(f"{kept} games written, {skipped} skipped", file=sys.stderr)


if __name__ == "__main__":
    main()
