"""A Gomocup brain on pipes, asked about one position at a time: the tools' shared client.

The brain gets START, the rule and a node budget (INFO max_node) once, then each position as
BOARD..DONE with the side to move owning the stones of the same parity as their count. While it
searches it reports its evaluation in MESSAGE lines ("Eval N" for Rapfi, "eval N" for Tengen,
"+M7" or "-M4" for a proven result); `think` returns its move with the last of them.
"""
import collections
import re
import subprocess
import time

RULE_CODES = {"freestyle": 0, "exact": 1, "renju": 4}
EVAL = re.compile(r"\beval (-?\d+)", re.IGNORECASE)
MATE = re.compile(r"\beval ([+-])?M\d+", re.IGNORECASE)
MOVE = re.compile(r"\d+,\d+")

# move: (x, y), or None when the brain refused the position (it answered ERROR).
# score: the last plain evaluation reported, from the side to move's view, or None.
# mate: +1 or -1 when the last evaluation reported was a proven win or loss, else 0.
Thought = collections.namedtuple("Thought", "move score mate")


def letters(x, y):
    """A point as the records write it: column letter, then row from 1 ("h8")."""
    return f"{chr(ord('a') + x)}{y + 1}"


def parse_point(text):
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


class Brain:
    def __init__(self, command, directory, rule, size, nodes):
        self.proc = subprocess.Popen([command], cwd=directory or None, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send(f"START {size}")
        while self.readline() != "OK":
            pass
        for line in (f"INFO rule {RULE_CODES[rule]}", "INFO timeout_turn 60000", "INFO timeout_match 0",
                     f"INFO max_node {nodes}", "INFO max_memory 134217728"):
            self.send(line)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def readline(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the brain ended")
        return line.strip()

    def think(self, stones):
        """stones: [(x, y)] in move order."""
        mover_parity = len(stones) % 2
        board = ["BOARD"] + [f"{x},{y},{1 if i % 2 == mover_parity else 2}" for i, (x, y) in enumerate(stones)] + ["DONE"]
        self.send("\n".join(board))
        score, mate = None, 0
        while True:
            line = self.readline()
            m = MATE.search(line)
            if m:
                mate = -1 if m.group(1) == "-" else 1
                continue
            m = EVAL.search(line)
            if m:
                score, mate = int(m.group(1)), 0
            elif line == "ERROR Unknown command: DONE":
                # Rapfi can still be closing its last search when BOARD arrives, and then reads
                # the stones as commands: send the position again once it has settled.
                time.sleep(0.05)
                self.send("\n".join(board))
            elif line.startswith("ERROR") and "Unknown command" not in line:
                return Thought(None, score, mate)  # the position refused (a game already over, say)
            elif MOVE.fullmatch(line):
                x, y = line.split(",")
                return Thought((int(x), int(y)), score, mate)

    def close(self):
        try:
            self.send("END")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
