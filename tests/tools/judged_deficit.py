#!/usr/bin/env python3
"""Where a match is lost: what each move costs its player in a judge's eyes, by game phase.

Reads self-play records whose scores are a judge's evaluations of every position (arena
games turned into records by arena_to_selfplay.py, then judged by label_with_engine.py).
For each move it takes the judge's win probability for the mover before the move and after
it (one minus the opponent's, from the next position), and sums the difference, the move's
cost, by the number of stones on the board when it was played. Proven positions
(|score| >= 29000) and unjudged ones are left out. The judge's scale is read as
P(win) = 1 / (1 + exp(-score / SCALE)) (Rapfi: 200).

  judged_deficit.py JUDGED.jsonl [--scale 200] [--worst 10]

A judge that misjudges a position charges both players alike, so the difference between
the two players' costs in a phase is what that phase decides.
"""
import argparse
import collections
import json
import math

PHASES = [(0, 8), (8, 12), (12, 20), (20, 30), (30, 1000)]


def win_probability(score, scale):
    return 1.0 / (1.0 + math.exp(-max(-40 * scale, min(40 * scale, score)) / scale))


def phase_name(stones):
    for low, high in PHASES:
        if low <= stones < high:
            return f"{low}-{high - 1}" if high < 1000 else f"{low}+"
    return "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("judged")
    ap.add_argument("--scale", type=float, default=200.0)
    ap.add_argument("--worst", type=int, default=10, help="list this many of the costliest moves")
    args = ap.parse_args()

    costs = collections.defaultdict(lambda: collections.defaultdict(list))  # player -> phase -> costs
    games = collections.Counter()
    moves = []
    for line in open(args.judged):
        record = json.loads(line)
        players = record.get("players") or ["black", "white"]
        scores = record["scores"]
        stones = record["moves"].split()
        opening = record["opening_stones"]
        for name in set(players):
            games[name] += 1
        for j in range(len(scores) - 1):
            before, after = scores[j], scores[j + 1]
            if before is None or after is None or abs(before) >= 29000 or abs(after) >= 29000:
                continue
            on_board = opening + j
            mover = players[on_board % 2]
            cost = win_probability(before, args.scale) - (1.0 - win_probability(after, args.scale))
            costs[mover][phase_name(on_board)].append(cost)
            moves.append((cost, mover, record.get("game"), on_board, stones[on_board]))

    phases = [phase_name(low) for low, _ in PHASES]
    print("cost a game by stones on the board when the move was played (judge's win probability)")
    print(f"{'player':<16}{'games':>6}" + "".join(f"{p:>10}" for p in phases) + f"{'all':>10}")
    for name in sorted(costs):
        per_game = [sum(costs[name][p]) / games[name] for p in phases]
        print(f"{name:<16}{games[name]:>6}" + "".join(f"{c:>10.3f}" for c in per_game) + f"{sum(per_game):>10.3f}")
    moves.sort(reverse=True)
    if args.worst > 0:
        print(f"the {args.worst} costliest moves:")
        for cost, mover, game, on_board, stone in moves[: args.worst]:
            print(f"  game {game}, {mover} at {stone} with {on_board} stones on the board: {cost:.2f}")


if __name__ == "__main__":
    main()
