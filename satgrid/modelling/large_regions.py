"""Regions larger than the labelled sizes, exactly and without a bound.

A partition (:func:`satgrid.modelling.regions.partition`) names its small
regions by root labels, which cost a literal per cell and candidate root
within the largest size; a bound on every region that the puzzle does not
state would be a wrong rule (Fillomino: an unnumbered region may be any
size). With ``small`` set, the regions of up to ``small`` cells are the
labelled ones, and every larger region is made of *large* cells:

* ``large[v]``: v lies in a region of more than ``small`` cells;
* ``join[v, w]`` (adjacent v, w): both are large and lie in one region
  (``join -> large`` at both ends). The large regions are the components of
  the large cells over the joined edges, so every partition has exactly one
  assignment of these literals and counting them counts partitions.

:class:`LargeRegions` checks a model lazily (CEGAR); each clause it returns
is false in the model and true in every partition that keeps the rules:

* an unjoined edge inside a component (two large cells, one region, yet
  "not joined"): ``-large[v] or -large[w] or join[v, w] or`` one joined edge
  of a path between them unjoined;
* a component of at most ``small`` cells (a large region is larger): its
  spanning tree's edges not all joined, or one of its outer edges joined
  (a lone cell: not large, or an outer edge joined);
* a component over ``max_size`` cells: ``max_size + 1`` of its cells'
  spanning tree not all joined;
* with ``distinct_sizes`` (Fillomino), two adjacent components of one size:
  both exact (trees joined, outer edges not) is refused; and with
  ``beside`` (the size literals of labelled neighbours), a component of n
  cells that is exact refuses "size n" to a neighbour outside it.

Rare in puzzles and cheap when absent: a unique puzzle's large regions are
few, so the cuts are few; the labelled encoding stays what it was for the
sizes the clues name.
"""

from __future__ import annotations

from collections import deque
from typing import Hashable

__all__ = ["LargeRegions"]


class LargeRegions:
    """The lazy check of the large regions (see the module docstring).

    Args:
        large: cell -> literal "the cell lies in a large region" (cells that
            cannot be large have none).
        join: (v, w) -> literal "v and w are large and in one region", for
            adjacent cells that both have a ``large`` literal.
        small: the regions of at most this many cells are not large (>= 1).
        max_size: the largest region allowed, or None.
        distinct_sizes: adjacent regions never have one size (Fillomino).
        name: a label for reports.
        beside: large cell -> {neighbour: {k: literal "its region has k cells"}}.
    """

    def __init__(self, large: dict[Hashable, int], join: dict[tuple, int], small: int,
                 max_size: int | None = None, distinct_sizes: bool = False,
                 name: str = "large regions", beside: dict | None = None):
        self.large, self.join = dict(large), dict(join)
        self.beside = beside or {}
        self.small, self.max_size, self.distinct = small, max_size, distinct_sizes
        self.name = name
        self.adj: dict = {v: [] for v in self.large}
        for (v, w), l in self.join.items():
            self.adj[v].append((w, l))
            self.adj[w].append((v, l))
        self.stats = {"calls": 0, "rounds": 0, "cuts": 0}

    def __repr__(self) -> str:
        return f"LargeRegions({self.name!r}, cells={len(self.large)}, cuts={self.stats['cuts']})"

    @staticmethod
    def _value(model, l: int) -> bool:
        i = abs(l) - 1
        return i < len(model) and (model[i] > 0) == (l > 0)

    def regions(self, model) -> list[tuple[list, list[int], list[int]]]:
        """The large regions of ``model``: (cells, their BFS tree's join
        literals, the join literals of their outer edges), in cell order."""
        val = self._value
        on = {v for v, l in self.large.items() if val(model, l)}
        seen: set = set()
        out = []
        for s in self.large:
            if s not in on or s in seen:
                continue
            seen.add(s)
            cells, tree, todo = [s], [], deque([s])
            while todo:
                u = todo.popleft()
                for w, l in self.adj[u]:
                    if w in on and w not in seen and val(model, l):
                        seen.add(w)
                        cells.append(w)
                        tree.append(l)
                        todo.append(w)
            inside = set(cells)
            outer = [l for u in cells for w, l in self.adj[u] if w not in inside]
            out.append((cells, tree, outer))
        return out

    def sizes(self, model) -> dict:
        """``{cell: its region's size}`` for the large cells of ``model``."""
        return {v: len(cells) for cells, _, _ in self.regions(model) for v in cells}

    def _path(self, model, a, b) -> list[int]:
        """The join literals of a path of joined edges from a to b."""
        val, back, todo = self._value, {a: None}, deque([a])
        while todo:
            u = todo.popleft()
            if u == b:
                break
            for w, l in self.adj[u]:
                if w not in back and val(model, l):
                    back[w] = (u, l)
                    todo.append(w)
        out, u = [], b
        while back[u] is not None:
            u, l = back[u]
            out.append(l)
        return out

    def violated(self, model) -> list[list[int]]:
        """Clauses ``model`` violates (see the module docstring); [] when its
        large regions keep the rules."""
        self.stats["calls"] += 1
        val, out = self._value, []
        regs = self.regions(model)
        where = {v: i for i, (cells, _, _) in enumerate(regs) for v in cells}
        touching = set()
        for (v, w), l in self.join.items():
            if v in where and w in where and not val(model, l):
                if where[v] == where[w]:
                    out.append([-self.large[v], -self.large[w], l]
                               + [-x for x in self._path(model, v, w)])
                else:
                    touching.add(tuple(sorted((where[v], where[w]))))
        if out:                       # the components are not regions yet
            return self._count(out)
        for cells, tree, outer in regs:
            n = len(cells)
            if n <= self.small:
                out.append([-x for x in tree] + list(outer)
                           + ([-self.large[cells[0]]] if n == 1 else []))
            elif self.max_size is not None and n > self.max_size:
                out.append([-x for x in tree[:self.max_size]])   # BFS order: a subtree
            else:
                inside = set(cells)
                for u in cells:
                    for w, ks in self.beside.get(u, {}).items():
                        if w not in inside and n in ks and val(model, ks[n]):
                            out.append([-x for x in tree] + list(outer) + [-ks[n]])
        if self.distinct:
            for i, j in sorted(touching):
                (ci, ti, oi), (cj, tj, oj) = regs[i], regs[j]
                if len(ci) == len(cj):
                    out.append([-x for x in ti + tj] + list(dict.fromkeys(oi + oj)))
        return self._count(out)

    def _count(self, out: list[list[int]]) -> list[list[int]]:
        if out:
            self.stats["rounds"] += 1
            self.stats["cuts"] += len(out)
        return out
