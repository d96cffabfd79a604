"""Helpers shared by the tests (import them with ``from conftest import ...``).

One copy of what several test files need: where the instances and the
third-party benchmarks are, loading one puzzle, the one-line error of a bad
instance, running the command line in a subprocess, and the checks the tests
of the puzzle kinds share (published, unsat, malformed, doctests, families).
"""

import doctest
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from satgrid import api
from satgrid.errors import InstanceError

# Under `nohup make test &` the shell starts the tests with SIGINT ignored, and an
# ignored signal stays ignored in every child: the Ctrl-C tests' satgrid processes
# would never see their SIGINT (and one would wait for ever). A handler is reset to
# the default in a child, so installing Python's own here gives them back Ctrl-C.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

ROOT = Path(__file__).resolve().parents[1]
INST = ROOT / "instances"
#: third-party Sudoku sets, read in place from ../shared/benchmarks (never copied)
BENCH = Path(os.environ.get("SATGRID_BENCHMARKS", ROOT.parent / "shared" / "benchmarks"))


def load1(path) -> "api.Puzzle":
    """The one puzzle in the file ``path`` (fails when it holds several)."""
    [p] = api.load(str(path))
    return p


def loads1(text: str, file: str = "t.toml"):
    """The one puzzle in ``text`` read as if from ``file`` (its suffix matters: .toml or not)."""
    ps = api.loads(text, file)
    assert len(ps) == 1
    return ps[0]


def error_of(text: str, file: str = "t.toml") -> str:
    """The message of the InstanceError that loading ``text`` raises; it is one line."""
    with pytest.raises(InstanceError) as e:
        api.loads(text, file)
    msg = str(e.value)
    assert "\n" not in msg
    return msg


def run_cli(*args, stdin=None, cwd=None) -> tuple[int, str, str]:
    """``python -m satgrid ARGS`` in a subprocess: (exit status, stdout, stderr)."""
    p = subprocess.run([sys.executable, "-m", "satgrid", *map(str, args)], capture_output=True,
                       text=True, input=stdin, cwd=cwd or ROOT, timeout=300)
    return p.returncode, p.stdout, p.stderr


