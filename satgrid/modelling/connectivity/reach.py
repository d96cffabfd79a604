"""Reachability on a fixed index of a graph, for the connectivity propagator.

:class:`ReachState` holds one connectivity constraint's view of a partial
assignment -- node ``i`` FREE, TRUE or FALSE in a ``bytearray`` -- over the
graph's adjacency lists of ints (the stable node order of
:func:`satgrid.modelling.connectivity.node_order`), and answers what
:class:`~satgrid.modelling.connectivity.propagator.ReachEngine` asks on each propagation:

* :meth:`ReachState.search`: from a true anchor, the nodes it can still
  reach through non-false nodes (R; a flood fill, or a depth-first search
  with Tarjan's low points that also finds the *articulation* nodes: free
  nodes whose removal cuts a true node off the anchor, which must be true);
* :meth:`ReachState.cut_off`: the non-false nodes outside R, each with its
  reason, a separator cut ``[-lit(u), -lit(anchor)] + S`` where S is the set
  of false nodes next to R that border u's region (the "minimal" separator
  of :class:`~satgrid.modelling.connectivity.ConnectivityCuts`);
* :meth:`ReachState.still_joined`: whether a node of R that became false
  leaves R connected, by a breadth-first search from one of its neighbours
  that gives up after a few dozen nodes (no flood when it succeeds);
* :meth:`ReachState.model_cuts`: the check of a complete model, its cuts.

Why not networkx: on the 15 x 15 grid of ``bench/bench_connectivity.py``
(225 nodes, 15% false) the flood fill over these lists took 27 us a call,
networkx's ``node_connected_component`` of a subgraph view 365 us, 13.5x
that (``bench_connectivity.py --flood`` measures both), and a search runs
hundreds to thousands of times a solve.

Every reason is a clause ``[-lit(a), -lit(b)] + [lit(s) for s in S]`` with
S a set of nodes that separates a from b in the graph (for an articulation
node v, S holds v and v is the propagated literal): a graph search checks
it, as :mod:`satgrid.certify` does for the lazy cuts.
"""

from __future__ import annotations

__all__ = ["ReachState", "flood", "FREE", "TRUE", "FALSE"]

#: node states in :attr:`ReachState.val`
FREE, TRUE, FALSE = 0, 1, 2


