"""Sightlines: what a cell sees along its row and its column.

A cell looks up, left, right and down until the grid's edge or the first
cell that blocks the view. Two kinds of blocker exist: a *fixed* one (a wall,
a clue cell in Light Up: known before solving, it ends the ray) and a
*variable* one (a shaded cell in Kurodoko: the view runs on only while the
cells are clear). Both are given as one dict, ``clear``: cell -> literal
(true when the cell lets the view through); a cell missing from ``clear``
is a fixed blocker, a value ``True`` a cell that never blocks.

* :func:`seen` -- per direction, the literals "the cell sees the k-th cell
  of the ray": a chain, each implying the one before it, so their number in
  a direction is the distance to the first blocker (in unary).
* :func:`distances` -- per direction, one literal per distance d: "the view
  stops after exactly d cells" (exactly one of them true).
* :func:`count_seen` -- the number of cells a cell sees equals a clue
  (Kurodoko, Nurimisaki: the cell itself counted), on the Model's
  cardinality encoding (``Model.exactly``).
* :func:`segments`, :func:`at_most_one_per_segment`, :func:`all_lit` --
  Light Up: with fixed blockers only, a cell sees exactly the cells of its
  row segment and its column segment; no two lights see each other (at most
  one per segment, the Model's AMO encoding) and every cell is lit (a light
  in one of its two segments).

Each function builds its clauses under its own constraint group
(``sight.*`` unless ``group`` names another), so ``satgrid stats`` shows its
size.
"""

from __future__ import annotations

from ..core.encodings import estimate
from ..core.encodings.totalizer import unary_sum_exactly
from ..modelling import geometry as G
from ..modelling.model import Model

__all__ = ["rays", "seen", "distances", "count_seen", "count_seen_size", "segments",
           "at_most_one_per_segment", "all_lit"]

Cell = tuple[int, int]


def rays(cell: Cell, rows: int, cols: int, clear: dict) -> dict[str, list[Cell]]:
    """The cells ``cell`` may see, by direction (up, left, right, down),
    nearest first, each ray cut before its first fixed blocker (a cell
    missing from ``clear``).

    >>> rays((1, 1), 3, 3, {(0, 1): True, (1, 2): True, (2, 1): True})
    {'up': [(0, 1)], 'left': [], 'right': [(1, 2)], 'down': [(2, 1)]}
    """
    out = {}
    for name, ray in G.rays(cell, rows, cols).items():
        cut = next((i for i, x in enumerate(ray) if x not in clear), len(ray))
        out[name] = ray[:cut]
    return out


def seen(m: Model, cell: Cell, rows: int, cols: int, clear: dict, *,
         limit: int | None = None, group: str = "sight.seen") -> dict[str, list[tuple[Cell, int]]]:
    """Per direction, ``(cell seen, literal)`` pairs: the literal is true iff
    every cell from ``cell``'s neighbour up to that one is clear. At most
    ``limit`` cells per direction when given (a count needs no more).

    >>> m = Model(); a, b = m.bool("a"), m.bool("b")
    >>> s = seen(m, (0, 0), 1, 3, {(0, 1): a, (0, 2): b})
    >>> [len(v) for v in s.values()], m.count()[0]     # (a, a and b) over 4 assignments
    ([0, 0, 2, 0], 4)
    >>> sol = m.solve([a, -b]); [sol[l] for _, l in s["right"]]
    [True, False]
    """
    return {name: [(x, m.true if lit is None else lit) for x, lit in chain]
            for name, chain in _chains(m, cell, rows, cols, clear, limit, group).items()}


def _chains(m: Model, cell: Cell, rows: int, cols: int, clear: dict, limit: int | None,
            group: str) -> dict[str, list[tuple[Cell, int | None]]]:
    """:func:`seen`'s chains, None for a cell seen whatever the solution.
    A link is ``Model.reify_and`` of the previous one and the cell's
    literal, its clauses made here and added once per call (the same
    clauses in the same order; a Kurodoko 15x15 makes 2,000 of them)."""
    out = {}
    cl: list[list[int]] = []
    for name, ray in rays(cell, rows, cols, clear).items():
        ray = ray if limit is None else ray[:max(limit, 0)]
        chain, prev = [], None          # prev None: every cell so far always clear
        for x in ray:
            lit = clear[x]
            if lit is True:
                lit = prev
            elif prev is not None:
                a, lit = lit, m.aux()
                cl += [[-lit, prev], [-lit, a], [lit, -prev, -a]]
            chain.append((x, lit))
            prev = lit
        out[name] = chain
    m.clauses(cl, group)
    return out


def distances(m: Model, cell: Cell, rows: int, cols: int, clear: dict, *,
              group: str = "sight.distance") -> dict[str, list[int]]:
    """Per direction, the literals "``cell`` sees exactly d cells this way"
    for d = 0 .. the ray's length (the distance to the first blocker, one-hot):
    d cells seen and the next one not (a literal "always" or "never" when
    the ray's cells fix it).

    >>> m = Model(); a, b = m.bool("a"), m.bool("b")
    >>> d = distances(m, (0, 0), 1, 3, {(0, 1): a, (0, 2): b})["right"]
    >>> [[int(s[l]) for l in d] for s in (m.solve([-a, b]), m.solve([a, -b]), m.solve([a, b]))]
    [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    """
    out = {}
    for name, chain in seen(m, cell, rows, cols, clear, group=group).items():
        lits = [m.true] + [l for _, l in chain] + [m.false]
        out[name] = [lits[d] if lits[d + 1] == m.false else -lits[d + 1] if lits[d] == m.true
                     else m.reify_and([lits[d], -lits[d + 1]], group)
                     for d in range(len(chain) + 1)]
    return out


