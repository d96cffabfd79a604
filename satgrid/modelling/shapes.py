"""Polyomino placement: which copies of which shapes lie where.

:func:`place` (reached as :meth:`Model.place <satgrid.modelling.model.Model.place>`)
takes shapes (sets of ``(row, col)`` cells, or pictures such as ``"XX\\nX."``)
and a set of cells to place them on, and makes one literal per *placement*
(a shape in one orientation at one offset, all its cells inside ``cells``).

* ``cover="exact"``: every cell is covered by exactly one placement (a
  tiling); ``cover="at-most"``: by at most one (a packing), and
  ``Placement.covered[cell]`` says whether it is covered; ``cover="none"``:
  as ``"at-most"`` without the per-cell constraint, for a caller whose own
  constraints already keep placements apart (LITS: one per region, at most
  four covered cells; two placements cover five or more).
* ``free=True``: rotations and reflections of a shape are the same shape
  (free polyominoes, up to 8 orientations); ``free="rotations"``: rotations
  only (one-sided); ``free=False``: as given (fixed).
* ``counts``: per shape name, how many copies: an int (exactly), a pair
  ``(lo, hi)`` (``hi`` None = no bound), or omitted (any number);
  ``total``: the same for the number of placements of all shapes together.

Per-cell shape literals ``Placement.shape_at[cell][name]`` say "cell is
covered by a copy of ``name``" (the OR of the placements of ``name`` over
that cell): LITS compares them across region borders.

Size: P placements (at most ``8 * |cells|`` per free shape), one variable
each; one exactly-one (or at-most-one) constraint per cell over the
placements covering it (model ``amo`` encoding; pairwise gives
``sum_cells d(d-1)/2`` binary clauses for d placements over a cell; none
with ``cover="none"``); each
shape literal is a Tseitin OR (1 variable, d_s + 1 clauses); counts use the
model's cardinality encoding over that shape's placements. No connectivity
is involved (a polyomino is connected by construction).

Example: the domino tilings of the 2 x 4 board, and the twelve pentominoes::

    >>> from satgrid.modelling.model import Model
    >>> m = Model()
    >>> p = m.place({"domino": DOMINO}, [(r, c) for r in range(2) for c in range(4)])
    >>> len(p.lits), m.count()
    (10, (5, True))
    >>> sorted(PENTOMINOES), len(orientations(PENTOMINOES["F"]))
    (['F', 'I', 'L', 'N', 'P', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z'], 8)
"""

from __future__ import annotations

import functools
from typing import Hashable, Iterable, Mapping

from ..core.encodings import estimate, or_gate
from ..errors import SatgridError

# the Model is not imported: model.py imports this module (its ``place`` method)

Cell = tuple[int, int]
Shape = frozenset  # of cells, normalised: min row and min column 0

#: the ``cover`` choices of :func:`place`
COVERS = ("exact", "at-most", "none")

__all__ = ["COVERS", "Placement", "place", "parse_shape", "normalise", "orientations",
           "DOMINO", "TETROMINOES", "PENTOMINOES"]


def parse_shape(picture: str) -> Shape:
    """The cells of a picture: one text row per line, a non-space non-'.' = a cell.

    >>> sorted(parse_shape("XX\\n.X"))
    [(0, 0), (0, 1), (1, 1)]
    """
    cells = {(r, c) for r, line in enumerate(picture.strip("\n").split("\n"))
             for c, ch in enumerate(line) if ch not in " ."}
    if not cells:
        raise SatgridError(f"shape {picture!r} has no cells")
    return normalise(cells)


