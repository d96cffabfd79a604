"""``satgrid suite``: graded families with known status, for SAT competitions.

For each family of the chosen kinds: calibrate its size to the hardness band
(:mod:`.calibrate`), then for ``count`` seeds write the ``sat`` instance and,
when it has a solution, its ``uniq`` instance (:mod:`.build`), each solved by
the reference solver and its status proved; then ``meta.csv``, ``times.csv``,
``suite.json`` and the READMEs (:mod:`.write`). ``replay`` regenerates a
suite from its ``suite.json`` without calibrating: the same instance files,
byte for byte.

Example::

    >>> from satgrid.suite import build_suite
    >>> s = build_suite(["hitori"], "out", band=(0.0, 1.0), count=2)   # doctest: +SKIP
    >>> [i.status for i in s.instances]                                # doctest: +SKIP
    ['sat', 'unsat', 'sat', 'unsat']
"""

from __future__ import annotations

import dataclasses
import json
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from ..errors import SatgridError
from ..io.fileio import atomic_write_text
from ..progress import Progress
from ..puzzles import FAMILY_MODULES
from ..puzzles.families import SPECS
from ..cluster.client import connect
from ..cluster.family import workers_see
from ..cluster.tasks import in_order, submit_calls
from .build import VARIANTS, Instance, seed_unit
from .calibrate import Calibration, calibrate
from .reference import DEFAULT_REFERENCE, ReferenceSolver
from .select import Selection, keep_band, select, try_seed
from .write import ordered_params, write_meta, write_plan, write_readmes, write_times

__all__ = ["Suite", "build_suite", "replay", "families_of", "PLAN_VERSION"]

PLAN_VERSION = 1


@dataclass
class Suite:
    out: str
    plan: dict
    instances: list[Instance] = field(default_factory=list)
    calibrations: list[Calibration] = field(default_factory=list)
    selections: list[Selection] = field(default_factory=list)


def families_of(names) -> list[str]:
    """The families of ``names`` (kind folders, kind names, family names, ``all``)."""
    if isinstance(names, str):
        names = [names]
    out: list[str] = []
    for name in names:
        if name == "all":
            hits = list(FAMILY_MODULES)
        else:
            key = name.replace("-", "_")
            hits = [f for f, (pkg, _) in FAMILY_MODULES.items() if f == name or pkg == key]
        if not hits:
            raise SatgridError(f"no family of {name!r}; expected 'all', a kind or a family "
                               f"({', '.join(FAMILY_MODULES)})")
        out.extend(h for h in hits if h not in out)
    return out


def _command(plan_path: str, out: str) -> str:
    return f"satgrid suite --replay {plan_path} -o {out}"


def _units(plan: dict, out: str, ref_name: str, seconds: float, proof_seconds: float):
    enc = plan.get("encodings", {})
    units = []
    for fam, e in plan["families"].items():
        common = (os.path.abspath(out), ref_name, seconds, proof_seconds)
        if "units" in e:          # selected seeds: each its own parameters and variants
            units += [(fam, ordered_params(fam, u["params"]), enc, u["seed"], *common,
                       tuple(u["variants"])) for u in e["units"]]
        else:
            units += [(fam, ordered_params(fam, e["params"]), enc, seed, *common) for seed in e["seeds"]]
    return units


#: a family's selection so far, rewritten after every seed: a stopped run
#: given the same command goes on from it
STATE = "selection.json"
_SAME = ("band", "solver", "encodings", "proof_seconds")


def _resumed(out: str, fam: str, plan: dict) -> dict | None:
    """The state a stopped selection of ``fam`` left in ``out``, if any; one
    made with another band, solver, encodings or proof budget is refused."""
    path = os.path.join(out, fam, STATE)
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as fh:
            st = json.load(fh)
        differ = [k for k in _SAME if st[k] != plan[k]]
        st["calibration"], st["selection"]     # both there
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SatgridError(f"{path}: not a selection's state ({e}); remove it to start over") \
            from None
    if differ:
        raise SatgridError(f"{path}: a selection made with another {', '.join(differ)}; give "
                           "the same options to go on, or another -o")
    return st


def _save_state(out: str, fam: str, plan: dict, cal: Calibration, st: dict | None) -> None:
    os.makedirs(os.path.join(out, fam), exist_ok=True)
    atomic_write_text(os.path.join(out, fam, STATE), json.dumps(
        {**{k: plan[k] for k in _SAME}, "calibration": dataclasses.asdict(cal),
         "selection": st}, sort_keys=True) + "\n")


