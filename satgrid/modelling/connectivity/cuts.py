"""The lazy connectivity constraint: separator cuts found on a model (CEGAR).

:class:`ConnectivityCuts` imposes "the nodes whose literal is true form one
connected set" (see :mod:`satgrid.modelling.connectivity`) lazily: solve without the
constraint; :meth:`ConnectivityCuts.violated` finds the components of X
(:func:`satgrid.modelling.graphs.index_components`) and returns *separator
cuts* that the current assignment violates;
the session adds them and solves again, until X is connected or the formula
is unsatisfiable. Nothing is added up front. Its ``fallback`` hands the
session a complete encoding (:mod:`satgrid.modelling.connectivity.eager`, ``"layers"``)
once the cuts have taken ``switch_after`` rounds.

Node order. The cuts and the eager encodings use one stable order of the
nodes (:func:`node_order`): ``sorted(lits)`` when the nodes are mutually
comparable (grid cells ``(row, col)`` are), otherwise the order of ``lits``.
Cuts and encodings depend only on that order, ``lits`` and the edges, so the
same input gives the same clauses.

Example:
    >>> import networkx as nx
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

from ..graphs import index_components

__all__ = ["ConnectivityCuts", "FALLBACK_MAX_CLAUSES", "SEPARATORS", "index_graph",
           "node_order"]

#: separators :class:`ConnectivityCuts` can use
SEPARATORS = ("minimal", "boundary")
#: the largest fallback encoding handed out (clauses, estimated before it is
#: built): the layered encoding of n nodes without a size bound has about
#: 2 n^2 clauses (35.7 M for the 65 x 65 Hitori's 4,225 cells: minutes and
#: 21 GB to build, past any time limit); above this the cuts go on alone
FALLBACK_MAX_CLAUSES = 1_000_000


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


def index_graph(lits: dict, graph) -> tuple[list, list[int], list[list[int]]]:
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
        spread: with anchors, a component C holding none, cut against a
            component holding one (its anchor b), gets the cut of C's side
            for every node v of C, ``(not v) or (not b) or S`` (valid by the
            argument above with v for a): the next models cannot keep any
            part of C cut off the same way. Nurikabe's stream, whose
            anchors are shaded: a 20x20 family puzzle 4,542 cuts and 0.84 s
            CPU without, 1,554 and 0.39 s with.
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
            and the encoding is never built. A fallback estimated at more than
            :data:`FALLBACK_MAX_CLAUSES` clauses is never built (the cuts go on).
        switch_after: rounds before the fallback (>= 1).
        fallback_clauses: the fallback's size when the caller knows it
            (a depth bound); default the layered encoding's without one,
            about 2 n^2 for n nodes.

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
                 switch_after: int = 30, fallback_clauses: int | None = None,
                 spread: bool = False):
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
        self.nodes, self._lits, self._adj = index_graph(lits, graph)
        n = len(self.nodes)
        if fallback_clauses is None:
            fallback_clauses = 2 * n * n
        if fallback_clauses > FALLBACK_MAX_CLAUSES:
            self._fallback = None           # too large to build: the cuts go on alone
        index = {v: i for i, v in enumerate(self.nodes)}
        bad = [v for v in anchors if v not in index]
        if bad:
            raise ValueError(f"anchor {bad[0]!r} has no literal")
        self.anchors = frozenset(anchors)
        self.spread = spread
        # representative of a component: its first anchor, else its first node
        self._rank = [(0 if v in self.anchors else 1, i) for i, v in enumerate(self.nodes)]
        self._var = [abs(l) - 1 for l in self._lits]       # index into a PySAT model
        self._pos = [l > 0 for l in self._lits]
        self._top = max(self._var, default=-1)
        # whether the graph over the nodes is connected (:meth:`_regions_near`)
        self._connected = n == 0 or len(index_components(self._adj, range(n))) == 1
        self.stats = {"calls": 0, "rounds": 0, "cuts": 0, "seconds": 0.0,
                      "fallback_clauses": 0}

    def __repr__(self) -> str:
        return (f"ConnectivityCuts({self.name!r}, nodes={len(self.nodes)}, "
                f"rounds={self.stats['rounds']}, cuts={self.stats['cuts']})")

    def drop_fallback(self) -> None:
        """Never hand out the fallback encoding (a propagated constraint: the
        engine inside the search does its work)."""
        self._fallback = None

    @property
    def index(self) -> tuple[list[int], list[list[int]]]:
        """The graph as the engines read it: each node's literal (node i is
        ``self.nodes[i]``) and each node's neighbours by number."""
        return self._lits, self._adj

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
        if n > self._top:                       # every node's variable is in the model
            return [i for i, v, pos in zip(range(len(self._var)), self._var, self._pos)
                    if (model[v] > 0) == pos]
        out = []
        for i, (v, pos) in enumerate(zip(self._var, self._pos)):
            val = model[v] > 0 if v < n else False
            if val == pos:
                out.append(i)
        return out

    def _components(self, true: list[int]) -> list[list[int]]:
        comps = index_components(self._adj, true)
        comps.sort(key=lambda c: (-len(c), c[0]))
        return comps

    def components(self, model: Sequence[int]) -> list[list]:
        """Components of the true nodes (lists of nodes), largest first."""
        return [[self.nodes[i] for i in c] for c in self._components(self._true(model))]

    def is_connected(self, model: Sequence[int]) -> bool:
        """True when the true nodes of ``model`` form one connected set (or none)."""
        return len(self._components(self._true(model))) <= 1

    # ................................................................... cuts
    def _regions(self, comp: list[int]) -> tuple[Callable[[int], int], dict[int, list[int]]]:
        """Separators from the side of component ``comp`` (C), for every region.

        Removes C and its outer boundary N(C) ("minimal") or C alone
        ("boundary"), finds the components (regions) of what is left, and
        gives for each region Q the sorted nodes of N(C) adjacent to Q: the
        separator between C and any node of Q.

        Returns:
            (node -> its region's key, for nodes not removed;
            {key: separator}).
        """
        if self.separator == "minimal" and self._connected:
            return self._regions_near(comp)
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
        return label.__getitem__, sep

    def _regions_near(self, comp: list[int]) -> tuple[Callable[[int], int], dict[int, list[int]]]:
        """:meth:`_regions` for ``"minimal"`` on a connected graph, in time
        about the size of C, N(C) and all regions but the largest.

        Every region touches N(C) (the graph is connected), so a search
        started at each node next to N(C) finds them all. The searches run
        side by side, breadth first, one node each in turn, and merge when
        they meet; once
        one search alone is left unfinished, every node not reached yet is
        in its region, which is never walked to its end. (Flooding the whole
        graph for each component was 90 % of a 65x65 Hitori's solve:
        about 16 components in each of its 51 rounds.) The separators are
        those :meth:`_regions` finds; only the regions' keys differ.
        """
        adj = self._adj
        label = [-1] * len(adj)                 # -2 removed, else a search's number
        for i in comp:
            label[i] = -2
        ring = []                               # N(C)
        for i in comp:
            for j in adj[i]:
                if label[j] == -1:
                    label[j] = -2
                    ring.append(j)
        parent: list[int] = []                  # merged searches (union-find)
        queues: list[list[int]] = []            # breadth first: a search stays a ball
        heads: list[int] = []                   # and meets its neighbours soon
        for w in ring:
            for x in adj[w]:
                if label[x] == -1:
                    label[x] = len(parent)
                    parent.append(len(parent))
                    queues.append([x])
                    heads.append(0)

        def find(f: int) -> int:
            while parent[f] != f:
                parent[f] = f = parent[parent[f]]
            return f

        active = list(range(len(parent)))
        while len(active) > 1:
            going = []
            for f in active:
                q, h = queues[f], heads[f]
                if parent[f] != f or h == len(q):    # merged into another, or finished
                    continue
                heads[f] = h + 1
                for w in adj[q[h]]:
                    lw = label[w]
                    if lw == -1:
                        label[w] = f
                        q.append(w)
                    elif lw >= 0:
                        g = find(lw)
                        if g != f:                 # two searches met: one region
                            parent[g] = f
                            q.extend(queues[g][heads[g]:])
                            queues[g] = []
                            heads[g] = 0
                if heads[f] < len(q):
                    going.append(f)
            active = going
        big = active[0] if active else -1       # the region of every node not reached

        def region(v: int) -> int:
            lv = label[v]
            return big if lv == -1 else find(lv)

        near: dict[int, set[int]] = {}
        for w in ring:
            for x in adj[w]:
                if label[x] != -2:
                    near.setdefault(region(x), set()).add(w)
        return region, {key: sorted(ws) for key, ws in near.items()}

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
        reps: dict[int, int] = {}

        def rep(ci: int) -> int:
            """The representative of comps[ci] (its nodes are sorted)."""
            r = reps.get(ci)
            if r is None:
                c = comps[ci]
                r = reps[ci] = min(c, key=rank.__getitem__) if self.anchors else c[0]
            return r

        def sep_of(ci: int, cj: int) -> list[int]:
            """Separator between comps[ci] and comps[cj] from comps[ci]'s side."""
            if ci not in regions:
                regions[ci] = self._regions(comps[ci])
            region, sep = regions[ci]
            return sep[region(comps[cj][0])]

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
            a, b = sorted((rep(ci), rep(cj)))
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
        if self.spread:
            held = [i for i in range(k) if not rank[rep(i)][0]]     # components with an anchor
            for ci, cj in ((i, j) for i in range(k) if rank[rep(i)][0] for j in held):
                tail = [-lits[rep(cj)]] + [lits[x] for x in sep_of(ci, cj)]
                for v in comps[ci]:
                    clause = list(dict.fromkeys([-lits[v]] + tail))
                    key = tuple(sorted(clause))
                    if key not in seen:
                        seen.add(key)
                        out.append(clause)
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
