"""The reference solver of a suite: one DIMACS file solved within a time
budget, its status, seconds and conflicts, and the evidence for the status.

Two references, chosen by name:

* ``cadical`` -- the ``cadical`` binary on the PATH (Debian's package): run
  as a separate process whose budget is process time (a CPU limit set on
  it; ``-t SECONDS``, wall time, where that is missing); its conflicts read from its
  statistics; a DRAT proof (text) written to a file when asked for.
* ``pysat:NAME`` -- a PySAT solver (default ``pysat:cadical195``) in this
  process, interrupted at the budget; conflicts from its statistics.

The evidence: a SAT answer carries its model (the suite checks it against
the formula and has the kind's referee judge the decoded puzzle); an UNSAT
answer of the binary carries a DRAT proof that :func:`check_proof` hands to
dratify, the pure-Python checker, within its own budget. Without a checked
proof an UNSAT answer stays ``unsat`` from the solver only, and the suite
says so (``proof`` column).
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

try:
    import resource                      # POSIX: the solver's budget as process time
except ImportError:                      # pragma: no cover (Windows: -t, wall time)
    resource = None

from ..core.solvers import canonical_name, new_solver
from ..errors import SatgridError
from ..io import dimacs
from ..io.compression import decompress, read_bytes

__all__ = ["Answer", "ReferenceSolver", "check_proof", "DEFAULT_REFERENCE"]

DEFAULT_REFERENCE = "cadical"
_CONFLICTS = re.compile(rb"^c\s+conflicts:\s+(\d+)", re.M)
#: CaDiCaL's own account of its CPU time: the binary's seconds are process
#: time, as the SAT Competition counts them, not wall time a loaded machine stretches
_PROCESS_TIME = re.compile(rb"^c total process time since initialization:\s+([0-9.]+)", re.M)
_CPU_LIMITS = resource is not None and hasattr(resource, "prlimit")
#: the wall time a budget of process time may take before the solver is
#: stopped anyway (a machine loaded this many times over)
_WALL_FACTOR = 10


@dataclass
class Answer:
    """What the reference solver said about one file."""

    status: str                        # "sat", "unsat" or "unknown"
    seconds: float
    conflicts: int | None
    model: list[int] = field(default_factory=list, repr=False)
    proof: str | None = field(default=None, repr=False)    # path of a DRAT proof (unsat)


class ReferenceSolver:
    """Solve DIMACS files within a budget: ``cadical`` (binary) or ``pysat:NAME``."""

    def __init__(self, name: str = DEFAULT_REFERENCE):
        self.name = name
        if name == "cadical":
            self.binary = shutil.which("cadical")
            if self.binary is None:
                raise SatgridError("the reference solver 'cadical' is not on the PATH "
                                   "(Debian: apt-get install cadical); use --solver pysat:cadical195")
        elif name.startswith("pysat:"):
            self.pysat = canonical_name(name[len("pysat:"):])
        else:
            raise SatgridError(f"unknown reference solver {name!r}; expected 'cadical' "
                               "(the binary) or 'pysat:NAME' (a PySAT solver)")

    def solve(self, path: str, seconds: float, proof_dir: str | None = None) -> Answer:
        """Solve the DIMACS file ``path`` (plain or compressed) within ``seconds``;
        with ``proof_dir`` (binary only) an UNSAT answer keeps its DRAT proof there."""
        if self.name == "cadical":
            return self._binary(path, seconds, proof_dir)
        return self._pysat(path, seconds)

    def _binary(self, path: str, seconds: float, proof_dir: str | None) -> Answer:
        with tempfile.TemporaryDirectory(prefix="satgrid-ref-") as tmp:
            plain = os.path.join(tmp, "f.cnf")
            _plain_copy(path, plain)
            proof = os.path.join(proof_dir or tmp, "proof.drat")
            limit = max(1, math.ceil(seconds))
            cmd = [self.binary, "--binary=false", plain]
            if not _CPU_LIMITS:
                cmd.insert(1, f"-t={limit}")
            if proof_dir:
                cmd.append(proof)
            t0 = time.perf_counter()
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if _CPU_LIMITS:
                # its budget is process time too (-t is wall time, which a
                # loaded machine eats: instances in the band came back unknown)
                try:
                    resource.prlimit(proc.pid, resource.RLIMIT_CPU, (limit, limit + 5))
                except ProcessLookupError:           # already done
                    pass
            try:
                out, _ = proc.communicate(timeout=_WALL_FACTOR * limit + 30)
            except subprocess.TimeoutExpired:
                proc.kill()
                out, _ = proc.communicate()
            took = time.perf_counter() - t0
        status = {10: "sat", 20: "unsat"}.get(proc.returncode, "unknown")
        m = _CONFLICTS.search(out)
        model = []
        if status == "sat":
            for line in out.splitlines():
                if line.startswith(b"v"):
                    model.extend(int(t) for t in line.split()[1:] if t != b"0")
        cpu = _PROCESS_TIME.search(out)
        took = float(cpu.group(1)) if cpu else (float(limit) if _CPU_LIMITS else took)
        return Answer(status, took, int(m.group(1)) if m else None, model,
                      proof if status == "unsat" and proof_dir else None)

    def _pysat(self, path: str, seconds: float) -> Answer:
        cnf = dimacs.read_dimacs(path)
        s = new_solver(self.pysat)
        try:
            s.append_formula(cnf.clauses)
            timer = threading.Timer(seconds, s.interrupt)
            t0 = time.perf_counter()
            timer.start()
            try:
                res = s.solve_limited(expect_interrupt=True)
            finally:
                timer.cancel()
            took = time.perf_counter() - t0
            status = {True: "sat", False: "unsat", None: "unknown"}[res]
            stats = s.accum_stats() if hasattr(s, "accum_stats") else {}
            model = list(s.get_model() or []) if status == "sat" else []
            return Answer(status, took, stats.get("conflicts"), model)
        finally:
            s.delete()


def check_proof(cnf_path: str, proof_path: str, seconds: float) -> str:
    """dratify's verdict on a DRAT proof of the file's unsatisfiability:
    ``"checked"``, ``"rejected"``, or ``"unchecked"`` (dratify missing, or
    the check ran past ``seconds`` in its own process)."""
    try:
        import dratify  # noqa: F401  (optional: the certify extra; checked in a child process)
    except ImportError:
        return "unchecked"
    code = ("import sys, dratify\n"
            "f = dratify.parse_dimacs_file(sys.argv[1])\n"
            "r = dratify.check_proof(f, open(sys.argv[2]).read())\n"
            "sys.exit(0 if r.ok else 1)\n")
    with tempfile.TemporaryDirectory(prefix="satgrid-proof-") as tmp:
        plain = os.path.join(tmp, "f.cnf")
        _plain_copy(cnf_path, plain)
        try:
            run = subprocess.run([sys.executable, "-c", code, plain, proof_path],
                                 capture_output=True, timeout=seconds)
        except subprocess.TimeoutExpired:
            return "unchecked"
    return "checked" if run.returncode == 0 else "rejected"


def _plain_copy(path: str, dest: str) -> None:
    """The DIMACS file ``path`` (compressed or not) written plain to ``dest``."""
    with open(dest, "wb") as fh:
        fh.write(decompress(read_bytes(path)))
