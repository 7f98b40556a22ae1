#!/usr/bin/env python3
"""Checks docs/ledger.tsv, the table of every SPRT and match the project has recorded.

Usage: tools/ledger_check.py [LEDGER] [--root REPO]

Each row must be well formed, so that a reader (or a script) can trust a column without
reading the narrative it came from: the columns are the ones named below, in that order;
ids are unique; games is an integer; W-L-D is three integers; the pentanomial is five pair
counts whose sum is half the games (a run may end with one pair unfinished, and a pool of
runs with one each, hence the small slack); LLR is a number; the verdict is one word of a
fixed vocabulary; merged commits look like commits; a patch named as present exists in the
repository. Exit status 0 when every row passes, 1 with one line per problem otherwise.
Python 3 standard library only.
"""

import argparse
import os
import re
import sys

COLUMNS = [
    "id", "date_or_session", "kind", "what", "base", "patch", "conditions", "games", "wld",
    "pentanomial", "elo", "llr", "score", "verdict", "merged_commit", "notes", "source",
]
KINDS = {"sprt", "match", "rapfi-match"}
# H1/H0: the SPRT crossed a bound. undecided: ran to its cap or was left between them.
# stopped: ended early by hand (the notes say why). not-run: described, never played.
# aa-check: two copies of one build, a check of the method. measured: a match with no test.
VERDICTS = {"H1", "H0", "undecided", "stopped", "not-run", "aa-check", "measured"}
# Unfinished pairs allowed between games and twice the pentanomial's sum: one a run, and the
# ledger pools at most two runs in a row.
UNFINISHED_PAIRS_ALLOWED = 2

ID = re.compile(r"^[a-z0-9][a-z0-9.+-]*$")
INTEGER = re.compile(r"^[0-9]+$")
WLD = re.compile(r"^([0-9]+)-([0-9]+)-([0-9]+)$")
PENTANOMIAL = re.compile(r"^([0-9]+) ([0-9]+) ([0-9]+) ([0-9]+) ([0-9]+)$")
NUMBER = re.compile(r"^-?[0-9]+(\.[0-9]+)?$")
ELO = re.compile(r"^(n?Elo) [+-]?[0-9]+(\.[0-9]+)? \+- [0-9]+(\.[0-9]+)?$")
COMMITS = re.compile(r"^[0-9a-f]{7,40}( [0-9a-f]{7,40})*$")
PATCH = re.compile(r"^docs/experiments/[A-Za-z0-9._-]+\.patch$")
GONE_PATCH = re.compile(r"^removed (\(no longer applies to [0-9a-f]{7,40}\)|earlier \(in git history\)): "
                        r"docs/experiments/[A-Za-z0-9._-]+\.patch$")
SCORE = re.compile(r"^[0-9]+(\.[0-9]+)?%")
SOURCE = re.compile(r"^docs/[A-Za-z0-9/_.-]+\.md:[0-9]+$")


def check_row(number, row, root, seen_ids):
    """The problems of one data row (its line number in the file, its cells by column)."""
    problems = []

    def bad(column, why):
        problems.append(f"line {number} ({row.get('id') or '?'}): {column} {why}")

    if not ID.match(row["id"]):
        bad("id", f"{row['id']!r} is not a short lower-case name")
    elif row["id"] in seen_ids:
        bad("id", f"{row['id']!r} repeats line {seen_ids[row['id']]}")
    else:
        seen_ids[row["id"]] = number
    if not row["date_or_session"]:
        bad("date_or_session", "is empty")
    if row["kind"] not in KINDS:
        bad("kind", f"{row['kind']!r} is not one of {sorted(KINDS)}")
    if not row["what"]:
        bad("what", "is empty")
    if row["verdict"] not in VERDICTS:
        bad("verdict", f"{row['verdict']!r} is not one of {sorted(VERDICTS)}")
    if row["kind"] == "sprt" and row["verdict"] == "measured":
        bad("verdict", "'measured' is for matches; an SPRT ends H1, H0, undecided or stopped")

    games = None
    if row["games"]:
        if INTEGER.match(row["games"]):
            games = int(row["games"])
        else:
            bad("games", f"{row['games']!r} is not an integer")
    if row["wld"]:
        m = WLD.match(row["wld"])
        if not m:
            bad("wld", f"{row['wld']!r} is not W-L-D")
        elif not row["games"]:
            bad("games", "is empty though W-L-D is given")
    if row["pentanomial"]:
        m = PENTANOMIAL.match(row["pentanomial"])
        if not m:
            bad("pentanomial", f"{row['pentanomial']!r} is not five integers")
        elif games is not None:
            pairs = sum(int(g) for g in m.groups())
            if not 0 <= games - 2 * pairs <= UNFINISHED_PAIRS_ALLOWED:
                bad("pentanomial", f"sums to {pairs} pairs, not half of {games} games")
    if row["llr"] and not NUMBER.match(row["llr"]):
        bad("llr", f"{row['llr']!r} is not a number")
    if row["elo"] and not ELO.match(row["elo"]):
        bad("elo", f"{row['elo']!r} is not 'nElo X +- Y' or 'Elo X +- Y'")
    if row["score"] and not SCORE.match(row["score"]):
        bad("score", f"{row['score']!r} does not start with a percentage")
    if row["merged_commit"] and not COMMITS.match(row["merged_commit"]):
        bad("merged_commit", f"{row['merged_commit']!r} is not one or more commit hashes")
    if row["patch"]:
        if PATCH.match(row["patch"]):
            if not os.path.isfile(os.path.join(root, row["patch"])):
                bad("patch", f"{row['patch']} does not exist (mark it 'removed ...: PATH')")
        elif not GONE_PATCH.match(row["patch"]):
            bad("patch", f"{row['patch']!r} is neither docs/experiments/NAME.patch nor 'removed ...: PATH'")
    if row["source"]:
        if not SOURCE.match(row["source"]):
            bad("source", f"{row['source']!r} is not docs/FILE.md:LINE")
        elif not os.path.isfile(os.path.join(root, row["source"].rsplit(":", 1)[0])):
            bad("source", f"{row['source']} names a file that does not exist")
    if row["kind"] == "sprt" and row["verdict"] in ("H1", "H0") and not row["llr"]:
        bad("llr", f"is empty though the verdict is {row['verdict']}")
    return problems


def check(path, root):
    """Every problem of the ledger at path, as lines; empty when it is sound."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as e:
        return [f"{path}: cannot read: {e}"]
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        return [f"{path}: empty"]
    header = lines[0].split("\t")
    if header != COLUMNS:
        missing = [c for c in COLUMNS if c not in header]
        return [f"{path}: the header is not the ledger's columns in order"
                + (f" (missing: {', '.join(missing)})" if missing else f" (want: {' '.join(COLUMNS)})")]
    problems = []
    seen_ids = {}
    for number, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != len(COLUMNS):
            problems.append(f"line {number}: {len(cells)} cells, not {len(COLUMNS)}")
            continue
        problems += check_row(number, dict(zip(COLUMNS, cells)), root, seen_ids)
    if len(lines) == 1:
        problems.append(f"{path}: no rows")
    return problems


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ledger", nargs="?", default=os.path.join(here, "..", "docs", "ledger.tsv"))
    parser.add_argument("--root", default=os.path.join(here, ".."),
                        help="the repository root that patch and source paths are relative to")
    args = parser.parse_args()
    problems = check(args.ledger, args.root)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problem(s) in {args.ledger}")
        return 1
    with open(args.ledger, encoding="utf-8") as f:
        rows = sum(1 for _ in f) - 1
    print(f"{args.ledger}: {rows} rows, all well formed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
