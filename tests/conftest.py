"""Helpers shared by the tests (import them with ``from conftest import ...``).

One copy of what several test files need: where the instances and the
third-party benchmarks are, loading one puzzle, the one-line error of a bad
instance, running the command line in a subprocess.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from satgrid import api
from satgrid.errors import InstanceError

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
