"""``knight-moves``: a knight's path labelled 1..L with equal region sums.

Rules (SPEC.md): a grid divided into regions. A knight starts on the square
labelled 1 and makes moves, never revisiting a square, labelling the squares
1, 2, ..., L in order. L is not given (at least the largest given label, at
most the number of cells, and the sum 1..L must divide evenly among the
regions). Unvisited squares stay empty. In every region the labels add up to
the same sum. Some labels are given. Answer: the sum over rows of (largest
label in the row)^2, 0 for a row with no label.

The TOML instance (``regions``, ``givens``, ``length``) is read by
:mod:`satgrid.puzzles.knight_moves.formats`; the referee is
:mod:`satgrid.puzzles.knight_moves.check`.

The model (one incremental SAT model, Model API only)
-----------------------------------------------------
Let N be the number of cells, R the number of regions.

*Length candidates.* L must satisfy R | L(L+1)/2, and the region sum
S = L(L+1)/(2R) must be at least L (label L lies in some region), i.e.
L >= 2R - 1; L is at least the largest given; every region must be able to
reach S with its k cells (S <= L + (L-1) + ... + (L-k+1)) and its givens must
not exceed S. The remaining values are the *candidates* L_1 < ... < L_m;
Lmax = L_m.

*Domains (sound pre-filtering).* A knight's move flips the square colour, and
between labels t and t' the path takes |t - t'| moves, so label t can sit on
cell c only if, for every given label g at cell c_g, the knight distance
d(c, c_g) <= |t - g| and d(c, c_g) = |t - g| (mod 2). A given cell holds only its
own label. Only feasible (label, cell) pairs get a variable.

*Variables* (named, primary): ``x[r,c]=t`` -- label t is on cell (r, c), for
feasible pairs, t = 1..Lmax. They are the projection: two solutions differ
iff their grids differ. Auxiliary: ``L>=t`` (order literals, t = 1..Lmax)
and ``in[g]=t`` (label t lies in region g).

*Constraints* (groups ``knight-moves.*``):

- ``cell``: at most one label per cell (model amo encoding).
- ``label``: at most one cell per label (model amo encoding).
- ``length``: ``L>=t`` <-> some cell has label t; ``L>=t+1 -> L>=t``;
  ``L>=t -> L>=t+1`` for a non-candidate t; ``L>=Lmin``.
- ``move``: ``x[c]=t -> OR(x[c']=t-1 : c' a knight move from c)`` (t >= 2)
  and, redundant but propagating, ``x[c]=t and L>=t+1 -> OR(x[c']=t+1)``.
- ``region``: ``in[g]=t <-> OR(x[c]=t : c in g)`` (label t lies in region g;
  at most one region since at most one cell holds t).
- ``region-sum``: one pseudo-Boolean equality per region (model ``pb``
  encoding, BDD by default) in which the common sum is written with the
  order literals of L::

      sum_t t * in[g]=t  ==  S_1 + sum_{k>=2} (S_k - S_{k-1}) * (L >= L_k)

  Since ``L>=L_k`` holds exactly for the candidates up to the chosen one, the
  right side is the S of the chosen L. Terms are given largest first.

Why this form (measured on Knight Moves 4, bench/bench_knight_moves.py, CPU
seconds of build + solve + uniqueness on this 2-core machine; PB = bdd):

============================  =========  =========  ==========
region sum written as          clauses    conflicts  CPU s
============================  =========  =========  ==========
order literals (default)        38 263        557      0.09
one-hot candidate literals      82 706      2 014      0.40
order, pb = swc                902 369        287      1.71
order, pb = gtotalizer         253 664        430      0.51
============================  =========  =========  ==========

On the generated 6x6 (instances/knight-moves-generated-6x6.toml: four
givens, eight candidates, 19 304 conflicts) the one-hot form is faster
(1.0 s against 1.5 s, 14 956 conflicts): neither form wins everywhere; the
default follows the published puzzle, where the gap is 4.5x.

The one-hot form ``sum_k S_k * (L = L_k)`` lets the BDD see every subset of
the candidate literals (it does not know that exactly one is true), so its
partial sums spread over 0..sum S_k; with the order form the increments are
small and monotone. Per-candidate guarded constraints (one solve per L under
assumptions, as the seed did with CP-SAT) would need a half-reified
``Model.linear``, which the Model API does not offer, and would also build
one PB per candidate. "<=" or ">=" alone (the other direction is implied by
the total 1 + ... + L = R * S) is smaller but propagates far worse (15x and
1000x more conflicts).

Sizes for Knight Moves 4 (10x10, 17 regions, candidates
L in {33, 34, 50, 51}; 67.. fail because a two-cell region holds at most
2L - 1 < S): see ``satgrid stats``.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ...modelling import geometry as G
from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ..base import Puzzle, register
from . import check as checker
from . import drawing
from .clues import KnightMovesClues

K = "knight-moves"


def knight_distances(src: G.Cell, rows: int, cols: int) -> dict[G.Cell, int]:
    """Knight distance from ``src`` to every reachable cell (breadth-first)."""
    dist = {src: 0}
    todo = deque([src])
    while todo:
        cur = todo.popleft()
        for nb in G.knight_moves(cur, rows, cols):
            if nb not in dist:
                dist[nb] = dist[cur] + 1
                todo.append(nb)
    return dist


def length_candidates(regions: list[list[str]], givens: list[list[int]]) -> list[tuple[int, int]]:
    """The feasible (L, S) pairs: path length L and the region sum S it implies.

    Args:
        regions: rows of region tokens.
        givens: rows of given labels (0 = none).

    Returns:
        Sorted list of (L, S = L(L+1)/(2R)) passing the necessary conditions of
        the module docstring.
    """
    rows, cols = len(regions), len(regions[0])
    n = rows * cols
    size: dict[str, int] = {}
    gsum: dict[str, int] = {}
    for r in range(rows):
        for c in range(cols):
            k = regions[r][c]
            size[k] = size.get(k, 0) + 1
            gsum[k] = gsum.get(k, 0) + givens[r][c]
    R = len(size)
    lmin = max([1, 2 * R - 1] + [v for row in givens for v in row])
    out = []
    for L in range(lmin, n + 1):
        if (L * (L + 1)) % (2 * R):
            continue
        S = L * (L + 1) // (2 * R)
        ok = all(gsum[k] <= S and
                 min(size[k], L) * L - min(size[k], L) * (min(size[k], L) - 1) // 2 >= S
                 for k in size)
        if ok:
            out.append((L, S))
    return out


@register
class KnightMoves(KnightMovesClues, Puzzle):
    """A Knight Moves instance: ``regions`` (tokens) and ``givens`` (0 = none)."""

    kind = K
    encoding_choices = ("amo", "pb")
    #: how the region sum S enters each region's PB constraint: "order"
    #: (weights S_k - S_{k-1} on the literals L >= L_k; the default, measured
    #: fastest) or "onehot" (weights S_k on literals L = L_k); see the module doc.
    region_sum_terms = "order"

    def __init__(self, regions: list[list[str]], givens: list[list[int]] | None = None,
                 *, solution: list[list[int]] | None = None, length: int | None = None, **kw):
        super().__init__(**kw)
        self.length = length
        self.regions = [list(row) for row in regions]
        self.rows = len(self.regions)
        self.cols = len(self.regions[0])
        self.grid_givens = ([list(row) for row in givens] if givens is not None
                            else [[0] * self.cols for _ in range(self.rows)])
        self._solution = solution
        self._p: dict[tuple[int, int], int] | None = None

    # ------------------------------------------------------------ model
    def candidates(self) -> list[tuple[int, int]]:
        """Feasible (L, S) pairs (see :func:`length_candidates`); only L = length when given."""
        out = length_candidates(self.regions, self.grid_givens)
        return out if self.length is None else [(L, S) for L, S in out if L == self.length]

    def domains(self, lmax: int) -> list[list[int]]:
        """``dom[t]``: indices (reading order) of the cells that may hold label t.

        A cell other than the givens' may hold t when, for every given v,
        its knight distance d from v's cell fits the gap (d <= |t - v|, of
        the same parity). Computed per cell as intervals of t, not per
        (t, cell, given); kept per ``lmax`` (the estimate and the build both
        ask for it).
        """
        cached = getattr(self, "_dom", None)
        if cached is not None and cached[0] == lmax:
            return [list(d) for d in cached[1]]
        rows, cols = self.rows, self.cols
        given = [(v, (r, c)) for r in range(rows) for c in range(cols)
                 if (v := self.grid_givens[r][c])]
        dists = [(v, knight_distances(cell, rows, cols)) for v, cell in given]
        dom: list[list[int]] = [[] for _ in range(lmax + 1)]
        fixed = {}
        for v, (r, c) in given:
            fixed.setdefault(r * cols + c, v)
        for i in range(rows * cols):
            if i in fixed:
                continue
            cell = (i // cols, i % cols)
            parity = None
            allowed = None
            for v, dist in dists:
                d = dist.get(cell)
                if d is None or (parity is not None and (v + d) % 2 != parity):
                    allowed = ()
                    break
                parity = (v + d) % 2
                gone = range(max(1, v - d + 1), min(lmax, v + d - 1) + 1)  # |t - v| < d
                if allowed is None:
                    allowed = set(range(1 if parity else 2, lmax + 1, 2))
                allowed.difference_update(gone)
            if allowed is None:                       # no givens: every label
                allowed = range(1, lmax + 1)
            for t in sorted(allowed):
                dom[t].append(i)
        for v, (r, c) in given:
            if v <= lmax:
                dom[v] = [r * cols + c]
        self._dom = (lmax, [list(d) for d in dom])
        return dom

    def estimate_clauses(self, model: Model) -> int:
        """From the longest feasible path L (:meth:`candidates`) and the cells
        each label may take (:meth:`domains`, when cells x L x givens is under
        2e7; else every cell): the label literals p, at-most-one per cell and
        per label, about 5p length, move and region clauses, and one weighted
        sum per region (its cells' labels, weight t for label t, bound the
        largest region sum)."""
        cand = self.candidates()
        if not cand:
            return 1
        rows, cols = self.rows, self.cols
        cells, (lmax, smax) = rows * cols, cand[-1]
        ngiven = sum(1 for row in self.grid_givens for v in row if v)
        if cells * lmax * max(1, ngiven) > 20_000_000:   # every cell takes every label
            size: dict[str, int] = {}
            for k in (k for row in self.regions for k in row):
                size[k] = size.get(k, 0) + 1
            return (cells * estimate.at_most(model.amo, lmax, 1)
                    + lmax * estimate.at_most(model.amo, cells, 1) + 5 * cells * lmax
                    + sum(3 * (lmax * k + len(cand)) * (smax + 1) for k in size.values()))
        dom = self.domains(lmax)
        per_cell = [0] * cells
        weights: dict[str, list[int]] = {}
        region_of = [k for row in self.regions for k in row]
        for t in range(1, lmax + 1):
            for i in dom[t]:
                per_cell[i] += 1
                weights.setdefault(region_of[i], []).append(t)
        p = sum(per_cell)
        sums = sum(estimate.linear(model.pb, w + [smax] * len(cand), smax)
                   for w in weights.values())
        return (sum(estimate.at_most(model.amo, k, 1) for k in per_cell)
                + sum(estimate.at_most(model.amo, len(d), 1) for d in dom)
                + 5 * p + 3 * lmax + sums)

    def build(self, m: Model) -> None:
        rows, cols = self.rows, self.cols
        cells = G.cells(rows, cols)
        cand = self.candidates()
        self._cand = cand
        self._p = {}
        if not cand:
            m.clause([m.false], f"{K}.length")  # no length fits: unsatisfiable
            m.projection = []
            return
        lmin, lmax = cand[0][0], cand[-1][0]
        dom = self.domains(lmax)
        # label literals x[r,c]=t, created label by label (reading order within)
        p: dict[tuple[int, int], int] = {}
        for t in range(1, lmax + 1):
            for i in dom[t]:
                r, c = cells[i]
                p[t, i] = m.bool(f"x[{r},{c}]={t}", f"{K}.label")
        self._p = p
        m.projection = list(p.values())
        by_cell: list[list[int]] = [[] for _ in cells]
        for (t, i), lit in p.items():
            by_cell[i].append(lit)
        m.at_most_one_each([lits for lits in by_cell if len(lits) > 1], f"{K}.cell")
        # labels used: u[t] <-> L >= t
        with m.formula.group(f"{K}.length"):
            u = [m.true] + [m.aux() for _ in range(lmax)]
        cl = []
        label = [[p[t, i] for i in dom[t]] for t in range(lmax + 1)]
        m.at_most_one_each([lits for lits in label[1:] if len(lits) > 1], f"{K}.label")
        for t in range(1, lmax + 1):
            lits = label[t]
            cl.append([-u[t]] + lits)
            cl.extend([-l, u[t]] for l in lits)
            if t > 1:
                cl.append([-u[t], u[t - 1]])
            if t <= lmin:
                cl.append([u[t]])
        is_cand = {L for L, _ in cand}
        for t in range(lmin, lmax):
            if t not in is_cand:
                cl.append([-u[t], u[t + 1]])
        add = m.formula.add_pool_clauses        # clauses over the model's own literals
        add(cl, group=f"{K}.length")
        # knight moves, both directions
        nbrs = [[j for j in (rr * cols + cc for rr, cc in G.knight_moves(cell, rows, cols))]
                for cell in cells]
        cl = []
        at = [{i: p[t, i] for i in dom[t]} for t in range(lmax + 1)] + [{}]   # at[t][cell]
        for (t, i), lit in p.items():
            if t > 1:
                before = at[t - 1]
                cl.append([-lit] + [before[j] for j in nbrs[i] if j in before])
            if t < lmax:
                after = at[t + 1]
                cl.append([-lit, -u[t + 1]] + [after[j] for j in nbrs[i] if j in after])
        add(cl, group=f"{K}.move")
        self._u = u
        # which S: order form S = S_1 + sum_k (S_k - S_{k-1}) * [L >= L_k] (default),
        # or one-hot form S = sum_k S_k * [L = L_k] (needs candidate literals)
        if self.region_sum_terms == "order":
            s_terms, prev = [], 0
            for L, S in cand:
                s_terms.append((u[L], S - prev))
                prev = S
        else:
            s_terms, cl = [], []
            for L, S in cand:
                if L == lmax:
                    eq = u[L]
                else:
                    with m.formula.group(f"{K}.length"):
                        eq = m.aux()
                    cl += [[-eq, u[L]], [-eq, -u[L + 1]], [eq, -u[L], u[L + 1]]]
                s_terms.append((eq, S))
            add(cl, group=f"{K}.length")
        # region membership of labels and the equal sums
        region_of = [self.regions[r][c] for r, c in cells]
        names = list(dict.fromkeys(region_of))
        by_region: list[dict[str, list[int]]] = [{} for _ in range(lmax + 1)]
        for t in range(1, lmax + 1):
            here = by_region[t]
            for i in dom[t]:
                here.setdefault(region_of[i], []).append(p[t, i])
        cl = []
        for name in names:
            lits, weights = [], []
            for lit, w in reversed(s_terms):
                lits.append(lit)
                weights.append(-w)
            for t in range(lmax, 0, -1):  # lmax <= S for every candidate
                inside = by_region[t].get(name)
                if not inside:
                    continue
                if len(inside) == 1:
                    q = inside[0]
                else:
                    with m.formula.group(f"{K}.region"):
                        q = m.aux()
                    cl.append([-q] + inside)
                    cl.extend([-l, q] for l in inside)
                lits.append(q)
                weights.append(t)
            m.linear(lits, weights, "==", 0, f"{K}.region-sum")
        add(cl, group=f"{K}.region")

    def givens(self, m: Model) -> list[int]:
        if not self._p:
            return []
        cols = self.cols
        out = []
        for r, row in enumerate(self.grid_givens):
            for c, v in enumerate(row):
                if v:
                    out.append(self._p[v, r * cols + c])
        return out

    # ------------------------------------------------------------ solution
    def decode(self, sol: Solution) -> dict[str, Any]:
        cols = self.cols
        out = [[0] * cols for _ in range(self.rows)]
        for (t, i), lit in self._p.items():
            if sol[lit]:
                out[i // cols][i % cols] = t
        return {"grid": out}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        """The referee's verdict (:func:`satgrid.puzzles.knight_moves.check.check`),
        and the path length when the instance fixes it."""
        problems = checker.check(decoded["grid"], self.regions, self.grid_givens)
        if self.length is not None:
            top = max((v for row in decoded["grid"] for v in row), default=0)
            if top != self.length:
                problems.append(f"the path has {top} labels, but length = {self.length}")
        return problems

    def answer(self, decoded: dict[str, Any]) -> int:
        return checker.answer(decoded["grid"])

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def given_grid(self) -> list:
        return self.grid_givens

    def puzzle_svg(self) -> str:
        return drawing.puzzle_svg(self)

    def expected_solution(self):
        return self._solution
