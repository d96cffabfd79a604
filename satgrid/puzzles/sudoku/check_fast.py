"""The Sudoku referee's quick yes/no test, for collections (standard library only).

:func:`valid` answers the same question as :func:`satgrid.puzzles.sudoku.check.check`
(the reference referee, written to be obviously right) but only yes or no,
in a few passes of C-level builtins, since a collection checks every solved
puzzle. :meth:`Sudoku.check <satgrid.puzzles.sudoku.kind.Sudoku.check>` asks
it first and returns the reference's verdict when it says no, so it can only
ever shorten a "valid" answer. ``tests/test_sudoku.py`` tests it against the
reference on random and corrupted grids from 4x4 up to 25x25. Its cost is
measured by ``bench/bench_collection_overhead.py``.

The rule, in the form tested here: every cell holds an int in 1..n, and the
pairs (unit, value) of the n^2 cells in their row, in their column and in
their box are distinct, that is no unit repeats a value (n cells of n
distinct values out of n make every unit a permutation of 1..n); the grid
keeps every non-zero given.

Example:
    >>> valid([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]], (2, 2))
    True
    >>> valid([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 1, 2]], (2, 2))
    False
"""

from __future__ import annotations

from functools import reduce
from itertools import chain, compress
from operator import add, iadd
from typing import NamedTuple


class Tables(NamedTuple):
    """What :func:`valid` needs for one box shape, made once (:func:`tables`).

    Units are numbered rows 0..n-1, columns n..2n-1, boxes 2n..3n-1; flat
    cell ``i`` is ``r * n + c``.
    """

    #: side of the grid
    n: int
    #: the general test (n > 16): ``keys[k * n * n + i]`` is ``u * (n + 1)``
    #: for the unit u of kind k (row, column, box) holding cell i, so that a
    #: value v in 1..n there gives the key ``u * (n + 1) + v``, one per
    #: (unit, value) pair
    keys: tuple
    #: the values 1..n
    values: frozenset
    #: ``{n}``, the one row length allowed
    lengths: set
    #: 3 n^2, the number of (unit, value) pairs of a valid grid
    pairs: int
    #: a :meth:`bytes.translate` table: v in 1..n -> v - 1, any other byte -> 255
    minus_one: bytes
    #: the byte test (n <= 16; else None): groups ``(a, b, offsets, every)``,
    #: see :func:`valid`
    groups: tuple | None
    #: the n^2-byte little-endian number whose every byte is 1
    ones: int


def tables(box: tuple[int, int]) -> Tables:
    """The :class:`Tables` of ``box`` (remembered for up to 64 shapes)."""
    h, w = box
    n = h * w
    cells = [(r, c) for r in range(n) for c in range(n)]
    kinds = [[r for r, c in cells], [c for r, c in cells],
             [(r // h) * (n // w) + c // w for r, c in cells]]
    keys = tuple((k * n + u) * (n + 1) for k, units in enumerate(kinds) for u in units)
    groups = None
    if n * n <= 256:
        # each group covers ``per`` unit kinds at once: all three when their
        # 3 n^2 keys fit in a byte, else one
        per = 3 if 3 * n * n <= 256 else 1
        groups = []
        for first in range(0, 3, per):
            offsets = bytes((k * n + u) * n for k in range(per) for u in kinds[first + k])
            a, b = (8 * n * n, 16 * n * n) if per == 3 else (0, 0)
            groups.append((a, b, int.from_bytes(offsets, "little"), bytes(range(per * n * n))))
        groups = tuple(groups)
    minus_one = bytes(v - 1 if 1 <= v <= n else 255 for v in range(256))
    ones = int.from_bytes(b"\x01" * (n * n), "little")
    t = Tables(n, keys, frozenset(range(1, n + 1)), {n}, 3 * n * n, minus_one, groups, ones)
    if len(_TABLES) < 64:
        _TABLES[box] = t
    return t


#: box -> its :class:`Tables`
_TABLES: dict[tuple[int, int], Tables] = {}
_INT = frozenset((int,))
#: bytes.translate: 0 (no given) stays 0, a given becomes 0xff
_GIVEN = bytes([0] + [255] * 255)
_ROW_TYPES = frozenset((list, tuple))


def valid(grid, box: tuple[int, int], givens=None) -> bool:
    """True when ``grid`` is a valid solution keeping ``givens`` (0 = no given).

    The (unit, value) pairs are counted as distinct keys. Up to n = 16 the
    keys are bytes: the values as bytes, each minus one (``minus_one``: a
    value outside 1..n becomes 255 and is refused), are read as one
    little-endian number x; a group of ``copies`` unit kinds repeats it as
    ``x | x << a | x << b`` (a = 8 n^2, b = 16 n^2 for three kinds, else 0)
    and adds ``offsets``, whose byte ``k * n^2 + i`` is ``u * n`` for the unit
    u (numbered within the group) of kind k holding cell i. No byte carries,
    as every sum is below ``copies * n^2 <= 256``, so byte j of the sum is the
    key ``u * n + v - 1`` of pair j; the ``copies * n^2`` keys are distinct
    exactly when every byte ``0 .. copies * n^2 - 1`` (``every``) is among
    them, that is when deleting the keys from ``every`` leaves nothing.
    Larger grids: a set of int keys.
    """
    n, keys, values, lengths, pairs, minus_one, groups, ones = _TABLES.get(box) or tables(box)
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
