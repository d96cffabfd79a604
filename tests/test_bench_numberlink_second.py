"""The implied rules of bench/bench_numberlink_second.py are sound: on boards
whose lines can use every cell (taut pieces of a random Hamiltonian path:
the first answer uses every cell, as on the large puzzles, where the
stolen-cell rule applies; most unique, some with several answers), every variant
of the second search (parity of crossings, the stolen-cell rule, CaDiCaL's
options for unsatisfiable formulas, line probing) finds a line set other
than the first answer exactly when counting without any assumption finds a
second answer. Loops are refused in the formula itself (eager layers), so
``sat`` is a second answer and a rule that refuted one would show here."""

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from bench_numberlink_second import VARIANTS, Second  # noqa: E402

from satgrid import api  # noqa: E402
from satgrid.puzzles.numberlink import Numberlink  # noqa: E402


def _full_board(rng: random.Random, rows: int, cols: int, cut: float) -> list[list[str]]:
    """A board whose lines can use every cell, each line taut: a Hamiltonian
    path (a snake along the rows, then random backbite moves: join an end
    to a neighbour, cut the path there) cut into pieces wherever a piece
    would run beside itself, and at random (probability ``cut`` per cell);
    a number at each end of a piece. Again while a lone cell is left at the
    end or there are more than 9 pieces."""
    while True:
        path = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
        for _ in range(20 * rows * cols):
            if rng.random() < 0.5:
                path.reverse()
            r, c = path[-1]
            n = rng.choice([v for v in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                            if 0 <= v[0] < rows and 0 <= v[1] < cols])
            i = path.index(n)
            if i != len(path) - 2:
                path[i + 1:] = reversed(path[i + 1:])       # end joined to n, cut after n
        pieces: list[list] = [[]]
        for v in path:
            piece = pieces[-1]
            beside = any(abs(v[0] - u[0]) + abs(v[1] - u[1]) == 1 for u in piece[:-1])
            if len(piece) >= 2 and (beside or rng.random() < cut):
                pieces.append([])
            pieces[-1].append(v)
        if len(pieces[-1]) >= 2 and len(pieces) <= 9:
            break
    grid = [["."] * cols for _ in range(rows)]
    for k, piece in enumerate(pieces, 1):
        for r, c in (piece[0], piece[-1]):
            grid[r][c] = str(k)
    return grid


@pytest.mark.parametrize("seed", range(2))
def test_every_variant_finds_a_second_answer_exactly_when_there_is_one(seed):
    rng = random.Random(700 + seed)
    unique = several = full = 0
    for _ in range(30):
        rows, cols = rng.choice([(5, 5), (5, 6), (6, 6), (7, 7)])
        grid = _full_board(rng, rows, cols, rng.choice([0.0, 0.0, 0.1]))
        want = "unsat" if api.count(Numberlink(grid), limit=2)["count"] == 1 else "sat"
        sec = Second(Numberlink(grid), connectivity="eager")
        got = {v: sec.variant(v, 30)[0] for v in VARIANTS}
        assert set(got.values()) == {want}, (grid, want, got)
        unique += want == "unsat"
        several += want == "sat"
        full += sec.full                                  # the stolen rule applies
    assert unique >= 3 and several >= 3 and full >= 10, (unique, several, full)