class ReachState:
    """One constraint's state (node indices 0..n-1).

    Args:
        checker: the constraint, a :class:`~satgrid.modelling.connectivity.ConnectivityCuts`
            (its :attr:`~satgrid.modelling.connectivity.ConnectivityCuts.index` is the index).
    """

    __slots__ = ("checker", "n", "adj", "lits", "val", "fixed", "reach", "nreach", "valid",
                 "nfalse", "anchor", "root_anchor", "snaps", "shared", "art", "window")

    def __init__(self, checker):
        self.checker = checker
        self.lits, self.adj = checker.index
        self.n = len(self.lits)
        self.art = True                    # look for articulation nodes (see the engine)
        self.window = [0, 0]               # searches, articulation nodes found, lately
        self.clear()

    def clear(self) -> None:
        """Nothing assigned."""
        n = self.n
        self.val = bytearray(n)            # FREE / TRUE / FALSE
        self.fixed = bytearray(n)          # assigned at the root: never undone
        self.reach = bytearray(n)          # R: 1 for the nodes the anchor reaches
        self.nreach = 0
        self.valid = False                 # R is that of the current assignment
        self.nfalse = 0
        self.anchor = -1                   # a true node, or -1
        self.root_anchor = -1              # a root-level true node, or -1
        self.snaps: list = []              # per decision level: (reach, nreach, anchor) or None
        self.shared = False                # reach is held by a snapshot: copy before writing

    # ..................................................... local test
    def still_joined(self, f: int, budget: int = 48) -> bool:
        """Whether the non-false neighbours of f (a node of R now false) are
        still joined through non-false nodes, found by a search from one of
        them that gives up after ``budget`` nodes: then R loses f and nothing
        else (no flood). False means "not shown", not "cut"."""
        val, adj = self.val, self.adj
        nb = [w for w in adj[f] if val[w] != FALSE]
        if len(nb) <= 1:
            return True
        want = set(nb)
        start = nb[0]
        want.discard(start)
        seen = {start}
        queue = [start]
        for u in queue:                     # breadth first: the detours are short
            for w in adj[u]:
                if w not in seen and val[w] != FALSE:
                    seen.add(w)
                    if w in want:
                        want.discard(w)
                        if not want:
                            return True
                    queue.append(w)
            if len(queue) > budget:
                return False
        return False

    def drop(self, f: int) -> None:
        """R loses f (after :meth:`still_joined`)."""
        if self.shared:
            self.reach = bytearray(self.reach)
            self.shared = False
        self.reach[f] = 0
        self.nreach -= 1

    # ......................................................... search
    def search(self, a: int, articulation: bool, reason: dict):
        """R from anchor ``a`` (recorded: ``reach``, ``nreach``, ``valid``);
        then the propagations.

        Returns:
            ``(literals, conflict, forced)``: the literals to propagate (their
            reasons stored in ``reason``: a clause, or for an articulation node
            a tuple that :meth:`articulation_reason` turns into one when the
            solver asks), a conflict literal (already false; then ``literals``
            is empty) or 0, and how many articulation nodes were forced.
        """
        val, adj, n = self.val, self.adj, self.n
        forced: list[tuple[int, int]] = []   # (articulation node, its DFS child)
        if articulation:
            disc, low, cnt, size = [0] * n, [0] * n, [0] * n, [1] * n
            order = [a]
            disc[a] = low[a] = 1
            clock = 1
            stack = [(a, -1, iter(adj[a]))]
            while stack:
                u, parent, it = stack[-1]
                for w in it:
                    if w == parent or val[w] == FALSE:
                        continue
                    dw = disc[w]
                    if dw:
                        if dw < low[u]:
                            low[u] = dw
                    else:
                        clock += 1
                        disc[w] = low[w] = clock
                        order.append(w)
                        stack.append((w, u, iter(adj[w])))
                        break
                else:
                    stack.pop()
                    if val[u] == TRUE:
                        cnt[u] += 1
                    if parent >= 0:
                        if low[u] < low[parent]:
                            low[parent] = low[u]
                        cnt[parent] += cnt[u]
                        size[parent] += size[u]
                        if low[u] >= disc[parent] and cnt[u] and val[parent] == FREE:
                            forced.append((parent, u))
            reach = bytearray(n)
            for u in order:
                reach[u] = 1
            nreach = len(order)
        else:
            reach = flood(adj, val, a, FALSE)
            nreach = reach.count(1)
        self.reach, self.nreach, self.shared, self.valid = reach, nreach, False, True
        out: list[int] = []
        if nreach + self.nfalse != n:
            out, conflict = self.cut_off(a, reason)
            if conflict:
                return [], conflict, 0
        seen = set()
        if forced:
            lits, la = self.lits, -self.lits[a]
            snap = bytes(val)
            for v, c in forced:
                if v not in seen:
                    seen.add(v)
                    reason[lits[v]] = (self, snap, order, disc[c] - 1, size[c], la, v)
                    out.append(lits[v])
        return out, 0, len(seen)

    def cut_off(self, a: int, reason: dict) -> tuple[list[int], int]:
        """The non-false nodes outside R: ``(free ones' literals negated, 0)``,
        or ``([], the negated literal of a true one)``: a conflict. Reasons
        go to ``reason``."""
        out, cuts = _cut_off(self.adj, self.lits, self.val, self.reach, a, reason, True)
        return (out, 0) if not cuts else ([], cuts[0][0])

    def articulation_reason(self, snap: bytes, order: list, start: int, size: int,
                            la: int, v: int) -> list[int]:
        """The reason of articulation node v, from the search's snapshot: C is
        v's DFS subtree ``order[start:start + size]`` (a component of the
        non-false nodes without v), t a true node of C, S = {v} + the false
        nodes next to C: ``[-lit(t), -lit(anchor), lit(v)] + S``."""
        part = order[start:start + size]
        inside = set(part)
        adj, lits = self.adj, self.lits
        t = next(u for u in part if snap[u] == TRUE)
        sep = sorted({w for u in part for w in adj[u]
                      if w not in inside and w != v and snap[w] == FALSE})
        return list(dict.fromkeys([-lits[t], la, lits[v]] + [lits[w] for w in sep]))

    # ................................................... complete model
    def model_cuts(self, true: set) -> list[list[int]]:
        """Cuts of a complete model (``true``: its true literals; python-sat
        gives the observed variables only) whose true nodes are not
        connected: for each region cut off the anchor's component that holds
        a true node t, ``[-lit(t), -lit(anchor)] + S`` (no fallback encoding,
        no networkx); ``[]`` when they are connected."""
        lits = self.lits
        val = bytearray(TRUE if l in true else FALSE for l in lits)
        a = self.root_anchor if self.root_anchor >= 0 and val[self.root_anchor] == TRUE \
            else val.find(TRUE)
        if a < 0:
            return []
        adj = self.adj
        reach = flood(adj, val, a, FALSE)       # (complete: non-false = true)
        if reach.count(1) == val.count(TRUE):
            return []
        return _cut_off(adj, lits, val, reach, a, {}, False)[1]


