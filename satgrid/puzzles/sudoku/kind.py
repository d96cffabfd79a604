"""Sudoku of any box shape, the rules: n x n, n = box height x box width.

Rules (SPEC.md section 1): each row, column and box holds 1..n exactly once.

The model is the classic "extended" SAT encoding: an integer variable per cell
over 1..n, one-hot (literals named ``x[r,c]=v``, exactly one true per cell),
and for every row, column and box and every value v, exactly one cell of the
unit takes v (:meth:`~satgrid.modelling.model.Model.permutation`). Every exactly-one is
an at-least-one clause plus an at-most-one in the model's ``amo`` encoding
(pairwise, ladder, bitwise, commander, seqcounter, ...). For n = 9 with the
pairwise encoding that is 729 variables and 4 * 81 * (1 + 36) = 11,988 clauses.

The rules depend only on (n, box): :meth:`Sudoku.signature` is
``("sudoku", n, box)``, so a collection compiles the rules once and solves each
puzzle with its givens as assumptions (:func:`satgrid.api.solve_collection`).
A puzzle compiled alone (:meth:`Sudoku.build_given`) keeps the same
variables but leaves out of the rules the values its givens eliminate: the
"optimized" encoding of Kwon and Jain (2006), counted from the grid alone by
``tests/conftest.py``'s ``optimized_sudoku_clauses`` (the classic: 1,566 clauses).

The file formats are read and written by :mod:`satgrid.puzzles.sudoku.formats`;
the referee is :mod:`satgrid.puzzles.sudoku.check`.

Example:
    >>> p = Sudoku([[1, 0, 3, 0], [0, 0, 2, 0], [0, 1, 0, 0], [0, 0, 0, 4]])
    >>> p.n, p.box, p.signature()
    (4, (2, 2), ('sudoku', 4, (2, 2)))
"""

from __future__ import annotations

import math
import struct
import weakref
from functools import reduce
from itertools import compress
from operator import add, iadd
from typing import Any, Sequence

from ...core.encodings import estimate
from ...errors import InstanceError, SatgridError
from ...modelling.model import Model, Solution
from ...modelling.values import IntVar
from ...core.session import CheckedLiterals
from ..base import Puzzle, register
from . import check as checker
from . import drawing
from . import check_fast


#: the Sudoku sizes the workbench's grid editor offers, with their box shapes
#: (height x width)
EDITOR_SIZES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}


# ------------------------------------------------------------------ boxes
def default_box(n: int) -> tuple[int, int] | None:
    """(sqrt n, sqrt n) when n is a perfect square, else None."""
    r = math.isqrt(n)
    return (r, r) if r * r == n else None


