"""``hooks`` (Hooks 8): nested L-shaped hooks, numbers, one connected group.

Rules (SPEC.md section 1): an n x n grid is partitioned into n nested hooks;
hook k takes one outer row and one outer column of the k x k square left by
the hooks larger than k, so it spans k rows and k columns and has 2k - 1
cells. The layout is unknown (4^(n-1) of them). Number k is placed k times in
one hook, each hook holding one number (``numbers = "room"``, the default: a
hook of 2k - 1 cells can hold m <= 2k - 1; ``numbers = "size"``: number k goes
in the k-hook). Filled cells are orthogonally connected, every 2x2 square has
an empty cell, the regions have equal sums, givens are respected. Answer: the
product of the areas of the connected groups of empty cells.

The TOML instance (``size``, ``numbers``, ``regions``, ``givens``) is read by
:mod:`satgrid.puzzles.hooks.formats`; the referee is
:mod:`satgrid.puzzles.hooks.check`.

The model, for an n x n grid (one incremental SAT model, layout and numbers
decided together):

* **layout** (group ``hooks.layout``): two free Booleans per hook k = n..2,
  ``top[k]`` (hook k takes the top row of square k, else the bottom one) and
  ``left[k]`` (left column, else right): exactly one assignment per layout,
  so the 4^(n-1) layouts are reachable and none twice. The top-left corner
  (a_k, b_k) of square k is a unary counter of those choices,
  a_{k-1} = a_k + top[k], in the order encoding ``a_k >= v`` (a sequential
  counter over top[n], top[n-1], ...). Row i is in square k,
  R_k(i) = (a_k <= i) and (a_k >= i - k + 1), likewise C_k(j); cell (i, j)
  is in square k, Q_k(i,j) = R_k(i) and C_k(j); and it belongs to hook k,
  H_k(i,j) = Q_k(i,j) and not Q_{k-1}(i,j). Every gate is a Tseitin AND
  (constants are folded: rows that every k-square contains need no
  variable). At most about 2n^3 gates of 3 clauses each.
* **numbers** (``hooks.numbers``): num[k] one-hot over the numbers hook k
  may hold (1..min(n, 2k-1), or {k} with ``numbers = "size"``), a
  permutation of 1..n.
* **cells** (``hooks.cell``): x[i,j] one-hot over 0..n (0 = empty).
* **hook number** (``hooks.hook-number``): H_k(i,j) and x[i,j] = m ->
  num[k] = m, n^4 ternary clauses.
* **count** (``hooks.count``): exactly m cells hold m, for m = 1..n. With the
  two groups above this is the whole of "k copies of k in one hook": all the
  m's lie in hooks that hold m, and only one hook does. (It replaces a
  per-hook cardinality over unknown membership, which would be far larger.)
  With equal region sums (more than one region) it is "at most m"
  (``count_op``): the regions then add up to 1^2 + ... + n^2, and with c_m <=
  m copies of each m, sum m c_m = sum m^2 holds only when every c_m = m. On
  Hooks 8: 3,280 variables and 6,001 clauses fewer, 0.07 -> 0.055 s CPU in
  process for its unique solve (414 -> 483 conflicts).
* **2x2** (``hooks.2x2``): at most 3 of the 4 cells of each window filled: the
  one clause "some cell of the window is empty".
* **connected** (``hooks.connected``): ``model.connected`` over the filled
  literals (lazy separator cuts by default; eager for DIMACS), plus implied
  cuts up front (``local_cuts``): a filled cell has a filled neighbour (the
  group has n(n+1)/2 > 1 cells). Hooks 8's unique solve: 7 -> 5 CEGAR rounds,
  781 -> 414 conflicts, 0.09 -> 0.07 s CPU in process; the dominoes too
  (``local_cuts = 2``) made 586 conflicts.
* **region sums** (``hooks.region-sum``): every region adds up to
  S = (1^2 + ... + n^2) / (number of regions): the grid holds k copies of k,
  so the total is fixed and S with it (no S variable needed). Each is a
  decision diagram over the region's cells
  (:func:`~satgrid.core.encodings.mdd.sum_of_one_hot`: domain consistent
  on the cells' values, where a weighted-sum BDD over their one-hot literals
  is not; Hooks 8's whole process 0.38 -> 0.24 s CPU). A total that
  does not divide makes the instance unsatisfiable (one empty clause).

``model.projection`` is the cell values and the layout choices, so counting
and uniqueness are about completed grids (with their layouts).

Sizes for Hooks 8 (9 x 9, 19 regions, default encodings; ``satgrid stats``):

=================  =========  =======
group              variables  clauses
=================  =========  =======
hooks.layout           1 056    3 117
hooks.cell               810    3 726
hooks.numbers             61      416
hooks.hook-number          0    5 805
hooks.count            3 280   10 360
hooks.2x2                  0       64
hooks.connected            0       81
hooks.region-sum       5 173   17 253
total                 10 380   40 824
=================  =========  =======

``solve --unique`` takes about 0.06 s CPU in process (a handful of CEGAR
rounds, tens of cuts); ``bench/bench_hooks.py`` compares it with the seed's method.
"""

