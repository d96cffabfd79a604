"""Counts: chosen cells per line and region, cells that must not touch, runs
of shaded cells along a line or around a ring, and Shakashaka's triangles.

* :func:`per_lines`, :func:`per_regions` -- exactly k chosen cells in every
  row and column, in every region (Star Battle), on the Model's cardinality
  encoding (``Model.exactly``).
* :func:`no_touching` -- no two chosen cells side by side or corner to
  corner: at most one per 2x2 window (the Model's AMO encoding).
* :func:`runs` -- the blocks of consecutive shaded cells of a line are the
  clue's lengths, in order (Nonogram): a deterministic automaton of the clue
  unrolled along the line, one state literal per (cell, state) left alive by
  a forward and backward sweep, each transition a clause, every state
  supported from before and on to after, every cell value by a state: unit
  propagation alone fixes every cell the clue and the cells already set
  decide (generalised arc consistency; the tests compare it with brute
  force). No at-most-one per step is needed: the states of the true run
  are forced, and other states set true harm nothing.
* :func:`ring`, :func:`ring_runs` -- the runs of shaded cells around a
  cell's eight neighbours, read as a cycle, as a multiset (Tapa): the
  patterns of the ring that match the clue, one literal each, each implying
  its cells and every cell value supported by a pattern.
* :func:`triangles`, :func:`count_triangles`, :func:`white_rectangles` --
  Shakashaka: every free cell white or a half-square triangle (black in one
  corner: ``"bl"``, ``"br"``, ``"tr"``, ``"tl"``); a number counts the
  triangles beside it; every white area is a rectangle, upright or at 45
  degrees, said locally: around every grid point each white arc between
  black ones spans a right angle or a straight line, unless all is white
  (the tests compare it with pzprjs's reading of white areas).

Every function builds its clauses under its own constraint group
(``counts.*`` unless ``group`` names another), so ``satgrid stats`` shows
its size.
"""

from __future__ import annotations

import itertools
from typing import Sequence

from ..modelling import geometry as G
from ..modelling.model import Model

__all__ = ["per_lines", "per_regions", "no_touching", "runs", "run_lengths", "ring",
           "ring_runs", "TRIANGLES", "SIDES", "Triangles", "triangles", "count_triangles",
           "white_rectangles"]

Cell = tuple[int, int]


# ------------------------------------------------------ per line and region
def per_lines(m: Model, chosen: dict[Cell, int], rows: int, cols: int, k: int, *,
              group: str = "counts.lines") -> None:
    """Exactly ``k`` chosen cells in every row and every column
    (``chosen``: cell -> literal, every cell of the grid).

    >>> m = Model(); s = {v: m.bool(f"s{v}") for v in G.cells(3, 3)}
    >>> per_lines(m, s, 3, 3, 1); m.count()[0]             # the 3 x 3 permutations
    6
    """
    for line in G.rows_of(rows, cols) + G.columns_of(rows, cols):
        m.exactly([chosen[v] for v in line], k, group)


def per_regions(m: Model, chosen: dict[Cell, int], regions: Sequence[Sequence[Cell]], k: int, *,
                group: str = "counts.regions") -> None:
    """Exactly ``k`` chosen cells in every region (a list of its cells).

    >>> m = Model(); s = {v: m.bool(f"s{v}") for v in G.cells(1, 4)}
    >>> per_regions(m, s, [[(0, 0), (0, 1)], [(0, 2), (0, 3)]], 1); m.count()[0]
    4
    """
    for cells in regions:
        m.exactly([chosen[v] for v in cells], k, group)