def one_line_error(err: str) -> str:
    """The single non-blank line of ``err``, which holds no traceback."""
    lines = [l for l in err.splitlines() if l.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


CLASSIC = [
    "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
    "7...2...6", ".6....28.", "...419..5", "....8..79",
]
# the published solution of the classic example (Wikipedia's "Sudoku" article)
CLASSIC_SOLUTION = [
    [5, 3, 4, 6, 7, 8, 9, 1, 2], [6, 7, 2, 1, 9, 5, 3, 4, 8], [1, 9, 8, 3, 4, 2, 5, 6, 7],
    [8, 5, 9, 7, 6, 1, 4, 2, 3], [4, 2, 6, 8, 5, 3, 7, 9, 1], [7, 1, 3, 9, 2, 4, 8, 5, 6],
    [9, 6, 1, 5, 3, 7, 2, 8, 4], [2, 8, 7, 4, 1, 9, 6, 3, 5], [3, 4, 5, 2, 8, 6, 1, 7, 9],
]


def grid_of(rows):
    return [[0 if ch in ".0" else int(ch) for ch in row] for row in rows]


# ------------------------------------------- what the tests of the puzzle kinds share
def solve_unique(p, connectivity: str = "lazy") -> dict:
    """``api.solve`` of ``p`` proving uniqueness, with lazy or eager connectivity."""
    return api.solve(p, api.Options(connectivity=connectivity), unique=True)


def solved_unique(name: str, connectivity: str = "lazy"):
    """(the puzzle of instance ``name``, its result), asserted solved and unique."""
    p = load1(INST / name)
    res = solve_unique(p, connectivity)
    assert res["status"] == "sat" and res["unique"] is True
    return p, res


def assert_error_at(text: str, file: str, where: str, fragment: str = "") -> None:
    """Loading ``text`` as ``file`` fails with one line that starts at
    ``where`` (``file:line:col``) and contains ``fragment``."""
    msg = error_of(text, file)
    assert msg.startswith(where) and fragment in msg, msg


def cli_error(path, text: str) -> str:
    """``satgrid solve`` of ``text`` written to ``path``: exit status 2 and
    one line of error, returned."""
    path.write_text(text)
    code, out, err = run_cli("solve", path)
    assert code == 2, (code, out, err)
    return one_line_error(err)


def assert_doctests(*modules, examples: int = 0) -> None:
    """Every docstring example of ``modules`` passes; the first ``examples``
    of them (all by default) must have at least one."""
    for i, m in enumerate(modules):
        res = doctest.testmod(m)
        assert res.failed == 0, m.__name__
        assert res.attempted > 0 or i >= (examples or len(modules)), m.__name__


def assert_family_solves(kind: str, tmp_path, seed: int) -> None:
    """`satgrid family KIND`: the same file again for the same seed, and
    satisfiable (a planted solution exists); api.solve verifies the answer
    with the referee."""
    from satgrid.pipeline.families import generate     # heavy, only for the family tests
    [path] = generate(kind, {}, seed=seed, out=str(tmp_path))
    again = generate(kind, {}, seed=seed, out=str(tmp_path / "again"))
    assert open(path).read() == open(again[0]).read()          # deterministic by seed
    assert api.solve(load1(path))["status"] == "sat"


def solved_as_published(name: str, connectivity: str, eager_too, why: str):
    """(puzzle, result) of instance ``name``, solved unique and equal to the
    published ``[expect] solution``; skipped (``why``) when eager connectivity
    is asked of an instance not in ``eager_too``."""
    if connectivity == "eager" and name not in eager_too:
        pytest.skip(why)
    p, res = solved_unique(name, connectivity)
    assert p.expect["unique"] is True and p.expected_solution() is not None
    assert res["grid"] == p.expected_solution()
    return p, res


def assert_unsat(name: str, cli: bool = True) -> None:
    """Instance ``name`` has no solution: unsat, count 0 and (``cli``) exit status 1."""
    p = load1(INST / name)
    assert solve_unique(p)["status"] == "unsat"
    assert api.count(p)["count"] == 0
    if cli:
        code, out, _ = run_cli("solve", INST / name)
        assert code == 1 and "unsat" in out


def text_grid(path, rows) -> "Path":
    """``path`` written as a plain text grid: ``ROWS COLS``, then the rows of tokens."""
    path.write_text(f"{len(rows)} {len(rows[0])}\n" + "\n".join(" ".join(r) for r in rows) + "\n")
    return path


def cli_unique(path) -> str:
    """``satgrid solve PATH --unique``: exit status 0 and a unique answer; its output."""
    code, out, err = run_cli("solve", path, "--unique")
    assert code == 0 and "unique: yes" in out, (code, out, err)
    return out


def optimized_sudoku_clauses(grid, box) -> int:
    """Clauses of the "optimized" Sudoku encoding (Kwon & Jain 2006), pairwise
    at-most-one, counted from the grid alone: a unit clause per literal the
    givens fix (a given's value true, every other value of a given cell and
    every value a peer's given takes false), then an at-least-one and the
    pairwise at-most-ones over the candidates each open cell keeps, and each
    row, column and box keeps for each value it does not hold yet."""
    n = len(grid)
    h, w = box
    units = [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    units += [[(br + i, bc + j) for i in range(h) for j in range(w)]
              for br in range(0, n, h) for bc in range(0, n, w)]
    taken = [{grid[r][c] for r, c in u} - {0} for u in units]
    cand = {(r, c): set(range(1, n + 1)).difference(*(t for u, t in zip(units, taken)
                                                      if (r, c) in u))
            for r in range(n) for c in range(n) if not grid[r][c]}
    pairs = lambda k: k * (k - 1) // 2                      # noqa: E731
    total = sum(n if grid[r][c] else n - len(cand[r, c]) for r in range(n) for c in range(n))
    total += sum(1 + pairs(len(cs) or n) for cs in cand.values())
    for u, t in zip(units, taken):
        for v in range(1, n + 1):
            if v in t:
                total += pairs(sum(grid[r][c] == v for r, c in u))   # clashing givens
            else:
                k = sum(1 for x in u if x in cand and v in cand[x])
                total += 1 + pairs(k or len(u))
    return total


def url_solved_as_file(name: str, to_url):
    """(the puzzle of instance ``name``, the puzzle read back from its URL
    ``to_url(p)``), asserting both unique with the same answer grid."""
    p, res = solved_unique(name)
    q = loads1(to_url(p), "u.txt")
    again = solve_unique(q)
    assert again["unique"] is True and again["grid"] == res["grid"]
    return p, q
