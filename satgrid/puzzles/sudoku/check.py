"""Independent checker for Sudoku solutions (plain Python, no SAT).

This module is the referee that makes a wrong encoding visible: it reads the
rules from SPEC.md section 1 and nothing else. It imports only the standard
library -- never the model, the encodings or the session. Rows, columns,
boxes and cells are numbered from 0, as grids are indexed in SPEC.md.

Example:
    >>> check([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]], (2, 2))
    []
    >>> check([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 1, 2]], (2, 2))[0]
    'column 2: 1 appears twice, at (1,2) and (3,2)'
"""

from __future__ import annotations

from functools import reduce
from itertools import chain, compress
from operator import add, iadd
from typing import Sequence

from ..referee import changed_givens


def units(n: int, box: tuple[int, int]) -> list[tuple[str, list[tuple[int, int]]]]:
    """The n rows, n columns and n boxes of an n x n Sudoku, named for messages.

    Args:
        n: side of the grid.
        box: (height, width) of a box, height * width == n.

    Returns:
        3n pairs (name, cells); boxes are numbered in reading order from 0.
    """
    h, w = box
    out = [(f"row {r}", [(r, c) for c in range(n)]) for r in range(n)]
    out += [(f"column {c}", [(r, c) for r in range(n)]) for c in range(n)]
    k = 0
    for br in range(0, n, h):
        for bc in range(0, n, w):
            out.append((f"box {k} (rows {br}-{br + h - 1}, columns {bc}-{bc + w - 1})",
                        [(br + i, bc + j) for i in range(h) for j in range(w)]))
            k += 1
    return out


