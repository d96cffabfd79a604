"""Ceilings on the work a small input can ask for (issue [2/9], "bounded work").

A 37-byte instance file can name a grid whose formula does not fit in
memory, a 13 MB ``.gz`` can expand to 3 GB, a DIMACS header can declare two
billion variables. Each is refused before the work starts, in one line that
gives the estimate and the limit:

* :data:`DEFAULT_MAX_CLAUSES`: the formula a puzzle kind or ``satgrid
  encode`` would build, estimated from the header (the kinds'
  ``estimate_clauses``, :func:`satgrid.encodings.size_formula`), against
  ``--max-clauses`` (this default, raisable);
* :data:`MAX_EXPANDED`: the bytes a compressed input may expand to
  (:func:`satgrid.compression.decompress` stops reading past it);
* :data:`MAX_DIMACS_VARIABLES`: the variables a DIMACS header may declare
  at all, and :data:`MAX_UNUSED_DIMACS_VARIABLES` beyond the highest one its
  clauses use (a Formula and a solver allocate per declared variable).

Standard library only; the bottom layer beside :mod:`satgrid.errors`.
"""

from __future__ import annotations

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
