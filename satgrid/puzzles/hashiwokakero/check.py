"""Independent checker for ``hashiwokakero``: plain Python, no SAT.

The rules as pzprjs checks them (``src/variety/hashikake.js``): at least one
bridge; bridges run straight between islands, one or two between the same
two islands, through cells without an island, never crossing; an island's
number is the count of its bridges (``?`` any, but at least one: every
island joins the group, as the genre and cspuz have it; a 0 stays apart);
the bridges and the islands they touch form one connected group.

A solution is ``grid[r][c]`` = (bridges on the edge east of cell (r, c)) +
4 * (bridges on the edge south of it), each 0, 1 or 2; ``clues`` rows of
None (no island), a number, or -2 (an island with ``?``).

Example:
    >>> clues = [[2, None, 1], [None, None, None], [1, None, None]]
    >>> check([[5, 1, 0], [4, 0, 0], [0, 0, 0]], clues)
    []
    >>> check([[1, 1, 0], [0, 0, 0], [0, 0, 0]], clues)
    ['island (0,0): 1 bridges, expected 2', 'island (2,0): 0 bridges, expected 1']
"""

from __future__ import annotations


def _edges(grid, rows, cols) -> tuple[list[str], dict]:
    """Problems of the values, and the bridge count of every edge ((cell, cell) -> n)."""
    problems, edges = [], {}
    for r in range(rows):
        for c in range(cols):
            v = grid[r][c]
            if type(v) is not int or not 0 <= v <= 15 or v & 3 == 3 or v >> 2 == 3:
                return [f"cell ({r},{c}): expected east + 4 * south, each 0..2"], {}
            for n, other in ((v & 3, (r, c + 1)), (v >> 2, (r + 1, c))):
                if n and not (other[0] < rows and other[1] < cols):
                    problems.append(f"cell ({r},{c}): a bridge leaves the grid")
                elif n:
                    edges[(r, c), other] = n
    return problems, edges


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``)."""
    rows, cols = len(clues), len(clues[0])
    if len(grid) != rows or any(len(row) != cols for row in grid):
        return [f"grid: expected {rows} x {cols}"]
    problems, edges = _edges(grid, rows, cols)
    if problems:
        return problems
    if not edges:
        return ["no bridge at all"]

    def at(a, b):
        return edges.get((a, b), 0) if a < b else edges.get((b, a), 0)
    for r in range(rows):
        for c in range(cols):
            w, e = at((r, c - 1), (r, c)), at((r, c), (r, c + 1))
            n, s = at((r - 1, c), (r, c)), at((r, c), (r + 1, c))
            clue = clues[r][c]
            if clue is None:
                if w != e or n != s:
                    problems.append(f"cell ({r},{c}): a bridge ends or turns off an island")
                elif w and n:
                    problems.append(f"cell ({r},{c}): two bridges cross")
            elif clue >= 0 and w + e + n + s != clue:
                problems.append(f"island ({r},{c}): {w + e + n + s} bridges, expected {clue}")
            elif clue < 0 and not w + e + n + s:
                problems.append(f"island ({r},{c}): no bridge")
    touched = {v for edge in edges for v in edge}
    first = min(touched)
    seen, todo = {first}, [first]
    while todo:
        v = todo.pop()
        for (a, b) in edges:
            for x, y in ((a, b), (b, a)):
                if x == v and y not in seen:
                    seen.add(y)
                    todo.append(y)
    if seen != touched:
        problems.append("the bridges form more than one group")
    return problems