# ------------------------------------------------------------------ model
class _Table:
    """Literals of one compiled Sudoku model: ``first[i]`` is x[r,c]=1 of cell i = r*n + c."""

    __slots__ = ("n", "first", "lits", "consecutive", "block", "bases", "offsets", "rows",
                 "pack", "weights", "ones", "value", "values", "allowed", "__weakref__")

    def __init__(self, n: int, lits: list[list[int]]):
        self.n = n
        self.lits = lits
        self.first = [ls[0] for ls in lits]
        self.consecutive = all(ls == list(range(ls[0], ls[0] + n)) for ls in lits)
        # all cells' literals one block of ids lo+1 .. lo+n^3, cell after cell
        # (the layout with pairwise at-most-one: no auxiliary variables between)
        lo = lits[0][0] - 1
        flat = [l for ls in lits for l in ls]
        self.block = lo if flat == list(range(lo + 1, lo + 1 + len(flat))) else None
        self.bases = [lo + i * n for i in range(len(lits))]
        # x[cell i]=v is offsets[i] + v when each cell's literals are consecutive
        self.offsets = [f - 1 for f in self.first] if self.consecutive else None
        self.rows = [slice(i, i + n) for i in range(0, n * n, n)]   # a flat grid's rows
        # the block's n^3 literals as little-endian int64s (see grid); every
        # byte of the product there is at most the sum of the weights,
        # all = n*n + n(n+1)/2: no byte carries when that is below 256, n <= 12
        every = n * n + n * (n + 1) // 2
        self.pack = struct.Struct(f"<{n ** 3}q").pack if every < 256 else None
        self.weights = int.from_bytes(bytes(range(2 * n, n, -1)), "little")
        self.ones = int.from_bytes(b"\x01" * n ** 3, "little")
        # a cell's byte of the product, all - (k*n + its k true values): v when
        # that is all - (n + v), one true value v; else 0
        self.value = bytes(every - v - n if 0 < every - v - n <= n else 0 for v in range(256))
        self.values = frozenset(range(n + 1))     # a given's values, 0 = empty
        self.allowed = bytes(range(n + 1)) if n < 256 else None   # the same, as bytes

    def grid(self, m: Sequence[int]) -> list[list[int]]:
        """Decode a PySAT model list (index v-1 holds +-v) into n rows of values.

        Raises:
            SatgridError: a cell with no value or several (a broken encoding).
        """
        n = self.n
        if self.block is not None and self.pack is not None:
            # C-level passes over the block's n^3 literals, cell after cell:
            # packed as little-endian int64s, the last byte of each is 0x00
            # for a true literal (+v) and 0xff for a false one (-v); read as
            # a base-256 number and masked with ``ones``, ``false`` holds a
            # byte 1 per false literal, 0 per true one. Multiplied by
            # ``weights`` (bytes 2n, 2n-1, ..., n+1), byte i*n + n-1 of the
            # product is the sum over v of (n + v) * false[i*n + v-1], that
            # is all - (n + v) * (the true ones): all - (k*n + the k true
            # values of cell i), with all = n^2 + n(n+1)/2; no byte carries
            # (see __init__). ``value`` turns all - (n + v), one true value
            # v, into v, and anything else into 0.
            lo, size = self.block, n * n * n
            seg = m if lo == 0 and len(m) == size else m[lo:lo + size]
            if len(seg) == size:
                false = int.from_bytes(self.pack(*seg)[7::8], "little") & self.ones
                cells = (false * self.weights).to_bytes(size + n, "little")[n - 1:size:n]
                cells = cells.translate(self.value)
                if 0 not in cells:
                    vals = list(cells)
                    return list(map(vals.__getitem__, self.rows))
        vals = []
        if self.consecutive:
            # the n literals of a cell are ids b+1..b+n; exactly one is positive,
            # so it is the maximum, and then the sum is 2*max - (the sum of ids)
            base = n * (n + 1) // 2
            for f in self.first:
                b = f - 1
                seg = m[b:b + n]
                mx = max(seg)
                if mx <= 0 or sum(seg) != 2 * mx - (n * b + base):
                    raise SatgridError(f"cell {divmod(len(vals), n)}: not exactly one value true")
                vals.append(mx - b)
        else:
            for ls in self.lits:
                found = [v for v, l in enumerate(ls, 1) if m[l - 1] > 0]
                if len(found) != 1:
                    raise SatgridError(f"cell {divmod(len(vals), n)}: {len(found)} values true")
                vals.append(found[0])
        return list(map(vals.__getitem__, self.rows))


#: the (weak reference to the) model and table of the last lookup: a
#: collection's puzzles ask for the same one, one after the other
_LAST: list = [None]

#: model -> its Sudoku literal table (so every puzzle of a collection can use it)
_TABLES: "weakref.WeakKeyDictionary[Model, _Table]" = weakref.WeakKeyDictionary()


