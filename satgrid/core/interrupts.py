"""Interrupts that never leave a solver half-way: SIGINT and SIGTERM act between solver calls.

Why: PySAT's C extension, when a solver is called from the main thread,
replaces the SIGINT handler for the length of the call by one that
``longjmp``\\ s out of the solver (``sigint_handler`` in PySAT's
``solvers/pysolvers.cc``; the call then raises ``pysolvers.error: Caught
keyboard interrupt``). The solver is left in the middle of its search:
CaDiCaL's next API call (the enumeration's cleanup adding a clause) aborts
the whole process with "invalid API usage ... solver in invalid state"
(SIGABRT, exit 134). Probed with python-sat 1.9.dev24: a SIGINT sent from
outside during ``solve_limited`` of CaDiCaL 1.9.5 gives that error; with the
call made as from another thread it returns normally, and Python's own
handler raises ``KeyboardInterrupt`` right after it.

How: around every SAT call the Session makes (``satgrid.core.oracle``), PySAT
is told the call does not come from the main thread (its
``MainThread.check()``, looked up on every call, answers False), so it
installs no ``longjmp`` handler: the C-level handler of Python records the
signal, the solver runs on, and the Python handler (``KeyboardInterrupt``
for SIGINT; :class:`Interrupted` for SIGTERM once :func:`raise_on_sigterm`
is in place, as in the command line) runs as soon as the call returns. The
Session makes long calls in conflict-budget slices of a fraction of a second
(:mod:`satgrid.core.oracle`), so that is soon, and the solver is consistent:
usable again by the caller who caught the exception. The Session's own
bookkeeping is ordered so that an exception between any two statements
leaves nothing wrong behind (at worst a clause given to the solver twice).

Swapping Python's signal handlers around each call would cost about 36 µs a
call (``signal.signal`` and ``getsignal``, measured), a fifth of a top95
Sudoku solve; this costs two attribute assignments.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

__all__ = ["Interrupted", "exit_status", "raise_on_sigterm", "restore_sigterm", "held"]


class Interrupted(KeyboardInterrupt):
    """A signal other than SIGINT turned into an exception (the command
    line's SIGTERM): a ``KeyboardInterrupt`` carrying the signal's number."""

    def __init__(self, signum: int):
        self.signum = signum
        super().__init__(signal.Signals(signum).name)


def exit_status(exc: BaseException) -> int:
    """The exit status of an interrupt: 128 + the signal (130 SIGINT, 143 SIGTERM)."""
    return 128 + int(getattr(exc, "signum", signal.SIGINT))


def _sigterm(signum, frame):
    raise Interrupted(signum)


def raise_on_sigterm():
    """Make SIGTERM raise :class:`Interrupted` (the command line; main thread
    only). Returns the handler it replaced, for :func:`restore_sigterm`."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _sigterm)


def restore_sigterm(previous) -> None:
    """Put back the SIGTERM handler :func:`raise_on_sigterm` returned."""
    if previous is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def held() -> Iterator[None]:
    """SIGINT and SIGTERM held back (blocked in this thread) for a short
    piece of work that must not be cut in two, such as printing one solution:
    a signal that arrives meanwhile is delivered, and raises, right after.
    Without it, a signal during a write to a full pipe aborted the write
    half-way (a solution drawn to its fifth row: seen in tests/test_interrupts.py)."""
    sigs = {signal.SIGINT, signal.SIGTERM}
    old = signal.pthread_sigmask(signal.SIG_BLOCK, sigs)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
