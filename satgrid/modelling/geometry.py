"""Pure grid geometry: cells, neighbours, knight moves, windows, lines of sight,
connected groups, the small connected sets and the grid graph.

Cells are ``(row, column)`` tuples, 0-based from the top-left. Nothing here
knows about SAT or about instance files: these are plain functions the puzzle
kinds build their rules from. (The referees have their own helpers, in
:mod:`satgrid.puzzles.referee`, so that they share no code with the builders.)
"""

from __future__ import annotations

import functools

from .graphs import Graph

Cell = tuple[int, int]

ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


def cells(rows: int, cols: int | None = None) -> list[Cell]:
    """All cells of a rows x cols grid in reading order."""
    cols = rows if cols is None else cols
    return [(r, c) for r in range(rows) for c in range(cols)]


def inside(cell: Cell, rows: int, cols: int | None = None) -> bool:
    """Whether ``cell`` lies in a rows x cols grid."""
    cols = rows if cols is None else cols
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


def _steps(cell: Cell, deltas, rows: int, cols: int) -> list[Cell]:
    """The cells ``cell + delta`` that lie inside the grid, in the order of ``deltas``."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in deltas if 0 <= r + dr < rows and 0 <= c + dc < cols]


def neighbours(cell: Cell, rows: int, cols: int | None = None) -> list[Cell]:
    """Orthogonal neighbours of ``cell`` inside the grid, in reading order."""
    return _steps(cell, ORTHOGONAL, rows, rows if cols is None else cols)


def knight_moves(cell: Cell, rows: int, cols: int | None = None) -> list[Cell]:
    """Cells a knight's move away from ``cell`` inside the grid, in reading order."""
    return _steps(cell, KNIGHT, rows, rows if cols is None else cols)


def grid_graph(rows: int, cols: int | None = None) -> Graph:
    """The orthogonal-adjacency graph of the grid, nodes ``(row, col)``
    (a :class:`~satgrid.modelling.graphs.Graph`: networkx's interface and
    orders, without its import)."""
    cols = rows if cols is None else cols
    g = Graph()
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
    """The cells of each row, top row first, each left to right."""
    cols = rows if cols is None else cols
    return [[(r, c) for c in range(cols)] for r in range(rows)]


def columns_of(rows: int, cols: int | None = None) -> list[list[Cell]]:
    """The cells of each column, left column first, each top to bottom."""
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


def _members(x: int) -> list[int]:
    """The positions of the 1 bits of ``x``, lowest first."""
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


@functools.lru_cache(maxsize=None)
def small_regions(n: int, k: int) -> list[tuple[list[int], list[int]]]:
    """Every orthogonally connected set of 1..k cells of an n x n grid, with its border:
    the implied connectivity cuts of a connected group larger than k cells
    ("a set all in the group has a border cell in it"; Twenty Four Seven, Hooks).

    >>> small_regions(2, 2)[:2], len(small_regions(2, 2))
    ([([0], [1, 2]), ([1], [0, 3])], 8)

    Returns:
        ``(cells, border)`` pairs of cell numbers r * n + c, ascending (border =
        the cells outside the set next to one of its cells), by size, each set
        once, in the order they are found (each set grown by each cell of its
        border in turn); 49, 84 and 214 sets of 1, 2 and 3 cells for n = 7.
        Worked on bit masks of the cells (a first compile pays for this table).
    """
    around = [0] * (n * n)
    for i in range(n * n):
        for r, c in neighbours(divmod(i, n), n):
            around[i] |= 1 << (r * n + c)
    seen = set()
    frontier = [1 << i for i in range(n * n)]
    out = []
    for size in range(1, k + 1):
        nxt = []
        for S in frontier:
            cells = _members(S)
            border = 0
            for i in cells:
                border |= around[i]
            border = _members(border & ~S)
            out.append((cells, border))
            if size < k:
                for b in border:
                    T = S | 1 << b
                    if T not in seen:
                        seen.add(T)
                        nxt.append(T)
        frontier = nxt
    return out


# ------------------------------------------------- edges, dots, loop puzzles
Edge = tuple[Cell, Cell]


def grid_edges(rows: int, cols: int | None = None) -> list[Edge]:
    """The edges between orthogonal neighbours of a rows x cols grid, each
    once as ``(cell, cell to its right or below)``, in reading order of the
    first cell (its right edge before its lower one).

    >>> grid_edges(2)
    [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))]
    """
    cols = rows if cols is None else cols
    out = []
    for r, c in cells(rows, cols):
        if c + 1 < cols:
            out.append(((r, c), (r, c + 1)))
        if r + 1 < rows:
            out.append(((r, c), (r + 1, c)))
    return out


def dots(rows: int, cols: int | None = None) -> list[Cell]:
    """The dots (corners) of a rows x cols grid of cells: ``(r, c)`` for
    0 <= r <= rows, 0 <= c <= cols; dot (r, c) is the top-left corner of cell (r, c)."""
    cols = rows if cols is None else cols
    return cells(rows + 1, cols + 1)


def dot_edges(rows: int, cols: int | None = None) -> list[Edge]:
    """The unit segments between dots of a rows x cols grid of cells (the
    lines a Slitherlink loop runs on): :func:`grid_edges` of the dots."""
    cols = rows if cols is None else cols
    return grid_edges(rows + 1, cols + 1)


def cell_sides(cell: Cell) -> list[Edge]:
    """The four dot edges around ``cell``: top, left, right, bottom (as in
    :func:`dot_edges`).

    >>> cell_sides((0, 0))
    [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))]
    """
    r, c = cell
    return [((r, c), (r, c + 1)), ((r, c), (r + 1, c)),
            ((r, c + 1), (r + 1, c + 1)), ((r + 1, c), (r + 1, c + 1))]


def incident_edges(cell: Cell, rows: int, cols: int | None = None) -> list[Edge]:
    """The :func:`grid_edges` that touch ``cell`` (of a rows x cols grid), in
    the order up, left, right, down."""
    cols = rows if cols is None else cols
    return [(min(cell, nb), max(cell, nb)) for nb in neighbours(cell, rows, cols)]


def rays(cell: Cell, rows: int, cols: int | None = None) -> dict[str, list[Cell]]:
    """The cells seen from ``cell`` looking up, left, right and down (to the
    grid's edge, nearest first), by direction name.

    >>> rays((1, 0), 3, 2)
    {'up': [(0, 0)], 'left': [], 'right': [(1, 1)], 'down': [(2, 0)]}
    """
    cols = rows if cols is None else cols
    out = {}
    for name, (dr, dc) in zip(("up", "left", "right", "down"), ORTHOGONAL):
        ray, (r, c) = [], (cell[0] + dr, cell[1] + dc)
        while 0 <= r < rows and 0 <= c < cols:
            ray.append((r, c))
            r, c = r + dr, c + dc
        out[name] = ray
    return out
