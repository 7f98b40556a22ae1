"""The renju rule as Gomocup's referee judges it, read directly from its definitions (slow
and plain on purpose), and the position it reads: the third opinion of renju_crosscheck.py
and the move check of check_cgc_log.py (docs/renju-crosscheck.md). Python 3 standard
library only.
"""

EMPTY, BLACK, WHITE = 0, 1, 2
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


class Position:
    def __init__(self, size):
        self.size = size
        self.cells = [[EMPTY] * size for _ in range(size)]
        self.kind = ""

    def on(self, x, y):
        return 0 <= x < self.size and 0 <= y < self.size

    def at(self, x, y):
        return self.cells[y][x] if self.on(x, y) else None

    def stones(self, colour):
        return [(x, y) for y in range(self.size) for x in range(self.size) if self.cells[y][x] == colour]

    def moves(self):
        """Black first, alternating: a plausible move order (the counts are equal)."""
        black, white = self.stones(BLACK), self.stones(WHITE)
        out = []
        for b, w in zip(black, white):
            out += [(b[0], b[1], BLACK), (w[0], w[1], WHITE)]
        return out

    def run_through(self, x, y, dx, dy, colour):
        """Length of colour's run through (x, y), counting (x, y) as colour."""
        n = 1
        for s in (1, -1):
            i = 1
            while self.at(x + s * i * dx, y + s * i * dy) == colour:
                n += 1
                i += 1
        return n

    def has_five_or_more(self):
        for y in range(self.size):
            for x in range(self.size):
                c = self.cells[y][x]
                if c != EMPTY and any(self.run_through(x, y, dx, dy, c) >= 5 for dx, dy in DIRECTIONS):
                    return True
        return False

    def black_can_make_five(self):
        for y in range(self.size):
            for x in range(self.size):
                if self.cells[y][x] == EMPTY and any(
                        self.run_through(x, y, dx, dy, BLACK) == 5 for dx, dy in DIRECTIONS):
                    return True
        return False

    def diagram(self, marks=None):
        """X black, O white, . empty; marks maps points to a letter shown instead."""
        marks = marks or {}
        letters = "abcdefghijklmnopqrstuvwxyz"
        lines = ["    " + " ".join(letters[x] if x < 26 else "?" for x in range(self.size))]
        for y in range(self.size):
            row = []
            for x in range(self.size):
                if (x, y) in marks:
                    row.append(marks[(x, y)])
                else:
                    row.append(".XO"[self.cells[y][x]])
            lines.append(f"{y + 1:3d} " + " ".join(row) + f"   y={y}")
        return "\n".join(lines)

    def to_json(self):
        return {"kind": self.kind, "size": self.size,
                "black": self.stones(BLACK), "white": self.stones(WHITE)}


