"""Progress on long work, on stderr, only when stderr is a terminal.

One helper for every program that loops over many things (the atlas, the
families, collections, counts): a :class:`Progress` shows a tqdm bar (with a
total) or a running counter with its rate (without one) on a terminal, and
does nothing at all when the stream is not a terminal (a pipe, a file, a test
capturing output, CI) or when the user asked for ``--quiet``. Standard output
is never touched, so ``--json`` and DIMACS output stay clean.

Why tqdm rather than rich: tqdm is one pure-Python package with no
dependencies, draws on any file object we hand it (here stderr), redraws at
most ``mininterval`` seconds apart so a tight loop pays almost nothing, and
shows a live count with a rate when the total is unknown (a model count);
rich would bring pygments and markdown-it for a bar. tqdm itself is imported
only when a bar is drawn (it costs about 15 ms, most of a command's start-up
budget, and a pipe or ``--quiet`` never needs it).

Use::

    from satgrid.progress import Progress, track

    for p in track(puzzles, desc="solving", unit="puzzle", quiet=a.quiet):
        ...                                   # a bar over a known total

    with Progress(desc="counting", unit="solution", quiet=a.quiet) as bar:
        for sol in m.solutions():
            bar.update()                      # a live count, no total
            bar.note(f"{n} cuts")             # optional text after the bar
"""

from __future__ import annotations

import io
import os
import sys
from typing import IO, Iterable, Iterator, TypeVar

T = TypeVar("T")

#: seconds between redraws: a loop of millions of steps stays fast
MIN_INTERVAL = 0.2


#: columns and rows when the terminal reports a size of 0 x 0 (tqdm would draw nothing)
FALLBACK_WIDTH, FALLBACK_HEIGHT = 80, 24


def _width(stream) -> int:
    """The terminal's width in columns, 0 when unknown."""
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError, io.UnsupportedOperation):
        return 0


def enabled(quiet: bool = False, stream: IO[str] | None = None) -> bool:
    """Whether a bar is drawn: not ``quiet`` and ``stream`` (default stderr) a terminal."""
    if quiet:
        return False
    stream = sys.stderr if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


class Progress:
    """A progress bar on ``stream`` (default stderr), drawn only on a terminal.

    Args:
        total: the number of steps, or None for a running count with its rate.
        desc: the text before the bar ("solving", "counting", ...).
        unit: what a step is ("puzzle", "solution", ...).
        quiet: never draw (the command's ``--quiet``).
        stream: where to draw; a bar appears only if ``stream.isatty()``.
        leave: keep the finished bar on the screen (default: erase it).

    When disabled, every method is a cheap no-op; :attr:`count` is kept either
    way. Also a context manager: the bar is closed on exit.
    """

    def __init__(self, total: int | None = None, *, desc: str = "", unit: str = "it",
                 quiet: bool = False, stream: IO[str] | None = None, leave: bool = False):
        self.count = 0
        self.total = total
        stream = sys.stderr if stream is None else stream
        self._bar = None
        if enabled(quiet, stream):
            from tqdm import tqdm  # off the start-up path: imported only when a bar is drawn
            sized = _width(stream) > 0   # a terminal that reports no width (some ptys): 80
            self._bar = tqdm(total=total, desc=desc or None, unit=unit, file=stream,
                             leave=leave, mininterval=MIN_INTERVAL, dynamic_ncols=sized,
                             ncols=None if sized else FALLBACK_WIDTH,
                             nrows=None if sized else FALLBACK_HEIGHT)

    @property
    def active(self) -> bool:
        """Whether a bar is being drawn."""
        return self._bar is not None

    def update(self, n: int = 1) -> None:
        """Advance by ``n`` steps."""
        self.count += n
        if self._bar is not None:
            self._bar.update(n)

    def set_total(self, total: int | None) -> None:
        """Set (or change) the number of steps once it is known."""
        self.total = total
        if self._bar is not None:
            self._bar.total = total
            self._bar.refresh()

    def note(self, text: str) -> None:
        """Show ``text`` after the bar (e.g. the current puzzle's name)."""
        if self._bar is not None:
            self._bar.set_postfix_str(text, refresh=False)

    def write(self, line: str) -> None:
        """Print a line on the stream above the bar (without breaking it)."""
        if self._bar is not None:
            self._bar.write(line, file=self._bar.fp)

    def close(self) -> None:
        """Erase (or, with ``leave``, finish) the bar; idempotent."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def track(items: Iterable[T], *, total: int | None = None, desc: str = "", unit: str = "it",
          quiet: bool = False, stream: IO[str] | None = None) -> Iterator[T]:
    """Yield ``items``, advancing a :class:`Progress` after each one.

    ``total`` defaults to ``len(items)`` when the items have a length.
    """
    if total is None:
        try:
            total = len(items)  # type: ignore[arg-type]
        except TypeError:
            total = None
    with Progress(total, desc=desc, unit=unit, quiet=quiet, stream=stream) as bar:
        for item in items:
            yield item
            bar.update()
