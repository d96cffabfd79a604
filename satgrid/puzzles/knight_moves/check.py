"""Independent checker for ``knight-moves`` solutions (plain Python, no SAT).

The rules (SPEC.md, ``knight-moves``): a knight starts on the square labelled
1 and makes moves, never revisiting a square, labelling the squares 1..L in
order; unvisited squares stay empty (0). In every region the labels add up to
the same sum (so L(L+1)/2 divides evenly among the regions). Some labels are
given.

This module imports only the standard library and :mod:`satgrid.puzzles.referee`; it never
looks at the model, the encodings or the solver, so a wrong encoding shows up
here as a rejected solution.
"""

from __future__ import annotations

from typing import Hashable, Sequence

from ..referee import KNIGHT_STEPS, changed_givens


def check(grid: Sequence[Sequence[int]], regions: Sequence[Sequence[Hashable]],
          givens: Sequence[Sequence[int]] | None = None) -> list[str]:
    """Rules that ``grid`` breaks (an empty list means a valid solution).

    Args:
        grid: rows of labels, 0 for an empty square.
        regions: rows of region tokens, same shape (equal token = same region).
        givens: rows of given labels (0 = none), same shape, or None.

    Returns:
        One message per problem found, in a fixed order.

    Example:
        >>> regions = [["a", "a", "b"], ["b", "b", "a"]]
        >>> check([[1, 0, 0], [0, 0, 2]], regions)      # a = 1 + 2, b = 0
        ['L = 2: the sum 1..L = 3 does not divide among 2 regions', 'region sums differ: a=3, b=0']
        >>> check([[0, 2, 0], [3, 0, 1]], regions)[0]   # 1 -> 2 is no knight's move
        "labels 1 at (1, 2) and 2 at (0, 1) are not a knight's move apart"
    """
    problems: list[str] = []
    h = len(regions)
    w = len(regions[0]) if h else 0
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"expected a {h}x{w} grid of labels"]
    pos: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                problems.append(f"cell ({r},{c}): {v!r} is not a label (0 or a positive integer)")
                continue
            if v:
                if v in pos:
                    problems.append(f"label {v} appears twice: {pos[v]} and {(r, c)}")
                else:
                    pos[v] = (r, c)
    if problems:
        return problems
    L = max(pos, default=0)
    if L == 0:
        return ["no label 1: the knight never starts"]
    missing = [t for t in range(1, L + 1) if t not in pos]
    if missing:
        problems.append(f"labels 1..{L} are not all used: missing {missing[:5]}"
                        + (" ..." if len(missing) > 5 else ""))
    for t in range(1, L):
        if t in pos and t + 1 in pos:
            (r1, c1), (r2, c2) = pos[t], pos[t + 1]
            if (r2 - r1, c2 - c1) not in KNIGHT_STEPS:
                problems.append(f"labels {t} at {pos[t]} and {t + 1} at {pos[t + 1]} "
                                "are not a knight's move apart")
    sums: dict[Hashable, int] = {}
    for r in range(h):
        for c in range(w):
            sums[regions[r][c]] = sums.get(regions[r][c], 0) + grid[r][c]
    total = L * (L + 1) // 2
    if total % len(sums):
        problems.append(f"L = {L}: the sum 1..L = {total} does not divide among "
                        f"{len(sums)} regions")
    if len(set(sums.values())) > 1:
        problems.append("region sums differ: " + ", ".join(
            f"{k}={s}" for k, s in sorted(sums.items(), key=lambda kv: str(kv[0]))))
    problems += [f"cell ({r},{c}): given {g}, found {v}"
                 for r, c, g, v in changed_givens(grid, givens)]
    return problems


def answer(grid: Sequence[Sequence[int]]) -> int:
    """The sum over rows of (largest label in the row)^2, 0 for an empty row.

    Example:
        >>> answer([[1, 0, 3], [0, 0, 0], [2, 4, 0]])
        25
    """
    return sum(max(row, default=0) ** 2 for row in grid)
