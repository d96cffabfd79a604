"""Connectivity: "the nodes whose literal is true form one connected set".

Given a dict ``lits`` from the nodes of an undirected ``graph`` to literals
(DIMACS ints), the constraint holds for an assignment when the set

    X = {v in lits : lits[v] is true}

induces a connected subgraph of ``graph[lits]`` (the graph restricted to the
nodes that have a literal; a node of ``graph`` without a literal is never in X
and never links two nodes of X). **The empty set and a single node count as
connected**; a caller that needs at least one true node adds the clause
``OR(lits.values())`` itself.

Two ways to impose it, with the same solutions:

* :class:`ConnectivityCuts` -- lazy, a CEGAR checker. Solve without the
  constraint; :meth:`ConnectivityCuts.violated` finds the components of X with
  networkx and returns *separator cuts* that the current assignment violates;
  the session adds them and solves again, until X is connected or the formula is
  unsatisfiable. Nothing is added up front.
* :func:`eager_connectivity` -- a complete CNF (a rooted spanning tree with
  order-encoded breadth-first levels, or layered reachability), for DIMACS
  export and for comparison.

Nodes known to be false (forbidden cells) are best left out of ``lits``:
the eager encoding gets smaller and the cuts stop routing separators through
them.

Which one. ``bench/bench_connectivity.py`` measures both: the lazy cuts add
nothing when the other constraints already make the true nodes connected
(often 0 to a few rounds), but can need hundreds of rounds when connectivity
must join far-apart given cells, where the eager ``"layers"`` encoding solves
the same models one to two orders of magnitude faster (and ``"tree"`` is
several times slower than ``"layers"``). Hence a checker's ``fallback``: the
:class:`~satgrid.model.Model`'s lazy mode gives the session the layered
encoding once the cuts have taken ``switch_after`` (30) rounds, which is the
fastest of the three ways over that benchmark's sets.

Node order. Both use one stable order of the nodes: ``sorted(lits)`` when the
nodes are mutually comparable (grid cells ``(row, col)`` are), otherwise the
order of ``lits``. Cuts and encodings depend only on that order, ``lits`` and
the edges, so the same input gives the same clauses.

Example:
    >>> import networkx as nx
    >>> from pysat.solvers import Solver
    >>> g = nx.path_graph(3)                       # 0 - 1 - 2
    >>> lits = {0: 1, 1: 2, 2: 3}
    >>> cuts = ConnectivityCuts(lits, g)
    >>> cuts.violated([1, -2, 3])                  # {0, 2}: two components
    [[-1, -3, 2]]
    >>> cuts.violated([1, 2, 3]), cuts.stats["rounds"], cuts.stats["cuts"]
    ([], 1, 1)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, Hashable, Iterable, Sequence

if TYPE_CHECKING:  # annotations only
    import networkx as nx

from .errors import EncodingError

__all__ = ["ConnectivityCuts", "eager_connectivity", "eager_size", "EAGER_METHODS",
           "node_order"]

#: separators :class:`ConnectivityCuts` can use
SEPARATORS = ("minimal", "boundary")
#: names accepted by :func:`eager_connectivity`'s ``method``
EAGER_METHODS = ("tree", "layers")


# --------------------------------------------------------------------- shared
def node_order(lits: dict) -> list:
    """The stable node order used by the cuts and the eager encodings.

    ``sorted(lits)`` when the nodes can be compared with each other, otherwise
    the insertion order of ``lits``.
    """
    nodes = list(lits)
    try:
        return sorted(nodes)
    except TypeError:
        return nodes


def _index_graph(lits: dict, graph) -> tuple[list, list[int], list[list[int]]]:
    """(nodes in stable order, their literals, adjacency lists of indices).

    Adjacency is restricted to nodes with a literal; self-loops are dropped;
    each list is sorted.
    """
    if graph.is_directed():
        raise ValueError("connectivity needs an undirected graph "
                         "(use graph.to_undirected())")
    nodes = node_order(lits)
    index = {v: i for i, v in enumerate(nodes)}
    missing = [v for v in nodes if v not in graph]
    if missing:
        raise ValueError(f"node {missing[0]!r} has a literal but is not in the graph")
    out = []
    for v in nodes:
        lit = lits[v]
        if isinstance(lit, bool) or not isinstance(lit, int) or lit == 0:
            raise ValueError(f"literal of node {v!r} must be a non-zero int, not {lit!r}")
        out.append(int(lit))
    adj = []
    for v in nodes:
        i = index[v]
        adj.append(sorted({index[w] for w in graph[v] if w in index and index[w] != i}))
    return nodes, out, adj


# ----------------------------------------------------------------------- lazy
class ConnectivityCuts:
    """The connectivity constraint as a lazy CEGAR checker (separator cuts).

    For an assignment whose true nodes X fall into components C_1..C_k (k > 1)
    of ``graph[X]``, :meth:`violated` returns clauses of the form

        (not a) or (not b) or OR(lits[s] for s in S)

    with ``a`` in one component C, ``b`` in another component D and S a set of
    nodes, all false in the assignment, that separates a from b.

    The separator (``separator="minimal"``, the default). Let N(C) be the
    outer boundary of C (nodes outside C adjacent to C) and Q the component of
    ``graph - (C + N(C))`` that contains b. Then S = the nodes of N(C) adjacent
    to Q. It is a minimal a-b separator: each node of S touches C and Q.

    Why a cut is valid (it excludes no connected solution). Take any
    assignment where a and b are true and X is connected: a path
    a = p_0, ..., p_t = b runs through true nodes. Let p_j be the last node of
    the path in C + N(C) (a is there, b is not, so j < t). Then
    p_{j+1}, ..., p_t avoid C + N(C) and end at b, so they lie in Q; p_j is
    adjacent to p_{j+1} in Q, so p_j is not in C (a node of Q adjacent to C
    would be in N(C)): p_j is in N(C), touches Q, so p_j is in S, and it is
    true. The clause holds. It is violated by the current assignment: a and b
    are true, and every node of N(C) is false (a true node adjacent to C
    belongs to C). Dropping the rest of N(C) -- the boundary of holes enclosed
    by C, of pockets that cannot lead to b -- keeps the clause valid and
    makes it shorter, hence stronger. ``separator="boundary"`` uses the nodes
    of N(C) in the component of ``graph - C`` that holds b instead (also valid,
    by the same argument with C alone; kept for comparison).

    Both sides. The same construction from D's side (with a and b swapped)
    gives a second separator S'. Both cuts are returned, the smaller first:
    one is tight around C, the other around D, and the next models must
    break both. (``bench/bench_connectivity.py``, part 3: about half the
    rounds of returning only the smaller one, summed over its instances;
    single instances vary either way.)

    Which pairs: the components are sorted largest first (ties: by their
    smallest node index). Each component is first cut against the largest,
    then the remaining pairs in order, until ``max_cuts_per_round`` clauses
    (duplicates removed). ``a`` and ``b`` represent their components: the
    first anchor in the component (see ``anchors``), else its first node in
    the stable node order. The cuts are a function of the assignment alone.

    Args:
        lits: node -> literal (an int, possibly negative; "the node is in the
            set" when the literal is true).
        graph: an undirected networkx graph that holds every node of ``lits``.
        max_cuts_per_round: most clauses returned by one call (>= 1).
        separator: ``"minimal"`` or ``"boundary"`` (see above).
        anchors: nodes preferred as ``a`` and ``b``, typically nodes known to
            be in the set (given filled cells). Any choice gives valid cuts;
            with a known-true anchor, the cut holds in every later model
            instead of only those where that particular node is true.
        name: a label for reports.
        fallback: optional, a function that returns a complete encoding of
            the constraint (clauses over new variables it takes from the
            caller's pool, e.g. :func:`eager_connectivity` with
            ``method="layers"``). After ``switch_after`` rounds that found a
            violation, :meth:`violated` returns those clauses once, with that
            round's cuts: from then on every model is connected. Cuts stall
            when connectivity must join far-apart cells (hundreds of rounds,
            ``bench/bench_connectivity.py``), where the layered encoding
            solves at once; on the puzzles the cuts finish in a few rounds
            and the encoding is never built.
        switch_after: rounds before the fallback (>= 1).

    Attributes:
        stats: ``{"calls", "rounds", "cuts", "seconds", "fallback_clauses"}``:
            calls of :meth:`violated`, calls that found a violation, cut
            clauses returned, time spent in :meth:`violated`, clauses of the
            fallback encoding returned (0 while it is not used).
        switched: whether the fallback has been handed out.
        nodes: the nodes in the stable order.
    """

    def __init__(self, lits: dict[Hashable, int], graph: nx.Graph, *,
                 max_cuts_per_round: int = 64, separator: str = "minimal",
                 anchors: Iterable[Hashable] = (), name: str = "connectivity",
                 fallback: Callable[[], list[list[int]]] | None = None,
                 switch_after: int = 30):
        if max_cuts_per_round < 1:
            raise ValueError("max_cuts_per_round must be >= 1")
        if isinstance(switch_after, bool) or not isinstance(switch_after, int) or switch_after < 1:
            raise ValueError("switch_after must be an int >= 1")
        self._fallback = fallback
        self.switch_after = switch_after
        #: whether the fallback encoding has been handed out (it may have no
        #: clauses, e.g. for a single node, so stats cannot tell)
        self.switched = False
        if separator not in SEPARATORS:
            raise ValueError(f"separator must be one of {SEPARATORS}, not {separator!r}")
        self.separator = separator
        self.name = name
        self.max_cuts_per_round = max_cuts_per_round
        self.nodes, self._lits, self._adj = _index_graph(lits, graph)
        index = {v: i for i, v in enumerate(self.nodes)}
        bad = [v for v in anchors if v not in index]
        if bad:
            raise ValueError(f"anchor {bad[0]!r} has no literal")
        self.anchors = frozenset(anchors)
        # representative of a component: its first anchor, else its first node
        self._rank = [(0 if v in self.anchors else 1, i) for i, v in enumerate(self.nodes)]
        self._var = [abs(l) - 1 for l in self._lits]       # index into a PySAT model
        self._pos = [l > 0 for l in self._lits]
        # the same graph over node indices, for networkx's component search
        import networkx as nx  # networkx off the start-up path (Sudoku never needs it)
        g = nx.Graph()
        g.add_nodes_from(range(len(self.nodes)))
        g.add_edges_from((i, j) for i, nb in enumerate(self._adj) for j in nb if i < j)
        self._g = g
        self.stats = {"calls": 0, "rounds": 0, "cuts": 0, "seconds": 0.0,
                      "fallback_clauses": 0}

    def __repr__(self) -> str:
        return (f"ConnectivityCuts({self.name!r}, nodes={len(self.nodes)}, "
                f"rounds={self.stats['rounds']}, cuts={self.stats['cuts']})")

    @property
    def rounds(self) -> int:
        return self.stats["rounds"]

    @property
    def cuts(self) -> int:
        return self.stats["cuts"]

    # .................................................................. model
    def _true(self, model: Sequence[int]) -> list[int]:
        """Indices of the nodes whose literal is true (a variable missing from
        the model counts as false)."""
        n = len(model)
        out = []
        for i, (v, pos) in enumerate(zip(self._var, self._pos)):
            val = model[v] > 0 if v < n else False
            if val == pos:
                out.append(i)
        return out

    def _components(self, true: list[int]) -> list[list[int]]:
        import networkx as nx  # networkx off the start-up path; cached after the first call
        comps = [sorted(c) for c in nx.connected_components(self._g.subgraph(true))]
        comps.sort(key=lambda c: (-len(c), c[0]))
        return comps

    def components(self, model: Sequence[int]) -> list[list]:
        """Components of the true nodes (lists of nodes), largest first."""
        return [[self.nodes[i] for i in c] for c in self._components(self._true(model))]

    def is_connected(self, model: Sequence[int]) -> bool:
        """True when the true nodes of ``model`` form one connected set (or none)."""
        return len(self._components(self._true(model))) <= 1

    # ................................................................... cuts
    def _regions(self, comp: list[int]) -> tuple[list[int], dict[int, list[int]]]:
        """Separators from the side of component ``comp`` (C), for every region.

        Removes C and its outer boundary N(C) ("minimal") or C alone
        ("boundary"), labels the components (regions) of what is left, and
        gives for each region Q the sorted nodes of N(C) adjacent to Q: the
        separator between C and any node of Q.

        Returns:
            (label per node (-2 for removed nodes), {label: separator}).
        """
        adj = self._adj
        n = len(adj)
        label = [-1] * n
        touch = [False] * n                     # touch[j]: j is in N(C)
        for i in comp:
            label[i] = -2
        for i in comp:
            for j in adj[i]:
                if label[j] != -2:
                    touch[j] = True
        minimal = self.separator == "minimal"
        if minimal:
            for j in range(n):
                if touch[j]:
                    label[j] = -2
        sep: dict[int, list[int]] = {}
        nlab = 0
        for s in range(n):
            if label[s] != -1:
                continue
            label[s] = nlab
            stack = [s]
            border = set() if minimal else []
            while stack:
                u = stack.pop()
                for w in adj[u]:
                    if label[w] == -1:
                        label[w] = nlab
                        stack.append(w)
                    elif minimal and touch[w]:
                        border.add(w)
                if not minimal and touch[u]:
                    border.append(u)
            sep[nlab] = sorted(border)
            nlab += 1
        return label, sep

    def violated(self, model: Sequence[int]) -> list[list[int]]:
        """Separator cuts violated by ``model``; ``[]`` when its true nodes are connected.

        Args:
            model: a PySAT model list (index v-1 holds +v or -v).

        Returns:
            At most ``max_cuts_per_round`` clauses, each false under ``model``
            and satisfied by every assignment whose true nodes are connected.
        """
        t0 = time.perf_counter()
        self.stats["calls"] += 1
        comps = self._components(self._true(model))
        k = len(comps)
        if k <= 1:
            self.stats["seconds"] += time.perf_counter() - t0
            return []
        lits, rank = self._lits, self._rank
        regions: dict[int, tuple] = {}

        def sep_of(ci: int, cj: int) -> list[int]:
            """Separator between comps[ci] and comps[cj] from comps[ci]'s side."""
            if ci not in regions:
                regions[ci] = self._regions(comps[ci])
            label, sep = regions[ci]
            return sep[label[comps[cj][0]]]

        def pairs():
            for i in range(1, k):
                yield i, 0
            for i in range(1, k):
                for j in range(i + 1, k):
                    yield i, j

        out: list[list[int]] = []
        seen: set[tuple[int, ...]] = set()
        budget = self.max_cuts_per_round
        for ci, cj in pairs():
            a, b = sorted((min(comps[ci], key=rank.__getitem__),
                           min(comps[cj], key=rank.__getitem__)))
            for sep in sorted((sep_of(ci, cj), sep_of(cj, ci)), key=lambda s: (len(s), s)):
                clause = [-lits[a], -lits[b]]
                clause.extend(lits[s] for s in sep)
                clause = list(dict.fromkeys(clause))   # drop repeated literals, keep order
                key = tuple(sorted(clause))
                if key in seen:
                    continue
                seen.add(key)
                out.append(clause)
                if len(out) >= budget:
                    break
            if len(out) >= budget:
                break
        self.stats["rounds"] += 1
        self.stats["cuts"] += len(out)
        if self._fallback is not None and self.stats["rounds"] >= self.switch_after:
            fallback, self._fallback = self._fallback, None
            self.switched = True
            extra = fallback()
            self.stats["fallback_clauses"] = len(extra)
            out = out + extra
        self.stats["seconds"] += time.perf_counter() - t0
        return out


# ---------------------------------------------------------------------- eager
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
            (a :class:`~satgrid.formula.Formula`, a VarCounter, ...).
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
    nodes, x, adj = _index_graph(lits, graph)
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
        g[i] = [0] + list(block[t * D:(t + 1) * D])
        for k in range(1, D):
            add([-g[i][k + 1], g[i][k]])
        if r[i] is not None:
            add([-r[i], -g[i][1]])
    arcs = [(i, j) for i in others for j in adj[i]]
    avars = source.new_vars(len(arcs))
    parents: dict[int, list[int]] = {i: [] for i in others}
    for a, (i, j) in zip(avars, arcs):
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
