"""Shading rules: the grid of shaded cells and the rules that recur on it.

A shading is one Boolean per cell, ``shaded[r,c]`` (:func:`grid`), held as a
dict ``cell -> literal`` (true = shaded). Every rule below takes that dict
(any set of cells: a rule looks at the cells of the dict only, so a grid
with holes works too), builds its clauses in its own constraint group
(``shading.<rule>`` unless the caller names another, so ``satgrid stats``
shows each rule's size) and leaves cardinalities to the Model's selectable
encodings (:meth:`Model.at_most`, :meth:`Model.exactly`, ...) and
connectivity to :meth:`Model.connected` (lazy cuts, eager layers or the
propagator, as the Model is set).

``colour`` arguments are 1 (shaded cells) or 0 (unshaded cells).

Example (Norinori's rules on a 2 x 2 room: two shaded cells side by side):
    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 2, 2)
    >>> count_in(m, s, list(s), 2); dominoes(m, s); m.count()
    (4, True)
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable, Sequence

from ..modelling.connectivity import eager_size
from ..modelling.graphs import Graph
from ..modelling.model import DEFAULT_CARD, Model

Cell = tuple[int, int]
_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))
_KING = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)

__all__ = ["grid", "fixed", "some", "connected", "no_2x2", "ring_changes", "no_checker_2x2", "no_adjacent", "dominoes",
           "no_run", "no_run_across", "differ_across", "count_around", "count_in",
           "groups_around", "neighbours"]


def _lit(shaded: dict, cell: Cell, colour: int) -> int:
    """The literal "``cell`` has ``colour``"."""
    if colour not in (0, 1):
        raise ValueError(f"colour is 1 (shaded) or 0 (unshaded), not {colour!r}")
    return shaded[cell] if colour else -shaded[cell]


def neighbours(shaded: dict, cell: Cell, diagonal: bool = False) -> list[Cell]:
    """The cells of ``shaded`` next to ``cell`` (orthogonally, or also
    diagonally), in reading order.

    >>> neighbours({(0, 0): 1, (0, 1): 2, (1, 0): 3, (1, 1): 4}, (0, 0))
    [(0, 1), (1, 0)]
    """
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in (_KING if diagonal else _STEPS)
            if (r + dr, c + dc) in shaded]


def grid(m: Model, rows: int, cols: int, group: str = "shading.cell",
         name: str = "shaded") -> dict[Cell, int]:
    """One named Boolean per cell, ``shaded[r,c]`` (true = shaded), in reading order.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 2); m.formula.name(s[0, 1]), m.count()
    ('shaded[0,1]', (4, True))
    """
    return {(r, c): m.bool(f"{name}[{r},{c}]", group) for r in range(rows) for c in range(cols)}


def fixed(m: Model, shaded: dict, colours: dict[Cell, int], group: str = "shading.given") -> None:
    """Each cell of ``colours`` takes its colour (1 shaded, 0 unshaded): the givens.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 2); fixed(m, s, {(0, 0): 1}); m.count()
    (2, True)
    """
    m.clauses([[_lit(shaded, cell, v)] for cell, v in colours.items()], group)


def some(m: Model, shaded: dict, colour: int = 1, group: str = "shading.some") -> None:
    """At least one cell has ``colour`` (pzprjs's "no shaded cell" check).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 2); some(m, s); m.count()
    (3, True)
    """
    m.at_least([_lit(shaded, v, colour) for v in shaded], 1, group)


def _graph(cells: Iterable[Cell]):
    g = Graph()
    cells = set(cells)
    g.add_nodes_from(sorted(cells))
    g.add_edges_from(((r, c), (r + dr, c + dc)) for r, c in sorted(cells)
                     for dr, dc in ((0, 1), (1, 0)) if (r + dr, c + dc) in cells)
    return g


def connected(m: Model, shaded: dict, colour: int = 1, group: str | None = None,
              max_true: int | None = None, mode: str | None = None,
              auto: str | None = None) -> None:
    """The cells of ``colour`` form one orthogonally connected group (none or
    one cell count as connected), by :meth:`Model.connected` (``mode``: None
    for the Model's; ``auto``: the mode measured best for the rule, used
    when the mode is ``"auto"``).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 3); connected(m, s, colour=0); m.count()   # all but #.#
    (7, True)
    """
    m.connected({v: _lit(shaded, v, colour) for v in shaded}, _graph(shaded),
                group or f"shading.connected.{'shaded' if colour else 'unshaded'}",
                mode=mode, max_true=max_true, auto=auto)


def connected_estimate(m: Model, n: int, colours: int = 1) -> int:
    """About the clauses that :func:`connected` adds for ``colours`` colours of
    ``n`` cells: the layered encoding's size when ``m.connectivity`` is
    ``"eager"``, else 0 (lazy cuts are added as the solver needs them).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(connectivity="eager"); connected_estimate(m, 9), connected_estimate(Model(), 9)
    (189, 0)
    """
    if m.connectivity != "eager" or n < 2:
        return 0
    return colours * eager_size(n, 2 * n, n - 1, 2, method="layers")[1]


def no_2x2(m: Model, shaded: dict, colour: int = 1, group: str | None = None) -> None:
    """No 2 x 2 block of four cells all of ``colour``: a clause per block.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 2, 2); no_2x2(m, s); no_2x2(m, s, 0); m.count()
    (14, True)
    """
    blocks = [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)] for r, c in shaded]
    m.clauses([[-_lit(shaded, v, colour) for v in b] for b in blocks
               if all(v in shaded for v in b)],
              group or f"shading.2x2.{'shaded' if colour else 'unshaded'}")


def ring_changes(m: Model, shaded: dict, rows: int, cols: int, k: int = 2,
                 group: str = "shading.ring") -> None:
    """Around the border of the rows x cols grid the colour changes at most
    ``k`` times. With ``k = 2`` it is implied when both colours are connected
    (two arcs of each colour round the border would need crossing paths), so
    Yin-Yang adds it to help the search: a literal per pair of cells side by
    side on the border, "they differ", at most ``k`` of them true.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 2, 2); ring_changes(m, s, 2, 2); m.count()   # all but the checkerboards
    (14, True)
    """
    if rows < 2 or cols < 2:
        return
    ring = ([(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
            + [(rows - 1, c) for c in range(cols - 2, -1, -1)] + [(r, 0) for r in range(rows - 2, 0, -1)])
    changes = []
    for u, v in zip(ring, ring[1:] + ring[:1]):
        x, a, b = m.aux(), shaded[u], shaded[v]
        m.clauses([[-x, a, b], [-x, -a, -b], [x, -a, b], [x, a, -b]], group)
        changes.append(x)
    m.at_most(changes, k, group)


def no_checker_2x2(m: Model, shaded: dict, group: str = "shading.checker") -> None:
    """No 2 x 2 block coloured like a checkerboard: two clauses per block.
    Implied when both colours are connected (a path of one colour between
    the block's diagonal cells would cut the other colour's two apart);
    Yin-Yang adds it to help the search.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 2, 2); no_checker_2x2(m, s); m.count()
    (14, True)
    """
    for r, c in shaded:
        block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        if all(v in shaded for v in block):
            a, b, x, y = (shaded[v] for v in block)
            m.clauses([[-a, b, x, -y], [a, -b, -x, y]], group)


def no_adjacent(m: Model, shaded: dict, group: str = "shading.adjacent",
                diagonal: bool = False) -> None:
    """No two shaded cells side by side (or, with ``diagonal``, touching at a
    corner either): a clause per pair.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 3); no_adjacent(m, s); m.count()   # ..., #.., .#., ..#, #.#
    (5, True)
    >>> m = Model(); s = grid(m, 2, 2); no_adjacent(m, s, diagonal=True); m.count()  # none or one
    (5, True)
    """
    m.clauses([[-shaded[u], -shaded[v]] for u in sorted(shaded)
               for v in neighbours(shaded, u, diagonal) if v > u], group)


def paired(m: Model, shaded: dict, anchors: Iterable[Cell], group: str = "shading.pairs") -> None:
    """The ``anchors`` (cells outside ``shaded``) and the shaded cells pair off
    one to one, side by side (Tents' trees and tents): a literal per anchor
    and free side, exactly one per anchor, at most one per cell, and a cell
    shaded exactly when one of its literals is picked.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = {(0, 0): m.bool("a"), (0, 2): m.bool("b")}
    >>> paired(m, s, [(0, 1)]); m.count()          # the anchor's tent on one side
    (2, True)
    """
    picks: dict = {x: [] for x in shaded}
    for a in anchors:
        mine = [m.aux() for _ in neighbours(shaded, a)]
        m.exactly(mine, 1, group)
        for x, e in zip(neighbours(shaded, a), mine):
            picks[x].append(e)
    for x, es in picks.items():
        m.at_most(es, 1, group)
        m.clauses([[-shaded[x]] + es] + [[-e, shaded[x]] for e in es], group)


def dominoes(m: Model, shaded: dict, group: str = "shading.dominoes") -> None:
    """Every shaded cell has exactly one shaded orthogonal neighbour: the shaded
    cells form dominoes (blocks of two) that do not touch side by side.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 4); dominoes(m, s); m.count()   # ...., ##.., .##., ..##
    (4, True)
    """
    for v in shaded:
        near = [shaded[u] for u in neighbours(shaded, v)]
        m.clause([-shaded[v]] + near, group)
        m.clauses([[-shaded[v], -a, -b] for a, b in combinations(near, 2)], group)


def _lines(cells) -> list[list[Cell]]:
    """The maximal runs of consecutive cells of ``cells`` along rows and columns."""
    cells = set(cells)
    out = []
    for step in ((0, 1), (1, 0)):
        for r, c in sorted(cells):
            if (r - step[0], c - step[1]) in cells:
                continue
            line = [(r, c)]
            while (line[-1][0] + step[0], line[-1][1] + step[1]) in cells:
                line.append((line[-1][0] + step[0], line[-1][1] + step[1]))
            out.append(line)
    return out


def no_run(m: Model, shaded: dict, k: int, colour: int = 1, group: str | None = None) -> None:
    """No more than ``k`` consecutive cells of ``colour`` in a row or column:
    a clause per window of k + 1 cells.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 3); no_run(m, s, 2); m.count()   # all but ###
    (7, True)
    """
    g = group or f"shading.run.{'shaded' if colour else 'unshaded'}"
    m.clauses([[-_lit(shaded, v, colour) for v in line[i:i + k + 1]]
               for line in _lines(shaded) for i in range(len(line) - k)], g)


def no_run_across(m: Model, shaded: dict, borders: Iterable[tuple[Cell, Cell]],
                  crossings: int = 1, colour: int = 0, group: str | None = None) -> None:
    """No run of cells of ``colour`` along a row or column crosses more than
    ``crossings`` of the ``borders`` (pairs of side-by-side cells; Heyawake:
    an unshaded run crosses at most one room border). A clause per run from
    the cell before one border to the cell after the ``crossings``-th next one.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 3); no_run_across(m, s, [((0, 0), (0, 1)), ((0, 1), (0, 2))])
    >>> m.count()                                     # all but ... (three rooms unshaded)
    (7, True)
    """
    g = group or f"shading.run_across.{'shaded' if colour else 'unshaded'}"
    walls = {frozenset(pair) for pair in borders}
    for line in _lines(shaded):
        cuts = [i for i in range(len(line) - 1) if frozenset(line[i:i + 2]) in walls]
        m.clauses([[-_lit(shaded, v, colour) for v in line[a:b + 2]]
                   for a, b in zip(cuts, cuts[crossings:])], g)


def differ_across(m: Model, shaded: dict, pairs: Iterable[tuple[Cell, Cell]],
                  group: str = "shading.differ") -> None:
    """The two cells of each pair (the sides of a border) differ in colour.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 2); differ_across(m, s, [((0, 0), (0, 1))]); m.count()
    (2, True)
    """
    for u, v in pairs:
        m.clauses([[shaded[u], shaded[v]], [-shaded[u], -shaded[v]]], group)


def _count(m: Model, lits: Sequence[int], op: str, n: int, group: str) -> None:
    if op == "==":
        m.exactly(lits, n, group)
    elif op == "<=":
        m.at_most(lits, n, group)
    elif op == ">=":
        m.at_least(lits, n, group)
    else:
        raise ValueError(f"op is '==', '<=' or '>=', not {op!r}")


def count_around(m: Model, shaded: dict, cell: Cell, n: int, *, diagonal: bool = False,
                 itself: bool = False, op: str = "==", group: str = "shading.around") -> None:
    """The shaded cells next to ``cell`` (4 neighbours, or 8 with
    ``diagonal``; ``cell`` itself too with ``itself``) number ``op`` ``n``.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 2, 2); count_around(m, s, (0, 0), 3, diagonal=True); m.count()
    (2, True)
    """
    cells = neighbours(shaded, cell, diagonal) + ([cell] if itself else [])
    _count(m, [shaded[v] for v in cells], op, n, group)


def dead_ends(m: Model, shaded: dict, ends: Iterable[Cell], colour: int = 0,
              group: str = "shading.ends") -> None:
    """Each cell of ``ends`` has exactly one neighbour of ``colour``, and no
    other cell of ``colour`` has exactly one: the dead ends of the ``colour``
    cells are ``ends`` (Nurimisaki's capes). A cell of ``colour`` with no
    such neighbour is allowed (a connected group of two or more has none).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 3); dead_ends(m, s, [(0, 0), (0, 2)]); m.count()  # ... and #.#
    (2, True)
    """
    ends = set(ends)
    for x in shaded:
        near = neighbours(shaded, x)
        if x in ends:
            _count(m, [_lit(shaded, y, colour) for y in near], "==", 1, group)
        else:
            m.clauses([[-_lit(shaded, x, colour), -_lit(shaded, y, colour)]
                       + [_lit(shaded, z, colour) for z in near if z != y] for y in near], group)


def count_in(m: Model, shaded: dict, cells: Sequence[Cell], n: int, op: str = "==",
             group: str = "shading.count") -> None:
    """The shaded cells among ``cells`` (a region, a line) number ``op`` ``n``.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 3); count_in(m, s, list(s), 1, "<="); m.count()
    (4, True)
    """
    _count(m, [shaded[v] for v in cells], op, n, group)


def groups_around(m: Model, shaded: dict, cell: Cell, n: int, unshaded: Iterable[Cell] = (),
                  group: str = "shading.groups_around", encoding: str | None = None) -> None:
    """The shaded groups touching ``cell`` (an unshaded cell) hold ``n`` cells
    in all, each group counted once (Kurotto).

    ``reach[v,d]``: v is shaded and joined to ``cell`` by a path of at most
    d shaded cells (only for v within d steps of ``cell`` avoiding the cells
    known to be ``unshaded``, such as other clues): shaded and
    ``reach[v,d-1]`` or a neighbour's, both ways; a neighbour of ``cell`` is
    reached in every layer exactly when it is shaded, so its literal is
    ``shaded[v]`` itself. The last layer, d = ``n``, is closed (a shaded
    neighbour of a reached cell is reached, so a group reaching past
    distance ``n`` is refused) and holds exactly ``n`` cells, counted by
    ``encoding`` (None: the totalizer while the Model's ``card`` is the
    default, which on the 15x15 Kurotto family propagated 3-5 times less than
    the sequential counter; else the Model's ``card``). No connectivity
    check: the layers bound every path.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); s = grid(m, 1, 4); fixed(m, s, {(0, 1): 0}); groups_around(m, s, (0, 1), 2)
    >>> m.count()                                     # #.#., ..##
    (2, True)
    """
    blocked = set(unshaded) | {cell}
    near = {v: [u for u in neighbours(shaded, v) if u not in blocked] for v in shaded}
    steps, todo = {}, [cell]
    for d in range(1, n + 1):          # steps[v]: the fewest steps from cell avoiding blocked
        todo = sorted({u for v in todo for u in (near[v] if v != cell else neighbours(shaded, v))
                       if u not in blocked and u not in steps})
        steps.update((u, d) for u in todo)
    first = {v for v, d in steps.items() if d == 1}
    clauses, layer = [], {v: shaded[v] for v in first}
    for d in range(2, min(n, len(steps)) + 1):      # no path holds more than the cells
        new = dict(layer)
        for v in sorted(steps):
            if v in first or steps[v] > d:
                continue
            x = new[v] = m.aux()
            support = ([layer[v]] if v in layer else []) + [layer[u] for u in near[v] if u in layer]
            clauses += [[-x, shaded[v]], [-x] + support]
            clauses += [[-l, -shaded[v], x] for l in support]
        layer = new
    clauses += [[-shaded[v]] for v in neighbours(shaded, cell) if v not in blocked and v not in layer]
    clauses += [[shaded[v] for v in sorted(first)]] if n and first else []    # implied: a search aid
    for v, x in layer.items():
        clauses += [[-x, -shaded[u]] + ([layer[u]] if u in layer else [])
                    for u in neighbours(shaded, v) if u != cell and u not in first]
    m.clauses(clauses, group)
    encoding = encoding or ("totalizer" if m.card == DEFAULT_CARD else None)
    m.exactly(list(layer.values()), n, group, encoding)
