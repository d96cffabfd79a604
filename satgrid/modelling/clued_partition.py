"""A partition into connected regions, each region rooted at its first number.

:func:`clued_partition` is the partition of Fillomino: every cell in one
connected region, some cells numbered with their region's size, the
regions' count unknown. :func:`satgrid.modelling.regions.partition` names
each region by its first cell, so every cell is a candidate root within
the largest number's reach: a 15x15 grid with a 16 made 2.7 M clauses.
Here a region is named by its first *numbered* cell, whose number bounds
the region's reach; only regions without a number are named by their first
cell, and they are labelled up to ``free`` cells (larger ones are
:mod:`satgrid.modelling.large_regions`' large cells, any size).

Roots. Cells in the order given, v_0, v_1, ...

* a numbered root a (number s): ``label[v][a]`` for v within s - 1 steps of
  a through unnumbered cells and the cells numbered s not before a (a
  numbered cell of another number, or numbered s before a, is in no region
  of a: a would not be its first number);
* a free root r (not numbered): ``label[v][r]`` for unnumbered v not before
  r, within ``free - 1`` steps through such cells.

Every partition into connected regions has exactly one labelling: each
region's first numbered cell, or for a region without numbers its first
cell if it has at most ``free`` cells, else its cells are large (and joined
along its inner edges), so counting the ``projection()`` counts partitions.

Constraints (group ``G`` = ``group``):

* ``G.label``: exactly one label (or ``large``) per cell; ``label[v][r] ->
  label[r][r]`` (a used root lies in its own region).
* ``G.size``: a numbered root a: a totalizer over a's labels cut at s + 1,
  ``label[a][a] -> o_s and -o_{s+1}``; a free root: a totalizer cut at
  ``free + 1``, ``-o_{free+1}``. At most (n - the other numbers' sum) / s
  roots numbered s are used, n the cell count: each other number t needs a
  region of t cells of its own (the bound binds where one number repeats,
  as noqx's 9x9 with eight 19s). ``size[v][k]`` (for the k that v's
  candidate roots allow, exactly one per cell with ``large[v]``):
  ``label[v][a] -> size[v][s]`` for a numbered root, ``label[v][r] and o_k
  and -o_{k+1} -> size[v][k]`` for a free one.
* ``G.connected``: each root's labelled cells are connected: the layered
  encoding rooted at it, depth (its bound) - 1, or lazy cuts with that
  encoding as fallback (``mode="lazy"``).
* ``G.large``: the large cells' joins and their lazy check, which also
  refuses a large region beside a labelled cell of its size when
  ``distinct_sizes``.

The result is a :class:`~satgrid.modelling.regions.Partition`
(``same(v, w)``, ``sizes_of``, ``projection``).
"""

from __future__ import annotations

from typing import Hashable, Iterable, Mapping

from . import connectivity as con
from .regions import Partition, _fallback, _large_regions, _layers_clauses, _name, distances
from ..core.encodings import totalizer as _tot
from ..errors import SatgridError

__all__ = ["clued_partition"]


