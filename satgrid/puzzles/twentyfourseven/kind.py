"""``twenty-four-seven`` and ``twenty-four-seven-2x2``: Twenty Four Seven grids.

Rules (SPEC.md): an n x n grid (n = 7 by default) gets one 1, two 2's, ...,
n n's (n(n+1)/2 numbers; 28 for n = 7). Each row and each column holds exactly
(n+1)/2 numbers summing to (n+1)(2n+1)/6 (4 and 20 for n = 7). The numbered
cells form one orthogonally connected group; every 2x2 square has at least
one empty cell. Edge clues give the first number seen looking into that row
or column from that side. Some numbers are given. Answer of one grid: the
product of the areas of the orthogonally connected groups of empty cells.
The 2x2 kind holds four such grids; its answer adds the four solved grids as
matrices (empty = 0) and sums the squares of the entries.

The TOML instance is read by :mod:`satgrid.puzzles.twentyfourseven.formats`;
the referee is :mod:`satgrid.puzzles.twentyfourseven.check`. Instance (TOML)::

    puzzle = "twenty-four-seven"        # or "twenty-four-seven-2x2"
    size = 7                            # optional; n with (n+1)/2, (n+1)(2n+1)/6 whole
    givens = \"\"\"                        # optional, '.' = empty
    . . 4 . . . .
    ...\"\"\"
    top    = "5 4 . . . 7 5"            # optional, one token per column
    bottom = "..."; left = "..."; right = "..."   # one token per column / row

The 2x2 kind puts ``givens``/``top``/``bottom``/``left``/``right`` (and an
optional ``name``) into four ``[[grids]]`` tables; ``size`` stays at the top.

The model (Model API only), per grid, groups ``<kind>.*``:

- ``cell``: one IntVar ``x[r,c]`` over 0..n per cell (one-hot, 0 = empty;
  named ``x[r,c]=v``, prefixed ``g<k>.`` in the 2x2 kind). These value
  literals are the projection: uniqueness means one completed grid (tuple of
  grids for the 2x2 kind, a single Model with four independent sub-grids).
- ``count``: at most v cells hold v (model card encoding). With exactly
  (n+1)/2 numbers in each of the n rows there are n(n+1)/2 = 1 + 2 + ... + n
  numbers in all, so "at most v" for every v means "exactly v". A value no
  line holds twice (1 and 2 for n = 7) is counted over the rows' "v appears"
  literals of ``line-values`` (at most v of n, not of n^2); the n's get no
  count, implied by the others and the exact line sums (``_count_values``).
- ``line-count``: exactly (n+1)/2 filled cells per row and column (card).
- ``line-sum``: per row and column, the *deficit* form of the sum:
  ``sum (n - v) * (x=v) == n(n+1)/2 - line sum`` (8 for n = 7). With exactly
  (n+1)/2 numbers in the line this is the line sum, but the bound is 8
  instead of 20 and the 7s drop out, so the BDD is about a third of the size.
- ``2x2``: one clause of four "empty" literals per 2x2 window.
- ``clue``: for a clue v and the sight line c_0, c_1, ... from that side,
  ``empty(c_0) & ... & empty(c_{i-1}) & filled(c_i) -> x[c_i]=v``; plus the
  implied clause "v appears in the line" (``clue_in_line``).
- ``line-values`` (implied): per line and value v a literal "v appears in
  the line" (equivalent to the OR of the line's ``x=v``), and one clause
  against each minimal set of values that no line holds together: for n = 7
  the lines are the 4-multisets of 1..7 summing to 20, so e.g. 1 and 2 never
  share a line, nor 1 and 5 and 6 (10 sets: 4 pairs, 4 triples, 2 quadruples).
  Optional ``line_copies``: at most as many copies of v in a line as such a
  multiset has (one 1, one 2, two 3s, ...; pairwise clauses).
- ``connected``: ``model.connected`` over the filled literals with
  ``max_true = n(n+1)/2`` (lazy cuts by default, eager for DIMACS export),
  plus implied cuts added up front: every orthogonally connected set S of
  at most 3 cells (49 + 84 + 214 sets for n = 7), if all filled, has a
  filled cell on its border (fewer than n(n+1)/2 cells cannot be the whole
  group).

Why these encodings and implied clauses and not others (the line-sum form,
the count direction, the cut sizes, what was tried and not kept): the
measurements are in bench/RESULTS.md, "Measurement history moved from
docstrings".
"""

