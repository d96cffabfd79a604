"""The per-puzzle fast paths of Sudoku collections against their meaning.

The referee's quick yes/no test, the decoding of a model's block of cell
literals and the givens as assumption literals were rewritten for speed
(bench/bench_collection_overhead.py); each is checked here against a plain
reference written from the rules, on random and corrupted inputs, and a
collection of relabelled and permuted hard puzzles against the published
solutions, transformed the same way.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from satgrid import api
from satgrid.errors import SatgridError
from satgrid.core.oracle import CheckedLiterals
from satgrid.pipeline.collection import solve_collection
from satgrid.puzzles.sudoku import Sudoku, parse_text
from satgrid.puzzles.sudoku import check as referee
from satgrid.puzzles.sudoku import check_fast

BENCH = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"


# ---------------------------------------------------------------- helpers
def solved(h: int, w: int, rng: random.Random) -> list[list[int]]:
    """A random valid n x n Sudoku solution with h x w boxes (a shifted
    pattern, then digits relabelled and rows/columns shuffled in their bands)."""
    n = h * w
    base = [[(w * (r % h) + r // h + c) % n + 1 for c in range(n)] for r in range(n)]
    digits = [0] + rng.sample(range(1, n + 1), n)
    bands = rng.sample(range(w), w)          # n // h = w bands of h rows
    rows = [b * h + i for b in bands for i in rng.sample(range(h), h)]
    stacks = rng.sample(range(h), h)         # n // w = h stacks of w columns
    cols = [s * w + j for s in stacks for j in rng.sample(range(w), w)]
    return [[digits[base[r][c]] for c in cols] for r in rows]


def reference_valid(grid, box, givens) -> bool:
    """The rules as written in SPEC.md section 1, cell by cell."""
    h, w = box
    n = h * w
    if not isinstance(grid, (list, tuple)) or len(grid) != n:
        return False
    if any(not isinstance(row, (list, tuple)) or len(row) != n for row in grid):
        return False
    if any(type(v) is not int or not 1 <= v <= n for row in grid for v in row):
        return False
    units = [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    units += [[(br + i, bc + j) for i in range(h) for j in range(w)]
              for br in range(0, n, h) for bc in range(0, n, w)]
    if any(len({grid[r][c] for r, c in u}) != n for u in units):
        return False
    if givens is not None:
        if any(g and grid[r][c] != g for r, row in enumerate(givens) for c, g in enumerate(row)):
            return False
    return True


def corrupt(grid, rng: random.Random):
    """A copy of ``grid`` with one random defect (or none)."""
    g = [list(row) for row in grid]
    n = len(g)
    r, c, r2, c2 = (rng.randrange(n) for _ in range(4))
    kind = rng.randrange(9)
    if kind == 0:
        g[r][c], g[r2][c2] = g[r2][c2], g[r][c]
    elif kind == 1:
        g[r][c] = rng.randrange(1, n + 1)
    elif kind == 2:
        g[r][c] = rng.choice([0, -1, n + 1, 300])
    elif kind == 3:
        g[r][c] = rng.choice([True, float(g[r][c]), str(g[r][c]), None])
    elif kind == 4:                           # row lengths off, the same total
        if r != r2:
            g[r2].append(g[r].pop())
    elif kind == 5:
        g[r] = tuple(g[r])
    elif kind == 6:
        g = g[:-1]
    elif kind == 7:                           # two rows swapped: still valid or not
        g[r], g[r2] = g[r2], g[r]
    return g


# ---------------------------------------------------------------- referee
@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)])
def test_quick_referee_agrees_with_the_rules(box):
    rng = random.Random(sum(box) * 7 + box[0])
    for _ in range(400):
        good = solved(*box, rng)
        assert reference_valid(good, box, None)
        givens = [[v if rng.random() < 0.3 else 0 for v in row] for row in good]
        g = corrupt(good, rng)
        for giv in (None, givens, corrupt(givens, rng) if rng.random() < 0.2 else givens):
            if giv is not None and (len(giv) != len(good)
                                    or any(len(row) != len(good) for row in giv)):
                continue
            want = reference_valid(g, box, giv)
            assert check_fast.valid(g, box, giv) == want, (g, giv)
            # the detailed path explains every rejection, and finds nothing otherwise
            assert (referee.check(g, box, giv) == []) == want, (g, giv)


@pytest.mark.parametrize("box", [(3, 4), (4, 4), (5, 5)])
def test_quick_referee_agrees_with_the_rules_on_larger_grids(box):
    # 12x12: the byte test one unit kind at a time; 16x16: 256 keys, every
    # byte value; 25x25: the set of int keys
    rng = random.Random(box[0] * 13 + box[1])
    for _ in range(60):
        good = solved(*box, rng)
        givens = [[v if rng.random() < 0.3 else 0 for v in row] for row in good]
        g = corrupt(good, rng)
        for giv in (None, givens):
            want = reference_valid(g, box, giv)
            assert check_fast.valid(g, box, giv) == want, (g, giv)
            assert (referee.check(g, box, giv) == []) == want


def test_quick_referee_compares_givens_that_are_not_bytes():
    rng = random.Random(8)
    good = solved(3, 3, rng)
    givens = [[float(v) if rng.random() < 0.3 else 0 for v in row] for row in good]
    assert check_fast.valid(good, (3, 3), givens)          # 5.0 == 5, as the rules read
    givens[0][0] = float(good[0][0] % 9 + 1)
    assert not check_fast.valid(good, (3, 3), givens)
    assert referee.check(good, (3, 3), givens)


def test_quick_referee_rejects_each_broken_unit_kind():
    box = (3, 3)
    latin = [[(r + c) % 9 + 1 for c in range(9)] for r in range(9)]  # rows, columns fine
    assert not check_fast.valid(latin, box, None)
    rows_only = [list(range(1, 10)) for _ in range(9)]                 # columns, boxes broken
    assert not check_fast.valid(rows_only, box, None)
    rng = random.Random(3)
    good = solved(3, 3, rng)
    one = [[True if v == 1 else v for v in row] for row in good]        # True == 1, not an int
    assert not check_fast.valid(one, box, None) and referee.check(one, box)
    assert check_fast.valid(good, box, None) and check_fast.valid(good, box, good)
    changed = [row[:] for row in good]
    changed[4][4] = good[4][4] % 9 + 1
    assert not check_fast.valid(good, box, changed)


# ---------------------------------------------------------------- decoding
def _model_for(table, grid, nvars, rng, flips=0):
    """A dense PySAT-style model of ``grid`` over ``table``'s cell literals
    (other variables random), with ``flips`` random cell literals flipped."""
    model = [v if rng.random() < 0.5 else -v for v in range(1, nvars + 1)]
    n = table.n
    for i, ls in enumerate(table.lits):
        want = grid[i // n][i % n]
        for val, l in enumerate(ls, 1):
            model[l - 1] = l if val == want else -l
    cells = [l for ls in table.lits for l in ls]
    for l in rng.sample(cells, flips):
        model[l - 1] = -model[l - 1]
    return model


def _reference_decode(table, model):
    n = table.n
    vals = []
    for ls in table.lits:
        found = [v for v, l in enumerate(ls, 1) if model[l - 1] > 0]
        if len(found) != 1:
            return None
        vals.append(found[0])
    return [vals[r * n:(r + 1) * n] for r in range(n)]


@pytest.mark.parametrize("box,amo", [((2, 2), "pairwise"), ((3, 3), "pairwise"),
                                     ((3, 3), "ladder"), ((4, 4), "pairwise"),
                                     ((2, 3), "pairwise"), ((3, 4), "pairwise")])
def test_decode_agrees_with_the_reference_on_valid_and_broken_models(box, amo):
    n = box[0] * box[1]
    p = Sudoku([[0] * n for _ in range(n)], box)
    m = api.compile_puzzle(p, api.Options(amo=amo), givens="none")
    table = p.table(m)
    assert (table.block is not None) == (amo == "pairwise")
    rng = random.Random(n * 31 + len(amo))
    for trial in range(60):
        grid = solved(*box, rng)
        flips = 0 if trial % 3 == 0 else rng.choice([1, 2, 3, 5])
        model = _model_for(table, grid, m.formula.nvars, rng, flips)
        want = _reference_decode(table, model)
        if want is None:
            with pytest.raises(SatgridError):
                table.grid(model)
        else:
            assert table.grid(model) == want
            if flips == 0:
                assert want == grid


def test_decode_of_a_short_model_is_an_error_not_a_crash():
    p = Sudoku([[0] * 4 for _ in range(4)])
    m = api.compile_puzzle(p, api.Options(amo="pairwise"), givens="none")
    with pytest.raises((SatgridError, ValueError)):
        p.table(m).grid([1, -2, 3])


# ---------------------------------------------------------------- givens
@pytest.mark.parametrize("amo", ["pairwise", "ladder"])
def test_givens_are_the_literals_of_the_given_values(amo):
    rng = random.Random(5)
    grid = solved(3, 3, rng)
    puzzle = [[v if rng.random() < 0.4 else 0 for v in row] for row in grid]
    p = Sudoku(puzzle)
    m = api.compile_puzzle(p, api.Options(amo=amo), givens="none")
    lookup = m.formula.lookup
    want = [lookup(f"x[{r},{c}]={v}") for r, row in enumerate(puzzle)
            for c, v in enumerate(row) if v]
    assert p.givens(m) == want
    p.grid[2][3] = 10                  # changed after construction: refused, not misread
    with pytest.raises(SatgridError, match="outside 0..9"):
        p.givens(m)


def test_givens_skip_the_sessions_check_only_when_they_are_ints_of_its_pool():
    rng = random.Random(6)
    grid = solved(3, 3, rng)
    p = Sudoku([[v if rng.random() < 0.4 else 0 for v in row] for row in grid])
    m = api.compile_puzzle(p, api.Options(), givens="none")
    lits = p.givens(m)
    assert type(lits) is CheckedLiterals and lits.formula is m.formula
    sol = m.solve(lits)
    assert sol is not None and p.check(p.decode(sol)) == []
    p.grid[0][0] = float(grid[0][0] or 1)   # a float given: a plain list, checked
    loose = p.givens(m)
    assert type(loose) is list
    with pytest.raises(ValueError, match="not an integer literal"):
        m.solve(loose)
    s = m.session()
    n = m.formula.nvars
    for bad in ([n + 1], [0]):
        unbound = CheckedLiterals(bad)                  # vouched for by nobody
        with pytest.raises(ValueError, match="not a literal"):
            s.solve(unbound)
        other = CheckedLiterals(bad)
        other.formula = api.compile_puzzle(p, api.Options(), givens="none").formula
        with pytest.raises(ValueError, match="not a literal"):
            s.solve(other)
        with pytest.raises(ValueError, match="not a literal"):
            s.solve(list(bad))


def test_run_counts_are_the_stats_entries():
    ps = [Sudoku(solved(3, 3, random.Random(k))) for k in range(3)]
    m = api.compile_puzzle(ps[0], api.Options(), givens="none")
    s = m.session()
    for p in ps:
        s.solve(p.givens(m))
        st = s.stats
        assert s.run_counts() == (st["rounds"], st["cuts"], st["conflicts"])


# ---------------------------------------------------------------- collection
def _transform(rng):
    digits = [0] + rng.sample(range(1, 10), 9)
    def order():
        return [3 * b + i for b in rng.sample(range(3), 3) for i in rng.sample(range(3), 3)]
    rows, cols, flip = order(), order(), rng.random() < 0.5

    def apply(g):
        if flip:
            g = [list(col) for col in zip(*g)]
        return [[digits[g[r][c]] for c in cols] for r in rows]
    return apply


@pytest.mark.skipif(not (BENCH / "sudoku-top95.txt").exists(), reason="no shared benchmarks")
def test_a_collection_of_relabelled_hard_puzzles_gives_the_published_answers():
    ps = parse_text((BENCH / "sudoku-top95.txt").read_text(), "top95")
    sols = parse_text((BENCH / "sudoku-top95.solutions").read_text(), "top95.solutions")
    rng = random.Random(11)
    puzzles, want = [], []
    for p, s in list(zip(ps, sols))[:40]:
        f = _transform(rng)
        puzzles.append(Sudoku(f(p.grid)))
        want.append(f(s.grid))
    results = list(solve_collection(puzzles))
    assert [r["status"] for r in results] == ["sat"] * len(puzzles)
    assert [r["grid"] for r in results] == want
    assert all(p.check(r) == [] for p, r in zip(puzzles, results))
    conflicts = [r["stats"]["conflicts"] for r in results]
    assert conflicts == sorted(conflicts) and conflicts[-1] > 0   # one session, counted


@pytest.mark.skipif(not (BENCH / "sudoku-top95.txt").exists(), reason="no shared benchmarks")
def test_a_solve_that_ends_in_the_first_slice_is_one_solver_call():
    # no limits: the first conflict-budget slice (FIRST_FREE_SLICE conflicts)
    # answers every hard 9x9 puzzle, so each solve is one solve_limited call
    ps = parse_text((BENCH / "sudoku-top95.txt").read_text(), "top95")[:30]
    m = api.compile_puzzle(ps[0], api.Options(), givens="none")
    s = m.session()
    for p in ps:
        assert s.solve(p.givens(m)) == "sat"
    st = s.stats
    assert st["solves"] == st["slices"] == len(ps)


# ---------------------------------------------------------------- parsing
@pytest.mark.parametrize("n", [4, 9, 16, 25])
def test_one_line_parser_agrees_with_the_format(n):
    from satgrid.errors import InstanceError
    from satgrid.puzzles.sudoku import ALPHABET
    from satgrid.puzzles.sudoku.formats import _parse_line
    length = n * n
    rng = random.Random(n)
    valid = ".0" + ALPHABET[:n] + ALPHABET[:n].lower()
    noise = " \t|-+xZ9é\u0131\u00b2" + ALPHABET + ALPHABET.lower()

    def reference(s):
        vals = []
        for ch in s:
            if ch in ".0":
                vals.append(0)
                continue
            v = ALPHABET.find(ch.upper()) + 1
            if not ch.isascii() or not 1 <= v <= n:
                return None
            vals.append(v)
        return [vals[r * n:(r + 1) * n] for r in range(n)]
    for _ in range(300):
        s = [rng.choice(valid) for _ in range(length)]
        for _ in range(rng.choice([0, 0, 1, 2])):
            s[rng.randrange(length)] = rng.choice(noise)
        s = "".join(s)
        want = reference(s) if not any(ch.isspace() for ch in s) else None
        if want is None:
            with pytest.raises(InstanceError):
                _parse_line(s, "f.txt", 3, 0, n, length, 1)
        else:
            assert _parse_line(s, "f.txt", 3, 0, n, length, 1) == want


@pytest.mark.skipif(not (BENCH / "sudoku-top95.txt").exists(), reason="no shared benchmarks")
def test_direct_calls_make_the_same_search_as_pysats_own():
    # the oracle calls CaDiCaL's C functions itself when there are no limits
    # (Oracle._solve_direct); through a stand-in of PySAT's Solver it
    # takes PySAT's methods: the same answers, models and conflicts
    ps = parse_text((BENCH / "sudoku-top95.txt").read_text(), "top95")[:25]
    ps.append(Sudoku([[1, 1] + [0] * 7] + [[0] * 9 for _ in range(8)]))   # unsat
    runs = []
    for wrapped in (False, True):
        m = api.compile_puzzle(ps[0], api.Options(), givens="none")
        s = m.session()
        if wrapped:
            real = s.solver

            class StandIn:
                def __getattr__(self, name):
                    return getattr(real, name)
            s._handle.solver = StandIn()      # fault injection behind the session
        runs.append([(s.solve(p.givens(m)), s.model, s.core, s.run_counts())
                     for p in ps])
    assert runs[0] == runs[1]
    assert runs[0][-1][0] == "unsat" and runs[0][-1][2]
