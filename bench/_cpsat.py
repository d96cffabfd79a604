"""What the CP-SAT baselines of bench/ share (run as ``python bench/X.py``)."""

from __future__ import annotations

_WORKERS = None


def have_ortools() -> bool:
    """True when OR-tools is installed; otherwise say so (the baseline is skipped)."""
    try:
        import ortools  # noqa: F401
    except ImportError:
        print("baseline skipped: ortools is not installed (pip install -e '.[bench]')")
        return False
    return True


def cpsat_workers() -> int:
    """How many workers CP-SAT's default (num_workers = 0) starts here (from its log)."""
    global _WORKERS
    if _WORKERS is None:
        import re
        from ortools.sat.python import cp_model
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