def clued_partition(m, cells: Iterable[Hashable], graph, sizes: Mapping[Hashable, int], *,
                    free: int | None, max_size: int | None = None, mode: str = "eager",
                    group: str = "regions", distinct_sizes: bool = False) -> Partition:
    """The partition described in the module docstring.

    Args:
        m: the :class:`~satgrid.modelling.model.Model`.
        cells: the cells (nodes of ``graph``), in the order that names roots.
        graph: an undirected networkx graph holding the cells.
        sizes: numbered cell -> its region's size.
        free: regions without a number are labelled up to this many cells;
            None: every size up to ``max_size`` (or the cell count), no large
            cells (a complete CNF, with ``mode="eager"``).
        max_size: the largest region allowed (a rule of the puzzle), or None.
        mode: ``"eager"`` or ``"lazy"`` connectivity of the labelled regions.
        group: the constraint group prefix.
        distinct_sizes: regions side by side never have one size (large
            ones checked lazily, labelled ones by the caller's rules on
            ``size``).
    """
    cells = list(dict.fromkeys(cells))
    index = {v: i for i, v in enumerate(cells)}
    sizes = dict(sizes)
    for v, s in sizes.items():
        if v not in index:
            raise SatgridError(f"sized cell {v!r} is not one of the cells")
        if isinstance(s, bool) or not isinstance(s, int) or s < 1:
            raise SatgridError(f"size of the region of {v!r} must be an int >= 1, not {s!r}")
    n = len(cells)
    bound = n if max_size is None else min(max_size, n)
    cap = bound if free is None else min(free, bound)
    sub = graph.subgraph(cells)
    T, gl = m.true, group + ".label"
    unnumbered = [v for v in cells if v not in sizes]
    large = {} if cap >= bound else {v: m.bool(f"{group}.large[{_name(v)}]", gl)
                                     for v in unnumbered}
    label: dict = {v: {} for v in cells}
    limit: dict = {}                        # root -> its region's largest size
    for r in cells:
        s = sizes.get(r)
        if s is None:
            room = sub.subgraph([v for v in unnumbered if index[v] >= index[r]])
            reach, limit[r] = distances(room, r, cap - 1), cap
        else:
            if s > bound:
                m.clause([m.false], group + ".size")
                continue
            room = sub.subgraph([v for v in cells if v not in sizes
                                 or (sizes[v] == s and index[v] >= index[r])])
            reach, limit[r] = distances(room, r, s - 1), s
        for v in sorted(reach, key=index.get):
            label[v][r] = m.bool(f"{group}[{_name(v)}]={_name(r)}", gl)
    for v in cells:
        ls = list(label[v].values()) + ([large[v]] if v in large else [])
        if not ls:
            m.clause([m.false], gl)
        else:
            m.exactly(ls, 1, gl)
        m.clauses([[-l, label[r][r]] for r, l in label[v].items() if r != v], gl)
    members = {}
    for v in cells:
        for r, l in label[v].items():
            members.setdefault(r, {})[v] = l
    size = _sizes(m, cells, label, members, sizes, limit, group, large)
    checkers: list = []
    join = _large_regions(m, sub, large, cap, max_size, distinct_sizes, group, checkers,
                          sized=size if distinct_sizes else None)
    g = f"{group}.connected"
    for r, lits in members.items():
        if len(lits) <= 1 or limit[r] <= 1:
            continue
        if mode == "eager":
            with m.formula.group(g):
                m.clauses(con.eager_connectivity(lits, sub, m.formula, root=r, method="layers",
                                                 max_true=limit[r]), g)
            m.formula.encodings[g] = "eager reachability layers"
            continue
        cuts = con.ConnectivityCuts(lits, sub, anchors=[r], name=f"{g}[{_name(r)}]",
                                    fallback=_fallback(m, lits, sub, r, limit[r], g, "layers"),
                                    fallback_clauses=_layers_clauses(len(lits), limit[r]))
        m.add_lazy(cuts)
        m.formula.encodings[g] = "lazy cuts"
        checkers.append(cuts)
    return Partition(m, label, size, checkers, group, large, join)


def _sizes(m, cells, label, members, sizes, limit, group, large) -> dict:
    """``G.size`` (see the module docstring); returns ``size[v][k]``."""
    g = group + ".size"
    out, cl = {}, []
    for r, mem in members.items():
        lits = list(mem.values())
        with m.formula.group(g):
            c, out[r] = _tot.totalizer_outputs(lits, min(len(lits), limit[r] + 1), m.formula,
                                               up=True, down=True)
            cl += c
        o, s = out[r], sizes.get(r)
        if s is not None:
            own = mem[r]
            cl.append([-own, o[s - 1]] if s <= len(o) else [-own])
            if s < len(o):
                cl.append([-own, -o[s]])
        elif len(o) > limit[r]:
            cl.append([-o[limit[r]]])
    if out:
        m.formula.encodings[g] = "totalizer"
    total, values = len(cells), set(sizes.values())
    for s in sorted(values):                # at most this many regions of s cells
        most = (total - sum(values - {s})) // s
        roots = [mem[r] for r, mem in members.items() if sizes.get(r) == s]
        if most < len(roots):
            m.at_most(roots, max(most, 0), g)
    size: dict = {v: {} for v in cells}
    for v in cells:
        ks = set()
        for r in label[v]:
            ks |= {sizes[r]} if r in sizes else set(range(1, limit[r] + 1))
        size[v] = {k: m.bool(f"{group}.size[{_name(v)}]={k}", g) for k in sorted(ks)}
        if size[v] or v in large:
            m.exactly(list(size[v].values()) + ([large[v]] if v in large else []), 1, g)
        for r, l in label[v].items():
            if r in sizes:
                cl.append([-l, size[v][sizes[r]]])
                continue
            o = out[r]
            for k, sk in size[v].items():
                if k <= len(o):
                    cl.append([-l, -o[k - 1]] + ([o[k]] if k < len(o) else []) + [sk])
    m.clauses(cl, g)
    return size
