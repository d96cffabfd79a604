"""Calibrating a family to a hardness band: the size at which the reference
solver takes between LO and HI seconds.

The family's scale is its size parameters (``n``, ``order``, or ``rows`` and
``cols`` together; else its first parameter). Starting from the family's
default, each probe writes the ``sat`` instance of the probe seed, solves it
with a budget of ``2 * HI`` and moves the scale: up (by half again, at least
one) while it is too easy, down while too hard, then by bisection between the
largest scale found too easy and the smallest found too hard, until a scale
lands in the band, the two are neighbours, the parameter range ends, or the
calibration's own budget is spent. Every probe is recorded: the cost of the
calibration is part of what a suite reports.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass, field

from ..puzzles.families import SPECS
from .build import Plan, build_instance
from .reference import ReferenceSolver

__all__ = ["Calibration", "calibrate", "scale_params"]

_SIZE_NAMES = ("n", "order", "rows", "cols")


@dataclass
class Calibration:
    family: str
    scale: int | None                     # None: no size reached the band
    params: dict
    in_band: bool
    probes: list[dict] = field(default_factory=list)
    seconds: float = 0.0


def scale_params(family: str) -> list[str]:
    """The parameters that set the family's size (moved together)."""
    names = [p.name for p in SPECS[family].params]
    sized = [n for n in names if n in _SIZE_NAMES]
    return sized or names[:1]


def _bounds(family: str, names: list[str]) -> tuple[int, int, int]:
    ps = [SPECS[family].param(n) for n in names]
    lo = max(p.lo for p in ps)
    hi = min(p.hi for p in ps)
    default = ps[0].default if isinstance(ps[0].default, int) else lo
    return lo, hi, min(max(default, lo), hi)


def calibrate(family: str, band: tuple[float, float], ref: ReferenceSolver, *,
              seed: int = 0, base: dict | None = None, budget: float = 600.0,
              encodings: dict | None = None) -> Calibration:
    """Search the family's scale for the band ``(lo, hi)`` seconds."""
    lo_s, hi_s = band
    names = scale_params(family)
    lo, hi, s = _bounds(family, names)
    base = dict(base or {})
    easy, hard = None, None            # largest scale too easy, smallest too hard
    cal = Calibration(family, None, {}, False)
    t_start = time.perf_counter()
    seen: dict[int, float] = {}
    with tempfile.TemporaryDirectory(prefix="satgrid-calibrate-") as tmp:
        while time.perf_counter() - t_start < budget and s not in seen:
            params = {**base, **{n: s for n in names}}
            plan = Plan(family, tuple(params.items()), seed, **(encodings or {}))
            inst = build_instance(plan, tmp, ref, 2 * hi_s)
            os.unlink(os.path.join(tmp, inst.file))
            t = inst.seconds if inst.status != "unknown" else float("inf")
            seen[s] = t
            cal.probes.append({"scale": s, "status": inst.status, "seconds": inst.seconds,
                               "conflicts": inst.conflicts})
            if lo_s <= t <= hi_s:
                cal.scale, cal.params, cal.in_band = s, params, True
                break
            if t < lo_s:
                easy = s if easy is None else max(easy, s)
            else:
                hard = s if hard is None else min(hard, s)
            if hard is None:
                nxt = min(hi, max(s + 1, (3 * s) // 2))
            elif easy is None:
                nxt = max(lo, min(s - 1, (2 * s) // 3))
            else:
                nxt = (easy + hard) // 2
            if nxt == s or nxt in seen:
                break
            s = nxt
    if cal.scale is None and seen:
        # no size in the band: the size closest to it (in log time) from below if any
        below = [k for k, t in seen.items() if t < lo_s]
        cal.scale = max(below) if below else min(seen)
        cal.params = {**base, **{n: cal.scale for n in names}}
    cal.seconds = round(time.perf_counter() - t_start, 3)
    return cal
