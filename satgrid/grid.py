"""Grid geometry and the parsing of grids written in instance files.

Cells are ``(row, column)`` tuples, 0-based from the top-left. Nothing here
knows about SAT: these are plain functions shared by puzzle modules and their
checkers.
"""

from __future__ import annotations

import re
from typing import Iterator

import networkx as nx

from .errors import InstanceError

Cell = tuple[int, int]

ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


def cells(rows: int, cols: int | None = None) -> list[Cell]:
    """All cells of a rows x cols grid in reading order."""
    cols = rows if cols is None else cols
    return [(r, c) for r in range(rows) for c in range(cols)]


def inside(cell: Cell, rows: int, cols: int | None = None) -> bool:
    cols = rows if cols is None else cols
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


def _steps(cell: Cell, deltas, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in deltas if 0 <= r + dr < rows and 0 <= c + dc < cols]


def neighbours(cell: Cell, rows: int, cols: int | None = None) -> list[Cell]:
    """Orthogonal neighbours of ``cell`` inside the grid, in reading order."""
    return _steps(cell, ORTHOGONAL, rows, rows if cols is None else cols)


def knight_moves(cell: Cell, rows: int, cols: int | None = None) -> list[Cell]:
    """Cells a knight's move away from ``cell`` inside the grid, in reading order."""
    return _steps(cell, KNIGHT, rows, rows if cols is None else cols)


def grid_graph(rows: int, cols: int | None = None) -> nx.Graph:
    """The orthogonal-adjacency graph of the grid, nodes ``(row, col)``."""
    cols = rows if cols is None else cols
    g = nx.Graph()
    g.add_nodes_from(cells(rows, cols))
    for r, c in cells(rows, cols):
        if r + 1 < rows:
            g.add_edge((r, c), (r + 1, c))
        if c + 1 < cols:
            g.add_edge((r, c), (r, c + 1))
    return g


def windows(rows: int, cols: int | None = None, size: int = 2) -> list[list[Cell]]:
    """Every size x size window (2x2 by default), top-left first."""
    cols = rows if cols is None else cols
    return [[(r + i, c + j) for i in range(size) for j in range(size)]
            for r in range(rows - size + 1) for c in range(cols - size + 1)]


def rows_of(rows: int, cols: int | None = None) -> list[list[Cell]]:
    cols = rows if cols is None else cols
    return [[(r, c) for c in range(cols)] for r in range(rows)]


def columns_of(rows: int, cols: int | None = None) -> list[list[Cell]]:
    cols = rows if cols is None else cols
    return [[(r, c) for r in range(rows)] for c in range(cols)]


def sight_line(side: str, index: int, n: int) -> list[Cell]:
    """Cells of row/column ``index`` of an n x n grid as seen from ``side``.

    ``side`` is ``top``, ``bottom`` (column ``index``), ``left`` or ``right``
    (row ``index``); the first cell of the list is nearest to the viewer.
    """
    if side == "top":
        return [(r, index) for r in range(n)]
    if side == "bottom":
        return [(r, index) for r in reversed(range(n))]
    if side == "left":
        return [(index, c) for c in range(n)]
    if side == "right":
        return [(index, c) for c in reversed(range(n))]
    raise ValueError(f"unknown side {side!r}")


def components(cells_: set[Cell] | list[Cell], rows: int, cols: int | None = None) -> list[set[Cell]]:
    """Orthogonally connected groups of the given cells, largest first, then by first cell."""
    todo = set(cells_)
    out = []
    while todo:
        start = min(todo)
        comp = {start}
        stack = [start]
        todo.discard(start)
        while stack:
            cur = stack.pop()
            for nb in neighbours(cur, rows, cols):
                if nb in todo:
                    todo.discard(nb)
                    comp.add(nb)
                    stack.append(nb)
        out.append(comp)
    out.sort(key=lambda c: (-len(c), min(c)))
    return out


def changed_givens(grid, givens) -> list[tuple[int, int, int, int]]:
    """(row, column, given, found) for every given that ``grid`` does not keep.

    ``givens`` uses 0 for "no given"; rows and columns are 0-based. Checkers
    word the message themselves.
    """
    if givens is None:
        return []
    return [(r, c, g, grid[r][c]) for r, row in enumerate(givens)
            for c, g in enumerate(row) if g and grid[r][c] != g]


