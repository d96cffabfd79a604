"""Brute force for the loop genres' tests: every set of grid edges (between
allowed cells) in which each cell has 0 or 2 of the edges -- the candidate
loops, unions of disjoint cycles, before the referee judges them. Built edge
by edge, dropping a partial set as soon as a cell has 3 edges or a cell whose
edges are all decided has exactly 1; the same sets as trying all 2^m subsets
and filtering, much faster."""

from __future__ import annotations

from functools import cache

from satgrid.modelling.geometry import cells, grid_edges
from satgrid.puzzles.links import links_from_edges


@cache
def degree_two_sets(rows: int, cols: int, allowed: tuple | None = None) -> tuple:
    """Each candidate as a tuple of edges ``((r, c), (r', c'))``."""
    ok = set(cells(rows, cols) if allowed is None else allowed)
    edges = [e for e in grid_edges(rows, cols) if e[0] in ok and e[1] in ok]
    last = {}                                   # cell -> index of its last edge
    for i, (a, b) in enumerate(edges):
        last[a] = last[b] = i
    out, deg, used = [], dict.fromkeys(ok, 0), []

    def go(i):
        if i == len(edges):
            out.append(tuple(used))
            return
        a, b = edges[i]
        for take in (0, 1):
            if take and (deg[a] == 2 or deg[b] == 2):
                continue
            if take:
                deg[a] += 1
                deg[b] += 1
                used.append(edges[i])
            if all(last[v] != i or deg[v] in (0, 2) for v in (a, b)):
                go(i + 1)
            if take:
                deg[a] -= 1
                deg[b] -= 1
                used.pop()
    go(0)
    return tuple(out)


@cache
def link_grids(rows: int, cols: int, allowed: tuple | None = None) -> tuple:
    """:func:`degree_two_sets` as link grids (north 1, east 2, south 4, west 8)."""
    return tuple(links_from_edges(list(s), rows, cols)
                 for s in degree_two_sets(rows, cols, allowed))
