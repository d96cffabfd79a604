"""Calibrating a family to a hardness band: the size at which the reference
solver takes between LO and HI seconds.

The family's scale is its size parameters (``n``, ``order``, or ``rows`` and
``cols`` together; else its first parameter). Starting from the family's
default, each probe writes the ``sat`` instance of the probe seed, solves it
with a budget of ``2 * HI`` and moves the scale: up while it is too easy (by
half again, at least one; by one for a parameter whose range spans at most
ten values, such as Sudoku's box side), down while too hard, then by
bisection between the largest scale found too easy and the smallest found
too hard, until a scale lands in the band, the two are neighbours, the
parameter range ends, or the calibration's own budget is spent.

Every probe is bounded in time: generating, compiling, writing and solving
run in a child Python process (its own session, so the solver it starts goes
with it) that is killed at ``PROBE_CAP * HI`` seconds of wall time (the
solve's own budget is ``2 * HI`` of process time; a loaded machine stretches
both generation and solving) or at what is left of the calibration's budget, whichever comes first. Generation alone can take
longer than any solve (a 36 x 36 Sudoku reduced while unique); such a probe
is recorded as ``too-costly`` (at the cap) or ``over-budget`` (at the
budget), counts as too hard, and the search moves down; so does a size
whose formula is past the clause limit (``too-large``: a 10 x 10 knight's
tour encoded eagerly). Every probe is
recorded: the cost of the calibration is part of what a suite reports. A
size the family refuses (a prime side of Killer Sudoku, whose boxes would be
rows) is ``refused``, and the search takes the next size the same way.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field

from ..errors import LimitError, UsageError
from ..puzzles.families import SPECS
from .build import Plan, build_instance, plan_of
from .child import child_error, run_child
from .reference import ReferenceSolver

__all__ = ["Calibration", "calibrate", "probe", "scale_params", "PROBE_CAP"]

_SIZE_NAMES = ("n", "order", "rows", "cols")
#: a probe (generation, compilation, writing and solving) is stopped after
#: this many times the band's upper end
PROBE_CAP = 10.0
#: a parameter whose range spans at most this many values grows by one
_SMALL_RANGE = 10


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


def probe_main() -> None:
    """In the child (``python -c``): the probe's plan as JSON on stdin, its
    (status, seconds, conflicts) as JSON on stdout, an error as one line."""
    job = json.load(sys.stdin)
    try:
        inst = build_instance(plan_of(job["plan"]), job["tmp"], ReferenceSolver(job["ref"]),
                              job["seconds"])
        os.unlink(os.path.join(job["tmp"], inst.file))
        out = {"status": inst.status, "seconds": inst.seconds, "conflicts": inst.conflicts}
    except LimitError as e:      # a size past the formula's limit: too large, not a failure
        out = {"status": "too-large", "seconds": None, "conflicts": None, "why": str(e)}
    except UsageError as e:      # parameters the family refuses (Killer Sudoku's prime n)
        out = {"status": "refused", "seconds": None, "conflicts": None, "why": str(e)}
    except Exception as e:       # sent back whole: the parent raises it as one line
        out = child_error(e)
    sys.stdout.write(json.dumps(out))


_CHILD = "from satgrid.suite.calibrate import probe_main; probe_main()"


def probe(plan: Plan, tmp: str, ref: ReferenceSolver, seconds: float, limit: float,
          why: str = "too-costly") -> tuple[str, float | None, int | None]:
    """Build and solve ``plan`` within ``seconds`` of solving, the whole
    probe (a child process in its own session, so the solver it starts goes
    with it) stopped after ``limit`` seconds: (status, seconds, conflicts),
    the status ``why`` when it was stopped."""
    job = {"plan": dataclasses.asdict(plan), "tmp": tmp, "ref": ref.name, "seconds": seconds}
    got = run_child(_CHILD, job, limit, plan.name())
    if got is None:
        return why, None, None
    return got["status"], got["seconds"], got["conflicts"]


def calibrate(family: str, band: tuple[float, float], ref: ReferenceSolver, *,
              seed: int = 0, base: dict | None = None, budget: float = 600.0,
              encodings: dict | None = None, start: int | None = None) -> Calibration:
    """Search the family's scale for the band ``(lo, hi)`` seconds (from
    ``start``, else the family's default)."""
    lo_s, hi_s = band
    names = scale_params(family)
    lo, hi, s = _bounds(family, names)
    if start is not None:
        s = min(max(start, lo), hi)
    step_one = hi - lo <= _SMALL_RANGE
    base = dict(base or {})
    easy, hard = None, None            # largest scale too easy, smallest too hard
    cal = Calibration(family, None, {}, False)
    t_start = time.perf_counter()
    seen: dict[int, float] = {}
    with tempfile.TemporaryDirectory(prefix="satgrid-calibrate-") as tmp:
        while s not in seen:
            left = budget - (time.perf_counter() - t_start)
            if left <= 0:
                break
            params = {**base, **{n: s for n in names}}
            plan = Plan(family, tuple(params.items()), seed, **(encodings or {}))
            cap = PROBE_CAP * hi_s
            limit = min(cap, left)
            t0 = time.perf_counter()
            status, secs, conflicts = probe(plan, tmp, ref, min(2 * hi_s, limit), limit,
                                            "too-costly" if limit == cap else "over-budget")
            cal.probes.append({"scale": s, "status": status, "seconds": secs,
                               "conflicts": conflicts,
                               "wall": round(time.perf_counter() - t0, 3)})
            if status == "refused":     # not a size of the family: the next one the same way
                seen[s] = None
                nxt = s + 1 if hard is None and s < hi else s - 1
                if nxt < lo or nxt in seen:
                    break
                s = nxt
                continue
            t = secs if status in ("sat", "unsat") else float("inf")
            seen[s] = t
            if lo_s <= t <= hi_s:
                cal.scale, cal.params, cal.in_band = s, params, True
                break
            if t < lo_s:
                easy = s if easy is None else max(easy, s)
            else:
                hard = s if hard is None else min(hard, s)
            if hard is None:
                nxt = min(hi, s + 1 if step_one else max(s + 1, (3 * s) // 2))
            elif easy is None:
                nxt = max(lo, s - 1 if step_one else min(s - 1, (2 * s) // 3))
            else:
                nxt = (easy + hard) // 2
            if nxt == s or nxt in seen:
                break
            s = nxt
    if cal.scale is None and seen:
        # no size in the band: the size closest to it (in log time) from below if any
        below = [k for k, t in seen.items() if t is not None and t < lo_s]
        sized = [k for k, t in seen.items() if t is not None]
        cal.scale = max(below) if below else min(sized or seen)
        cal.params = {**base, **{n: cal.scale for n in names}}
    cal.seconds = round(time.perf_counter() - t_start, 3)
    return cal