class Reference:
    """The renju rule read directly from its definitions (slow and plain on purpose):
    - a five is exactly five in a row; a move making a five is never forbidden;
    - overline: six or more in a row;
    - a four: a line that makes a five with one more stone; in one line, fours are
      counted by the distinct stone sets of the fives they complete (.XXXX. is one,
      X.XXX.X two);
    - an open three: a line without a four that one more stone (itself neither a
      five nor forbidden, checked with the first stone in place) turns into a straight
      four, four in a row whose two end points each make an exact five;
    - forbidden: overline, or two or more fours, or two or more open threes.
    """

    def __init__(self, position, five_point_is_four_point=False):
        self.p = position
        # True: the variant Tengen read before (docs/renju-crosscheck.md): a straight-four
        # point that also makes a five elsewhere still makes a three.
        self.five_point_is_four_point = five_point_is_four_point
        self.saves_by_depth = {}  # recursion depth -> points judged allowed because a three was fake

    def _five_sets(self, x, y, dx, dy):
        """With black on (x, y): the distinct stone sets of the fours through it."""
        p = self.p
        sets = set()
        for k in range(-4, 5):
            qx, qy = x + k * dx, y + k * dy
            if k == 0 or p.at(qx, qy) != EMPTY:
                continue
            p.cells[qy][qx] = BLACK
            if p.run_through(x, y, dx, dy, BLACK) == 5:
                sets.add(frozenset(self._run_cells(x, y, dx, dy) - {(qx, qy)}))
            p.cells[qy][qx] = EMPTY
        return sets

    def _run_cells(self, x, y, dx, dy):
        cells = {(x, y)}
        for s in (1, -1):
            i = 1
            while self.p.at(x + s * i * dx, y + s * i * dy) == BLACK:
                cells.add((x + s * i * dx, y + s * i * dy))
                i += 1
        return cells

    def _makes_exact_five(self, x, y, dx, dy):
        return self.p.at(x, y) == EMPTY and self.p.run_through(x, y, dx, dy, BLACK) == 5

    def _straight_four_through(self, x, y, dx, dy):
        """Is there, with the current stones, a straight four in this line containing (x, y)?"""
        cells = self._run_cells(x, y, dx, dy)
        if len(cells) != 4:
            return False
        ends = []
        for s in (1, -1):
            i = 1
            while self.p.at(x + s * i * dx, y + s * i * dy) == BLACK:
                i += 1
            ends.append((x + s * i * dx, y + s * i * dy))
        return all(self._makes_exact_five(ex, ey, dx, dy) for ex, ey in ends)

    def _open_three(self, x, y, dx, dy, depth):
        """(x, y) holds black. Is this line an open three through it? Returns
        (is_three, was_saved_by_recursion)."""
        candidates = False
        for qx, qy in self._straight_four_points(x, y, dx, dy):
            if not self.five_point_is_four_point and self._makes_a_five(qx, qy):
                continue
            candidates = True
            if self.forbidden(qx, qy, depth + 1) is None:
                return True, False
        return False, candidates

    def _straight_four_points(self, x, y, dx, dy):
        """The empty points of the line through black (x, y) where one more black stone makes
        a straight four through (x, y) that holds that point; the board is left as it was."""
        p = self.p
        for k in range(-4, 5):
            qx, qy = x + k * dx, y + k * dy
            if k == 0 or p.at(qx, qy) != EMPTY:
                continue
            p.cells[qy][qx] = BLACK
            four = self._straight_four_through(x, y, dx, dy) and (qx, qy) in self._run_cells(x, y, dx, dy)
            p.cells[qy][qx] = EMPTY
            if four:
                yield qx, qy

    def _makes_a_five(self, x, y):
        return any(self._makes_exact_five(x, y, dx, dy) for dx, dy in DIRECTIONS)

    def forbidden(self, x, y, depth=0):
        """None, 'overline', 'double four' or 'double three' for black on empty (x, y)."""
        p = self.p
        p.cells[y][x] = BLACK
        try:
            runs = [p.run_through(x, y, dx, dy, BLACK) for dx, dy in DIRECTIONS]
            if 5 in runs:
                return None
            if max(runs) > 5:
                return "overline"
            four_lines = [len(self._five_sets(x, y, dx, dy)) for dx, dy in DIRECTIONS]
            if sum(four_lines) >= 2:
                return "double four"
            threes = fakes = 0
            for (dx, dy), fours in zip(DIRECTIONS, four_lines):
                if fours:
                    continue
                is_three, fake = self._open_three(x, y, dx, dy, depth)
                threes += is_three
                fakes += fake
            if threes >= 2:
                return "double three"
            if threes + fakes >= 2:
                # Two threes at sight, but not two real ones; depth 1 and more are the points
                # probed by the recursion (a fake three inside a fake three).
                self.saves_by_depth[depth] = self.saves_by_depth.get(depth, 0) + 1
            return None
        finally:
            p.cells[y][x] = EMPTY

    def explain(self, x, y):
        """One line per direction: the fours, and the threes with the status of each of
        their straight-four points (the reason behind a verdict, for people)."""
        p = self.p
        names = {(1, 0): "horizontal", (0, 1): "vertical", (1, 1): "diagonal \\", (1, -1): "diagonal /"}
        out = []
        p.cells[y][x] = BLACK
        try:
            for dx, dy in DIRECTIONS:
                run = p.run_through(x, y, dx, dy, BLACK)
                fours = len(self._five_sets(x, y, dx, dy))
                points = []
                for qx, qy in self._straight_four_points(x, y, dx, dy):
                    fives_there = any(p.run_through(qx, qy, ex, ey, BLACK) == 5 for ex, ey in DIRECTIONS)
                    status = self.forbidden(qx, qy, 1) or ("allowed, makes a five" if fives_there else "allowed")
                    points.append(f"{qx},{qy} {status}")
                text = f"    {names[(dx, dy)]}: run {run}, fours {fours}"
                if points and not fours:
                    text += ", three via " + "; ".join(points)
                out.append(text)
        finally:
            p.cells[y][x] = EMPTY
        return "\n".join(out)

    def all_forbidden(self):
        out = {}
        for y in range(self.p.size):
            for x in range(self.p.size):
                if self.p.cells[y][x] == EMPTY:
                    kind = self.forbidden(x, y)
                    if kind:
                        out[(x, y)] = kind
        return out


# ---------------------------------------------------------------- main
