"""Independent checker for ``skyscrapers``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}`` of heights. Rules: every cell holds
1..N (N the larger side); no height twice in a row or column; a given height
stays; an outside number (an int >= 0; None or a negative one says nothing)
is how many heights a viewer there sees, each taller than all before it.

Example:
    >>> clues = {"top": [2, None], "bottom": [None, None], "left": [None, 1], "right": [None, None]}
    >>> check([[1, 2], [2, 1]], clues, [[None, None], [None, None]])
    []
    >>> check([[2, 1], [1, 2]], clues, [[None, None], [None, None]])
    ['top 0: sees 1, clue 2', 'left 1: sees 2, clue 1']
"""

from __future__ import annotations


def check(grid, clues, givens) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the puzzle)."""
    h, w = len(givens), len(givens[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    n = max(h, w)
    problems = []
    for r in range(h):
        for c in range(w):
            v = grid[r][c]
            if type(v) is not int or not 1 <= v <= n:
                problems.append(f"({r}, {c}): {v!r} is not a height 1..{n}")
            elif givens[r][c] is not None and givens[r][c] >= 0 and v != givens[r][c]:
                problems.append(f"({r}, {c}): given {givens[r][c]}, found {v}")
    if problems:
        return problems
    rows = [list(row) for row in grid]
    cols = [[grid[r][c] for r in range(h)] for c in range(w)]
    for what, lines in (("row", rows), ("column", cols)):
        for i, line in enumerate(lines):
            if len(set(line)) != len(line):
                problems.append(f"{what} {i}: a height repeats in {line}")
    views = {"top": cols, "bottom": [c[::-1] for c in cols], "left": rows,
             "right": [r[::-1] for r in rows]}
    for side, ks in clues.items():
        for i, k in enumerate(ks):
            if k is None or k < 0:
                continue
            seen, top = 0, 0
            for v in views[side][i]:
                if v > top:
                    seen, top = seen + 1, v
            if seen != k:
                problems.append(f"{side} {i}: sees {seen}, clue {k}")
    return problems