def flood(adj: list[list[int]], val: bytearray, a: int, wall: int = FALSE) -> bytearray:
    """The nodes reachable from ``a`` through nodes whose ``val`` is not
    ``wall``: a ``bytearray`` of 0/1 (a stack, adjacency lists of ints)."""
    reach = bytearray(len(adj))
    reach[a] = 1
    stack = [a]
    pop, push = stack.pop, stack.append
    while stack:
        for w in adj[pop()]:
            if not reach[w] and val[w] != wall:
                reach[w] = 1
                push(w)
    return reach


def _cut_off(adj, lits, val, reach, a: int, reason: dict, first: bool):
    """The regions of ``graph - (R + N(R))`` (R: ``reach``) holding non-false
    nodes, each with its separator S (the nodes of N(R) next to it).

    Returns:
        ``(out, cuts)``: the negated literals of the free nodes (each reason,
        ``[-lit(u), -lit(a)] + S``, stored in ``reason``) and, for regions
        holding a true node t, the cuts ``[-lit(t), -lit(a)] + S`` -- only the
        first one with ``first`` (then ``out`` is abandoned: a conflict).
    """
    n = len(lits)
    # label: 1 = in R, 2 = in N(R), 3 = a region node, 4 = in this region's S
    label = bytearray(reach)
    for u in range(n):
        if label[u] == 1:
            for w in adj[u]:
                if not label[w]:
                    label[w] = 2
    la = -lits[a]
    out: list[int] = []
    cuts: list[list[int]] = []
    for s in range(n):
        if label[s] or val[s] == FALSE:
            continue
        label[s] = 3
        stack, region, sep = [s], [], []
        while stack:
            u = stack.pop()
            region.append(u)
            for w in adj[u]:
                lw = label[w]
                if lw == 0:
                    label[w] = 3
                    stack.append(w)
                elif lw == 2:
                    label[w] = 4
                    sep.append(w)
        for w in sep:
            label[w] = 2
        tail = list(dict.fromkeys(lits[w] for w in sorted(sep)))
        cut = False
        for u in region:
            vu = val[u]
            if vu == FALSE or (vu == TRUE and cut):
                continue
            clause = [-lits[u], la]
            clause.extend(tail)
            if vu == TRUE:
                cuts.append(clause)
                cut = True
                if first:
                    reason[-lits[u]] = clause
                    return [], cuts
            else:
                reason[-lits[u]] = clause
                out.append(-lits[u])
    return out, cuts