def no_touching(m: Model, chosen: dict[Cell, int], rows: int, cols: int, *,
                group: str = "counts.touch") -> None:
    """No two chosen cells touch, not even at a corner: at most one in each
    2x2 window (each pair of touching cells shares one).

    >>> m = Model(); s = {v: m.bool(f"s{v}") for v in G.cells(2, 3)}
    >>> no_touching(m, s, 2, 3); m.count()[0]     # none, one of 6, or one in each end column
    11
    """
    if rows == 1 or cols == 1:
        cells = G.cells(rows, cols)
        for a, b in zip(cells, cells[1:]):
            m.at_most([chosen[a], chosen[b]], 1, group)
        return
    for window in G.windows(rows, cols):
        m.at_most([chosen[v] for v in window], 1, group)


# -------------------------------------------------------------------- runs
def run_lengths(bits: Sequence[bool]) -> list[int]:
    """The lengths of the blocks of consecutive true values, in order.

    >>> run_lengths([1, 1, 0, 1, 0, 0, 1, 1, 1])
    [2, 1, 3]
    """
    out, n = [], 0
    for b in list(bits) + [0]:
        if b:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def _automaton(clue: Sequence[int]):
    """The clue as a word over {0, 1} (blocks of 1s, one 0 between) and its
    transition function: ``step(q, b)`` is the state after reading ``b`` in
    state ``q`` (q = characters of the word matched), None when ``b`` cannot
    follow; the accepting state is ``len(word)``."""
    word = "0".join("1" * n for n in clue)

    def step(q: int, b: int) -> int | None:
        if b:
            return q + 1 if q < len(word) and word[q] == "1" else None
        if q == 0 or q == len(word) or word[q - 1] == "0":
            return q                        # a gap that may grow: before, between, after
        return q + 1 if word[q] == "0" else None
    return len(word), step


def runs(m: Model, lits: Sequence[int], clue: Sequence[int], *,
         group: str = "counts.runs") -> None:
    """The blocks of consecutive true ``lits`` have the lengths of ``clue``,
    in order (``[]``: none true). ``lits`` may hold ``m.true``/``m.false``.

    >>> m = Model(); x = [m.bool(f"x{i}") for i in range(5)]
    >>> runs(m, x, [2, 1]); m.count()[0]        # 11010 11001 01101
    3
    >>> m = Model(); x = [m.bool(f"x{i}") for i in range(5)]; runs(m, x, [3])
    >>> m.solve().model[2] > 0               # the middle cell, by propagation alone
    True
    """
    n = len(lits)
    accept, step = _automaton(clue)
    nxt = [(step(q, 0), step(q, 1)) for q in range(accept + 1)]     # q -> (on 0, on 1)
    alive = [{0}]
    for i in range(n):                      # forward: states reachable after i cells
        alive.append({t for q in alive[i] for t in nxt[q] if t is not None})
    alive[n] = {accept} & alive[n]
    for i in range(n - 1, -1, -1):          # backward: states that can still accept
        alive[i] = {q for q in alive[i] if nxt[q][0] in alive[i + 1] or nxt[q][1] in alive[i + 1]}
    if not alive[0]:
        m.clause([], group)                 # the clue does not fit the line
        return
    state = [{q: m.true if len(alive[i]) == 1 else m.aux() for q in sorted(alive[i])}
             for i in range(n + 1)]
    cl = []
    for i in range(n):
        x, here, there = lits[i], state[i], state[i + 1]
        into: dict[int, list[int]] = {}
        support: tuple[list, list] = ([x], [-x])   # cell value b needs a state allowing b
        for q, s in here.items():
            out = []
            for b, lit in ((1, x), (0, -x)):
                t = nxt[q][b]
                if t in there:
                    cl.append([-s, -lit, there[t]])
                    into.setdefault(t, []).append(s)
                    out.append(there[t])
                    support[b].append(s)
                else:
                    cl.append([-s, -lit])
            cl.append([-s] + out)           # a state needs a way on
        cl += [[-s] + into[t] for t, s in there.items()]
        cl += [support[1], support[0]]
    m.clauses(cl, group)
    m.clauses([list(layer.values()) for layer in state if len(layer) > 1], group)


# ------------------------------------------------------------- Tapa's ring
#: the eight neighbours of a cell, clockwise from the top-left corner
RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))


