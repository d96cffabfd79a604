"""Argument types of the command line that refuse what cannot be meant.

``argparse`` turns an :class:`argparse.ArgumentTypeError` into the usage
error (one line, exit status 2): ``--time-limit -1`` or ``nan`` and
``--limit -1`` are refused there instead of reaching the solver.
"""

from __future__ import annotations

import argparse
import math

def seconds(text: str) -> float:
    """A time limit: a number of seconds >= 0 (``inf``: no limit)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, found {text!r}") from None
    if math.isnan(value) or value < 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds >= 0, found {text!r}")
    return value


def count_limit(text: str) -> int:
    """A number of solutions: a whole number >= 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, found {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, found {text!r}")
    return value


def clause_ceiling(text: str) -> int:
    """``--max-clauses``: a whole number >= 1 (``1e8`` and ``100_000_000`` too)."""
    try:
        value = int(text.replace("_", "")) if text.strip().lstrip("+").replace("_", "").isdigit() \
            else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of clauses, found {text!r}") from None
    if value != value or value < 1 or value == float("inf") or value != int(value):
        raise argparse.ArgumentTypeError(f"expected a whole number of clauses >= 1, found {text!r}")
    return int(value)


def fraction(text: str) -> float:
    """A fraction >= 0 (``--margin 0.15``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a fraction >= 0, found {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"expected a fraction >= 0, found {text!r}")
    return value


def band(text: str) -> tuple[float, float]:
    """``LO..HI`` seconds, ``0 <= LO < HI`` (``--target-seconds 10..60``)."""
    lo, sep, hi = text.partition("..")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected LO..HI seconds (e.g. 10..60), found {text!r}")
    a, b = seconds(lo), seconds(hi)
    if not a < b:
        raise argparse.ArgumentTypeError(f"expected LO < HI, found {text!r}")
    return a, b
