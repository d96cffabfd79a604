"""What the bench scripts share (each runs as ``python bench/X.py``, so this
module is found next to it): where the repository and its instances are, the
machine and date header, timing a ``solve --unique`` end to end, and the
CP-SAT baseline's checks (is OR-tools installed, how many workers it starts).
"""

from __future__ import annotations

import datetime
import os
import platform
import sys
import time
from pathlib import Path

#: the repository's root (bench/..)
ROOT = Path(__file__).resolve().parents[1]
# the checkout's satgrid, installed or not
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from satgrid import api  # noqa: E402

_WORKERS = None


def instance(name: str) -> str:
    """The path of ``instances/<name>`` in the repository."""
    return os.path.join(ROOT, "instances", name)


def machine() -> str:
    """One line: architecture, cores, operating system, Python version."""
    return (f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()} "
            f"{platform.release()}, Python {platform.python_version()}")


def utc_stamp() -> str:
    """The date and time now, in UTC, to the minute."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def solve_unique(path: str, opts: api.Options | None = None
                 ) -> tuple[api.Puzzle, dict, float, float]:
    """Load the one puzzle in ``path`` and solve it with uniqueness (``solve --unique``).

    Returns:
        ``(puzzle, result, wall seconds, CPU seconds)``, the times of load and solve.
    """
    c0, t0 = time.process_time(), time.perf_counter()
    [p] = api.load(path)
    res = api.solve(p, opts or api.Options(), unique=True)
    return p, res, time.perf_counter() - t0, time.process_time() - c0


def have_ortools(say: bool = True) -> bool:
    """True when OR-tools is installed; otherwise, with ``say``, print that the
    baseline is skipped."""
    try:
        import ortools  # noqa: F401  (optional: only the CP-SAT baselines need it)
    except ImportError:
        if say:
            print("baseline skipped: ortools is not installed (pip install -e '.[bench]')")
        return False
    return True


def cpsat_workers() -> int:
    """How many workers CP-SAT's default (num_workers = 0) starts here (from its log)."""
    global _WORKERS
    if _WORKERS is None:
        import re
        from ortools.sat.python import cp_model  # optional: the CP-SAT baselines only
        m = cp_model.CpModel()
        m.Add(m.NewBoolVar("x") == 1)
        s = cp_model.CpSolver()
        s.parameters.log_search_progress = True
        s.parameters.log_to_stdout = False
        lines = []
        s.log_callback = lines.append
        s.Solve(m)
        found = re.search(r"with (\d+) workers", "\n".join(lines))
        _WORKERS = int(found.group(1)) if found else -1
    return _WORKERS
