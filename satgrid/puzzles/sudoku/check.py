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

from itertools import chain, compress
from operator import add
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
    """The tables of the quick test for ``box``, made once (:data:`_TABLES`):
    n; ``keys``, where ``keys[k * n * n + i]`` is ``u * (n + 1)`` for the
    k-th unit (row, column, box) holding flat cell ``i = r * n + c`` (rows
    are units 0..n-1, columns n..2n-1, boxes 2n..3n-1); the values 1..n;
    ``{n}``; and 3n^2. A cell of value v in 1..n gives the pair (unit, value)
    the key ``u * (n + 1) + v``, which lies strictly between the keys of
    unit u - 1 and unit u + 1.
    """
    h, w = box
    n = h * w
    cells = [(r, c) for r in range(n) for c in range(n)]
    keys = [r * (n + 1) for r, c in cells]
    keys += [(n + c) * (n + 1) for r, c in cells]
    keys += [(2 * n + (r // h) * (n // w) + c // w) * (n + 1) for r, c in cells]
    t = (n, tuple(keys), frozenset(range(1, n + 1)), {n}, 3 * n * n)
    if len(_TABLES) < 64:
        _TABLES[box] = t
    return t


#: box -> the tables of the quick test (:func:`_tables`)
_TABLES: dict[tuple[int, int], tuple] = {}
_INT = {int}
_ROW_TYPES = frozenset((list, tuple))


def _valid(grid, box, givens) -> bool:
    """True when ``grid`` is a valid solution (quick yes/no; :func:`check` says why not).

    The rule, in a form that C-level builtins (set, map, chain, compress)
    test in a few passes, since it runs once per solved puzzle of a
    collection: every cell holds an int in 1..n, and the 3n^2 pairs (unit,
    value) of the n^2 cells in their row, column and box are all distinct,
    that is no unit repeats a value; n cells of n distinct values out of n
    make every unit a permutation of 1..n. The givens are kept.
    """
    n, keys, values, lengths, pairs = _TABLES.get(box) or _tables(box)
    if type(grid) not in _ROW_TYPES or len(grid) != n:
        return False
    if not _ROW_TYPES.issuperset(map(type, grid)) or set(map(len, grid)) != lengths:
        return False
    flat = list(chain.from_iterable(grid))
    if set(map(type, flat)) != _INT or not values.issuperset(flat):
        return False
    if len(set(map(add, keys, flat * 3))) != pairs:
        return False
    if givens is not None:
        gflat = list(chain.from_iterable(givens))
        if len(gflat) != len(flat) or list(compress(flat, gflat)) != list(compress(gflat, gflat)):
            return False
    return True


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