def ring(cell: Cell, rows: int, cols: int) -> list[Cell | None]:
    """The eight neighbours of ``cell`` in cyclic (clockwise) order, None
    where the ring leaves the grid.

    >>> ring((0, 0), 2, 2)
    [None, None, None, (0, 1), (1, 1), (1, 0), None, None]
    """
    return [(cell[0] + dr, cell[1] + dc) if G.inside((cell[0] + dr, cell[1] + dc), rows, cols)
            else None for dr, dc in RING]


def _ring_runs(bits: Sequence[int]) -> list[int]:
    """The runs of true values around a cycle, sorted; ``[0]`` for none."""
    if all(bits):
        return [len(bits)]
    k = list(bits).index(0)
    return sorted(run_lengths(list(bits[k:]) + list(bits[:k]))) or [0]


def _matches(found: list[int], clue: Sequence[int | None]) -> bool:
    """Whether the ring's runs ``found`` meet ``clue`` (None: any length)."""
    if len(found) != len(clue):
        return False
    left = list(found)
    for v in clue:
        if v is not None:
            if v not in left:
                return False
            left.remove(v)
    return True


def ring_runs(m: Model, lits: Sequence[int | None], clue: Sequence[int | None], *,
              group: str = "counts.ring") -> None:
    """The runs of true literals around the cycle ``lits`` (None: a cell
    never true, off the grid or a clue) are the numbers of ``clue`` in any
    order; None in ``clue`` is a run of any length ("?"), and ``[0]`` or a
    lone None allow no true cell at all (as pzprjs counts an empty ring).

    >>> m = Model(); x = [m.bool(f"x{i}") for i in range(8)]
    >>> ring_runs(m, x, [1, 3]); m.count()[0]   # a 1 and a 3 apart around 8 cells
    24
    >>> m = Model(); x = [m.bool(f"x{i}") for i in range(8)]; ring_runs(m, x, [None]); m.count()[0]
    58
    """
    free = [i for i, l in enumerate(lits) if l is not None]
    patterns = []
    for values in itertools.product((0, 1), repeat=len(free)):
        bits = [0] * len(lits)
        for i, v in zip(free, values):
            bits[i] = v
        if _matches(_ring_runs(bits), clue):
            patterns.append(values)
    if not patterns:
        m.clause([], group)
        return
    if len(patterns) == 1:
        m.clauses([[lits[i] if v else -lits[i]] for i, v in zip(free, patterns[0])], group)
        return
    ys = [m.aux() for _ in patterns]
    cl = [list(ys)]
    for y, values in zip(ys, patterns):
        cl += [[-y, lits[i] if v else -lits[i]] for i, v in zip(free, values)]
    for j, i in enumerate(free):            # each value of each cell needs a pattern
        for v, lit in ((1, lits[i]), (0, -lits[i])):
            cl.append([-lit] + [y for y, p in zip(ys, patterns) if p[j] == v])
    m.clauses(cl, group)


# ------------------------------------------------------ Shakashaka's triangles
#: a cell's shapes by the sides they block: white none, each triangle the two
#: sides of its black corner (bottom-left, bottom-right, top-right, top-left)
TRIANGLES = {"bl": ("bottom", "left"), "br": ("bottom", "right"),
             "tr": ("top", "right"), "tl": ("top", "left")}
SIDES = ("top", "bottom", "left", "right")


class Triangles:
    """The shapes of a grid's free cells: ``blocked[cell][side]`` (true when
    the cell's black triangle covers that side), ``triangle[cell]`` (the
    cell holds a triangle), ``cells`` the free cells; a wall (a numbered or
    black cell) and the outside are blocked on every side."""

    def __init__(self, rows: int, cols: int, blocked: dict, triangle: dict):
        self.rows, self.cols = rows, cols
        self.blocked, self.triangle = blocked, triangle
        self.cells = list(blocked)

    def shape(self, sol, cell: Cell) -> str:
        """``"white"`` or the triangle of ``cell`` in the solution ``sol``."""
        on = {s for s, lit in self.blocked[cell].items() if sol[lit]}
        return next((t for t, sides in TRIANGLES.items() if on == set(sides)), "white")

    def projection(self) -> list[int]:
        return [self.blocked[v][s] for v in self.cells for s in ("top", "left")] + \
            [self.blocked[v][s] for v in self.cells for s in ("bottom", "right")]


