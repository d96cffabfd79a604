"""The files that describe a suite: ``meta.csv`` (one row per instance, keyed
by GBD hash: what a benchmark database imports), ``times.csv`` (the
reference solver's seconds and conflicts, and the calibration's probes: the
only files that change from run to run), ``suite.json`` (the plan that
regenerates the instances byte for byte), a README per family (its rules,
encoding and parameters) and one for the suite (the command).
"""

from __future__ import annotations

import csv
import io
import json
import os
from importlib import resources

from ..io.fileio import atomic_write_text
from ..puzzles import FAMILY_MODULES
from ..puzzles.families import SPECS
from .build import Instance, param_text

__all__ = ["ordered_params", "write_meta", "write_times", "write_plan", "write_readmes", "AUTHOR", "META_COLUMNS"]

AUTHOR = "satgrid"
META_COLUMNS = ("hash", "filename", "family", "result", "proof", "author", "kind", "variant",
                "params", "seed", "variables", "clauses", "encodings")


def _csv(rows, header) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def write_meta(out: str, insts: list[Instance]) -> str:
    """``meta.csv``: hash, file, family, result (sat/unsat/unknown as proved),
    proof, author, kind, variant, parameters, seed, size, encodings."""
    rows = [(i.gbd, i.file, i.plan.family, i.status, i.proof, AUTHOR, i.kind, i.plan.variant,
             param_text(dict(i.plan.params)), i.plan.seed, i.variables, i.clauses,
             " ".join(f"{k}={v}" for k, v in sorted(i.encodings.items())))
            for i in sorted(insts, key=lambda i: i.file)]
    path = os.path.join(out, "meta.csv")
    atomic_write_text(path, _csv(rows, META_COLUMNS))
    return path


def write_times(out: str, insts: list[Instance], band, calibrations: list,
                selections: list = ()) -> str:
    """``times.csv``: per instance the reference's seconds and conflicts and
    whether they fall in the band; then the calibration probes (a probe
    stopped before it finished has its own status, ``too-costly`` or
    ``over-budget``, and no seconds), then every seed a selection tried
    (kept or not; a seed stopped whole has that status)."""
    lo, hi = band
    rows = [(i.file, i.status, i.seconds, i.conflicts,
             int(i.seconds is not None and i.status != "unknown" and lo <= i.seconds <= hi))
            for i in sorted(insts, key=lambda i: i.file)]
    for c in calibrations:
        for p in c.probes:
            rows.append((f"calibration:{c.family}:scale={p['scale']}", p["status"], p["seconds"],
                         p["conflicts"], int(p["status"] in ("sat", "unsat")
                                                     and lo <= p["seconds"] <= hi)))
    for sel in selections:
        for t in sel.tried:
            name = f"selection:{sel.family}:{param_text(t['params'], ':')}:seed={t['seed']}"
            if isinstance(t["results"], str):
                rows.append((name, t["results"], None, None, 0))
            for variant, status, secs, conflicts in ([] if isinstance(t["results"], str)
                                                     else t["results"]):
                rows.append((f"{name}:{variant}", status, secs, conflicts,
                             int(status in ("sat", "unsat") and lo <= secs <= hi)))
    path = os.path.join(out, "times.csv")
    atomic_write_text(path, _csv(rows, ("filename", "result", "seconds", "conflicts", "in_band")))
    return path


def write_plan(out: str, plan: dict) -> str:
    path = os.path.join(out, "suite.json")
    atomic_write_text(path, json.dumps(plan, indent=1, sort_keys=True) + "\n")
    return path


def ordered_params(fam: str, params: dict) -> dict:
    """The parameters in the family's own order, however suite.json lists them."""
    return {p.name: params[p.name] for p in SPECS[fam].params if p.name in params}


def _rules(package: str) -> str:
    """The kind's section of the formats page (its rules and keys)."""
    try:
        return resources.files(f"satgrid.puzzles.{package}").joinpath("format.md").read_text(
            encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return ""


def write_readmes(out: str, plan: dict, insts: list[Instance], command: str) -> list[str]:
    """A README per family folder and one for the suite."""
    paths = []
    by_family: dict[str, list[Instance]] = {}
    for i in insts:
        by_family.setdefault(i.plan.family, []).append(i)
    for fam, items in sorted(by_family.items()):
        spec = SPECS[fam]
        enc = sorted({f"{k}={v}" for i in items for k, v in i.encodings.items()})
        status = {s: sum(i.status == s for i in items) for s in ("sat", "unsat", "unknown")}
        entry = plan["families"][fam]
        if "units" in entry:
            which = ("Seeds selected by their own solve, with their parameters and the "
                     "variants kept: " + "; ".join(
                         f"{u['seed']} ({param_text(ordered_params(fam, u['params']))}: "
                         f"{', '.join(u['variants'])})"
                         for u in entry["units"]) + ".")
        else:
            which = (f"Parameters: {param_text(ordered_params(fam, entry['params']))}; seeds "
                     f"{', '.join(str(s) for s in entry['seeds'])}.")
        text = "\n".join([
            f"# {fam}: {spec.summary}", "",
            spec.description, "",
            which + " Each seed gives the "
            "puzzle (`sat` variant) and, when the reference solver finds a solution, the puzzle "
            "with that solution excluded (`uniq`: unsatisfiable exactly when the solution is "
            "unique).", "",
            f"Encodings: {', '.join(enc) or 'the defaults'}; connectivity eager; givens as unit "
            "clauses. Instances: " + ", ".join(f"{v} {k}" for k, v in status.items()) + ".", "",
            "## The puzzle's rules", "",
            _rules(FAMILY_MODULES[fam][0]).replace("\n## ", "\n### "), ""])
        path = os.path.join(out, fam, "README.md")
        atomic_write_text(path, text)
        paths.append(path)
    lo, hi = plan["band"]
    top = "\n".join([
        "# A satgrid benchmark suite", "",
        f"{len(insts)} instances of {len(by_family)} families, calibrated for {lo}-{hi} s of "
        f"the reference solver ({plan['solver']}). `meta.csv` holds one row per instance "
        "keyed by its GBD hash (result, proof, family, parameters, seed, sizes, encodings); "
        "`times.csv` the reference solver's seconds and conflicts and the calibration's "
        "probes; each family folder a README with its rules and encoding.", "",
        "Regenerate the instances byte for byte (without calibrating again):", "",
        "```text", command, "```", ""])
    path = os.path.join(out, "README.md")
    atomic_write_text(path, top)
    return paths + [path]
