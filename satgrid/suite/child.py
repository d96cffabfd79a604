"""A piece of suite work in a child Python process, stopped at a wall-clock
limit: generation, compilation and the reference solver's run together.

Generating a puzzle can take longer than any solve (a large Sudoku reduced
while unique), and a solver started by the work must go when it is stopped,
so the child runs in its own session and the whole group is killed at the
limit. The job goes in as JSON on stdin and the answer comes back as JSON on
stdout; an error in the child comes back whole and is raised here as one line.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

from ..errors import SatgridError

__all__ = ["run_child", "child_error"]

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_child(code: str, job: dict, limit: float, name: str) -> dict | None:
    """Run ``code`` (``python -c``) with ``job`` on stdin: its JSON answer, or
    None when it was stopped at ``limit`` seconds of wall time. An answer
    ``{"error": ...}`` or a child that died is a :class:`SatgridError`
    naming ``name``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(x for x in (_ROOT, env.get("PYTHONPATH")) if x)
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            start_new_session=True)
    try:
        out, err = proc.communicate(json.dumps(job).encode(), timeout=max(limit, 0.01))
    except subprocess.TimeoutExpired:
        _kill(proc)
        return None
    except BaseException:        # Ctrl-C: its own session does not see the terminal's signal
        _kill(proc)
        raise
    try:
        got = json.loads(out)
    except ValueError:
        last = err.decode(errors="replace").strip().splitlines()[-1:] or ["no output"]
        raise SatgridError(f"{name}: the child process failed "
                           f"(code {proc.returncode}): {last[0]}") from None
    if isinstance(got, dict) and "error" in got:
        raise SatgridError(f"{name}: {got['error']}")
    return got


def _kill(proc: subprocess.Popen) -> None:
    """Stop the child and the solver it started (its whole process group)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.communicate()


def child_error(e: Exception) -> dict:
    """What a child sends back for an exception: its one line."""
    return {"error": str(e) if isinstance(e, SatgridError) else f"{type(e).__name__}: {e}"}