def _write(s: Suite) -> Suite:
    write_plan(s.out, s.plan)
    write_meta(s.out, s.instances)
    write_times(s.out, s.instances, s.plan["band"], s.calibrations, s.selections)
    write_readmes(s.out, s.plan, s.instances, _command("suite.json", s.out))
    return s


def _finish(s: Suite, ref_name: str, seconds: float, proof_seconds: float, quiet: bool,
            workers: int | None = None, scheduler: str | None = None) -> Suite:
    ReferenceSolver(ref_name)                 # refused here, before any work, if unusable
    os.makedirs(s.out, exist_ok=True)
    units = _units(s.plan, s.out, ref_name, seconds, proof_seconds)
    with Progress(desc="suite", unit="seed", total=len(units), quiet=quiet) as bar:
        if workers is None and scheduler is None:
            for args in units:
                s.instances += seed_unit(*args)
                bar.update()
        else:
            with connect(workers, scheduler) as client:
                if not workers_see(client, s.out):
                    raise SatgridError(f"the workers do not reach {s.out}: give -o a folder "
                                       "every worker shares")
                futures = submit_calls(client, [(seed_unit, args) for args in units],
                                       prefix="suite")
                for _, insts in in_order(futures, on_done=lambda i, r: bar.update()):
                    s.instances += insts
    return _write(s)


def build_suite(names, out: str, *, band: tuple[float, float] = (10.0, 60.0), count: int | None = None,
                solver: str = DEFAULT_REFERENCE, seed: int = 0, encodings: dict | None = None,
                calibration_seconds: float = 900.0, proof_seconds: float = 0.0,
                keep: int | None = None, select_seconds: float = 3600.0, margin: float = 0.0,
                starts: dict | None = None, quiet: bool = True, workers: int | None = None,
                scheduler: str | None = None) -> Suite:
    """Calibrate and write a suite of the families of ``names`` into ``out``.

    Args:
        band: the hardness band, seconds of the reference solver (lo, hi).
        count: seeds per family (each gives a ``sat`` and, when solved, a ``uniq``
            instance; default 5); with ``keep``, the most seeds tried per family
            (default ``4 * keep``).
        solver: the reference solver (``cadical``: the binary; ``pysat:NAME``).
        seed: the first seed (the calibration probes use it; the instances the next ``count``).
        encodings: ``amo``/``card``/``pb`` encodings of the compiled formulas.
        calibration_seconds: the most each family's calibration may take.
        proof_seconds: with the ``cadical`` binary, check each UNSAT answer's
            DRAT proof with dratify within this many seconds (0: do not ask
            for proofs; the UNSAT instances are then ``proof = unchecked``).
        keep: select instances by their own solve (:mod:`.select`): per family,
            build seeds one by one from the calibrated size (which walks with what
            it sees) and keep up to this many whose reference solve lands in the
            band; ``suite.json`` lists each kept seed with its parameters and variants.
        select_seconds: the most each family's selection may take.
        margin: with ``keep``, keep only instances solved inside the band
            narrowed by this fraction at both ends (``0.15`` with 10..60:
            11.5..52.2 s), so that they stay in the band when solved again
            on a machine that is more or less loaded (recorded in
            ``suite.json``; a stopped selection may go on with another).
        starts: the scale each family's calibration starts from (by family
            name; default its default size), e.g. from an earlier suite's
            ``times.csv``.
        workers, scheduler: build the instances on a Dask cluster (a local
            one of this many workers, or a running scheduler's) whose workers
            share ``out``; the files are those of the serial run. The
            calibration runs here, as many families at once as ``workers``
            (with ``keep``: as the cluster has threads, each family's
            selected seeds built on a worker).
    """
    lo, hi = band
    if not 0 <= lo < hi:
        raise SatgridError(f"the band {lo}..{hi} seconds is empty: expected 0 <= LO < HI")
    k_lo, k_hi = keep_band(band, margin)
    if not (margin >= 0 and k_lo < k_hi):
        raise SatgridError(f"the margin {margin} leaves nothing of the band {lo:g}..{hi:g}: "
                           "expected a fraction >= 0 that keeps LO * (1 + M) < HI / (1 + M)")
    fams = families_of(names)
    enc = {k: v for k, v in (encodings or {}).items() if v}
    ref = ReferenceSolver(solver)
    plan = {"version": PLAN_VERSION, "band": [lo, hi], "solver": solver, "encodings": enc,
            "time_limit": 2 * hi, "proof_seconds": proof_seconds, "families": {}}
    if keep is not None and margin:
        plan["margin"] = margin

    def one(fam: str, run=None) -> tuple[Calibration, Selection | None]:
        fixed = {"count": 1} if any(p.name == "count" for p in SPECS[fam].params) else {}
        before = _resumed(out, fam, plan) if keep is not None else None
        if before:
            cal = Calibration(**before["calibration"])
        else:
            cal = calibrate(fam, band, ref, seed=seed, base=fixed, budget=calibration_seconds,
                            encodings=enc, start=(starts or {}).get(fam))
        if keep is None:
            return cal, None
        if not before:
            _save_state(out, fam, plan, cal, None)

        def save(st: dict) -> None:
            _save_state(out, fam, plan, cal, st)
        return cal, select(fam, cal.params, band, ref, os.path.abspath(out), keep=keep,
                           first_seed=seed + 1, tries=count, budget=select_seconds, margin=margin,
                           encodings=enc, proof_seconds=proof_seconds, run=run or try_seed,
                           resume=(before or {}).get("selection"), save=save)
    if keep is None:
        # as many families calibrate at once as workers build the suite (each
        # probe is a child process; the binary's seconds are its own process time)
        with ThreadPoolExecutor(max_workers=max(1, workers or 1)) as pool:
            done = list(pool.map(one, fams))
    elif workers is None and scheduler is None:
        os.makedirs(out, exist_ok=True)
        done = [one(fam) for fam in fams]
    else:
        # selected on the cluster: each family calibrates here and sends its
        # seeds, one at a time, to a worker (which runs them in a child process)
        with connect(workers, scheduler) as client:
            if not workers_see(client, out):
                raise SatgridError(f"the workers do not reach {out}: give -o a folder "
                                   "every worker shares")

            def on_cluster(*args):
                return client.submit(try_seed, *args, pure=False).result()
            at_once = max(1, sum(client.nthreads().values()))
            with ThreadPoolExecutor(max_workers=at_once) as pool:
                done = list(pool.map(lambda fam: one(fam, on_cluster), fams))
    cals = [cal for cal, _ in done]
    for fam, (cal, sel) in zip(fams, done):
        plan["families"][fam] = {"params": cal.params, "calibrated": cal.in_band}
        if sel is None:
            plan["families"][fam]["seeds"] = list(range(seed + 1, seed + 1 + (count or 5)))
        else:
            plan["families"][fam].update(seeds=[u["seed"] for u in sel.units], units=sel.units)
    if keep is None:
        return _finish(Suite(out, plan, calibrations=cals), solver, 2 * hi, proof_seconds,
                       quiet, workers, scheduler)
    sels = [sel for _, sel in done]
    return _write(Suite(out, plan, [i for sel in sels for i in sel.instances], cals, sels))


