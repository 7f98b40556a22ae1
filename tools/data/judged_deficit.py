#!/usr/bin/env python3
"""Where a match is lost: what each move costs its player in a judge's eyes, by game phase.

Reads self-play records whose scores are a judge's evaluations of every position (arena
games turned into records by arena_to_selfplay.py, then judged by label_with_engine.py).
For each move it takes the judge's win probability for the mover before the move and after
it (one minus the opponent's, from the next position), and sums the difference, the move's
cost, by the number of stones on the board when it was played. Proven positions
(|score| >= 29000) and unjudged ones are left out. The judge's scale is read as
P(win) = 1 / (1 + exp(-score / SCALE)) (Rapfi: 200).

  judged_deficit.py JUDGED.jsonl [--scale 200] [--worst 10] [--kinds]

A judge that misjudges a position charges both players alike, so the difference between
the two players' costs in a phase is what that phase decides. --kinds also sorts the moves by
what they do on the lines through them (own four, own three, a block of three, quiet; see
move_kind) and gives each kind's share of a player's moves and its cost a move, by phase.
"""
import argparse
import collections
import json
import math

from brain import parse_point

DIRECTIONS = [(1, 0), (0, 1), (1, 1), (1, -1)]
KINDS = ["own four", "own three", "own three, blocks a three", "blocks a three", "quiet"]


def move_kind(board, point, colour, width, height):
    """What a stone does on the five-cell windows through it: the most of its own colour in a
    window the opponent has no stone in (the stone counted), and the most of the opponent's in
    a window of no stone of its colour (a block). Four or more of its own is an own four, three
    an own three; three of the opponent's is a block of three."""
    own = blocked = 0
    x, y = point
    for dx, dy in DIRECTIONS:
        for start in range(-4, 1):
            cells = [(x + (start + i) * dx, y + (start + i) * dy) for i in range(5)]
            if not all(0 <= a < width and 0 <= b < height for a, b in cells):
                continue
            others = [board.get(c) for c in cells if c != point]
            if all(v != 1 - colour for v in others):
                own = max(own, 1 + sum(v == colour for v in others))
            if all(v != colour for v in others):
                blocked = max(blocked, sum(v == 1 - colour for v in others))
    if own >= 4:
        return "own four"
    if own == 3:
        return "own three, blocks a three" if blocked >= 3 else "own three"
    return "blocks a three" if blocked >= 3 else "quiet"

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
    ap.add_argument("--kinds", action="store_true", help="also by what the move does on its lines")
    args = ap.parse_args()

    costs = collections.defaultdict(lambda: collections.defaultdict(list))  # player -> phase -> costs
    kind_costs = collections.defaultdict(list)  # (player, phase, kind) -> costs
    games = collections.Counter()
    moves = []
    for line in open(args.judged):
        record = json.loads(line)
        players = record.get("players") or ["black", "white"]
        scores = record["scores"]
        stones = record["moves"].split()
        opening = record["opening_stones"]
        width, height = record.get("board", [15, 15])
        board = {parse_point(stones[i]): i % 2 for i in range(opening)} if args.kinds else None
        for name in set(players):
            games[name] += 1
        for j in range(len(scores) - 1):
            on_board = opening + j
            kind = None
            if board is not None:  # every stone goes on the board, scored or not
                point = parse_point(stones[on_board])
                kind = move_kind(board, point, on_board % 2, width, height)
                board[point] = on_board % 2
            before, after = scores[j], scores[j + 1]
            if before is None or after is None or abs(before) >= 29000 or abs(after) >= 29000:
                continue
            mover = players[on_board % 2]
            phase = phase_name(on_board)
            cost = win_probability(before, args.scale) - (1.0 - win_probability(after, args.scale))
            costs[mover][phase].append(cost)
            if kind is not None:
                kind_costs[(mover, phase, kind)].append(cost)
            moves.append((cost, mover, record.get("game"), on_board, stones[on_board]))

    phases = [phase_name(low) for low, _ in PHASES]
    print("cost a game by stones on the board when the move was played (judge's win probability)")
    print(f"{'player':<16}{'games':>6}" + "".join(f"{p:>10}" for p in phases) + f"{'all':>10}")
    for name in sorted(costs):
        per_game = [sum(costs[name][p]) / games[name] for p in phases]
        print(f"{name:<16}{games[name]:>6}" + "".join(f"{c:>10.3f}" for c in per_game) + f"{sum(per_game):>10.3f}")
    if args.kinds:
        print("by kind of move: share of the player's scored moves in the phase, cost a move")
        for name in sorted(costs):
            for phase in phases:
                counted = len(costs[name][phase])
                if counted == 0:
                    continue
                parts = []
                for kind in KINDS:
                    c = kind_costs[(name, phase, kind)]
                    if c:
                        parts.append(f"{kind} {100 * len(c) / counted:.1f}% {sum(c) / len(c):+.4f}")
                print(f"  {name:<14}{phase:>7}: " + "; ".join(parts))
    moves.sort(reverse=True)
    if args.worst > 0:
        print(f"the {args.worst} costliest moves:")
        for cost, mover, game, on_board, stone in moves[: args.worst]:
            print(f"  game {game}, {mover} at {stone} with {on_board} stones on the board: {cost:.2f}")


if __name__ == "__main__":
    main()