# ------------------------------------------------------------------ parsing
def key_line(raw: str, key: str) -> int | None:
    """1-based line of the first content line of TOML key ``key`` in ``raw``.

    For a multi-line string (``key = \"\"\"`` then a newline), that is the line
    after the opening quotes; for a one-line value, the key's own line.
    """
    pat = re.compile(r'^\s*' + re.escape(key) + r'\s*=\s*(""")?(.*)$')
    for i, line in enumerate(raw.splitlines(), 1):
        m = pat.match(line)
        if m:
            if m.group(1) and not m.group(2).strip():
                return i + 1
            return i
    return None


def key_pos(raw: str, key: str) -> int | None:
    """1-based line where TOML key ``key`` is set (or of the table header ``[key]``)."""
    m = (re.search(r"^\s*" + re.escape(key) + r"\s*=", raw, re.M)
         or re.search(r"^\s*\[\s*" + re.escape(key) + r"\s*\]", raw, re.M))
    return raw.count("\n", 0, m.start()) + 1 if m else None


class TokenGrid:
    """A grid of white-space separated tokens, with their file positions."""

    def __init__(self, rows: list[list[str]], positions: list[list[tuple[int, int]]],
                 file: str, key: str):
        self.rows = rows
        self.positions = positions
        self.file = file
        self.key = key

    @property
    def height(self) -> int:
        return len(self.rows)

    def error(self, r: int, c: int | None, message: str) -> InstanceError:
        if c is None:
            line = self.positions[r][0][0] if self.positions[r] else None
            return InstanceError(f"{self.key}: {message}", self.file, line, 1)
        line, col = self.positions[r][c]
        return InstanceError(f"{self.key}: {message}", self.file, line, col)

    def expect_shape(self, rows: int, cols: int) -> None:
        if len(self.rows) != rows:
            line = self.positions[-1][0][0] if self.rows and self.positions[-1] else None
            raise InstanceError(f"{self.key}: expected {rows} rows, found {len(self.rows)}",
                                self.file, line, 1 if line else None)
        for r, row in enumerate(self.rows):
            if len(row) != cols:
                # point at the first extra cell, or at the end of a short row
                line, col = (self.positions[r][cols] if len(row) > cols
                             else self.positions[r][-1])
                raise InstanceError(f"{self.key}: row {r + 1}: expected {cols} cells, "
                                    f"found {len(row)}", self.file, line, col)

    def ints(self, lo: int, hi: int, empty: str = ".", zero_empty: bool = False) -> list[list[int]]:
        """The grid as ints in lo..hi, 0 for an empty token."""
        out = []
        for r, row in enumerate(self.rows):
            vals = []
            for c, tok in enumerate(row):
                if tok == empty or (zero_empty and tok == "0"):
                    vals.append(0)
                    continue
                try:
                    v = int(tok)
                except ValueError:
                    raise self.error(r, c, f"expected a number {lo}..{hi} or '{empty}', "
                                           f"found {tok!r}") from None
                if not lo <= v <= hi:
                    raise self.error(r, c, f"expected a number {lo}..{hi}, found {v}")
                vals.append(v)
            out.append(vals)
        return out


def parse_token_grid(text: str, *, file: str, key: str, first_line: int | None = None) -> TokenGrid:
    """Split a multi-line grid string into rows of tokens (blank lines skipped).

    ``first_line`` is the file line of the string's first line (for messages).
    """
    if not isinstance(text, str):
        raise InstanceError(f"{key}: expected a multi-line string", file, first_line)
    rows, pos = [], []
    lines = text.split("\n")
    base = (first_line or 1)
    for i, line in enumerate(lines):
        toks, ps = [], []
        for m in re.finditer(r"\S+", line):
            toks.append(m.group())
            ps.append((base + i, m.start() + 1))
        if toks:
            rows.append(toks)
            pos.append(ps)
    if not rows:
        raise InstanceError(f"{key}: expected a grid, found nothing", file, first_line)
    return TokenGrid(rows, pos, file, key)


def iter_lines(text: str) -> Iterator[tuple[int, str]]:
    for i, line in enumerate(text.splitlines(), 1):
        yield i, line
