"""Ceilings on the work a small input can ask for (issue [2/9], "bounded work").

A 37-byte instance file can name a grid whose formula does not fit in
memory, a 13 MB ``.gz`` can expand to 3 GB, a DIMACS header can declare two
billion variables. Each is refused before the work starts, in one line that
gives the estimate and the limit:

* :data:`DEFAULT_MAX_CLAUSES`: the formula a puzzle kind or ``satgrid
  encode`` would build, estimated from the header (the kinds'
  ``estimate_clauses``, :func:`satgrid.core.encodings.size_formula`), against
  ``--max-clauses`` (this default, raisable);
* :data:`MAX_EXPANDED`: the bytes a compressed input may expand to
  (:func:`satgrid.io.compression.decompress` stops reading past it);
* :data:`MAX_DIMACS_VARIABLES`: the variables a DIMACS header may declare
  at all, and :data:`MAX_UNUSED_DIMACS_VARIABLES` beyond the highest one its
  clauses use (a Formula and a solver allocate per declared variable);
* :func:`check_solver_memory`: the variables a solver is told of against the
  memory this process can still have (``p cnf 100000000 1`` with the clause
  ``100000000 0``, 29 bytes, made CaDiCaL allocate 24 GB until the kernel
  killed the process).

Standard library only; the bottom layer beside :mod:`satgrid.errors`.
"""

from __future__ import annotations

import os
import resource
import time

from .errors import LimitError

#: the default ceiling on a formula's (estimated) clauses: ``--max-clauses``
DEFAULT_MAX_CLAUSES = 50_000_000
#: the most bytes a compressed file may expand to (1 GiB)
MAX_EXPANDED = 1 << 30
#: the most variables a DIMACS header may declare (more than its clauses mention)
MAX_DIMACS_VARIABLES = 100_000_000
#: the most variables a DIMACS header may declare beyond the highest one its
#: clauses (or ``c varname`` lines) use: a solver allocates for each (CaDiCaL
#: about 270 bytes, so 2**20 unused variables cost about 280 MB)
MAX_UNUSED_DIMACS_VARIABLES = 1 << 20
#: the most values one integer variable may take (``Model.int``, ``int_block``)
MAX_DOMAIN = 1_000_000


#: bytes a SAT solver allocates for each variable it is told of (measured with
#: 4 M variables: CaDiCaL 1.9.5 about 200 after a solve, CaDiCaL 1.5.3 166,
#: Glucose 4 160, MiniSat 83), with a margin for the formula's own arrays
SOLVER_BYTES_PER_VARIABLE = 256
#: below this many variables (1 GiB at the rate above) the memory is not looked at
SOLVER_MEMORY_CHECKED_FROM = 1 << 22


def available_memory() -> int | None:
    """Bytes this process can still allocate: the smaller of the system's
    available memory (``MemAvailable``) and what its address-space limit
    (``RLIMIT_AS``) leaves; None where neither can be read."""
    found = []
    try:
        with open("/proc/meminfo", "rb") as f:
            for line in f:
                if line.startswith(b"MemAvailable:"):
                    found.append(int(line.split()[1]) * 1024)
                    break
    except (OSError, ValueError, IndexError):
        pass
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        try:
            with open("/proc/self/statm", "rb") as f:
                used = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError):
            used = 0
        found.append(max(0, soft - used))
    return min(found) if found else None


def check_solver_memory(nvars: int) -> None:
    """Refuse (:class:`~satgrid.errors.LimitError`, exit 3) to tell a solver of
    ``nvars`` variables when, at :data:`SOLVER_BYTES_PER_VARIABLE` each, they
    would not fit in :func:`available_memory` (a solver that cannot allocate
    aborts the whole process: CaDiCaL's ``std::bad_alloc``, exit 134, or the
    kernel's kill)."""
    if nvars < SOLVER_MEMORY_CHECKED_FROM:
        return
    need, free = nvars * SOLVER_BYTES_PER_VARIABLE, available_memory()
    if free is not None and need > free:
        raise LimitError(f"a formula of {nvars:,} variables: a solver needs about "
                         f"{need / 2**30:.1f} GiB for them, more than the "
                         f"{free / 2**30:.1f} GiB this process can still have")


def check_clauses(estimate: int, limit: int | None, what: str) -> None:
    """Refuse (:class:`~satgrid.errors.LimitError`, exit 3) when ``estimate``
    clauses exceed ``limit`` (None: :data:`DEFAULT_MAX_CLAUSES`)."""
    limit = DEFAULT_MAX_CLAUSES if limit is None else limit
    if estimate > limit:
        raise LimitError(f"{what}: about {estimate:,} clauses estimated, more than the limit of "
                         f"{limit:,} (raise it with --max-clauses N)")


class CompileTimeout(LimitError):
    """The time limit reached while a formula was being built (exit 3): the
    answer is unknown, as when the solver runs out of time."""


class Deadline:
    """A wall-clock deadline checked while a formula is built (``--time-limit``
    covers compiling): :meth:`check` raises :class:`~satgrid.errors.LimitError`
    once ``seconds`` have passed since the deadline was made."""

    __slots__ = ("seconds", "start", "end", "what")

    def __init__(self, seconds: float, what: str = "time limit"):
        self.seconds, self.what = seconds, what
        self.start = time.monotonic()
        self.end = self.start + seconds

    def check(self) -> None:
        if time.monotonic() > self.end:
            raise CompileTimeout(f"{self.what}: time limit of {self.seconds:g} s reached while compiling "
                             f"(after {time.monotonic() - self.start:.1f} s)")

    def left(self) -> float:
        """Seconds left (never below 0)."""
        return max(0.0, self.end - time.monotonic())