from __future__ import annotations

from typing import Any

from ...core.encodings import estimate, mdd
from ...modelling.geometry import grid_graph, small_regions, windows
from ...modelling.model import Model, Solution
from ..base import Puzzle, register
from . import check as checker
from .clues import HooksClues
from . import drawing

#: where number k may go: "room" (any hook with at least k cells) or "size" (the k-hook)
NUMBERS_RULES = ("room", "size")


class _Gates:
    """AND/OR gates over literals with constant folding and sharing.

    A gate r <-> a & b is what ``Model.reify_and([a, b])`` makes -- a fresh
    variable (in the formula's current group) and the clauses (-r | a),
    (-r | b), (r | -a | -b) -- with its clauses kept in :attr:`clauses`, in
    order, for one :meth:`flush` into ``group`` (over the pool's literals:
    checked once per batch), not one checked batch per gate.
    """

    def __init__(self, model: Model, group: str):
        self.m = model
        self.group = group
        self.T = model.true
        self.F = -self.T
        self._and: dict[tuple[int, int], int] = {}
        self.clauses: list[list[int]] = []

    def flush(self) -> None:
        """Add the gates' clauses made so far to the model (group ``group``)."""
        self.m.formula.add_pool_clauses(self.clauses, group=self.group)
        self.clauses = []

    def and2(self, a: int, b: int) -> int:
        T, F = self.T, self.F
        if a == F or b == F or a == -b:
            return F
        if a == T or a == b:
            return b
        if b == T:
            return a
        key = (a, b) if a < b else (b, a)
        r = self._and.get(key)
        if r is None:
            r = self._and[key] = self.m.formula.new_var()
            a, b = key
            self.clauses += ([-r, a], [-r, b], [r, -a, -b])
        return r

    def or2(self, a: int, b: int) -> int:
        return -self.and2(-a, -b)


class HookLayout:
    """The variables of an unknown nested hook layout of an n x n grid.

    Args:
        model: the model to add to.
        n: the grid's side (n >= 1).
        group: constraint group of the layout's clauses and variables.

    Attributes:
        top, left: ``{k: literal}`` for k = n..2, the free choices.
        corner_row, corner_col: ``{k: [lit(a_k >= v) for v = 0..n-k+1]}``.
        rows, cols: ``{k: [R_k(i) for i in range(n)]}`` ("row i inside square k").
        inside: ``{k: {(i, j): Q_k(i,j)}}`` (cell inside square k), k = 0..n.
        member: ``{k: {(i, j): H_k(i,j)}}`` (cell belongs to hook k).

    Literals may be the model's constant ``true``/``false`` where the layout
    does not depend on a choice.
    """

    def __init__(self, model: Model, n: int, group: str = "hooks.layout"):
        self.n = n
        self.model = model
        with model.formula.group(group):
            g = _Gates(model, group)
            F = g.F
            self.top = {k: model.bool(f"top[{k}]", group) for k in range(n, 1, -1)}
            self.left = {k: model.bool(f"left[{k}]", group) for k in range(n, 1, -1)}
            self.corner_row = self._counter(g, self.top)
            self.corner_col = self._counter(g, self.left)
            self.rows = {k: [self._span(g, self.corner_row[k], k, i) for i in range(n)]
                         for k in range(1, n + 1)}
            self.cols = {k: [self._span(g, self.corner_col[k], k, j) for j in range(n)]
                         for k in range(1, n + 1)}
            cells = [(i, j) for i in range(n) for j in range(n)]
            self.inside = {0: {c: F for c in cells}}
            for k in range(1, n + 1):
                rk, ck = self.rows[k], self.cols[k]
                self.inside[k] = {(i, j): g.and2(rk[i], ck[j]) for i, j in cells}
            self.member = {k: {c: g.and2(self.inside[k][c], -self.inside[k - 1][c]) for c in cells}
                           for k in range(1, n + 1)}
            g.flush()

    def _counter(self, g: _Gates, choice: dict[int, int]) -> dict[int, list[int]]:
        """Order encoding of a_k = sum of choice[m] for m = n..k+1 (a_n = 0).

        ``ge[k][v]`` is the literal of a_k >= v for v = 0..n-k+1 (the ends are
        constants: a_k >= 0 is true, a_k >= n-k+1 false).
        """
        n = self.n
        ge = {n: [g.T, g.F]}
        for k in range(n, 1, -1):
            cur = ge[k]
            nxt = [g.T]
            for v in range(1, n - k + 2):
                nxt.append(g.or2(cur[v], g.and2(cur[v - 1], choice[k])))
            nxt.append(g.F)
            ge[k - 1] = nxt
        return ge

    @staticmethod
    def _span(g: _Gates, ge: list[int], k: int, i: int) -> int:
        """Row (column) i inside square k: a_k <= i and a_k >= i - k + 1."""
        def at_least(v: int) -> int:
            if v <= 0:
                return g.T
            if v >= len(ge):
                return g.F
            return ge[v]
        return g.and2(-at_least(i + 1), at_least(i - k + 1))

    def choice_vars(self) -> list[int]:
        """The 2(n-1) free choice variables (top[k], left[k] for k = n..2)."""
        return [self.top[k] for k in self.top] + [self.left[k] for k in self.left]

    def member_vars(self) -> list[int]:
        """The distinct variables among the membership literals H_k(i,j)."""
        T = self.model.true
        seen = dict.fromkeys(abs(l) for k in self.member for l in self.member[k].values()
                             if abs(l) != T)
        return list(seen)

    def decode(self, sol: Solution) -> list[list[int]]:
        """The layout as an n x n grid of hook sizes (0 where no or several hooks hold a cell)."""
        n = self.n
        out = []
        for i in range(n):
            row = []
            for j in range(n):
                ks = [k for k in range(1, n + 1) if sol[self.member[k][(i, j)]]]
                row.append(ks[0] if len(ks) == 1 else 0)
            out.append(row)
        return out