def replay(plan_path: str, out: str, *, proof_seconds: float | None = None, quiet: bool = True,
           workers: int | None = None, scheduler: str | None = None) -> Suite:
    """Regenerate the suite of ``plan_path`` (a ``suite.json``) into ``out``,
    without calibrating: the same instance files, byte for byte (and the same
    ``meta.csv`` when every status is found again; ``proof_seconds`` defaults
    to the plan's)."""
    try:
        with open(plan_path, encoding="utf-8") as fh:
            plan = json.load(fh)
        if plan.get("version") != PLAN_VERSION:
            raise ValueError(f"version {plan.get('version')!r}, expected {PLAN_VERSION}")
        for fam, entry in plan["families"].items():
            if fam not in SPECS:
                raise ValueError(f"unknown family {fam!r}")
            if not isinstance(entry["params"], dict) or not all(
                    isinstance(x, int) for x in entry["seeds"]):
                raise ValueError(f"family {fam!r}: params must be a table, seeds integers")
            for u in entry.get("units", []):
                if not (isinstance(u["seed"], int) and isinstance(u["params"], dict)
                        and set(u["variants"]) <= set(VARIANTS) and u["variants"]):
                    raise ValueError(f"family {fam!r}: a unit needs an integer seed, a "
                                     f"params table and variants among {', '.join(VARIANTS)}")
            names = {p.name for p in SPECS[fam].params}
            for params in [entry["params"]] + [u["params"] for u in entry.get("units", [])]:
                unknown = sorted(set(params) - names)
                if unknown:
                    raise ValueError(f"family {fam!r} has no parameter {unknown[0]!r}; "
                                     f"expected {', '.join(sorted(names))}")
        lo, hi = plan["band"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SatgridError(f"{plan_path}: not a suite plan ({e})") from None
    if proof_seconds is None:
        proof_seconds = float(plan.get("proof_seconds", 0.0))
    return _finish(Suite(out, plan), plan["solver"], plan["time_limit"], proof_seconds, quiet,
                   workers, scheduler)
