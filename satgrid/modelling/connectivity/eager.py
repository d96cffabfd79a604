"""The eager connectivity encodings: complete CNF for "the true nodes are connected".

:func:`eager_connectivity` gives a rooted spanning tree with order-encoded
breadth-first levels (``"tree"``) or layered reachability (``"layers"``), for
DIMACS export and for comparison with the lazy cuts
(:mod:`satgrid.modelling.connectivity.cuts`); :func:`eager_size` gives their sizes in
closed form. Both use the cuts' stable node order
(:func:`~satgrid.modelling.connectivity.cuts.node_order`), so the same input gives the
same clauses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

if TYPE_CHECKING:  # annotations only
    import networkx as nx

from ...errors import EncodingError
from .cuts import index_graph

__all__ = ["eager_connectivity", "eager_size", "EAGER_METHODS"]

#: names accepted by :func:`eager_connectivity`'s ``method``
EAGER_METHODS = ("tree", "layers")


def _depth(n: int, max_true: int | None) -> int:
    if max_true is None:
        return n - 1
    if max_true < 1:
        raise ValueError("max_true must be >= 1")
    return min(n - 1, max_true - 1)


def eager_size(n: int, m: int, D: int, d0: int, *, method: str = "tree",
               rooted: bool = False) -> tuple[int, int]:
    """(variables, clauses) that :func:`eager_connectivity` makes.

    Args:
        n: nodes with a literal (n >= 2), m: edges between them,
        D: the depth bound (n - 1, or max_true - 1 when smaller; D >= 1),
        d0: degree of the first node in the stable order (of ``root`` when given),
        method: ``"tree"`` or ``"layers"``, rooted: whether ``root`` was given.

    Root selection (``root=None``): 2n - 3 variables, 6n - 9 clauses.
    ``"tree"``:   + (n-1)D + 2m - d0 variables,
                  + (n-1)D + 2(2m - d0) + (2m - 2 d0)D clauses, + (n-1) without root.
    ``"layers"``: + (n-1)D variables,
                  + (2D + 1)(n-1) clauses, + (n-1) without root.
    """
    if method not in EAGER_METHODS:
        raise EncodingError(f"unknown connectivity encoding {method!r}")
    sv, sc = (0, 0) if rooted else (2 * n - 3, 6 * n - 9)
    if method == "tree":
        arcs = 2 * m - d0
        v = (n - 1) * D + arcs
        c = ((n - 1) * (D - 1)                 # order g[v,k+1] -> g[v,k]
             + (0 if rooted else n - 1)        # root -> level 0
             + (n - 1)                         # true non-root -> some parent
             + arcs                            # parent is true
             + arcs + (arcs - d0) * D)         # parent's level is lower
    else:
        v = (n - 1) * D
        c = ((n - 1) * (D if not rooted else D - 1)   # R[v,k-1] -> R[v,k]
             + (n - 1) * D                            # R[v,k] -> some R[u,k-1]
             + 2 * (n - 1))                           # R[v,D] <-> x_v
    return sv + v, sc + c


def eager_connectivity(lits: dict[Hashable, int], graph: nx.Graph, source, *,
                       root: Hashable | None = None, method: str = "tree",
                       max_true: int | None = None) -> list[list[int]]:
    """A complete CNF encoding of "the true nodes of ``lits`` are connected".

    Projected on the literals of ``lits``, the satisfying assignments of the
    returned clauses are exactly the connected subsets of ``graph[lits]``,
    the empty set included (with the restrictions of ``root`` and ``max_true``
    below). Auxiliary variables come from ``source.new_vars(count)``.

    Root selection. The set of true nodes is unknown, so the root of the
    spanning tree is *the first true node* in the stable order (v_0, v_1, ...):
    with p_i = "some node among v_0..v_i is true" (p_0 = x_0, p_i <-> p_{i-1}
    or x_i) the root indicator is r_i <-> x_i and not p_{i-1} (r_0 = x_0).
    Exactly one node is the root when any node is true; its level is 0.

    ``method="tree"``: a rooted spanning tree with order-encoded breadth-first
    levels. Level d_v in 0..D as g[v,k] = "d_v >= k" (k = 1..D,
    g[v,k+1] -> g[v,k]); parent arcs a[v,u] for every edge, both directions.
    Clauses: r_v -> not g[v,1]; x_v -> r_v or OR_u a[v,u]; a[v,u] -> x_u;
    a[v,u] -> g[v,1]; a[v,u] and g[u,k] -> g[v,k+1] (k = 1..D-1);
    a[v,u] -> not g[u,D]. Following parents strictly lowers the level, so it
    ends at the single root: every true node is joined to it through true
    nodes. Conversely a breadth-first tree of a connected X from its first node
    satisfies them, since its depth is at most |X| - 1 <= D.

    ``method="layers"``: layered reachability (distance labels without parent
    variables). R[v,k] = "v is true and within k steps of the root through true
    nodes", R[v,0] = r_v, k = 1..D. Clauses: R[v,k-1] -> R[v,k];
    R[v,k] -> R[v,k-1] or OR_{u adjacent to v} R[u,k-1]; R[v,D] -> x_v;
    x_v -> R[v,D]. Smaller than "tree" (no arc variables, no per-arc level
    clauses); the same argument shows it exact.

    The first node (or ``root``) needs no level or layer variables: when true,
    it is the root.

    Size, for n >= 2 nodes, m edges among them, D the depth bound and d0 the
    degree of the first node (of ``root`` when given); see :func:`eager_size`:

    =============  ========================  =======================================
    part           variables                 clauses
    =============  ========================  =======================================
    root choice    2n - 3 (0 with ``root``)  6n - 9 (0 with ``root``)
    ``"tree"``     (n-1)D + 2m - d0          (n-1)D + 2(2m - d0) + (2m - 2d0)D
                                             + (n-1) without ``root``
    ``"layers"``   (n-1)D                    (2D + 1)(n-1) + (n-1) without ``root``
    =============  ========================  =======================================

    Literals: about (6m + 2n) D for "tree", (2m + 4n) D for "layers".
    Examples (grid graphs, d0 = 2, no ``root``):
    9x9 (n = 81, m = 144): D = 80: tree 6 845 variables / 30 249 clauses,
    layers 6 559 / 13 437; with max_true = 45 (D = 44): tree 3 965 / 17 145,
    layers 3 679 / 7 677. 7x7 (n = 49, m = 84), max_true = 28 (D = 27):
    tree 1 557 / 6 389, layers 1 391 / 2 973.

    Args:
        lits: node -> literal ("the node is in the set" when true).
        graph: undirected networkx graph holding every node of ``lits``.
        source: gives fresh variables: ``new_var()`` / ``new_vars(count)``
            (a :class:`~satgrid.core.formula.Formula`, a VarCounter, ...).
        root: a node known to be in the set whenever the set is non-empty (a
            given filled cell). It becomes the root and the root-choice chain is
            dropped; the solutions are then the connected sets that contain
            ``root``, and the empty set.
        method: ``"tree"`` or ``"layers"`` (:data:`EAGER_METHODS`).
        max_true: an upper bound on the number of true nodes that the caller
            enforces separately (e.g. 28 in Twenty Four Seven). It caps the
            depth at D = max_true - 1 (a connected set of s nodes has depth at
            most s - 1 from any of its nodes). Connected sets larger than
            ``max_true`` may then be rejected; smaller ones never are.

    Returns:
        The clauses (lists of ints). Nothing is added to ``source`` but
        variables.

    Raises:
        EncodingError: an unknown ``method``.
        ValueError: a node of ``lits`` (or ``root``) missing from ``graph``, a
            zero literal, a directed graph, ``max_true < 1``.
    """
    if method not in EAGER_METHODS:
        raise EncodingError(f"unknown connectivity encoding {method!r}; "
                            f"choose one of {', '.join(EAGER_METHODS)}")
    nodes, x, adj = index_graph(lits, graph)
    n = len(nodes)
    D = _depth(n, max_true)
    if root is not None:
        if root not in lits:
            raise ValueError(f"root {root!r} has no literal")
        first = nodes.index(root)
    else:
        first = 0
    if n <= 1:
        return []
    clauses: list[list[int]] = []
    add = clauses.append
    # the build's limits (clause count, --time-limit) on the clauses made so
    # far, asked once per node or arc: this list can grow past both before
    # it reaches the formula (Formula.guard, set while a puzzle is compiled)
    guard = getattr(getattr(source, "guard", None), "check", None)

    def tick() -> None:
        if guard is not None:
            guard(len(clauses))

    # root indicators: r[i] a literal, or None when node i can never be the root
    r: list[int | None] = [None] * n
    if root is not None:
        r[first] = x[first]
    else:
        sel = source.new_vars(2 * n - 3)
        rv = [x[0]] + list(sel[:n - 1])            # r_0 = x_0, r_1..r_{n-1}
        pv = [x[0]] + list(sel[n - 1:])            # p_0 = x_0, p_1..p_{n-2}
        for i in range(1, n):
            ri, xi, pp = rv[i], x[i], pv[i - 1]
            add([-ri, xi]); add([-ri, -pp]); add([ri, -xi, pp])
            if i < n - 1:
                pi = pv[i]
                add([-pp, pi]); add([-xi, pi]); add([-pi, pp, xi])
        r = rv
    others = [i for i in range(n) if i != first]

    if D <= 0:                                      # at most one true node: only the root
        for i in others:
            add([-x[i], r[i]] if r[i] is not None else [-x[i]])
        return clauses

    if method == "layers":
        R = {}
        block = source.new_vars((n - 1) * D)
        for t, i in enumerate(others):
            R[i] = [r[i]] + list(block[t * D:(t + 1) * D])     # R[i][0] = r_i (or None)
        # the first node (or root): R[first][k] = x_first for every k
        R[first] = [x[first]] * (D + 1)
        for i in others:
            tick()
            Ri = R[i]
            for k in range(1, D + 1):
                prev = Ri[k - 1]
                if prev is not None:
                    add([-prev, Ri[k]])
                cl = [-Ri[k]]
                if prev is not None:
                    cl.append(prev)
                for j in adj[i]:
                    lj = R[j][k - 1]
                    if lj is not None:
                        cl.append(lj)
                add(cl)
            add([-Ri[D], x[i]])
            add([-x[i], Ri[D]])
        return clauses

    # method == "tree": levels g[i][k] = "d_i >= k", k = 1..D (g[i][0] unused)
    g: dict[int, list[int]] = {}
    block = source.new_vars((n - 1) * D)
    for t, i in enumerate(others):
        tick()
        g[i] = [0] + list(block[t * D:(t + 1) * D])
        for k in range(1, D):
            add([-g[i][k + 1], g[i][k]])
        if r[i] is not None:
            add([-r[i], -g[i][1]])
    arcs = [(i, j) for i in others for j in adj[i]]
    avars = source.new_vars(len(arcs))
    parents: dict[int, list[int]] = {i: [] for i in others}
    for a, (i, j) in zip(avars, arcs):
        tick()
        parents[i].append(a)
        add([-a, x[j]])
        add([-a, g[i][1]])
        if j != first:
            gj, gi = g[j], g[i]
            for k in range(1, D):
                add([-a, -gj[k], gi[k + 1]])
            add([-a, -gj[D]])
    for i in others:
        cl = [-x[i]]
        if r[i] is not None:
            cl.append(r[i])
        cl.extend(parents[i])
        add(cl)
    return clauses
