"""Numberlink (Arukone): join each pair of equal numbers by a line through
cell centres; lines never cross, branch or share a cell (with ``fill``,
every cell is used).

Model (public Model API only), one line set shared by all numbers:

* ``numberlink.edge``: one Boolean per pair of orthogonal neighbours
  (:func:`~satgrid.modelling.geometry.grid_edges`, named ``e[r,c-r,c]``;
  an edge between the cells of two different numbers is left out). These
  are the projection: unique means unique among line sets.
* ``numberlink.colour``: per empty cell, one Boolean per number (``k@r,c``)
  whose line can reach it (some simple path between its two cells, avoiding
  the other numbers, visits the cell: :meth:`Numberlink._on_some_path`), at
  most one true (exactly one with ``fill``; a ladder past
  :data:`LADDER_FROM` numbers); a number's cells have their own colour and
  no other. A used edge joins cells of one colour (both
  directions, per number), so a line never joins two different numbers.
* ``numberlink.degree``: a number's cell has exactly one used edge; an
  empty cell has none or two, two exactly when it has a colour. Also four
  edges round a 2 x 2 block are never all used (a cycle; implied, cheap).
* ``numberlink.taut`` (without ``fill``): under the selector ``taut``, a
  used edge joins two side-by-side cells of one colour (a line never runs
  beside itself). ``solve`` assumes it for the answer shown and for a
  second one (:meth:`Numberlink.search_assumptions`; a unique answer is
  taut, and one taut answer without a detour is unique:
  :meth:`Numberlink._taut`); counting does not. Under ``lean``, assumed
  with it, no free cell lies where a line could go round it in fewer
  edges, or in as many with the free cell moved up (:meth:`Numberlink._lean`),
  and a corner opening downwards has a corner of another line or a number
  inside it (:meth:`Numberlink._spikes`).
* ``numberlink.rooted``: no cycle. Every component of the used edges then
  is a path from a number to its pair or a closed loop; a loop is refused by
  :meth:`Model.connected <satgrid.modelling.model.Model.connected>` on the
  line graph of the edges plus a root joined to every edge at a number:
  the used edges and the root are one connected set (lazy cuts by default:
  the cut of a loop says "one of the edges leaving it is used"; eager layers
  and the propagator on request).

Why not one :meth:`Model.path` per number (the model until 2026-11): its
per-number edge copies propagate little (a cell's colour, the one fact that
excludes most lines, is not a literal), and 15 x 15 puzzles gave no answer
within minutes; this model has the colour and one edge variable per edge
(bench/bench_numberlink.py measures the two and clingo). Decoded: the link
grid and the label of every cell. Formats: :mod:`.formats`; referee:
:mod:`.check`.
"""

from __future__ import annotations

from typing import Any

from ...modelling.geometry import grid_edges
from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ...modelling import connectivity as con
from ...modelling import graphs
from ...modelling.paths import line_graph
from ..base import Puzzle, register
from ..links import links_from_edges
from . import check as checker
from .clues import NumberlinkClues
from . import drawing


def _free_parts(used: list, rows: int, cols: int, numbers) -> dict:
    """Empty cell no line of ``used`` visits -> a name of its connected set of
    such cells."""
    on = {v for e in used for v in e}
    part: dict = {}
    for r in range(rows):
        for c in range(cols):
            if (r, c) in part or (r, c) in on or numbers[r][c] != ".":
                continue
            part[(r, c)] = (r, c)
            todo = [(r, c)]
            while todo:                                     # the free part of (r, c)
                a, b = todo.pop()
                for n in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)):
                    if (0 <= n[0] < rows and 0 <= n[1] < cols and n not in part
                            and n not in on and numbers[n[0]][n[1]] == "."):
                        part[n] = (r, c)
                        todo.append(n)
    return part


def _detours(used: list, rows: int, cols: int, numbers) -> tuple[bool, bool]:
    """(edge, open) for the line set ``used``: whether some used edge x-y has
    a *detour* (a cell beside x and one beside y in one connected set of
    empty cells no line uses: a path through it from x to y then replaces
    x-y), and whether some connected set of free cells lies beside two
    cells of one line (a path through it may replace the line between them)."""
    part = _free_parts(used, rows, cols, numbers)

    def near(v):
        a, b = v
        return {part[n] for n in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)) if n in part}
    edge = any(near(x) & near(y) for x, y in used)
    nbrs: dict = {}
    for x, y in used:
        nbrs.setdefault(x, []).append(y)
        nbrs.setdefault(y, []).append(x)
    line: dict = {}                                         # cell -> its line's name
    for v in nbrs:
        if v not in line:
            line[v], todo = v, [v]
            while todo:
                for n in nbrs[todo.pop()]:
                    if n not in line:
                        line[n] = v
                        todo.append(n)
    seen = set()
    for v, l in line.items():
        for R in near(v):
            if (l, R) in seen:
                return edge, True
            seen.add((l, R))
    return edge, False