def _tables(box: tuple[int, int]) -> tuple:
    """The tables of the quick test for ``box``, made once (:data:`_TABLES`).

    Returns ``(n, keys, values, {n}, 3 n^2, minus_one, groups, ones)``. For the
    general test: ``keys[k * n * n + i]`` is ``u * (n + 1)`` for the k-th
    unit (row, column, box) holding flat cell ``i = r * n + c`` (rows are
    units 0..n-1, columns n..2n-1, boxes 2n..3n-1), so that a cell of value
    v in 1..n gives the pair (unit, value) the key ``u * (n + 1) + v``,
    which lies strictly between the keys of unit u - 1 and unit u + 1;
    ``values`` are 1..n.

    For the byte test (n <= 16, else ``groups`` is None): ``minus_one`` is a
    :meth:`bytes.translate` table taking v in 1..n to v - 1 and every other
    byte to 255; each group ``(a, b, offsets, every)`` covers ``copies``
    of the three unit kinds (all three when 3 n^2 <= 256, else one), with
    ``x | x << a | x << b`` the n^2-byte number x repeated ``copies`` times
    (a = 8 n^2 and b = 16 n^2, or both 0), ``offsets`` the number whose
    little-endian byte ``k * n^2 + i`` is ``u * n`` for the unit u (numbered
    within the group) of kind k that holds cell i, and ``every`` the bytes
    ``0, 1, ..., copies * n^2 - 1``; ``ones`` is the n^2-byte number of
    bytes 1.
    """
    h, w = box
    n = h * w
    cells = [(r, c) for r in range(n) for c in range(n)]
    kinds = [[r for r, c in cells], [c for r, c in cells],
             [(r // h) * (n // w) + c // w for r, c in cells]]
    keys = tuple((k * n + u) * (n + 1) for k, units in enumerate(kinds) for u in units)
    groups = None
    if n * n <= 256:
        per = 3 if 3 * n * n <= 256 else 1
        groups = []
        for first in range(0, 3, per):
            offsets = bytes((k * n + u) * n for k in range(per) for u in kinds[first + k])
            a, b = (8 * n * n, 16 * n * n) if per == 3 else (0, 0)
            groups.append((a, b, int.from_bytes(offsets, "little"), bytes(range(per * n * n))))
        groups = tuple(groups)
    minus_one = bytes(v - 1 if 1 <= v <= n else 255 for v in range(256))
    ones = int.from_bytes(b"\x01" * (n * n), "little")
    t = (n, keys, frozenset(range(1, n + 1)), {n}, 3 * n * n, minus_one, groups, ones)
    if len(_TABLES) < 64:
        _TABLES[box] = t
    return t


#: box -> the tables of the quick test (:func:`_tables`)
_TABLES: dict[tuple[int, int], tuple] = {}
_INT = frozenset((int,))
#: bytes.translate: 0 (no given) stays 0, a given becomes 0xff
_GIVEN = bytes([0] + [255] * 255)
_ROW_TYPES = frozenset((list, tuple))


def _valid(grid, box, givens) -> bool:
    """True when ``grid`` is a valid solution (quick yes/no; :func:`check` says why not).

    The rule, in a form that C-level builtins test in a few passes, since it
    runs once per solved puzzle of a collection: every cell holds an int in
    1..n, and the pairs (unit, value) of the n^2 cells in their row, in
    their column and in their box are distinct, that is no unit repeats a
    value; n cells of n distinct values out of n make every unit a
    permutation of 1..n. The givens are kept.

    Up to n = 16 the pairs are bytes: the values as bytes, each minus one
    (:data:`_TABLES`' ``minus_one``: a value outside 1..n becomes 255 and
    is refused), are added, as one little-endian number (repeated once per
    unit kind of a group), to the unit offsets ``u * n`` (no byte carries:
    every sum is below ``copies * n^2 <= 256``), which makes the key
    ``u * n + v - 1`` of each pair; the ``copies * n^2`` keys are distinct
    exactly when every byte ``0 .. copies * n^2 - 1`` is among them, that is
    when deleting the keys from those bytes leaves nothing. Larger grids: a
    set of int keys.
    """
    n, keys, values, lengths, pairs, minus_one, groups, ones = _TABLES.get(box) or _tables(box)
    if type(grid) not in _ROW_TYPES or len(grid) != n:
        return False
    if not _ROW_TYPES.issuperset(map(type, grid)) or set(map(len, grid)) != lengths:
        return False
    flat = reduce(iadd, grid, [])
    if not _INT.issuperset(map(type, flat)):         # type(v) is int: by hash and identity
        return False
    if groups is None:
        if not values.issuperset(flat) or len(set(map(add, keys, flat * 3))) != pairs:
            return False
        return _kept(flat, givens)
    try:
        raw = bytes(flat)
    except ValueError:                       # below 0 or above 255
        return False
    less = raw.translate(minus_one)
    if 255 in less:                          # outside 1..n
        return False
    low = int.from_bytes(less, "little")
    for a, b, offsets, every in groups:
        key = (low | low << a | low << b) + offsets
        if every.translate(None, key.to_bytes(len(every), "little")):
            return False
    if givens is None:
        return True
    try:
        given = bytes(reduce(iadd, givens, []))
    except (TypeError, ValueError):          # not bytes: compared value by value
        return _kept(flat, givens)
    if len(given) != len(raw):
        return False
    # the grid's bytes (each byte of ``less`` plus one) where a given is (0xff
    # there, 0 elsewhere) are the givens
    where = int.from_bytes(given.translate(_GIVEN), "little")
    return (low + ones) & where == int.from_bytes(given, "little")


def _kept(flat: list, givens) -> bool:
    """Whether the flat grid keeps every non-zero given (value by value)."""
    if givens is None:
        return True
    gflat = list(chain.from_iterable(givens))
    return len(gflat) == len(flat) and list(compress(flat, gflat)) == list(compress(gflat, gflat))


def check(grid: Sequence[Sequence[int]], box: tuple[int, int],
          givens: Sequence[Sequence[int]] | None = None) -> list[str]:
    """Rules of Sudoku that ``grid`` breaks; an empty list means a valid solution.

    Args:
        grid: n rows of n ints (the decoded solution).
        box: (height, width) of the boxes.
        givens: optional n x n grid of the puzzle's givens (0 = empty); the
            solution must keep every given.

    Returns:
        Human-readable problems (row/column numbers 1-based), in a fixed order.
    """
    if _valid(grid, box, givens):
        return []
    problems: list[str] = []
    h, w = box
    n = h * w
    if not isinstance(grid, (list, tuple)) or len(grid) != n:
        return [f"expected {n} rows, found {len(grid) if isinstance(grid, (list, tuple)) else grid!r}"]
    for r, row in enumerate(grid):
        if not isinstance(row, (list, tuple)) or len(row) != n:
            problems.append(f"row {r}: expected {n} cells")
            continue
        for c, v in enumerate(row):
            if type(v) is not int or not 1 <= v <= n:
                problems.append(f"cell ({r},{c}): expected a number 1..{n}, found {v!r}")
    if problems:
        return problems
    for name, cells in units(n, box):
        seen: dict[int, tuple[int, int]] = {}
        for cell in cells:
            v = grid[cell[0]][cell[1]]
            if v in seen:
                a, b = seen[v], cell
                problems.append(f"{name}: {v} appears twice, at ({a[0]},{a[1]}) "
                                f"and ({b[0]},{b[1]})")
            else:
                seen[v] = cell
    problems += [f"cell ({r},{c}): the given {g} was changed to {v}"
                 for r, c, g, v in changed_givens(grid, givens)]
    if not problems:  # pragma: no cover (the quick test and this one agree)
        problems.append("the grid is not a valid solution")
    return problems
