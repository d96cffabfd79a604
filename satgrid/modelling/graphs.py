"""Plain undirected graphs and the few graph algorithms a puzzle's rules need.

networkx takes about 80 ms to import, more than the rest of a one-puzzle run
(``bench/bench_startup.py``, issue 29), and the rules use a sliver of it: a
grid or line graph, its neighbours, induced subgraphs, connected components
and the biconnected components Numberlink prunes its colours with. This
module is that sliver on dicts of dicts, with networkx's ``Graph`` interface
for what satgrid uses (``g[u]``, ``u in g``, ``nodes``, ``edges``,
``subgraph``, ``add_edge``, ...) and **the same iteration orders** (nodes in
insertion order, each edge once from the first of its ends met, an induced
subgraph iterated as networkx's view iterates it), so a rule builds the same
clauses in the same order on either. A caller's own networkx graph is still
accepted wherever a graph is (the algorithms below read ``g[u]`` alone).
``tests/test_graphs.py`` holds both against networkx on random graphs.

Example::

    >>> g = grid_2d_graph(2, 3)
    >>> list(g.edges)[:3]
    [((0, 0), (1, 0)), ((0, 0), (0, 1)), ((0, 1), (1, 1))]
    >>> sorted(map(sorted, connected_components(g.subgraph([(0, 0), (0, 2), (1, 2)]))))
    [[(0, 0)], [(0, 2), (1, 2)]]
"""

from __future__ import annotations

from typing import Hashable, Iterable, Iterator

__all__ = ["Graph", "grid_2d_graph", "connected_components", "index_components",
           "biconnected_component_edges"]


class _Nodes:
    """``g.nodes``: iterable, sized, ``in``, and callable (``g.nodes()``), as networkx's."""

    __slots__ = ("_g",)

    def __init__(self, g):
        self._g = g

    def __iter__(self) -> Iterator:
        return iter(self._g)

    def __len__(self) -> int:
        return len(self._g)

    def __contains__(self, v) -> bool:
        return v in self._g

    def __call__(self) -> "_Nodes":
        return self

    def __repr__(self) -> str:
        return f"NodeView({tuple(self)!r})"


class _Edges:
    """``g.edges``: each edge once, ``(u, v)`` with ``u`` the end met first;
    sized, ``(u, v) in g.edges`` either way round, callable (``g.edges()``)."""

    __slots__ = ("_g",)

    def __init__(self, g):
        self._g = g

    def __iter__(self) -> Iterator[tuple]:
        seen = set()
        for u, nbrs in self._g._items():
            for v in nbrs:
                if v not in seen:
                    yield (u, v)
            seen.add(u)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __contains__(self, e) -> bool:
        try:
            u, v = e
        except (TypeError, ValueError):
            return False
        return self._g.has_edge(u, v)

    def __call__(self) -> "_Edges":
        return self

    def __repr__(self) -> str:
        return f"EdgeView({list(self)!r})"


class _Degree:
    """``g.degree``: ``(v, degree)`` pairs, ``g.degree[v]``, callable."""

    __slots__ = ("_g",)

    def __init__(self, g):
        self._g = g

    def __iter__(self):
        return ((v, len(self._g[v])) for v in self._g)

    def __getitem__(self, v) -> int:
        return len(self._g[v])

    def __call__(self) -> "_Degree":
        return self


class _View:
    """What a graph and its induced subgraphs share: read-only queries."""

    __slots__ = ()

    @property
    def nodes(self) -> _Nodes:
        return _Nodes(self)

    @property
    def edges(self) -> _Edges:
        return _Edges(self)

    @property
    def degree(self) -> _Degree:
        return _Degree(self)

    def is_directed(self) -> bool:
        return False

    def is_multigraph(self) -> bool:
        return False

    def has_node(self, v) -> bool:
        return v in self

    def has_edge(self, u, v) -> bool:
        return u in self and v in self and v in self[u]

    def neighbors(self, v) -> Iterator:
        return iter(self[v])

    def number_of_nodes(self) -> int:
        return len(self)

    def number_of_edges(self) -> int:
        return len(self.edges)

    def subgraph(self, nodes: Iterable[Hashable]) -> "SubGraph":
        """The subgraph induced by ``nodes`` (those in this graph), a read-only
        view of the whole graph, as networkx's ``G.subgraph``."""
        base = self._base()
        if _hashable(nodes) and nodes in self:           # a single node, as networkx reads it
            keep = {nodes}
        else:
            keep = set(v for v in nodes if v in self)
        return SubGraph(base, keep)

    def copy(self) -> "Graph":
        """A new :class:`Graph` of the same nodes and edges, in the same order."""
        g = Graph()
        g.add_nodes_from(self)
        g.add_edges_from(self.edges)
        return g


