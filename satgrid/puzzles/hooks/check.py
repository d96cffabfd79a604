"""Independent checker for ``hooks`` (Hooks 8): plain Python, no SAT.

It validates a decoded solution ``{"grid": values, "hooks": layout}`` against
the rules of SPEC.md section 1 directly, without the model, the encodings or
the session, so that a wrong encoding shows up as a rejected solution.

* ``grid``: n x n ints, 0 = empty, 1..n = a placed number.
* ``hooks``: n x n ints, the size k of the hook that holds each cell.

The layout is checked from its definition: for every k = 1..n the cells of
hooks 1..k form a k x k square (so the squares nest), and hook k (the cells
labelled k) is one outer row plus one outer column of that square: an L of
2k - 1 cells spanning k rows and k columns.

Example:
    >>> grid = [[2, 2], [1, 0]]
    >>> hooks = [[2, 2], [1, 2]]
    >>> check(grid, hooks, size=2)
    []
    >>> answer(grid)
    1
"""

from __future__ import annotations

from typing import Sequence

from ..referee import changed_givens, connected_groups, squares_2x2

Grid = Sequence[Sequence[int]]


# ------------------------------------------------------------------ layout
def _square_of(cells: set[tuple[int, int]]) -> tuple[int, int, int] | None:
    """(top, left, side) when ``cells`` is exactly a full square, else None."""
    if not cells:
        return None
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    top, left = min(rows), min(cols)
    h, w = max(rows) - top + 1, max(cols) - left + 1
    if h != w or len(cells) != h * w:
        return None
    return top, left, h


def layout_problems(hooks: Grid, n: int) -> list[str]:
    """What is wrong with ``hooks`` as a nested hook layout of an n x n grid.

    Returns:
        A list of messages, empty for a valid layout (one of the 4^(n-1)).
    """
    problems: list[str] = []
    if len(hooks) != n or any(len(row) != n for row in hooks):
        return [f"hooks: expected a {n} x {n} grid"]
    cells_of: dict[int, set[tuple[int, int]]] = {k: set() for k in range(1, n + 1)}
    for r, row in enumerate(hooks):
        for c, k in enumerate(row):
            if type(k) is not int or not 1 <= k <= n:
                problems.append(f"hooks: cell ({r},{c}) has {k!r}, expected a hook size 1..{n}")
            else:
                cells_of[k].add((r, c))
    if problems:
        return problems
    inner: set[tuple[int, int]] = set()        # cells of hooks 1..k
    prev = None                                # square of hooks 1..k-1
    for k in range(1, n + 1):
        hook = cells_of[k]
        if len(hook) != 2 * k - 1:
            problems.append(f"hook {k} has {len(hook)} cells, expected {2 * k - 1}")
            continue
        rows = {r for r, _ in hook}
        cols = {c for _, c in hook}
        if len(rows) != k or len(cols) != k:
            problems.append(f"hook {k} spans {len(rows)} rows and {len(cols)} columns, "
                            f"expected {k} and {k}")
            continue
        inner |= hook
        sq = _square_of(inner)
        if sq is None:
            problems.append(f"hooks 1..{k} do not form a {k} x {k} square")
            continue
        top, left, side = sq
        if k > 1 and prev is not None:
            # hook k = the square minus the (k-1)-square: one outer row and one
            # outer column of the square (the (k-1)-square sits in a corner)
            ptop, pleft, _ = prev
            if ptop not in (top, top + 1) or pleft not in (left, left + 1):
                problems.append(f"hook {k} is not an outer row and column of its square")
                continue
            row = top + k - 1 if ptop == top else top
            col = left + k - 1 if pleft == left else left
            want = {(row, c) for c in range(left, left + k)} | {(r, col) for r in range(top, top + k)}
            if hook != want:
                problems.append(f"hook {k} is not an L of one row and one column")
                continue
        prev = sq
    return problems