def _detour(used: list, rows: int, cols: int, numbers) -> bool:
    """Whether some used edge of ``used`` has a detour (:func:`_detours`)."""
    return _detours(used, rows, cols, numbers)[0]


#: the root of the line graph: joined to every edge at a number's cell
_ROOT = ((-1, -1), (-1, -1))


#: past this many numbers a cell's one colour is a ladder, not pairwise:
#: 64 numbers made 1.6 M pairwise clauses (Janko's 25x32)
LADDER_FROM = 12


#: the conflicts per cell the first search may spend on answers that use
#: every cell (:meth:`Numberlink.search_hints`) before it seeks any answer:
#: 22,500 on a 15x15; Janko's 30x30 (567) found its full answer after
#: 35,612 and noqx's 26x26 after 28,808 (none within a flat 20,000, nor in
#: 30 s without the hint afterwards)
HINT_CONFLICTS_PER_CELL = 100

#: past this many numbers no lean clauses are built (the selector stays,
#: empty): Janko's 25x32 with 64 numbers, 657,314 clauses, went from unique
#: in 15 s to unknown at 20 s with them
LEAN_UPTO = 32

#: the longest run of free cells between two cells of one colour that
#: ``lean`` forbids (clauses of RUN x numbers literals)
RUN = 2


def _amo(model: Model, n: int) -> str | None:
    """The at-most-one encoding of a cell's colours: the model's own, except
    pairwise (the default) over more than :data:`LADDER_FROM` numbers."""
    return "ladder" if n > LADDER_FROM and model.amo == "pairwise" else None


