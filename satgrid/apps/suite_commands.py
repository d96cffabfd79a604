"""``satgrid suite`` (benchmark suites, :mod:`satgrid.suite`) and ``satgrid gbd``
(GBD hashes, :mod:`satgrid.io.dimacs.gbd`)."""

from __future__ import annotations

import sys

from ..errors import EXIT_INPUT, EXIT_OK, SatgridError, UsageError
from ..io.dimacs.gbd import gbd_hash
from ..suite import build_suite, replay

__all__ = ["cmd_suite", "cmd_gbd"]


def cmd_gbd(a) -> int:
    """Each file's GBD hash; an unreadable file is one line on stderr, the rest still hashed."""
    status = EXIT_OK
    for f in a.files:
        try:
            print(f"{gbd_hash(f)}  {f}", flush=True)
        except OSError as e:
            print(f"satgrid: {f}: {e.strerror or e}", file=sys.stderr)
            status = EXIT_INPUT
        except SatgridError as e:
            print(f"satgrid: {' '.join(str(e).split())}", file=sys.stderr)
            status = EXIT_INPUT
    return status


def cmd_suite(a) -> int:
    enc = {k: getattr(a, k) for k in ("amo", "card", "pb") if getattr(a, k)}
    common = dict(quiet=False, workers=a.workers, scheduler=a.scheduler)
    if a.replay:
        if a.kinds or enc:
            raise UsageError("--replay takes the kinds and encodings from its suite.json: "
                             "give no KIND, --amo, --card or --pb with it")
        s = replay(a.replay, a.output, proof_seconds=a.proof_seconds, **common)
    else:
        if not a.kinds:
            raise UsageError("suite: name the kinds or families (or 'all'), or give --replay")
        s = build_suite(a.kinds, a.output, band=a.target_seconds, count=a.count,
                        solver=a.solver, seed=a.seed, encodings=enc,
                        calibration_seconds=a.calibration_seconds, keep=a.keep,
                        select_seconds=a.select_seconds, margin=a.margin,
                        proof_seconds=a.proof_seconds or 0.0, **common)
    lo, hi = s.plan["band"]
    inside = sum(i.status != "unknown" and i.seconds is not None and lo <= i.seconds <= hi
                 for i in s.instances)
    by = {k: sum(i.status == k for i in s.instances) for k in ("sat", "unsat", "unknown")}
    checked = sum(i.proof == "checked" for i in s.instances)
    print(f"{len(s.instances)} instances in {s.out}: {by['sat']} sat, {by['unsat']} unsat "
          f"({checked} with a checked proof), {by['unknown']} unknown; {inside} solved in "
          f"{lo:g}..{hi:g} s")
    for c in s.calibrations:
        print(f"  {c.family}: {' '.join(f'{k}={v}' for k, v in c.params.items())} "
              f"({'in the band' if c.in_band else 'no size in the band'}; "
              f"{len(c.probes)} probes, {c.seconds:.1f} s)")
    return EXIT_OK
