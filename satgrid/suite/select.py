"""Selecting a family's instances by their own solve (``satgrid suite --keep N``).

Calibration fixes a family's size on one probe seed, but seeds of one size
spread widely: a 10 x 10 Masyu took CaDiCaL 3.15 s on the probe's seed and
0-1 s on the next five, and a puzzle with many answers makes an easy ``uniq``
instance whatever its size. Selection builds seed after seed, each in a
child process stopped at a wall-clock cap (generation, compilation and both
solves), and keeps the instances whose own solve by the reference solver
lands in the band, until it has ``keep`` of them, has tried ``tries`` seeds
or has spent its budget. The size walks with what it sees: up by one after
two seeds in a row whose every instance was solved below the band, down by
one after a seed that was stopped or not solved within the band's top. With
a ``margin`` the band an instance must land in to be kept (and that the walk
reads) is narrowed by that fraction at both ends, ``lo * (1 + margin)`` to
``hi / (1 + margin)``: a solve measured on a loaded machine was 20-35 %
slower than the same solve on a quiet one, so instances kept near an edge
fell out of the band when solved again. A size the family refuses
(Killer Sudoku's prime sides) is passed over; a size whose formula is past
the clause limit (``too-large``) is a ceiling the walk stays below from
then on. An instance whose formula is one already
kept (the same GBD hash: a family whose puzzle does not depend on the seed,
such as the unconstrained Hooks grid) is not kept again, and a seed that
brings nothing new counts as too easy, so the size moves on.

Each kept seed is recorded with its own parameters and the variants kept,
so ``suite.json`` regenerates exactly those files byte for byte. Every seed
tried is recorded too (``times.csv``): the selection's cost is part of what
a suite reports.

Example::

    >>> from satgrid.suite.select import select                      # doctest: +SKIP
    >>> s = select("tents", {"rows": 49, "cols": 49}, (1.0, 6.0),
    ...            ReferenceSolver("cadical"), "out", keep=4)          # doctest: +SKIP
    >>> [(u["seed"], u["variants"]) for u in s.units]                 # doctest: +SKIP
    [(1, ['sat']), (2, ['sat']), (4, ['sat', 'uniq'])]
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Callable

from ..errors import LimitError, UsageError
from ..puzzles.families import SPECS
from .build import VARIANTS, Instance, Plan, plan_of, seed_unit
from .calibrate import PROBE_CAP, scale_params
from .child import child_error, run_child
from .reference import ReferenceSolver

__all__ = ["Selection", "keep_band", "select", "state", "try_seed"]

#: seeds in a row whose instances were all below the band before the size grows
EASY_RUN = 2


@dataclass
class Selection:
    family: str
    units: list[dict] = field(default_factory=list)       # kept: seed, params, variants
    instances: list[Instance] = field(default_factory=list)
    tried: list[dict] = field(default_factory=list)       # every seed: params, results
    seconds: float = 0.0


def unit_main() -> None:
    """In the child (``python -c``): a seed unit's job as JSON on stdin, its
    instances (without models) as JSON on stdout, an error as one line."""
    job = json.load(sys.stdin)
    try:
        insts = seed_unit(job["family"], job["params"], job["enc"], job["seed"], job["out"],
                          job["ref"], job["seconds"], job["proof_seconds"])
        out = {"instances": [_record(i) for i in insts]}
    except UsageError as e:      # parameters the family refuses: not this size
        out = {"instances": [], "refused": str(e)}
    except LimitError as e:      # past the clause limit: too large, not a failure
        out = {"instances": [], "too_large": str(e)}
    except Exception as e:       # sent back whole: the parent raises it as one line
        out = child_error(e)
    sys.stdout.write(json.dumps(out))


_CHILD = "from satgrid.suite.select import unit_main; unit_main()"


def _record(i: Instance) -> dict:
    """An instance as JSON carries it (its model left out)."""
    return {k: v for k, v in dataclasses.asdict(i).items() if k != "model"}


def _instance(d: dict) -> Instance:
    """The instance of its :func:`_record`."""
    return Instance(**{**d, "plan": plan_of(d["plan"])})


def try_seed(fam: str, params: dict, enc: dict, seed: int, out: str, ref: ReferenceSolver,
             seconds: float, limit: float, proof_seconds: float = 0.0
             ) -> list[Instance] | str | None:
    """Build ``fam``'s seed into ``out`` (both variants, each solved within
    ``seconds``), the whole of it stopped after ``limit`` seconds of wall
    time: its instances, None when it was stopped (its files removed),
    ``"refused"`` when the family refuses these parameters, or ``"too-large"``
    when its formula is past the clause limit."""
    job = {"family": fam, "params": params, "enc": enc, "seed": seed, "out": out,
           "ref": ref.name, "seconds": seconds, "proof_seconds": proof_seconds}
    try:
        got = run_child(_CHILD, job, limit, f"{fam} seed {seed}")
    except BaseException:        # an interrupt or a failed child: none of its files stay
        _remove(fam, params, enc, seed, out)
        raise
    if got is None:
        _remove(fam, params, enc, seed, out)
        return None
    if "refused" in got:
        return "refused"
    if "too_large" in got:
        return "too-large"
    return [_instance(d) for d in got["instances"]]


def _remove(fam: str, params: dict, enc: dict, seed: int, out: str) -> None:
    """The files a stopped seed may have left."""
    for variant in VARIANTS:
        path = os.path.join(out, Plan(fam, tuple(params.items()), seed, variant, **enc).file())
        if os.path.exists(path):
            os.unlink(path)


def _in_band(i: Instance, lo: float, hi: float) -> bool:
    return i.status in ("sat", "unsat") and i.seconds is not None and lo <= i.seconds <= hi


def keep_band(band: tuple[float, float], margin: float = 0.0) -> tuple[float, float]:
    """The band an instance must be solved in to be kept: ``band`` narrowed
    by ``margin`` (a fraction) at both ends."""
    lo, hi = band
    return lo * (1 + margin), hi / (1 + margin)


def select(fam: str, params: dict, band: tuple[float, float], ref: ReferenceSolver, out: str, *,
           keep: int, first_seed: int = 1, tries: int | None = None, budget: float = 3600.0,
           margin: float = 0.0,
           encodings: dict | None = None, proof_seconds: float = 0.0,
           run: Callable = try_seed, resume: dict | None = None,
           save: Callable[[dict], None] | None = None) -> Selection:
    """Build seeds of ``fam`` from ``params`` (its size walking as the module
    says) into ``out``, keeping up to ``keep`` instances solved in ``band``.
    ``run`` builds one seed as :func:`try_seed` does (on a Dask cluster: a
    call that runs it on a worker). After each seed ``save`` gets the
    selection's state (:func:`state`); given back as ``resume``, a stopped
    selection goes on where it was (``keep`` and ``tries`` count what it
    kept and tried before, ``budget`` is this run's). ``margin`` narrows
    the band the kept instances must land in (:func:`keep_band`); the
    solves are still stopped at the band's top."""
    hi = band[1]
    k_lo, k_hi = keep_band(band, margin)
    enc = dict(encodings or {})
    names = scale_params(fam)
    specs = [SPECS[fam].param(n) for n in names]
    s_lo, s_hi = max(p.lo for p in specs), min(p.hi for p in specs)
    # no probe ran (a calibration without budget): the family's default size
    default = specs[0].default if isinstance(specs[0].default, int) else s_lo
    walk = {"scale": min(max(params.get(names[0], default), s_lo), s_hi), "easy_run": 0,
            "seed": first_seed}
    tries = tries if tries is not None else 4 * keep
    sel, before = Selection(fam), 0.0
    if resume:
        sel.units, sel.tried = list(resume["units"]), list(resume["tried"])
        sel.instances = [_instance(d) for d in resume["instances"]]
        before, walk = resume["seconds"], dict(resume["walk"])
    t_start = time.perf_counter()
    while len(sel.instances) < keep and len(sel.tried) < tries:
        left = budget - (time.perf_counter() - t_start)
        if left <= 0:
            break
        scale = walk["scale"]
        p = {**params, **{n: scale for n in names}}
        t0 = time.perf_counter()
        got = run(fam, p, enc, walk["seed"], out, ref, hi, min(PROBE_CAP * hi, left),
                  proof_seconds)
        row = {"seed": walk["seed"], "params": p, "wall": round(time.perf_counter() - t0, 3)}
        sel.tried.append(row)
        walk["seed"] += 1
        if got is None:
            row["results"] = "too-costly" if left > PROBE_CAP * hi else "over-budget"
            walk.update(easy_run=0, scale=max(s_lo, scale - 1))
        elif got == "too-large":        # this size and every larger one are out
            row["results"] = "too-large"
            walk.update(easy_run=0, top=min(top(walk), scale),
                        scale=max(s_lo, scale - 1))
        elif got == "refused":          # not a size of the family: the next one up (or down)
            row["results"] = "refused"
            walk["scale"] = scale + 1 if scale + 1 <= min(s_hi, top(walk) - 1) else scale - 1
        else:
            row["results"] = [(i.plan.variant, i.status, i.seconds, i.conflicts) for i in got]
            known = {i.gbd for i in sel.instances}
            fresh = [i for i in got if i.gbd not in known]
            kept = [i for i in fresh if _in_band(i, k_lo, k_hi)][:keep - len(sel.instances)]
            for i in got:
                if i not in kept:
                    os.unlink(os.path.join(out, i.file))
            if kept:
                sel.units.append({"seed": row["seed"], "params": p,
                                  "variants": [i.plan.variant for i in kept]})
                sel.instances += kept
                walk["easy_run"] = 0
            elif fresh and any(i.status == "unknown" or (i.seconds or 0) > k_hi for i in fresh):
                walk.update(easy_run=0, scale=max(s_lo, scale - 1))
            elif all(i.seconds is not None and i.seconds < k_lo for i in fresh):  # or none new
                walk["easy_run"] += 1
                if walk["easy_run"] >= EASY_RUN:
                    walk.update(easy_run=0, scale=min(s_hi, top(walk) - 1, scale + 1))
        sel.seconds = round(before + time.perf_counter() - t_start, 3)
        if save:
            save(state(sel, walk))
    sel.seconds = round(before + time.perf_counter() - t_start, 3)
    return sel


def top(walk: dict) -> float:
    """The smallest size found past the clause limit (none yet: infinity)."""
    return walk.get("top", float("inf"))


def state(sel: Selection, walk: dict) -> dict:
    """What :func:`select` needs to go on: kept units and instances, seeds
    tried, seconds spent, and the walk (size, easy seeds in a row, next seed)."""
    return {"units": sel.units, "tried": sel.tried, "seconds": sel.seconds, "walk": walk,
            "instances": [_record(i) for i in sel.instances]}
