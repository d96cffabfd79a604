"""An independent measure of a 9x9 Sudoku's difficulty, for bench_grade_order.py:
the search nodes of a plain constraint-propagation solver, the algorithm of
Peter Norvig's essay "Solving Every Sudoku Puzzle" (the source of the top95
and hardest sets), written here from its description and sharing nothing
with satgrid.

Each cell keeps its candidate digits. Placing a digit removes it from the
cell's 20 peers; a cell left with one candidate is placed; a unit (row,
column, box) with one place left for a digit places it there. When
propagation stops, the solver branches on a cell with the fewest candidates
(the first such cell in reading order), trying its digits in order. The
count is every branch tried until the search space is exhausted (so the
uniqueness proof is counted too, as satgrid's grade counts it).
"""

from __future__ import annotations

ROWS = range(9)
CELLS = [(r, c) for r in ROWS for c in ROWS]
UNITS = ([[(r, c) for c in ROWS] for r in ROWS] + [[(r, c) for r in ROWS] for c in ROWS]
         + [[(3 * br + i, 3 * bc + j) for i in range(3) for j in range(3)]
            for br in range(3) for bc in range(3)])
UNITS_OF = {x: [u for u in UNITS if x in u] for x in CELLS}
PEERS = {x: {y for u in UNITS_OF[x] for y in u} - {x} for x in CELLS}


def _assign(cands: dict, x, d) -> bool:
    return all(_eliminate(cands, x, e) for e in cands[x] - {d})


def _eliminate(cands: dict, x, d) -> bool:
    if d not in cands[x]:
        return True
    cands[x] = cands[x] - {d}
    if not cands[x]:
        return False
    if len(cands[x]) == 1:
        (only,) = cands[x]
        if not all(_eliminate(cands, y, only) for y in PEERS[x]):
            return False
    for u in UNITS_OF[x]:
        places = [y for y in u if d in cands[y]]
        if not places:
            return False
        if len(places) == 1 and len(cands[places[0]]) > 1 and not _assign(cands, places[0], d):
            return False
    return True


def parse(line: str) -> dict | None:
    """Candidates after propagating the givens of an 81-character line (None: a contradiction)."""
    cands = {x: set(range(1, 10)) for x in CELLS}
    for x, ch in zip(CELLS, line.strip()):
        if ch.isdigit() and ch != "0" and not _assign(cands, x, int(ch)):
            return None
    return cands


def search_nodes(line: str) -> tuple[int, int]:
    """(branches tried, solutions found) over the whole search tree."""
    start = parse(line)
    if start is None:
        return 0, 0
    nodes = solutions = 0
    stack = [start]
    while stack:
        cands = stack.pop()
        open_ = [x for x in CELLS if len(cands[x]) > 1]
        if not open_:
            solutions += 1
            continue
        x = min(open_, key=lambda y: len(cands[y]))
        for d in sorted(cands[x], reverse=True):       # popped in increasing order
            nodes += 1
            trial = dict(cands)
            if _assign(trial, x, d):
                stack.append(trial)
    return nodes, solutions