@register
class Numberlink(NumberlinkClues, Puzzle):
    """A Numberlink: ``numbers`` rows of tokens ('.' = empty), each
    non-empty token exactly twice; ``fill``: every cell must be used."""

    kind = "numberlink"
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, numbers, fill: bool = False, *, file: str = "<string>", title: str = "",
                 source: str = "", expect: dict | None = None,
                 solution: list[list[int]] | None = None):
        super().__init__(file, title, source, expect)
        self.numbers = [list(row) for row in numbers]
        self.rows, self.cols = len(self.numbers), len(self.numbers[0])
        self.fill = fill
        self.pairs: dict[str, list] = {}
        for r, row in enumerate(self.numbers):
            for c, t in enumerate(row):
                if t != ".":
                    self.pairs.setdefault(t, []).append((r, c))
        self._solution = solution
        self._edge: dict = {}
        self._inc: dict = {}                    # cell -> its edges' literals
        self._colour: dict = {}
        self._taut_lit: int | None = None
        self._lean_lit: int | None = None
        self._full_lit: int | None = None

    def estimate_clauses(self, model: Model) -> int:
        """Colours (edges x numbers x 2, cells x one-hot), degrees, taut
        lines (edges x numbers), lean lines (numbers x the neighbour pairs round a cell and the runs in a row) and the rooted line graph's connectivity
        (its layers when eager)."""
        k, cells = len(self.pairs), self.rows * self.cols
        m = self.rows * (self.cols - 1) + self.cols * (self.rows - 1)
        amo = _amo(model, k) or model.amo
        total = 2 * k * m + cells * (estimate.exactly(amo, model.card, k, 1) + k + 4)
        total += cells * (estimate.at_most(model.card, 4, 2) + 5) + cells   # degrees, 2 x 2
        if not self.fill:                                   # taut, lean (pairs round a cell, runs)
            R, C = self.rows, self.cols
            pairs = 6 * cells - 6 * (R + C) + 4 if min(R, C) > 1 else max(R, C) - 2
            runs = sum(R * max(0, C - n - 1) + C * max(0, R - n - 1) for n in range(2, RUN + 1))
            total += k * m + cells + k * (max(pairs, 0) + runs) + 8 * cells   # + spikes
        if model.connectivity == "eager":
            total += con.eager_size(m + 1, 6 * m, m, 0, method="layers")[1]
        return total

    def build(self, model: Model) -> None:
        """The shared line set, a colour per cell, degrees and no loop."""
        owner = {v: k for k, vs in self.pairs.items() for v in vs}
        edges = {}
        for e in grid_edges(self.rows, self.cols):
            a, b = owner.get(e[0]), owner.get(e[1])
            if a is None or b is None or a == b:     # two numbers never touch by a line
                edges[e] = model.bool("e[%d,%d-%d,%d]" % (*e[0], *e[1]), "numberlink.edge")
        self._edge = edges
        inc = self._inc = {}
        for e, lit in edges.items():
            inc.setdefault(e[0], []).append(lit)
            inc.setdefault(e[1], []).append(lit)
        reach = self._on_some_path(owner)
        colour: dict = {}
        for r in range(self.rows):
            for c in range(self.cols):
                v = (r, c)
                if v in owner:
                    colour[v] = {owner[v]: model.true}
                else:
                    colour[v] = {k: model.bool("%s@%d,%d" % (k, r, c), "numberlink.colour")
                                 for k in self.pairs if v in reach[k]}
        self._colour = colour
        # plain clauses go to the model in batches (one check each, not one
        # per clause: half of a 6x6's compile), in the order they were
        # written, each group's flushed before the group's next constraint
        deg: list[list[int]] = []
        for v, col in colour.items():
            es = inc.get(v, [])
            if v in owner:
                model.clauses(deg, "numberlink.degree")
                deg = []
                model.exactly(es, 1, group="numberlink.degree")
                continue
            lits = list(col.values())
            how = _amo(model, len(lits))
            if self.fill:
                model.exactly(lits, 1, group="numberlink.colour", encoding=how)
            elif len(lits) > 1:
                model.at_most(lits, 1, group="numberlink.colour", encoding=how)
            deg += [[-x] + es for x in lits]                 # a colour: two used edges
            if len(es) > 2:
                model.clauses(deg, "numberlink.degree")
                deg = []
                model.at_most(es, 2, group="numberlink.degree")
            for i, l in enumerate(es):                      # never one used edge
                deg.append([-l] + es[:i] + es[i + 1:])
                deg.append([-l] + lits)                     # a used edge: a colour
        same = []
        for (u, v), e in edges.items():                     # one colour along a used edge
            cu, cv = colour[u], colour[v]
            for k in (k for k in self.pairs if k in cu or k in cv):   # a stable order
                xu, xv = cu.get(k, model.false), cv.get(k, model.false)
                same += [[-e, -xu, xv], [-e, xu, -xv]]
        model.clauses(same, "numberlink.colour")
        for r in range(self.rows - 1):                      # a 2 x 2 loop: never
            for c in range(self.cols - 1):
                sq = [((r, c), (r, c + 1)), ((r, c), (r + 1, c)),
                      ((r, c + 1), (r + 1, c + 1)), ((r + 1, c), (r + 1, c + 1))]
                if all(e in edges for e in sq):
                    deg.append([-edges[e] for e in sq])
        model.clauses(deg, "numberlink.degree")
        if len(edges) > 1:
            graph = line_graph(edges)
            lits = dict(edges)
            lits[_ROOT] = model.true
            graph.add_node(_ROOT)
            graph.add_edges_from((_ROOT, e) for e in edges if e[0] in owner or e[1] in owner)
            model.connected(lits, graph, group="numberlink.rooted", max_true=len(edges) + 1)
        model.projection = list(edges.values())
        if not self.fill:
            self._taut(model, owner)

    def _taut(self, model: Model, owner: dict) -> None:
        """Without ``fill``: the selector ``taut`` (:meth:`search_assumptions`),
        under which a used edge joins two side-by-side cells of one colour.

        A line that runs beside itself (two side-by-side cells of one line,
        the edge between them unused) has a shortcut: that edge, the cells
        between left empty, is another answer with fewer edges. So every
        answer shortens to a taut one, and a unique answer is taut. The
        reverse of a shortcut is a *detour*: a used edge x-y replaced by a
        path through unused empty cells from x to y (:func:`_detour`).
        Another answer T than a taut S shortens to a taut answer; when S is
        the only taut one, the last shortening of T is the reverse of a
        detour of S. So the puzzle has one answer exactly when it has one
        taut answer and that has no detour: refuting a second answer among
        taut line sets rules out far fewer line sets (bench_numberlink.py).
        Counting and enumeration do not assume ``taut``.
        """
        t = self._taut_lit = model.bool("taut", "numberlink.taut")
        cl = []
        for (u, v), e in self._edge.items():
            cu, cv = self._colour[u], self._colour[v]
            cl += [[-t, e, -cu[k], -cv[k]] for k in self.pairs if k in cu and k in cv]
        model.clauses(cl, "numberlink.taut")
        self._lean(model, owner)

    def _lean(self, model: Model, owner: dict) -> None:
        """Without ``fill``: the selector ``lean`` (assumed with ``taut``),
        under which a free empty cell f (no colour) never has two neighbours
        x, y of one colour k, except round a corner whose third cell z has
        colour k too and lies below f (a *pocket*: x-z-y, two edges, under
        ``taut``), and no run of 2 to :data:`RUN` free cells in a row lies
        between two cells of one colour; and the corners of
        :meth:`_spikes`.

        Otherwise line k runs from x to y in more edges than the free path
        between them has, and that path in its place is another answer with
        fewer edges; or, for a pocket under a corner z, x-f-y in place of
        x-z-y is another answer with as many edges whose free cells come
        earlier in reading order (z for f). So an answer with the fewest
        edges, and of those the one whose free cells sum to the least
        (numbered in reading order), is taut and lean (the first search
        assumes both). Of the answers other than S, such a one, T, is taut
        and lean unless the answer it gives is S; then T's cells between x
        and y (or z) are free in S, one connected set beside two cells of
        one line of S. :func:`_detours` looks for such a set on S ("open")
        before the second search assumes ``lean``."""
        inc = self._inc                                     # a cell used: one of its edges
        full = self._full_lit = model.bool("full", "numberlink.taut")
        model.clauses([[-full] + inc.get(v, []) for v in self._colour if v not in owner],
                      "numberlink.taut")
        t = self._lean_lit = model.bool("lean", "numberlink.taut")
        self._spikes(model, owner, t)
        colour, cl = self._colour, []
        if len(self.pairs) > LEAN_UPTO:
            return
        for (r, c), col in colour.items():
            if (r, c) in owner:
                continue
            here = inc.get((r, c), [])
            ns = [n for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)) if n in colour]
            for i, x in enumerate(ns):
                for y in ns[i + 1:]:
                    z = (x[0] + y[0] - r, x[1] + y[1] - c)      # (r, c) itself when opposite
                    below = z[0] > r                            # a pocket is kept only under z
                    for k in self.pairs:
                        if k in colour[x] and k in colour[y]:
                            zk = [colour[z][k]] if below and k in colour.get(z, {}) else []
                            cl.append([-t, -colour[x][k], -colour[y][k]] + zk + here)
        for dr, dc in ((0, 1), (1, 0)):                     # x, free cells, y in a row
            for (r, c), col in colour.items():
                run: list[int] = []
                for m in range(1, RUN + 1):
                    f, y = (r + m * dr, c + m * dc), (r + (m + 1) * dr, c + (m + 1) * dc)
                    if y not in colour or f in owner:
                        break
                    run += inc.get(f, [])
                    if m > 1:
                        cl += [[-t, -col[k], -colour[y][k]] + run
                               for k in self.pairs if k in col and k in colour[y]]
        model.clauses(cl, "numberlink.taut")

    def _spikes(self, model: Model, owner: dict, t: int) -> None:
        """Under ``lean``: the corners of the lines (Ahle's spikes). The cell
        f inside a corner z of line k (x-z-y, f beside x and y) is not of
        colour k under ``taut`` (x-f-y-z would be a loop); free, it is a
        pocket, which :meth:`_lean` allows only below z; so inside a corner
        that opens downwards (edges left or right and down) f is a number's
        cell or a corner of another line the same way round, and inside one
        that opens upwards f is a number's cell, free, or such a corner.
        Two clauses per corner, no colours: a chain of corners running to
        the border without meeting a number is refuted by propagation."""
        edge, cl = self._edge, []

        def at(a, b):                           # keys: (cell, the one right of or below it)
            return edge.get((a, b) if a < b else (b, a))
        for (r, c) in self._colour:
            if (r, c) in owner:
                continue
            for dr in (1, -1):
                for dc in (-1, 1):
                    a, b = at((r, c), (r, c + dc)), at((r, c), (r + dr, c))
                    f = (r + dr, c + dc)
                    if a is None or b is None or f in owner:
                        continue
                    out = [g for g in (at(f, (f[0], f[1] + dc)), at(f, (f[0] + dr, f[1])))
                           if g is not None]
                    if dr == 1:                             # f: a corner (no edge: none)
                        cl += [[-t, -a, -b, g] for g in out] if len(out) == 2 else [[-t, -a, -b]]
                    elif len(out) == 2:                     # f: a corner or free
                        cl += [[-t, -a, -b, -out[0], out[1]], [-t, -a, -b, -out[1], out[0]]]
                    elif out:
                        cl.append([-t, -a, -b, -out[0]])
        model.clauses(cl, "numberlink.taut")

    def search_hints(self) -> tuple[list[int], int]:
        """``full`` (every empty cell has a colour: :meth:`_lean`) within
        :data:`HINT_CONFLICTS_PER_CELL` x cells: published puzzles use every
        cell, and the search for such an answer is far shorter (Janko 127:
        0.04 s, none in 60 s without it); an answer found so is an answer.
        None with ``fill``."""
        if self._full_lit is None:
            return [], 0
        return [self._full_lit], HINT_CONFLICTS_PER_CELL * self.rows * self.cols

    def search_assumptions(self, first: Solution | None = None) -> list[int]:
        """``taut`` and ``lean`` (:meth:`_taut`, :meth:`_lean`) for the
        answer shown (every puzzle with answers has one with the fewest
        edges, taut and lean) and for a second answer; ``lean`` dropped when
        a free set lies beside two cells of one line of the first, and both
        when the first has a detour of an edge (then another answer exists:
        sought without them); [] with ``fill``.

        Where the second search spends its time (measured 2026-11-27, RESULTS.md):
        when the first answer S uses every cell, another answer that uses
        every cell is refuted in about 100 conflicts; the rest proves that
        no taut and lean answer leaves a cell free, the harder the more
        cells it leaves free. No loop cut is ever made there (the loop-free
        formula is already unsatisfiable), so the connectivity mode does not
        matter. The spikes (:meth:`_spikes`) took Janko 300 from about 80,000
        conflicts to 5,600; cubes per free cell, colour connectivity,
        stronger blocking clauses, an S-shaped lean rule, cut clauses across
        rows and columns and a distance potential per number (every line a
        shortest path through the free cells) did not reduce them."""
        if self._taut_lit is None:
            return []
        if first is None:
            return [self._taut_lit, self._lean_lit]
        edge, wide = _detours([e for e, lit in self._edge.items() if first[lit]],
                              self.rows, self.cols, self.numbers)
        return [] if edge else [self._taut_lit] if wide else [self._taut_lit, self._lean_lit]

    def _on_some_path(self, owner: dict) -> dict:
        """Number -> the empty cells some simple path between its two cells
        can visit (avoiding the other numbers' cells): the cells of the
        biconnected component that holds the edge joining the two, once
        added (a cell lies on a simple a-b path exactly when it shares a
        cycle with the edge a-b). Other cells never take that colour."""
        out = {}
        for k, (a, b) in self.pairs.items():
            g = graphs.Graph()
            g.add_nodes_from((r, c) for r in range(self.rows) for c in range(self.cols)
                             if owner.get((r, c), k) == k)
            g.add_edges_from(e for e in grid_edges(self.rows, self.cols)
                             if e[0] in g and e[1] in g)
            g.add_edge(a, b)
            out[k] = set()
            for comp in graphs.biconnected_component_edges(g):
                if (a, b) in comp or (b, a) in comp:
                    out[k] = {v for e in comp for v in e} - {a, b}
                    break
        return out

    def decode(self, sol: Solution) -> dict[str, Any]:
        """``{"grid": the link grid, "labels": the number of each cell's line}``."""
        used = [e for e, lit in self._edge.items() if sol[lit]]
        labels = [["."] * self.cols for _ in range(self.rows)]
        for (r, c), col in self._colour.items():
            for k, lit in col.items():
                if sol[lit]:
                    labels[r][c] = k
        return {"grid": links_from_edges(used, self.rows, self.cols), "labels": labels}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        """The referee's verdict (:func:`satgrid.puzzles.numberlink.check.check`)."""
        return checker.check(decoded["grid"], decoded["labels"], self.numbers, self.fill)

    def cell_mark(self, r: int, c: int) -> str | None:
        """The number drawn in cell (r, c), or None."""
        t = self.numbers[r][c]
        return None if t == "." else t[-1]

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_puzzle(self) -> str:
        return drawing.puzzle_text(self)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def expected_solution(self):
        return self._solution