class Graph(_View):
    """An undirected simple graph: ``node -> {neighbour: None}``, nodes and
    neighbours in insertion order (networkx's ``nx.Graph`` without
    attributes)."""

    __slots__ = ("_adj",)

    def __init__(self, edges: Iterable[tuple] | None = None):
        self._adj: dict[Hashable, dict[Hashable, None]] = {}
        if edges is not None:
            self.add_edges_from(edges)

    def _base(self) -> "Graph":
        return self

    def _items(self):
        return self._adj.items()

    def __contains__(self, v) -> bool:
        try:
            return v in self._adj
        except TypeError:
            return False

    def __iter__(self) -> Iterator:
        return iter(self._adj)

    def __len__(self) -> int:
        return len(self._adj)

    def __getitem__(self, v) -> dict:
        """The neighbours of ``v`` (a dict keyed by them: iterate, ``in``, ``len``)."""
        return self._adj[v]

    def add_node(self, v: Hashable) -> None:
        if v not in self._adj:
            self._adj[v] = {}

    def add_nodes_from(self, nodes: Iterable[Hashable]) -> None:
        adj = self._adj
        for v in nodes:
            if v not in adj:
                adj[v] = {}

    def add_edge(self, u: Hashable, v: Hashable) -> None:
        adj = self._adj
        if u not in adj:
            adj[u] = {}
        if v not in adj:
            adj[v] = {}
        adj[u][v] = None
        adj[v][u] = None

    def add_edges_from(self, edges: Iterable[tuple]) -> None:
        for u, v in edges:
            self.add_edge(u, v)

    def remove_edge(self, u: Hashable, v: Hashable) -> None:
        try:
            del self._adj[u][v]
            if u != v:
                del self._adj[v][u]
        except KeyError:
            raise KeyError(f"the edge {u}-{v} is not in the graph") from None

    def __repr__(self) -> str:
        return f"Graph({len(self)} nodes, {len(self.edges)} edges)"


class SubGraph(_View):
    """The subgraph of ``base`` induced by the node set ``keep``: a view, read-only.

    Iterated as networkx iterates its subgraph view: the set ``keep`` itself
    when under half the whole graph's nodes, else the graph's nodes in order
    (``networkx.classes.coreviews.FilterAtlas``); a node's neighbours always
    in the graph's order.
    """

    __slots__ = ("_g", "_keep")

    def __init__(self, base: Graph, keep: set):
        self._g, self._keep = base, keep

    def _base(self) -> Graph:
        return self._g

    def __contains__(self, v) -> bool:
        try:
            return v in self._keep
        except TypeError:
            return False

    def __iter__(self) -> Iterator:
        adj, keep = self._g._adj, self._keep
        if 2 * len(keep) < len(adj):
            return (v for v in keep if v in adj)
        return (v for v in adj if v in keep)

    def __len__(self) -> int:
        return len(self._keep)

    def __getitem__(self, v) -> dict:
        if v not in self._keep:
            raise KeyError(f"Key {v} not found")
        keep = self._keep
        return {w: None for w in self._g._adj[v] if w in keep}

    def _items(self):
        return ((v, self[v]) for v in self)

    def __repr__(self) -> str:
        return f"SubGraph({len(self)} nodes)"


def _hashable(x) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


def grid_2d_graph(rows: int, cols: int) -> Graph:
    """The ``rows`` x ``cols`` grid, nodes ``(r, c)``: the nodes, edges and
    orders of ``networkx.grid_2d_graph(rows, cols)`` (the vertical edges
    first, then the horizontal ones)."""
    g = Graph()
    g.add_nodes_from((i, j) for i in range(rows) for j in range(cols))
    for i in range(1, rows):
        for j in range(cols):
            g.add_edge((i, j), (i - 1, j))
    for i in range(rows):
        for j in range(1, cols):
            g.add_edge((i, j), (i, j - 1))
    return g


def connected_components(g) -> Iterator[set]:
    """The node sets of ``g``'s connected components, each from its first
    node in ``g``'s order (networkx's order), breadth first."""
    seen = set()
    for s in g:
        if s in seen:
            continue
        comp = {s}
        todo = [s]
        while todo:
            u = todo.pop()
            for w in g[u]:
                if w not in comp:
                    comp.add(w)
                    todo.append(w)
        seen |= comp
        yield comp


def index_components(adj: list[list[int]], nodes: Iterable[int]) -> list[list[int]]:
    """The connected components of the subgraph of ``adj`` (neighbour lists
    of node numbers) induced by ``nodes``: sorted lists, in the order of their
    smallest member's first appearance in ``nodes``."""
    nodes = list(nodes)
    state = [0] * len(adj)          # 1: in the set, not reached yet; 2: reached
    for v in nodes:
        state[v] = 1
    out = []
    for s in nodes:
        if state[s] != 1:
            continue
        state[s] = 2
        comp = [s]
        for u in comp:              # the list grows as it is read: breadth first
            for w in adj[u]:
                if state[w] == 1:
                    state[w] = 2
                    comp.append(w)
        comp.sort()
        out.append(comp)
    return out


def biconnected_component_edges(g) -> Iterator[list[tuple]]:
    """The edges of each biconnected component of ``g`` (a bridge is one of
    its own), as networkx's function of that name yields them: Hopcroft and
    Tarjan's depth-first search with an edge stack, iterative."""
    seen: dict = {}                         # node -> its discovery number
    for start in g:
        if start in seen:
            continue
        seen[start] = 0
        low = {start: 0}
        found = 1
        edges: list[tuple] = []
        at: dict = {}                       # tree edge -> its place on ``edges``
        stack = [(start, start, iter(g[start]))]
        while stack:
            grand, parent, children = stack[-1]
            for child in children:
                if child == grand:
                    continue
                if child in seen:
                    if seen[child] <= seen[parent]:          # a back edge
                        low[parent] = min(low[parent], seen[child])
                        edges.append((parent, child))
                    continue
                seen[child] = low[child] = found
                found += 1
                at[parent, child] = len(edges)
                edges.append((parent, child))
                stack.append((parent, child, iter(g[child])))
                break
            else:
                stack.pop()
                if len(stack) > 1:
                    if low[parent] >= seen[grand]:
                        i = at[grand, parent]
                        yield edges[i:]
                        del edges[i:]
                    low[grand] = min(low[parent], low[grand])
                elif stack:                              # the root's child
                    i = at[grand, parent]
                    yield edges[i:]
                    del edges[i:]
