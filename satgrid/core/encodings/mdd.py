"""The sum of one-hot integers as a multi-valued decision diagram: ``mdd``.

Each input is one cell's one-hot literals, ``{value: literal}`` (exactly one
true, said elsewhere); the constraint is ``sum of the cells' values ==
total``. The diagram has one level per cell: node (k, s) is "the first k
cells add up to s", kept for the sums s that the values reach and from
which ``total`` stays reachable (one auxiliary each; the root and the end
are constants). A node and a value lead to the next node, ``-node | -(x_k =
v) | next``, or, with no next node, to nothing, ``-node | -(x_k = v)``; and
a node takes one of its edges, ``-node | e_1 | e_2 | ...`` with ``-e | (x_k
= v)`` and ``-e | next`` (an edge into the end is its value literal alone).

With each cell's exactly-one, unit propagation keeps exactly the values
that lie on some path: domain consistency on the sum, which a weighted-sum
encoding (``bdd``) over the cells' one-hot literals does not give, since it
lets one cell take two values (cf. the MDD decompositions of G. Gange,
P. J. Stuckey, "Explaining propagators for s-DNNF circuits", CPAIOR 2012,
and I. Abío et al., "BDDs for pseudo-Boolean constraints -- revisited",
SAT 2011). **Size:** at most min(total, k * max value) + 1 nodes at level
k, each with one clause per value, up to three per edge and its support
clause.

>>> from satgrid.core.formula import Formula
>>> f = Formula(); xs = [{v: f.var(f"x{i}={v}") for v in (1, 2, 3)} for i in range(2)]
>>> len(sum_of_one_hot(f, xs, 6))         # both 3: 2 values refused a level, an edge (3), 2 supports
9
>>> sum_of_one_hot(f, xs, 7) is None      # out of reach
True
"""

from __future__ import annotations

from typing import Mapping, Sequence


def sum_of_one_hot(formula, cells: Sequence[Mapping[int, int]], total: int
                   ) -> list[list[int]] | None:
    """The clauses of ``sum(values of cells) == total`` (new auxiliaries from
    ``formula``), or None when no choice of values reaches ``total``."""
    doms = [sorted(c) for c in cells]
    reach = [{0}]
    for d in doms:
        reach.append({s + v for s in reach[-1] for v in d if s + v <= total})
    live = [set() for _ in cells] + [{total} & reach[-1]]
    for k in range(len(cells) - 1, -1, -1):
        after = live[k + 1]
        live[k] = {s for s in reach[k] if any(s + v in after for v in doms[k])}
    if 0 not in live[0]:
        return None
    # the nodes one block of auxiliaries, level by level; the edges' the next
    # block, numbered in the order the loop below meets them (made at the end)
    ids = iter(formula.new_vars(sum(len(live[k]) for k in range(1, len(cells)))))
    node = [{0: None}] + [{s: next(ids) for s in sorted(live[k])}
                          for k in range(1, len(cells))] + [{total: None}]
    e = first = formula.new_vars(0).start
    cl: list[list[int]] = []
    add = cl.append
    for k, lits in enumerate(cells):
        nxt, items = node[k + 1], list(lits.items())
        for s, u in node[k].items():
            head, edges = ([] if u is None else [-u]), []
            for v, lit in items:
                w = nxt.get(s + v, 0)
                if w == 0:
                    add(head + [-lit])
                elif w is None:
                    edges.append(lit)
                else:
                    cl += ([*head, -lit, w], [-e, lit], [-e, w])
                    edges.append(e)
                    e += 1
            add(head + edges)
    if formula.new_vars(e - first).start != first:      # nothing else drew from the pool
        raise AssertionError("mdd: the edge auxiliaries are not the block expected")
    return cl