# ------------------------------------------------------------------- rules
def empty_areas(grid: Grid) -> list[int]:
    """Areas of the orthogonally connected groups of empty cells, largest first."""
    n = len(grid)
    m = len(grid[0]) if n else 0
    empty = [(r, c) for r in range(n) for c in range(m) if grid[r][c] == 0]
    return [len(comp) for comp in connected_groups(empty)]


def answer(grid: Grid) -> int:
    """The product of the areas of the empty groups (1 when there is none)."""
    p = 1
    for a in empty_areas(grid):
        p *= a
    return p


def check(grid: Grid, hooks: Grid, *, size: int | None = None,
          regions: Grid | None = None, givens: Grid | None = None,
          numbers: str = "room") -> list[str]:
    """Every rule the solution (``grid``, ``hooks``) breaks; empty when valid.

    Args:
        grid: n x n ints (0 empty).
        hooks: n x n hook sizes.
        size: n (default: the grid's height).
        regions: n x n region labels (any hashable), or None (no sum rule).
        givens: n x n ints (0 = no given), or None.
        numbers: ``"room"`` (number m in any hook with at least m cells) or
            ``"size"`` (number k in the k-hook).

    Returns:
        Messages naming each broken rule (the first instances of each).
    """
    n = len(grid) if size is None else size
    problems: list[str] = []
    if len(grid) != n or any(len(row) != n for row in grid):
        return [f"grid: expected a {n} x {n} grid"]
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if type(v) is not int or not 0 <= v <= n:
                problems.append(f"grid: cell ({r},{c}) has {v!r}, expected 0..{n}")
    if problems:
        return problems
    lay = layout_problems(hooks, n)
    problems.extend(lay)

    # numbers: k copies of k, all in one hook, one number per hook
    counts = [0] * (n + 1)
    for row in grid:
        for v in row:
            counts[v] += 1
    for m in range(1, n + 1):
        if counts[m] != m:
            problems.append(f"number {m} appears {counts[m]} times, expected {m}")
    if not lay:
        held: dict[int, set[int]] = {k: set() for k in range(1, n + 1)}   # hook -> numbers
        home: dict[int, set[int]] = {m: set() for m in range(1, n + 1)}   # number -> hooks
        for r in range(n):
            for c in range(n):
                v = grid[r][c]
                if v:
                    held[hooks[r][c]].add(v)
                    home[v].add(hooks[r][c])
        for k in range(1, n + 1):
            if len(held[k]) != 1:
                problems.append(f"hook {k} holds {len(held[k])} different numbers "
                                f"{sorted(held[k])}, expected one")
        for m in range(1, n + 1):
            if len(home[m]) > 1:
                problems.append(f"number {m} is in {len(home[m])} hooks {sorted(home[m])}, "
                                "expected one")
        for k in range(1, n + 1):
            for m in held[k]:
                if numbers == "size" and m != k:
                    problems.append(f"hook {k} holds {m}, expected {k} (numbers = \"size\")")
                elif m > 2 * k - 1:
                    problems.append(f"hook {k} ({2 * k - 1} cells) holds {m}: no room")

    filled = [(r, c) for r in range(n) for c in range(n) if grid[r][c]]
    comps = connected_groups(filled)
    if len(comps) > 1:
        problems.append(f"filled cells form {len(comps)} groups, expected one "
                        f"(sizes {[len(c) for c in comps]})")
    for w in squares_2x2(n, n):
        if all(grid[r][c] for r, c in w):
            problems.append(f"2x2 square at {w[0]} is full")
            break

    if regions is not None:
        sums: dict[object, int] = {}
        for r in range(n):
            for c in range(n):
                sums[regions[r][c]] = sums.get(regions[r][c], 0) + grid[r][c]
        if len(set(sums.values())) > 1:
            detail = ", ".join(f"{k}={s}" for k, s in sorted(sums.items(), key=lambda t: str(t[0])))
            problems.append(f"region sums differ: {detail}")
    problems += [f"given {g} at ({r},{c}) holds {v}"
                 for r, c, g, v in changed_givens(grid, givens)]
    return problems