@register
class Sudoku(Puzzle):
    """An n x n Sudoku (n = box height x box width) with givens.

    Args:
        grid: n rows of n ints, 0 = empty.
        box: (height, width); default (sqrt n, sqrt n).
        file, title, source, expect: as in :class:`~satgrid.puzzles.base.Puzzle`.
        solution: the ``[expect] solution`` grid, if any.

    Raises:
        InstanceError: n is not a square and no box, or the box does not tile.
    """

    kind = "sudoku"
    encoding_choices = ("amo",)
    #: CaDiCaL always backjumping (no chronological backtracking) needs fewer
    #: conflicts on Sudoku: top95 in one session 270 -> 220 us a puzzle on a
    #: bare solver (bench/bench_sudoku.py prints both)
    tuning = {"chrono": 0}

    def __init__(self, grid: Sequence[Sequence[int]], box: tuple[int, int] | None = None, *,
                 file: str = "<string>", title: str = "", source: str = "",
                 expect: dict | None = None, solution: list[list[int]] | None = None):
        super().__init__(file, title, source, expect)
        n = len(grid)
        if n < 1 or any(len(row) != n for row in grid):
            raise InstanceError(f"expected a square grid, found {n} rows", file)
        if box is None:
            box = default_box(n)
            if box is None:
                raise InstanceError(f"a {n}x{n} Sudoku needs a box shape (n is not a square)", file)
        if box[0] * box[1] != n:
            raise InstanceError(f"{box[0]}x{box[1]} boxes do not tile a {n}x{n} grid", file)
        self.n = n
        self.box = (int(box[0]), int(box[1]))
        self.grid = [list(map(int, row)) for row in grid]
        self._solution = solution

    # ------------------------------------------------------------- building
    def signature(self) -> tuple:
        """``("sudoku", n, box)``: puzzles of one size and box shape share their rules."""
        return ("sudoku", self.n, self.box)

    def estimate_clauses(self, model: Model) -> int:
        """n^2 cells and 3n permutations of n values: 4n^2 exactly-ones over n
        literals, plus at most n^2 givens."""
        n = self.n
        return 4 * n * n * estimate.one_hot(model.amo, n) + n * n

    def build(self, model: Model) -> None:
        """Cells x[r,c] in 1..n; each row, column and box a permutation of 1..n."""
        n = self.n
        vals = range(1, n + 1)
        flat = model.int_block([f"x[{r},{c}]" for r in range(n) for c in range(n)], vals,
                               group="sudoku.cell")
        x = [flat[r * n:(r + 1) * n] for r in range(n)]
        for r in range(n):
            model.permutation(x[r], vals, group="sudoku.row")
        for c in range(n):
            model.permutation([x[r][c] for r in range(n)], vals, group="sudoku.column")
        h, w = self.box
        for br in range(0, n, h):
            for bc in range(0, n, w):
                model.permutation([x[br + i][bc + j] for i in range(h) for j in range(w)],
                                  vals, group="sudoku.box")
        _TABLES[model] = self._table = _Table(n, [[x[r][c].lits[v] for v in vals]
                                                  for r in range(n) for c in range(n)])

    def build_given(self, model: Model) -> list[int]:
        """This puzzle alone: the variables of :meth:`build`, the rules over
        the candidates its givens leave, and the literals to fix (returned).

        A given fixes its cell and takes its value from the cell's row,
        column and box: those literals are returned false (the given's true)
        and every exactly-one keeps only the open ones. That is :meth:`build`
        with the givens as unit clauses after unit propagation, so the same
        solutions: a 16x16 with 92 givens, 124,000 clauses -> about 10,000
        (bench/bench_clingo.py). Givens clashing in a unit keep their
        at-most-one, and a cell or value left without a candidate its
        at-least-one over every literal (all false): unsatisfiable as before.
        """
        if not any(map(any, self.grid)):  # no given: the rules as build makes them
            self.build(model)
            return self.givens(model)
        n = self.n
        h, w = self.box
        vals = range(1, n + 1)
        g = "sudoku.cell"
        first = model.formula.vars([f"x[{r},{c}]={v}" for r in range(n) for c in range(n)
                                    for v in vals], g).start
        lits = [list(range(first + i * n, first + i * n + n)) for i in range(n * n)]
        model.ints.extend(IntVar(f"x[{i // n},{i % n}]", vals, ls, model)
                          for i, ls in enumerate(lits))
        _TABLES[model] = self._table = _Table(n, lits)
        fixed = list(self.givens(model))          # checks the givens
        flat = reduce(iadd, self.grid, [])
        units = [[r * n + c for c in range(n)] for r in range(n)]
        units += [[r * n + c for r in range(n)] for c in range(n)]
        units += [[(br + i) * n + bc + j for i in range(h) for j in range(w)]
                  for br in range(0, n, h) for bc in range(0, n, w)]
        taken = [{flat[i] for i in u} - {0} for u in units]
        peers = [[] for _ in range(n * n)]
        for k, u in enumerate(units):
            for i in u:
                peers[i].append(k)
        full = set(vals)
        cand = [None if flat[i] else full.difference(*(taken[k] for k in peers[i]))
                for i in range(n * n)]
        for i, ls in enumerate(lits):
            keep = {flat[i]} if flat[i] else cand[i]
            fixed += [-l for v, l in zip(vals, ls) if v not in keep]
        cells = [[ls[v - 1] for v in sorted(cand[i])] or ls
                 for i, ls in enumerate(lits) if not flat[i]]
        self._exactly_ones(model, cells, g)
        for k0, name in ((0, "row"), (n, "column"), (2 * n, "box")):
            exactly, clashes = [], []
            for k in range(k0, k0 + n):
                u = units[k]
                for v in vals:
                    if v in taken[k]:
                        given = [lits[i][v - 1] for i in u if flat[i] == v]
                        if len(given) > 1:
                            clashes.append(given)
                    else:
                        exactly.append([lits[i][v - 1] for i in u if not flat[i] and v in cand[i]]
                                       or [lits[i][v - 1] for i in u])
            self._exactly_ones(model, exactly, f"sudoku.{name}")
            model.at_most_one_each(clashes, f"sudoku.{name}")
        return fixed

    @staticmethod
    def _exactly_ones(model: Model, lists: list[list[int]], group: str) -> None:
        """Exactly one literal of each list true: its at-least-one clause, and
        the at-most-ones of the lists of two or more in one pass."""
        model.clauses(lists, group)
        model.at_most_one_each([ls for ls in lists if len(ls) > 1], group)

    def table(self, model: Model) -> "_Table":
        """The literal table of ``model`` (built by this puzzle or another of its signature)."""
        last = _LAST[0]
        t = last[1] if last is not None and last[0]() is model else _TABLES.get(model)
        if t is None:
            n = self.n
            try:
                t = _Table(n, [[model.formula.lookup(f"x[{r},{c}]={v}") for v in range(1, n + 1)]
                               for r in range(n) for c in range(n)])
            except KeyError:
                raise SatgridError("this model was not built by a sudoku of this size") from None
            _TABLES[model] = t
        if last is None or last[1] is not t:
            _LAST[0] = (weakref.ref(model), t)
        if t.n != self.n:
            raise SatgridError(f"this model holds a {t.n}x{t.n} sudoku, not {self.n}x{self.n}")
        self._table = t
        return t

    def givens(self, model: Model) -> list[int]:
        """The literals x[r,c]=v of the givens, in reading order.

        A :class:`~satgrid.core.session.CheckedLiterals` of ``model``'s formula
        (the session takes them unchecked) when every given is an int in
        0..n read as a byte, so that each literal is ``offsets[i] + v`` of
        the table; else a plain list, which the session checks.

        Raises:
            SatgridError: a given outside 0..n.
        """
        t = self.table(model)
        flat = reduce(iadd, self.grid, [])
        if t.offsets is not None and t.allowed is not None:
            try:
                raw = bytes(flat)
            except (TypeError, ValueError):
                raw = None
            if raw is not None and not raw.translate(None, t.allowed):
                # only ints 0..n, and the literals made from the bytes' own ints
                lits = CheckedLiterals(map(add, compress(t.offsets, raw), raw.replace(b"\0", b"")))
                lits.formula = model.formula
                return lits
        if not t.values.issuperset(flat):
            i, v = next((i, v) for i, v in enumerate(flat) if v not in t.values)
            raise SatgridError(f"cell {divmod(i, self.n)}: a given {v!r} outside 0..{self.n}")
        if t.offsets is not None:    # x[cell i]=v is offsets[i] + v: C-level passes
            return list(map(add, compress(t.offsets, flat), filter(None, flat)))
        lits = t.lits
        return [lits[i][v - 1] for i, v in enumerate(flat) if v]

    # ------------------------------------------------------------- decoding
    def decode(self, sol: Solution) -> dict[str, Any]:
        """``{"grid": rows}`` from a solution of a model this puzzle was built or bound to."""
        if getattr(self, "_table", None) is None:
            raise SatgridError("decode() before build() or givens()")
        return {"grid": self._table.grid(sol.model)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        """The referee's verdict (:func:`satgrid.puzzles.sudoku.check.check`): the
        quick test of :mod:`.check_fast` answers a valid grid, the reference
        referee says what is wrong with any other."""
        if check_fast.valid(decoded["grid"], self.box, self.grid):
            return []
        return checker.check(decoded["grid"], self.box, self.grid)

    def answer(self, decoded: dict[str, Any]) -> None:
        return None

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_puzzle(self) -> str:
        return drawing.puzzle_text(self)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def given_grid(self) -> list:
        return self.grid

    def editor_grid(self) -> dict | None:
        """The grid for the workbench's Sudoku editor, at a size it offers."""
        if EDITOR_SIZES.get(self.n) == self.box:
            return {"size": self.n, "cells": self.grid}
        return None

    def puzzle_svg(self) -> str:
        return drawing.puzzle_svg(self)

    def solution_file(self, res: dict[str, Any]) -> tuple[str, str]:
        """The solution as a text grid (:func:`.formats.format_grid`'s text),
        which loads back as a puzzle whose givens are the solution."""
        return f"{self.file_stem()}.solution.txt", self.render({"grid": res["grid"]}) + "\n"

    def expected_solution(self) -> list[list[int]] | None:
        return self._solution

    # ------------------------------------------------- clues (generators)
    def clue_cells(self) -> list[tuple[int, int]]:
        """The given cells, in reading order."""
        return [(r, c) for r, row in enumerate(self.grid) for c, v in enumerate(row) if v]

    def with_clues(self, cells) -> "Sudoku":
        keep = set(cells)
        n = self.n
        return Sudoku([[self.grid[r][c] if (r, c) in keep else 0 for c in range(n)]
                       for r in range(n)], self.box, file=self.file, title=self.title)

    def clue_literals(self, model: Model) -> dict:
        """Each given cell's literal ``x[r,c]=v``: the givens are assumptions."""
        lits = self.table(model).lits
        n = self.n
        return {(r, c): [lits[r * n + c][self.grid[r][c] - 1]] for r, c in self.clue_cells()}

    @classmethod
    def blank(cls, size: int) -> "Sudoku | None":
        """The empty grid (None when ``size`` is not a square)."""
        return cls([[0] * size for _ in range(size)]) if default_box(size) else None

    def from_solution(self, decoded: dict[str, Any]) -> "Sudoku":
        return Sudoku(decoded["grid"], self.box, file=self.file, title=self.title)

    def toml_table(self) -> dict:
        width = len(str(self.n))
        rows = "\n".join(" ".join((str(v) if v else ".").rjust(width) for v in row)
                         for row in self.grid)
        return {"puzzle": "sudoku", "size": self.n, "box": f"{self.box[0]}x{self.box[1]}",
                "givens": rows}