def normalise(cells: Iterable[Cell]) -> Shape:
    """The cells shifted so that the smallest row and column are 0."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def orientations(shape: "Iterable[Cell] | str", free: "bool | str" = True) -> list[Shape]:
    """The distinct orientations of a shape, sorted (by their sorted cells).

    ``free=True``: the 8 rotations and reflections (fewer when the shape is
    symmetric: 1 for the X pentomino, 2 for I); ``"rotations"``: the 4
    rotations; ``False``: the shape itself.
    """
    base = parse_shape(shape) if isinstance(shape, str) else normalise(shape)
    if free not in (True, False, "rotations"):
        raise SatgridError(f"free must be True, False or 'rotations', not {free!r}")
    return list(_orientations(base, free))


@functools.lru_cache(maxsize=256)
def _orientations(base: Shape, free: "bool | str") -> tuple[Shape, ...]:
    """:func:`orientations` of a normalised shape, once per shape (LITS asks
    for the same four letters in each of its regions, twice)."""
    out = {base}
    if free:
        cur = base
        for _ in range(3):
            cur = normalise((c, -r) for r, c in cur)        # a quarter turn
            out.add(cur)
        if free is True:
            out |= {normalise((r, -c) for r, c in s) for s in list(out)}
    return tuple(sorted(out, key=sorted))


@functools.lru_cache(maxsize=1024)
def _offsets(o: Shape) -> tuple[Cell, ...]:
    """The cells of an orientation, sorted, relative to the first: moved to
    a board cell they stay sorted."""
    cells = sorted(o)
    r0, c0 = cells[0]
    return tuple((a - r0, b - c0) for a, b in cells)


DOMINO = parse_shape("XX")
#: the five free tetrominoes, by the letters of LITS (and O)
TETROMINOES = {k: parse_shape(v) for k, v in {
    "L": "X.\nX.\nXX", "I": "XXXX", "T": "XXX\n.X.", "S": ".XX\nXX.", "O": "XX\nXX"}.items()}
#: the twelve free pentominoes, by their usual letters
PENTOMINOES = {k: parse_shape(v) for k, v in {
    "F": ".XX\nXX.\n.X.", "I": "XXXXX", "L": "X.\nX.\nX.\nXX", "N": ".X\n.X\nXX\nX.",
    "P": "XX\nXX\nX.", "T": "XXX\n.X.\n.X.", "U": "X.X\nXXX", "V": "X..\nX..\nXXX",
    "W": "X..\nXX.\n.XX", "X": ".X.\nXXX\n.X.", "Y": ".X\nXX\n.X\n.X", "Z": "XX.\n.X.\n.XX",
}.items()}


class Placement:
    """The literals :func:`place` made.

    Attributes:
        lits: ``{(name, cells): literal}``, one per placement; ``cells`` is the
            sorted tuple of the board cells the placement covers.
        of_shape: ``{name: [literal, ...]}``, the placements of each shape.
        covering: ``{cell: [literal, ...]}``, the placements over each cell.
        shape_at: ``{cell: {name: literal}}``: the cell is covered by ``name``
            (only shapes that can cover the cell appear).
        covered: ``{cell: literal}``: the cell is covered by some placement
            (the model's true literal with ``cover="exact"``).
    """

    def __init__(self):
        self.lits: dict[tuple[Hashable, tuple[Cell, ...]], int] = {}
        self.of_shape: dict[Hashable, list[int]] = {}
        self.covering: dict[Cell, list[int]] = {}
        self.shape_at: dict[Cell, dict[Hashable, int]] = {}
        self.covered: dict[Cell, int] = {}

    def decode(self, sol) -> list[tuple[Hashable, tuple[Cell, ...]]]:
        """The placements true in ``sol`` (a :class:`~satgrid.modelling.model.Solution`)."""
        return [key for key, lit in self.lits.items() if sol[lit]]


def _bounds(spec, what: str) -> tuple[int, int | None] | None:
    if spec is None:
        return None
    if isinstance(spec, bool):
        raise SatgridError(f"{what}: expected a count or a (lo, hi) pair, not {spec!r}")
    if isinstance(spec, int):
        return spec, spec
    lo, hi = spec
    return lo or 0, hi


def _count(m: "Model", lits: list[int], bounds, group: str) -> None:
    lo, hi = bounds
    if lo == hi:
        m.exactly(lits, lo, group)
        return
    if lo:
        m.at_least(lits, lo, group)
    if hi is not None:
        m.at_most(lits, hi, group)


def place(m: "Model", shapes: Mapping[Hashable, "Iterable[Cell] | str"], cells: Iterable[Cell],
          *, free: "bool | str" = True, cover: str = "exact",
          counts: Mapping[Hashable, object] | None = None, total=None,
          group: str = "place", name: str = "p") -> Placement:
    """Placements of ``shapes`` on ``cells`` (see the module docstring).

    Args:
        m: the model.
        shapes: name -> cells or picture.
        cells: the board (any set of ``(row, col)`` cells).
        free: True (rotations and reflections), ``"rotations"`` or False.
        cover: ``"exact"`` (each cell covered once), ``"at-most"`` or
            ``"none"`` (no constraint per cell).
        counts: name -> int | (lo, hi): copies of each shape.
        total: int | (lo, hi): placements of all shapes together.
        group: the constraint group (``.cover``, ``.count``, ``.shape`` below it).
        name: prefix of the placement variables' names.

    Returns:
        A :class:`Placement`.
    """
    if cover not in COVERS:
        raise SatgridError(f"cover must be one of {', '.join(map(repr, COVERS))}, not {cover!r}")
    board = sorted(set(cells))
    inside = set(board)
    counts = dict(counts or {})
    unknown = [k for k in counts if k not in shapes]
    if unknown:
        raise SatgridError(f"counts names {unknown[0]!r}, which is not one of the shapes")
    out = Placement()
    out.covering = {c: [] for c in board}
    by_cell_shape: dict[Cell, dict[Hashable, list[int]]] = {c: {} for c in board}
    for sname, shape in shapes.items():
        seen: set[tuple[Cell, ...]] = set()
        out.of_shape[sname] = []
        for o in orientations(shape, free):
            rel = _offsets(o)
            for r, c in board:
                covered = tuple([(r + a, c + b) for a, b in rel])
                if covered in seen or not inside.issuperset(covered):
                    continue
                seen.add(covered)
                lit = m.bool(f"{name}[{sname}@{covered[0][0]},{covered[0][1]}:"
                             f"{len(out.of_shape[sname])}]", group)
                out.lits[sname, covered] = lit
                out.of_shape[sname].append(lit)
                for cell in covered:
                    out.covering[cell].append(lit)
                    by_cell_shape[cell].setdefault(sname, []).append(lit)
    for cell in board:
        lits = out.covering[cell]
        if cover == "exact":
            if lits:
                m.exactly(lits, 1, group + ".cover")
            else:                                # a cell no placement covers: no tiling
                m.clause([m.false], group + ".cover")
        elif cover == "at-most" and len(lits) > 1:
            m.at_most(lits, 1, group + ".cover")
    for sname, b in counts.items():
        b = _bounds(b, f"counts[{sname!r}]")
        _count(m, out.of_shape[sname], b, group + ".count")
    if total is not None:
        _count(m, list(out.lits.values()), _bounds(total, "total"), group + ".count")
    with m.formula.group(group + ".shape"):    # the OR gates' variables too
        _shape_literals(m, out, board, by_cell_shape, cover, group + ".shape")
    return out


def estimate_place(amo: str, card: str, shapes: Mapping[Hashable, "Iterable[Cell] | str"],
                   cells: "Iterable[Cell] | int", *, free: "bool | str" = True,
                   cover: str = "exact",
                   counts: Mapping[Hashable, object] | None = None, total=None,
                   exact_up_to: int = 10_000) -> int:
    """An upper bound on the clauses :func:`place` makes, before building: the
    placements over each cell are counted as :func:`place` finds them (no
    variable made) on a board of at most ``exact_up_to`` cells; on a larger
    one (or ``cells`` given as a number of cells) every orientation is
    assumed to fit at every offset."""
    board = cells if isinstance(cells, int) else sorted(set(cells))
    size = board if isinstance(board, int) else len(board)
    orients = {name: orientations(shape, free) for name, shape in shapes.items()}
    profiles: dict[tuple[int, ...], int] = {}
    if not isinstance(board, int) and size <= exact_up_to:
        inside = set(board)
        per_cell: dict[Cell, dict] = {c: {} for c in board}
        n_of = {}
        for name, os in orients.items():
            n_of[name] = 0
            for o in os:
                rel = _offsets(o)
                for r, c in board:
                    got = [(r + a, c + b) for a, b in rel]
                    if inside.issuperset(got):
                        n_of[name] += 1
                        for x in got:
                            per_cell[x][name] = per_cell[x].get(name, 0) + 1
        for d in per_cell.values():
            key = tuple(sorted(d.values()))
            profiles[key] = profiles.get(key, 0) + 1
    else:
        n_of = {name: len(os) * size for name, os in orients.items()}
        profiles[tuple(min(len(os) * len(os[0]), n_of[name]) for name, os in orients.items())] = \
            size
    out = 0
    for prof, k in profiles.items():
        d = sum(prof)
        if cover == "exact":
            one = estimate.exactly(amo, card, d, 1) if d else 1
        else:                                  # the covered cell's OR, the at-most-one
            one = (d + 1 + (estimate.at_most(amo, d, 1) if cover == "at-most" else 0)
                   if d > 1 else 0)
        out += k * (one + sum(n + 1 for n in prof if n > 1))
    for name, b in (counts or {}).items():
        out += _estimate_count(amo, card, n_of[name], _bounds(b, f"counts[{name!r}]"))
    if total is not None:
        out += _estimate_count(amo, card, sum(n_of.values()), _bounds(total, "total"))
    return out


def _estimate_count(amo: str, card: str, n: int, bounds) -> int:
    lo, hi = bounds
    if lo == hi:
        return estimate.exactly(amo, card, n, lo)
    out = (1 if lo == 1 else estimate.at_most(card, n, n - lo)) if lo else 0
    return out + (estimate.at_most(amo if hi <= 1 else card, n, hi) if hi is not None else 0)


def _shape_literals(m: "Model", out: Placement, board, by_cell_shape, cover: str,
                    group: str) -> None:
    """``out.shape_at`` and ``out.covered``: OR gates over the placements
    (:func:`~satgrid.core.encodings.or_gate`, as :meth:`Model.reify_or`, added in batches: the inputs are the
    placements, made here; a batch ends before the model's constant is used,
    which may add its clause: the same clauses in the same order as one
    ``reify_or`` per gate)."""
    f = m.formula
    gates: list[list[int]] = []
    inputs = list(out.lits.values())

    def flush() -> None:
        if gates:
            f.add_pool_clauses(gates[:], inputs, group)
            gates.clear()

    def gate(lits: list[int]) -> int:
        if len(lits) == 1:
            return lits[0]
        r = f.new_var()
        gates.extend(or_gate(r, lits))
        return r

    for cell in board:
        out.shape_at[cell] = {sname: gate(lits) for sname, lits in by_cell_shape[cell].items()}
        lits = out.covering[cell]
        if cover == "exact" or not lits:
            flush()
            out.covered[cell] = m.true if lits else m.false
        else:
            out.covered[cell] = gate(lits)
    flush()