def layout_model(n: int) -> tuple[Model, list[int]]:
    """A model of the nested hook layouts of an n x n grid alone.

    Returns:
        (model, projection): the projection is the membership variables
        H_k(i,j) (also set as ``model.projection``), so ``model.count()``
        counts distinct layouts; it is 4^(n-1). The layout object is
        ``model.hook_layout``.
    """
    m = Model(description=f"hooks: layouts of a {n} x {n} grid")
    lay = HookLayout(m, n)
    proj = lay.member_vars()
    m.projection = proj
    m.hook_layout = lay
    return m, proj


@register
class Hooks(HooksClues, Puzzle):
    """A Hooks instance (n x n, regions, givens, numbers rule)."""

    kind = "hooks"
    encoding_choices = ("amo", "card", "connectivity")
    #: implied connectivity cuts up front: every orthogonally connected set of
    #: at most this many cells (fewer than the group's), if all filled, has a
    #: filled cell on its border (see the module docstring)
    local_cuts = 1
    #: the value counts with equal region sums: "<=" (exact with them, see
    #: the module docstring) or "=="; without region sums always "=="
    count_op = "<="

    def __init__(self, n: int, regions: list[list[str]] | None = None,
                 givens: list[list[int]] | None = None, numbers: str = "room",
                 solution: list[list[int]] | None = None, **kw):
        super().__init__(**kw)
        self.n = n
        self.regions = regions
        self.given = givens or [[0] * n for _ in range(n)]
        self.numbers = numbers
        self._solution = solution
        self._x = None
        self.layout: HookLayout | None = None

    # ---------------------------------------------------------------- model
    def region_cells(self) -> dict[str, list[tuple[int, int]]]:
        """Region label -> cells in reading order (one region when there is no grid)."""
        n = self.n
        out: dict[str, list[tuple[int, int]]] = {}
        for i in range(n):
            for j in range(n):
                out.setdefault(self.regions[i][j] if self.regions else "", []).append((i, j))
        return out

    def estimate_clauses(self, model: Model) -> int:
        """The layout (about 6 n^3), n^2 cells over 0..n, the numbers, a hook's
        number in its cells (n^4), the value counts (exactly m of n^2 for m =
        1..n), the 2x2 rule, the region sums and, eager, the connectivity
        layers (n^2 cells x n(n+1)/2 layers x 5), the implied cuts (fewer than
        4^size connected sets of a size per cell)."""
        n, amo, card = self.n, model.amo, model.card
        cells = n * n
        total = n * (n + 1) * (2 * n + 1) // 6
        regions = self.region_cells()
        sums = 0
        if len(regions) > 1 and total % len(regions) == 0:
            s = total // len(regions)
            sums = sum(sum(min(s, k * n) + 1 for k in range(len(r))) * (3 * n + 4)
                       for r in regions.values())
        eager = cells * (n * (n + 1) // 2) * 5 if model.connectivity == "eager" else 0
        return (6 * n ** 3 + cells * estimate.one_hot(amo, n + 1)
                + 2 * n * estimate.one_hot(amo, n) + n ** 4
                + sum(estimate.exactly(amo, card, cells, m) for m in range(1, n + 1))
                + (n - 1) ** 2 + sums + eager + cells + cells * 4 ** self.local_cuts)

    def build(self, model: Model) -> None:
        n = self.n
        cells = [(i, j) for i in range(n) for j in range(n)]
        lay = self.layout = HookLayout(model, n, "hooks.layout")
        T = model.true
        F = -T

        x = dict(zip(cells, model.int_block([f"x[{i},{j}]" for i, j in cells], range(n + 1),
                                            group="hooks.cell")))
        self._x = x

        with model.formula.group("hooks.numbers"):
            num = {}
            for k in range(1, n + 1):
                dom = [k] if self.numbers == "size" else range(1, min(n, 2 * k - 1) + 1)
                num[k] = model.int(f"num[{k}]", dom, group="hooks.numbers")
            model.permutation([num[k] for k in range(1, n + 1)], range(1, n + 1),
                              group="hooks.numbers")
        self._num = num

        # a filled cell of hook k holds num[k] (the constant false literal left out);
        # these clauses and the 2x2 ones are over the model's own literals:
        # checked once per batch (Formula.add_pool_clauses)
        cl = []
        for k in range(1, n + 1):
            nlits = num[k].lits
            for c in cells:
                h = lay.member[k][c]
                if h == F:
                    continue
                xl = x[c].lits
                head = [] if h == T else [-h]
                for m in range(1, n + 1):
                    lit = nlits.get(m, F)
                    cl.append(head + [-xl[m]] if lit == F else head + [-xl[m], lit])
        model.formula.add_pool_clauses(cl, group="hooks.hook-number")

        total = n * (n + 1) * (2 * n + 1) // 6
        regions = self.region_cells()
        sums = len(regions) > 1 and total % len(regions) == 0
        count = model.at_most if sums and self.count_op == "<=" else model.exactly
        with model.formula.group("hooks.count"):
            for m in range(1, n + 1):
                count([x[c].lits[m] for c in cells], m, group="hooks.count")

        filled = {c: -x[c].lits[0] for c in cells}
        model.formula.add_pool_clauses([[x[c].lits[0] for c in w] for w in windows(n, n, 2)],
                                       group="hooks.2x2")
        graph = grid_graph(n)
        size = min(self.local_cuts, n * (n + 1) // 2 - 1)      # sets smaller than the group
        if size > 0:
            flat = [filled[divmod(i, n)] for i in range(n * n)]     # by cell number r * n + c
            model.formula.add_pool_clauses(
                [[-flat[i] for i in S] + [flat[j] for j in border]
                 for S, border in small_regions(n, size)], group="hooks.connected")
        with model.formula.group("hooks.connected"):
            model.connected(filled, graph, group="hooks.connected",
                            max_true=n * (n + 1) // 2)

        with model.formula.group("hooks.region-sum"):
            if total % len(regions):
                model.clause([F], "hooks.region-sum")        # no equal sums possible
            elif len(regions) > 1:
                s = total // len(regions)
                for cells_r in regions.values():
                    cl = mdd.sum_of_one_hot(model.formula, [x[c].lits for c in cells_r], s)
                    model.formula.add_pool_clauses(cl or [[F]], group="hooks.region-sum")
                model.formula.encodings["hooks.region-sum"] = "decision diagram"

        model.projection = ([x[c].lits[m] for c in cells for m in range(n + 1)]
                            + lay.choice_vars())

    def givens(self, model: Model) -> list[int]:
        return [self._x[(i, j)].lits[v] for i, row in enumerate(self.given)
                for j, v in enumerate(row) if v]

    # ---------------------------------------------------------------- solve
    def decode(self, sol: Solution) -> dict[str, Any]:
        n = self.n
        grid = [[sol.value(self._x[(i, j)]) for j in range(n)] for i in range(n)]
        return {"grid": grid, "hooks": self.layout.decode(sol)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        """The referee's verdict (:func:`satgrid.puzzles.hooks.check.check`)."""
        if "hooks" not in decoded:
            return ["no hook layout in the solution"]
        return checker.check(decoded["grid"], decoded["hooks"], size=self.n,
                             regions=self.regions, givens=self.given, numbers=self.numbers)

    def answer(self, decoded: dict[str, Any]) -> int:
        return checker.answer(decoded["grid"])

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def given_grid(self) -> list:
        return self.given

    def puzzle_svg(self) -> str:
        return drawing.puzzle_svg(self)

    def expected_solution(self):
        return self._solution

    def signature(self) -> tuple:
        regions = tuple(map(tuple, self.regions)) if self.regions else None
        return (self.kind, self.n, self.numbers, regions)
