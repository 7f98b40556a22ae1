"""What the bench scripts share: a position sent as BOARD..DONE, and the brain's answer read
with its summary line (docs/protocol-output.md). Only the Python standard library."""
import sys


def send_board(send, stones):
    """stones: [(x, y)] in move order; the side to move owns those of the parity of their count."""
    send("BOARD")
    mover = len(stones) % 2
    for i, (x, y) in enumerate(stones):
        send(f"{x},{y},{1 if i % 2 == mover else 2}")
    send("DONE")


def read_answer(stdout):
    """Reads up to the move line; returns (move line, the summary's fields as a dict)."""
    summary = None
    while True:
        line = stdout.readline()
        if not line:
            sys.exit("brain exited")
        line = line.strip()
        if line.startswith("MESSAGE summary"):
            summary = line.split()
        elif not line.startswith(("MESSAGE", "DEBUG")):
            return line, dict(zip(summary[2::2], summary[3::2]))