def count_seen(m: Model, cell: Cell, rows: int, cols: int, clear: dict, k: int, *,
               include_self: bool = True, group: str = "sight.count",
               merge: bool = False) -> None:
    """``cell`` sees exactly ``k`` cells (itself included when
    ``include_self``, as Kurodoko counts), by ``Model.exactly`` over the
    :func:`seen` literals (rays cut at ``k`` cells: a ``k``-th cell seen in
    one direction is already too many). With ``merge``, the four chains are
    counted as the unary numbers they are
    (:func:`satgrid.core.encodings.totalizer.unary_sum_exactly`, whatever
    the Model's ``card``): a few clauses per pair of chain literals instead
    of a cardinality encoding over all of them (Kurodoko 15x15, 40 numbers:
    19,982 -> about 5,000 clauses).

    >>> m = Model(); c = {(0, i): m.bool(f"clear{i}") for i in range(1, 4)}
    >>> count_seen(m, (0, 0), 1, 4, c, 3); sorted(tuple(int(s[v]) for v in c.values()) for s in m.solutions())
    [(1, 1, 0)]
    """
    want = k - 1 if include_self else k
    if want < 0:
        m.clause([], group)
        return
    chains = _chains(m, cell, rows, cols, clear, want + 1, group).values()
    lits = [l for chain in chains for _, l in chain]
    always = lits.count(None)          # cells seen whatever the solution: counted, not encoded
    if not merge:
        m.exactly([l for l in lits if l is not None], want - always, group)
        return
    with m.formula.group(group):       # the merges' outputs too
        m.clauses(unary_sum_exactly([[l for _, l in chain if l is not None] for chain in chains],
                                    want - always, m.formula), group)
    have = m.formula.encodings.get(group, "").split("+")
    if "unary merge" not in have:
        m.formula.encodings[group] = "+".join([e for e in have if e] + ["unary merge"])


def count_seen_size(m: Model, rows: int, cols: int, k: int, merge: bool = False) -> int:
    """An upper estimate of the clauses :func:`count_seen` makes for a clue
    ``k`` on a rows x cols grid, before anything is built (for a kind's
    ``estimate_clauses``): 3 per chain literal, the count on ``m``'s encodings
    (with ``merge``: two merges of two chains, up and down clauses, and the
    comparison of their outputs).

    >>> m = Model(); c = {(r, x): m.bool(f"c{r}{x}") for r in range(5) for x in range(5)}
    >>> count_seen(m, (2, 2), 5, 5, c, 4); m.sizes()["sight.count"].clauses <= count_seen_size(m, 5, 5, 4)
    True
    """
    n = 2 * min(k, rows) + 2 * min(k, cols)
    if merge:
        return 3 * n + 2 * (min(k, rows) + 1) ** 2 + 2 * (min(k, cols) + 1) ** 2 + 2 * k + 2
    return 3 * n + estimate.exactly(m.amo, m.card, n, k - 1)


def segments(rows: int, cols: int, blockers) -> list[list[Cell]]:
    """The maximal runs of non-blocker cells along the rows, then along the
    columns (a cell alone between blockers is a run of one).

    >>> segments(2, 3, {(0, 1)})
    [[(0, 0)], [(0, 2)], [(1, 0), (1, 1), (1, 2)], [(0, 0), (1, 0)], [(1, 1)], [(0, 2), (1, 2)]]
    """
    blockers = set(blockers)
    out = []
    for line in G.rows_of(rows, cols) + G.columns_of(rows, cols):
        run: list[Cell] = []
        for x in line + [None]:
            if x is None or x in blockers:
                if run:
                    out.append(run)
                run = []
            else:
                run.append(x)
    return out


def at_most_one_per_segment(m: Model, lights: dict, segs: list[list[Cell]],
                            group: str = "sight.one_per_segment") -> None:
    """No two lights see each other: at most one of ``lights`` (cell ->
    literal) in each segment (the Model's at-most-one encoding).

    >>> m = Model(); l = {(0, i): m.bool(f"l{i}") for i in range(3)}
    >>> at_most_one_per_segment(m, l, segments(1, 3, ())); m.count()[0]
    4
    """
    for seg in segs:
        if len(seg) > 1:
            m.at_most([lights[x] for x in seg], 1, group)


def all_lit(m: Model, lights: dict, segs: list[list[Cell]], group: str = "sight.lit") -> None:
    """Every cell of the segments is lit: a light (``lights``: cell ->
    literal) in its row segment or its column segment, itself included.

    >>> m = Model(); l = {(0, i): m.bool(f"l{i}") for i in range(3)}
    >>> segs = segments(1, 3, {(0, 1)}); all_lit(m, l, segs); m.count()[0]   # l1 free
    2
    """
    through: dict[Cell, dict[Cell, None]] = {}      # ordered sets: the same clauses every run
    for seg in segs:
        for x in seg:
            through.setdefault(x, {}).update(dict.fromkeys(seg))
    for cells_ in through.values():
        m.at_least([lights[y] for y in cells_], 1, group)