from __future__ import annotations

import functools
import itertools
import math
from typing import Any

from ...modelling import geometry as G
from ...core.encodings import estimate
from ...modelling.model import IntVar, Model, Solution
from ..base import Puzzle, register
from . import check as checker
from .clues import TwentyFourSevenClues
from . import drawing

#: the four edges of a grid that carry clues (the builder's own copy: the
#: referee in check.py shares no code with the builders)
SIDES = ("top", "bottom", "left", "right")


def line_rules(n: int) -> tuple[int, int]:
    """(numbers per line, line sum) of an n x n grid holding 1 one, 2 twos, ...,
    n n's in n(n+1)/2 cells, (n+1)/2 per row and column; ValueError unless whole.

    >>> line_rules(7), line_rules(5)
    ((4, 20), (3, 11))
    """
    per_line, rem = divmod(n * (n + 1) // 2, n)
    total, rem2 = divmod(n * (n + 1) * (2 * n + 1) // 6, n)
    if n < 1 or rem or rem2:
        raise ValueError(f"size {n}: (n+1)/2 and (n+1)(2n+1)/6 must be whole numbers")
    return per_line, total


class SubGrid:
    """One n x n grid of an instance: its name, givens and edge clues (0 = none)."""

    __slots__ = ("name", "givens", "clues")

    def __init__(self, n: int, name: str = "", givens: list[list[int]] | None = None,
                 clues: dict[str, list[int]] | None = None):
        self.name = name
        self.givens = givens if givens is not None else [[0] * n for _ in range(n)]
        self.clues = {s: list((clues or {}).get(s) or [0] * n) for s in SIDES}


@functools.lru_cache(maxsize=None)
def _line_tables(n: int) -> tuple[dict[int, int], list[tuple[int, ...]]]:
    """What one line of an n x n grid can hold, from its (n+1)/2 numbers and their sum.

    Returns:
        (the most copies of each value v = 1..n a line can hold, the minimal
        sets of values that no line holds together, sorted by size then value).
        For n = 7: at most one 1 or 2, ..., and e.g. (1, 2) never together.
    """
    per_line, line_sum = line_rules(n)
    ms = [c for c in itertools.combinations_with_replacement(range(1, n + 1), per_line)
          if sum(c) == line_sum]
    mult = {v: max(c.count(v) for c in ms) for v in range(1, n + 1)}
    supports = {frozenset(c) for c in ms}
    forbidden = []
    for size in range(1, per_line + 2):
        for S in itertools.combinations(range(1, n + 1), size):
            fs = frozenset(S)
            if any(fs <= T for T in supports):
                continue
            if any(frozenset(F) <= fs for F in forbidden):
                continue
            forbidden.append(S)
    return mult, forbidden


# ------------------------------------------------------------------ the kinds
@register
class TwentyFourSeven(TwentyFourSevenClues, Puzzle):
    """One Twenty Four Seven grid (``size`` n, ``grids`` holds one :class:`SubGrid`)."""

    kind = "twenty-four-seven"
    encoding_choices = ("amo", "card", "pb", "connectivity")
    composite = False
    #: line sums over the one-hot literals: "deficit" (weights n - v; the
    #: default), "sum" (weights v) or "both" (see the module docstring)
    line_sum_mode = "deficit"
    #: value counts: "<=" (the default; exact because the line counts place
    #: n(n+1)/2 numbers), "==" or ">="
    count_op = "<="
    #: line sums: "==" (the default), or "<=" (exact given exact counts)
    sum_op = "=="
    #: add "a filled cell has a filled neighbour" (implied by connectivity)
    local = True
    #: with ``local``: every orthogonally connected set of at most this many
    #: cells, if all filled, has a filled cell on its border (connectivity
    #: cuts added up front; 1 = only the single-cell clauses above)
    cut_size = 3
    #: per line, "value v appears" literals and clauses against value sets
    #: that no line of (n+1)/2 numbers summing to the line sum can hold
    line_values = True
    #: per line, at most as many copies of v as such a line can hold
    line_copies = False
    #: a clue's value appears in its line (implied by the clue clauses)
    clue_in_line = True
    #: with ``line_values``: a value no line can hold twice (1 and 2 for
    #: n = 7) is counted over the n rows' "v appears" literals instead of the
    #: n^2 cells (for the 1s: at most one of 7 instead of one of 49)
    row_counts = True
    #: with exact line sums: no count for the n's, which the others imply
    #: (see :meth:`_count_values`)
    implied_top_count = True
    #: CaDiCaL without its "lucky" phases, which it tries again at every
    #: solve call (a solve --unique makes five); measured in bench/RESULTS.md
    tuning = {"lucky": 0}

    def __init__(self, size: int, grids: list[SubGrid], *, solution=None, **kw):
        super().__init__(**kw)
        self.size = size
        self.per_line, self.line_sum = line_rules(size)
        self.grids = grids
        self._solution = solution
        self._x: list[list[list[IntVar]]] = []

    # ------------------------------------------------------------ model
    def estimate_clauses(self, model: Model) -> int:
        """Per grid: n^2 cells over 0..n, the value counts (at most v of n^2),
        per line its count and weighted sum, the 2x2 rule, the clues, the small
        connected regions (about 20 per cell), the line-value clauses and, eager,
        the connectivity layers. Plus the cost of the line tables
        (:func:`_line_tables`, cached per n), which is exponential in n: its
        subset tests (multisets of (n+1)/2 values x value sets up to (n+3)/2)
        counted 300 to a clause (measured: 3.6e8 tests take 1.1 s at n = 13; a
        clause costs about 1 us), so that n = 17, minutes of tables, is refused."""
        n, amo, card = self.size, model.amo, model.card
        cells = n * n
        per_line, line_sum = self.per_line, self.line_sum
        # every value counted over the cells: an upper bound (the rows' counts
        # of _count_values need the line tables, too dear for an estimate)
        count = sum(estimate.at_most(amo if v <= 1 else card, cells, v) for v in range(1, n + 1))
        deficit = [n - v for v in range(1, n)] * n
        line = (estimate.exactly(amo, card, n, per_line)
                + estimate.linear(model.pb, deficit, n * per_line - line_sum)
                + estimate.linear(model.pb, list(range(1, n + 1)) * n, line_sum))
        tests = math.comb(n + per_line - 1, per_line) * sum(
            math.comb(n, s) for s in range(1, per_line + 2))
        values = 2 * n * (n + sum(math.comb(n, s) for s in range(1, min(per_line + 2, 4))))
        eager = cells * (n * (n + 1) // 2) * 5 if model.connectivity == "eager" else 0
        per_grid = (cells * estimate.one_hot(amo, n + 1) + count + 2 * n * line
                    + (n - 1) ** 2 + 4 * n * (n + 1) + 20 * cells + values + eager + cells)
        return len(self.grids) * per_grid + tests // 300

    def build(self, m: Model) -> None:
        n, K = self.size, self.kind
        total = n * (n + 1) // 2
        graph = G.grid_graph(n)
        self._x = []
        projection: list[int] = []
        # the clauses below are over the cells' own literals: checked once per
        # batch (Formula.add_pool_clauses), not literal by literal
        add = m.formula.add_pool_clauses
        lines = G.rows_of(n) + G.columns_of(n)
        forms = []
        if self.line_sum_mode in ("deficit", "both"):
            forms.append(((lambda v: n - v), n * self.per_line - self.line_sum))
        if self.line_sum_mode in ("sum", "both"):
            forms.append(((lambda v: v), self.line_sum))
        # per form: the values with a weight, and the weights of a line's terms
        forms = [([v for v in range(1, n + 1) if weight(v)],
                  [weight(v) for _ in range(n) for v in range(1, n + 1) if weight(v)], bound)
                 for weight, bound in forms]
        count = {"==": m.exactly, ">=": m.at_least, "<=": m.at_most}[self.count_op]
        by_rows, by_cells = self._count_values(n)
        for k, sub in enumerate(self.grids):
            pre = f"g{k + 1}." if self.composite else ""
            cells = m.int_block([f"{pre}x[{r},{c}]" for r in range(n) for c in range(n)],
                                range(n + 1), group=f"{K}.cell")
            x = [cells[r * n:(r + 1) * n] for r in range(n)]
            self._x.append(x)
            lit = [[xv.lits for xv in row] for row in x]       # lit[r][c][v]: x[r,c] = v
            projection += [l for xv in cells for l in xv.lits.values()]
            empty = [[lit[r][c][0] for c in range(n)] for r in range(n)]
            for v in by_cells:
                count([xv.lits[v] for xv in cells], v, f"{K}.count")
            for line in lines:
                m.exactly([-empty[r][c] for r, c in line], self.per_line, f"{K}.line-count")
                for vals, wts, bound in forms:
                    m.linear([lit[r][c][v] for r, c in line for v in vals], wts, self.sum_op,
                             bound, f"{K}.line-sum")
            add([[empty[r][c] for r, c in win] for win in G.windows(n)], group=f"{K}.2x2")
            cl = []
            for side in SIDES:
                for i, v in enumerate(sub.clues[side]):
                    if not v:
                        continue
                    sight = G.sight_line(side, i, n)
                    if self.clue_in_line:
                        cl.append([x[r][c].lit(v) for r, c in sight])
                    for j, (r, c) in enumerate(sight):
                        cl.append([-empty[rr][cc] for rr, cc in sight[:j]]
                                  + [empty[r][c], x[r][c].lit(v)])
            add(cl, group=f"{K}.clue")
            if self.local and total > 1:
                flat = [l for row in empty for l in row]        # by cell number r * n + c
                cuts = [[flat[i] for i in S] + [-flat[j] for j in border]
                        for S, border in G.small_regions(n, min(self.cut_size, total - 1))]
                add(cuts, group=f"{K}.connected")
            if self.line_values or self.line_copies:
                present = self._line_values(m, lit, n)
                for v in by_rows:
                    count([present[r][v] for r in range(n)], v, f"{K}.count")
            m.connected({(r, c): -empty[r][c] for r in range(n) for c in range(n)}, graph,
                        f"{K}.connected", max_true=total)
        m.projection = projection

    def _count_values(self, n: int) -> tuple[list[int], list[int]]:
        """(values counted over the rows' "v appears" literals, values counted
        over the cells); a value in neither needs no count.

        Over the rows (``row_counts``): a value that no line holds twice
        (:func:`_line_tables`) appears in as many rows as cells. Left out
        (``implied_top_count``, exact line sums): the n's. With N = n(n+1)/2
        numbers in all (the line counts) summing to 1^2 + ... + n^2 (n lines
        of sum (n+1)(2n+1)/6), write c_v = v - d_v for v < n; then
        c_n = n + sum d_v and the total sum is 1^2 + ... + n^2 +
        sum (n - v) d_v, so sum (n - v) d_v = 0. Under "at most v" (d_v >= 0)
        or "at least v" (d_v <= 0) every d_v is 0: the n's are exactly n.
        """
        rows = self.row_counts and self.line_values
        copies = _line_tables(n)[0] if rows else {}
        by_rows = [v for v in range(1, n + 1) if copies.get(v) == 1]
        skip = n if self.implied_top_count and self.sum_op == "==" else None
        return by_rows, [v for v in range(1, n + 1) if v not in by_rows and v != skip]

    def _line_values(self, m: Model, lit, n: int) -> list[dict[int, int]]:
        """Redundant per-line clauses on which values a line holds (see the class
        knobs); ``lit[r][c][v]`` is the literal of x[r,c] = v. Returns per line
        (the rows first) its "v appears" literals (empty without ``line_values``)."""
        copies, forbidden = _line_tables(n)
        g = f"{self.kind}.line-values"
        lines = G.rows_of(n) + G.columns_of(n)
        fresh = iter(())
        if self.line_values:
            with m.formula.group(g):
                fresh = iter(m.formula.new_vars(len(lines) * n))
        cl = []
        out = []
        for line in lines:
            present = {}
            out.append(present)
            for v in range(1, n + 1):
                lits = [lit[r][c][v] for r, c in line]
                if self.line_copies and copies[v] < self.per_line:
                    cl.extend([-l for l in comb]
                              for comb in itertools.combinations(lits, copies[v] + 1))
                if self.line_values:
                    p = next(fresh)
                    present[v] = p
                    cl += [[-l, p] for l in lits]
                    cl.append([-p] + lits)
            if present:
                cl.extend([-present[v] for v in S] for S in forbidden)
        m.formula.add_pool_clauses(cl, group=g)     # the cells' and fresh literals only
        return out

    def givens(self, m: Model) -> list[int]:
        out = []
        for x, sub in zip(self._x, self.grids):
            for r, row in enumerate(sub.givens):
                for c, v in enumerate(row):
                    if v:
                        out.append(x[r][c].lit(v))
        return out

    # ------------------------------------------------------------ solution
    def _decode_grid(self, sol: Solution, x) -> list[list[int]]:
        n = self.size
        out = []
        for r in range(n):
            row = []
            for c in range(n):
                lits = x[r][c].lits
                row.append(next((v for v, l in lits.items() if sol[l]), 0))
            out.append(row)
        return out

    def decode(self, sol: Solution) -> dict[str, Any]:
        grids = [self._decode_grid(sol, x) for x in self._x]
        return {"grids": grids} if self.composite else {"grid": grids[0]}

    def _solved(self, decoded: dict[str, Any]) -> list:
        return decoded["grids"] if self.composite else [decoded["grid"]]

    def check(self, decoded: dict[str, Any]) -> list[str]:
        """The referee's verdict (:func:`satgrid.puzzles.twentyfourseven.check.check`),
        grid by grid (prefixed with the grid's name in the 2x2 kind)."""
        solved = self._solved(decoded)
        if len(solved) != len(self.grids):
            return [f"expected {len(self.grids)} grids, found {len(solved)}"]
        out = []
        for sub, g in zip(self.grids, solved):
            pre = f"{sub.name}: " if self.composite else ""
            out.extend(pre + p for p in checker.check(g, self.size, sub.givens, sub.clues))
        return out

    def answer(self, decoded: dict[str, Any]) -> int:
        if self.composite:
            return checker.answer_2x2(decoded["grids"])
        return checker.answer(decoded["grid"])

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, self._solved(decoded))

    def _grids(self, decoded: dict[str, Any]) -> list:
        return decoded["grids"] if "grids" in decoded else [decoded["grid"]]

    def render_svg(self, decoded: dict[str, Any]) -> str:
        """Each grid with its edge clues around it (:mod:`.drawing`)."""
        return drawing.svg(self, self._grids(decoded))

    def solution_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, self._grids(decoded), frame=True)

    def puzzle_svg(self) -> str:
        return drawing.svg(self, [sub.givens for sub in self.grids])

    def expected_solution(self):
        return self._solution


@register
class TwentyFourSeven2x2(TwentyFourSeven):
    """Four Twenty Four Seven grids (``[[grids]]``) solved as one Model."""

    kind = "twenty-four-seven-2x2"
    composite = True
    #: also no chronological backtracking (always backjump): the shipped 2x2's
    #: unique solve 855 -> 644 conflicts, and each of its four grids solved
    #: alone fewer too (82/328/505/294 -> 72/120/358/281), 0.08 -> 0.07 s CPU
    #: in process; not for the one-grid kind, whose generated grid (26 CEGAR
    #: rounds) took 10,367 -> 12,033 conflicts with it
    tuning = {"lucky": 0, "chrono": 0}