def triangles(m: Model, rows: int, cols: int, walls, *,
              group: str = "counts.triangles") -> Triangles:
    """Every cell not in ``walls`` is white or one of the four triangles:
    four "side blocked" literals, never two opposite sides, a top or bottom
    side blocked exactly when a left or right one is.

    >>> m = Model(); t = triangles(m, 1, 2, {(0, 1)}); m.count()[0]
    5
    """
    walls = set(walls)
    blocked, tri = {}, {}
    for v in G.cells(rows, cols):
        if v in walls:
            continue
        b = {s: m.bool(f"blocked[{v[0]},{v[1]}].{s}", group) for s in SIDES}
        m.clauses([[-b["top"], -b["bottom"]], [-b["left"], -b["right"]]], group)
        tri[v] = m.reify_or([b["top"], b["bottom"]], group)
        m.clauses([[-b["left"], tri[v]], [-b["right"], tri[v]], [-tri[v], b["left"], b["right"]]],
                  group)
        blocked[v] = b
    return Triangles(rows, cols, blocked, tri)


def count_triangles(m: Model, t: Triangles, cell: Cell, n: int, *,
                    group: str = "counts.triangle_count") -> None:
    """Exactly ``n`` triangles among the four cells beside ``cell``.

    >>> m = Model(); t = triangles(m, 1, 3, {(0, 1)}); count_triangles(m, t, (0, 1), 2)
    >>> m.count()[0]                          # a triangle on each side: 4 x 4
    16
    """
    near = [t.triangle[v] for v in G.neighbours(cell, t.rows, t.cols) if v in t.triangle]
    if near:
        m.exactly(near, n, group)
    elif n:
        m.clause([], group)                 # a number with no free cell beside it


def _sectors(t: Triangles, dot: Cell) -> list[int | None]:
    """The eight half-quarters around grid point ``dot`` (the top-left
    corner of cell ``dot``), clockwise from the ray going up: each the
    "blocked" literal of the cell side it lies along, None where it is
    always black (a wall or the outside)."""
    r, c = dot
    around = (((r - 1, c), "left"), ((r - 1, c), "bottom"), ((r, c), "top"), ((r, c), "left"),
              ((r, c - 1), "right"), ((r, c - 1), "top"), ((r - 1, c - 1), "bottom"),
              ((r - 1, c - 1), "right"))
    return [t.blocked[v][side] if v in t.blocked else None for v, side in around]


def white_rectangles(m: Model, t: Triangles, *, group: str = "counts.rectangles") -> None:
    """Every white area is a rectangle, upright or at 45 degrees: around each
    grid point every arc of white half-quarters between two black ones spans
    90 or 180 degrees (a corner or a straight side), else it is all white;
    an arc of 45, 135, 225, 270 or 315 degrees is refused (a clause each).

    >>> m = Model(); t = triangles(m, 2, 2, set()); white_rectangles(m, t)
    >>> m.count()[0]                          # all white, or a diamond in the middle
    2
    """
    cl = []
    for dot in G.dots(t.rows, t.cols):
        sec = _sectors(t, dot)
        for length in (1, 3, 5, 6, 7):
            for i in range(8):
                arc = [sec[(i + j) % 8] for j in range(length)]
                ends = {(i - 1) % 8, (i + length) % 8}
                if None in arc:
                    continue                # a black half-quarter inside: not this arc
                cl.append(arc + [-sec[e] for e in ends if sec[e] is not None])
    m.clauses(cl, group)
