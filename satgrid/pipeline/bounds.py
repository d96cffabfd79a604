"""Bounded compiling: a puzzle's formula is sized from its header before it is
built, and the build itself is held to the same ceiling and to the time limit.

``satgrid`` refuses, in one line with the estimate and the limit (exit 3),
a file whose formula would not fit: a kind's :meth:`Puzzle.estimate_clauses`
says how many clauses its rules take for the chosen encodings, from the
header alone (grid size, givens), by the encodings' published size formulas
(:mod:`satgrid.core.encodings.estimate`). While the rules are built a guard on the
Formula counts the clauses made so far against the same ceiling, and checks
the deadline of ``--time-limit``, which covers compiling too.
"""

from __future__ import annotations

import contextlib

from ..errors import LimitError
from ..limits import DEFAULT_MAX_CLAUSES, Deadline, check_clauses
from ..modelling.model import Model
from ..puzzles import Puzzle


class BuildGuard:
    """Called by :meth:`Formula.add_clauses` with each batch while a puzzle is
    built: clauses so far against ``limit``, and the ``deadline``."""

    __slots__ = ("limit", "deadline", "what", "made")

    def __init__(self, limit: int, deadline: Deadline | None, what: str):
        self.limit, self.deadline, self.what, self.made = limit, deadline, what, 0

    def __call__(self, added: int) -> None:
        self.made += added
        self.check(0)

    def check(self, pending: int) -> None:
        """The limits on what is made so far plus ``pending`` clauses not yet
        added (an encoder that builds a long list first, such as the eager
        connectivity, asks as it goes: a 65 x 65 Hitori's ran 93 s and took
        9.7 GB past a 10 s limit before its clauses reached the formula)."""
        if self.made + pending > self.limit:
            raise LimitError(f"{self.what}: more than {self.limit:,} clauses made while "
                             "compiling, beyond the limit (raise it with --max-clauses N)")
        if self.deadline is not None:
            self.deadline.check()


@contextlib.contextmanager
def bounded_build(p: Puzzle, m: Model, max_clauses: int | None, time_limit: float | None):
    """Refuse ``p`` when its estimate exceeds ``max_clauses`` (None: the
    default ceiling); then, for the ``with`` block, guard ``m``'s formula."""
    limit = DEFAULT_MAX_CLAUSES if max_clauses is None else max_clauses
    what = f"{p.file}: {p.kind}"
    estimate = p.estimate_clauses(m)
    if estimate is not None:
        check_clauses(estimate, limit, what)
    deadline = Deadline(time_limit, what) if time_limit is not None else None
    m.formula.guard = BuildGuard(limit, deadline, what)
    try:
        yield
    finally:
        m.formula.guard = None
