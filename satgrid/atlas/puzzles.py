"""The atlas's puzzle page, ``puzzles.md``: the seed puzzles compiled with
each choice of encoding.

Owns the seed instances, the encoding options varied (:data:`DIMENSIONS`),
:func:`puzzle_table` (sizes from :func:`satgrid.api.sizes`, solve times from
:func:`satgrid.api.solve`) and the page itself. The only atlas page with
timings, so the only one stamped with machine and date.
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
from typing import Sequence

from .. import api
from ..core import encodings as enc
from ..apps.report import format_stats
from ..modelling.connectivity import DEFAULT_MODE
from ..errors import SatgridError
from ..io.fileio import atomic_write_text
from ..modelling.model import DEFAULT_AMO, DEFAULT_CARD, DEFAULT_PB
from ..core.solvers import DEFAULT_SOLVER
from .markdown import md_table
from .sweep import one_line

#: the seed instance of each puzzle kind
SEED_INSTANCES: tuple[str, ...] = (
    "instances/sudoku-classic.toml",
    "instances/vertex-sums-17-25-18-29.toml",
    "instances/knight-moves-4.toml",
    "instances/hooks-8.toml",
    "instances/twenty-four-seven-2x2-2.toml",
)
#: per-solve time limit in the puzzle tables (seconds)
PUZZLE_TIME_LIMIT = 60.0

#: (Options field, what it chooses, the choices)
DIMENSIONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("amo", "at-most-one and exactly-one constraints",
     enc.AMO_METHODS + ("seqcounter", "seqcounter-knuth")),
    ("card", "cardinality constraints with bound > 1", enc.CARD_METHODS),
    ("pb", "weighted sums", enc.PB_METHODS),
    ("connectivity", "connectivity", ("lazy", "eager")),
)


def default_options(**over) -> api.Options:
    """The atlas's baseline :class:`satgrid.api.Options` (the model's default
    encodings, lazy connectivity), with ``over`` changed."""
    base = dict(amo=DEFAULT_AMO, card=DEFAULT_CARD, pb=DEFAULT_PB, connectivity=DEFAULT_MODE)
    base.update(over)
    return api.Options(**base)


def puzzle_table(files: Sequence[str] = SEED_INSTANCES, *, solve: bool = True,
                 time_limit: float = PUZZLE_TIME_LIMIT, solver: str = DEFAULT_SOLVER,
                 dimensions: Sequence[tuple[str, str, Sequence[str]]] | None = None) -> list[dict]:
    """Compile each instance with each choice of encoding, one dimension at a
    time from the defaults (amo, card, pb, connectivity), and solve it.

    Sizes come from :func:`satgrid.api.sizes` (what ``satgrid stats`` prints),
    times from :func:`satgrid.api.solve` (compile and first solution, with
    ``time_limit``). A dimension whose choices all compile to the same sizes
    is reported as not applicable. Failures are recorded, never raised.
    ``dimensions``: the options to vary (default :data:`DIMENSIONS`).

    Returns:
        one dict per instance: ``file``, ``kind``, ``default`` (sizes),
        ``dimensions``: list of dicts ``name``, ``what``, ``applicable``,
        ``choices``: list of ``{"value", "sizes" | None, "error", "solve"}``
        where ``solve`` is None (not run) or ``{"status", "seconds",
        "conflicts", "rounds", "cuts"}`` or ``{"error": text}``.
    """
    out = []
    for path in files:
        entry: dict = {"file": path}
        try:
            [p] = api.load(path)[:1]
        except SatgridError as e:
            entry.update(kind="?", error=one_line(e), dimensions=[])
            out.append(entry)
            continue
        entry["kind"] = p.kind
        base = api.sizes(p, default_options(solver=solver))
        entry["default"] = base
        dims = []
        for name, what, values in (DIMENSIONS if dimensions is None else dimensions):
            choices = []
            for v in values:
                opts = default_options(solver=solver, time_limit=time_limit, **{name: v})
                ch: dict = {"value": v, "sizes": None, "error": None, "solve": None}
                try:
                    ch["sizes"] = api.sizes(p, opts)
                except Exception as e:  # record, never crash the atlas
                    ch["error"] = one_line(e)
                choices.append(ch)
            same = all(c["sizes"] is not None and c["sizes"]["groups"] == base["groups"]
                       for c in choices)
            dims.append({"name": name, "what": what, "applicable": not same, "choices": choices})
            if same or not solve:
                continue
            for ch in choices:
                if ch["sizes"] is None:
                    continue
                opts = default_options(solver=solver, time_limit=time_limit, **{name: ch["value"]})
                try:
                    res = api.solve(p, opts)
                    st = res["stats"]
                    ch["solve"] = {"status": res["status"], "seconds": st["seconds"],
                                   "conflicts": st["conflicts"], "rounds": st["rounds"],
                                   "cuts": st["cuts"]}
                except Exception as e:
                    ch["solve"] = {"error": one_line(e)}
        entry["dimensions"] = dims
        out.append(entry)
    return out


def machine_description() -> str:
    """CPU model, cores, system and Python version, for the pages' timings."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} logical cores, {platform.system()} "
            f"{platform.release()}, Python {platform.python_version()}")


def write_puzzles_markdown(entries: Sequence[dict], path: str, *, time_limit: float,
                           solver: str = DEFAULT_SOLVER, when: str | None = None,
                           machine: str | None = None) -> None:
    """Write ``puzzles.md``: per instance and dimension, sizes per constraint
    group and solve times, with the full ``satgrid stats`` table of each choice
    (:func:`satgrid.apps.report.format_stats`, the same function the command uses)."""
    when = when or _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = machine or machine_description()
    parts = ["# Seed puzzles under each choice of encoding\n",
             "Generated by `make atlas`; do not edit. Front page: [README.md](README.md).\n",
             f"Sizes come from `satgrid.api.sizes` — the numbers `satgrid stats FILE "
             f"[--amo ENC] [--card ENC] [--pb ENC] [--connectivity MODE]` prints, through "
             f"the same `format_stats` — and are exact and repeatable. **Times are not:** "
             f"`satgrid.api.solve` (compile and first solution, solver {solver}, time limit "
             f"{time_limit:g} s) measured on {machine}, on {when}, on a machine shared with "
             f"other work; read them as rough orders of magnitude. They appear only on this "
             f"page, never in the CSV files.\n",
             f"Each table changes one option from the defaults (amo = {DEFAULT_AMO}, card = "
             f"{DEFAULT_CARD}, pb = {DEFAULT_PB}, connectivity = lazy); the group columns are "
             f"the constraint groups whose sizes change (clauses, and the group's variables in "
             f"parentheses). An option that changes nothing for an instance is listed as not "
             f"applicable.\n"]
    parts.append("## Summary\n")
    parts.append(_puzzle_summary(entries))
    for e in entries:
        parts.append(f"## {e['kind']}: `{e['file']}`\n")
        if e.get("error"):
            parts.append(f"Could not load: {e['error']}\n")
            continue
        na = [d for d in e["dimensions"] if not d["applicable"]]
        if na:
            parts.append("Not applicable (no constraint of this instance uses it): "
                         + ", ".join(f"`{d['name']}`" for d in na) + ".\n")
        for d in e["dimensions"]:
            if not d["applicable"]:
                continue
            parts.append(f"### `Options({d['name']}=...)` — {d['what']}\n")
            parts.append(_dimension_table(e["default"], d))
            parts.append(_dimension_verdict(d))
            parts.append("<details><summary><code>satgrid stats</code> for each choice</summary>\n")
            for ch in d["choices"]:
                if ch["sizes"] is None:
                    continue
                parts.append(f"`--{d['name']} {ch['value']}`\n\n```\n{format_stats(ch['sizes'])}\n```\n")
            parts.append("</details>\n")
    atomic_write_text(path, "\n".join(parts))


def _puzzle_summary(entries: Sequence[dict]) -> str:
    """One line per (instance, applicable option): who has the fewest
    clauses, the fewest variables, and who solved fastest in this run."""
    body = []
    for e in entries:
        for d in e.get("dimensions", []):
            if not d["applicable"]:
                continue
            ok = [c for c in d["choices"] if c["sizes"] is not None]
            if not ok:
                continue

            def best(key):
                v = min(key(c) for c in ok)
                return ", ".join(f"`{c['value']}`" for c in ok if key(c) == v) + f" ({v})"
            solved = [c for c in ok if c["solve"] and c["solve"].get("status") == "sat"]
            fast = (f"`{min(solved, key=lambda c: c['solve']['seconds'])['value']}`"
                    if solved else "")
            body.append([f"{e['kind']}", f"`{d['name']}`",
                         best(lambda c: c["sizes"]["total"]["clauses"]),
                         best(lambda c: c["sizes"]["total"]["variables"]), fast])
    return md_table(["instance", "option", "fewest clauses", "fewest variables",
                      "fastest (this run)"], body, "lllll")


def _group_cell(s: dict | None) -> str:
    """A group's cell: clauses (variables), or a dash when the choice has no such group."""
    if s is None:
        return "—"
    return f"{s['clauses']} ({s['variables']})"


def _dimension_table(default: dict, d: dict) -> str:
    """One option's table: each choice's total sizes, the groups that change, the solve."""
    groups: list[str] = []
    for ch in d["choices"]:
        sz = ch["sizes"]
        if sz is None:
            continue
        for g, s in sz["groups"].items():
            if default["groups"].get(g) != s or any(
                    c["sizes"] is not None and c["sizes"]["groups"].get(g) != s for c in d["choices"]):
                if g not in groups:
                    groups.append(g)
    head = [d["name"], "variables", "clauses", "literals"] + [f"`{g}`" for g in groups] + \
           ["status", "seconds", "conflicts"]
    if d["name"] == "connectivity":
        head += ["rounds", "cuts"]
    body = []
    for ch in d["choices"]:
        sz = ch["sizes"]
        if sz is None:
            body.append([f"`{ch['value']}`", "", "", ""] + [""] * len(groups)
                        + [f"error: {ch['error']}", "", ""] + (["", ""] if d["name"] == "connectivity" else []))
            continue
        t = sz["total"]
        line = [f"`{ch['value']}`", t["variables"], t["clauses"], t["literals"]]
        line += [_group_cell(sz["groups"].get(g)) for g in groups]
        sv = ch["solve"]
        if sv is None:
            line += ["not run", "", ""]
        elif "error" in sv:
            line += [f"error: {sv['error']}", "", ""]
        else:
            status = sv["status"] + (" (time limit)" if sv["status"] == "unknown" else "")
            line += [status, f"{sv['seconds']:.2f}", sv["conflicts"]]
        if d["name"] == "connectivity":
            line += ["" if not sv or "error" in sv else sv["rounds"],
                     "" if not sv or "error" in sv else sv["cuts"]]
        body.append(line)
    return md_table(head, body, "l" + "r" * (len(head) - 1))


def _dimension_verdict(d: dict) -> str:
    """One line under an option's table: which choice is smallest, which fastest."""
    ok = [c for c in d["choices"] if c["sizes"] is not None]
    if not ok:
        return ""
    def best(key):
        v = min(key(c) for c in ok)
        return ", ".join(f"`{c['value']}`" for c in ok if key(c) == v), v
    names_c, vc = best(lambda c: c["sizes"]["total"]["clauses"])
    names_l, vl = best(lambda c: c["sizes"]["total"]["literals"])
    names_v, vv = best(lambda c: c["sizes"]["total"]["variables"])
    line = (f"Fewest clauses: {names_c} ({vc}); fewest literals: {names_l} ({vl}); fewest "
            f"variables: {names_v} ({vv})")
    solved = [c for c in ok if c["solve"] and c["solve"].get("status") == "sat"]
    if solved:
        fast = min(solved, key=lambda c: c["solve"]["seconds"])
        line += f"; fastest in this run: `{fast['value']}` ({fast['solve']['seconds']:.2f} s)"
    return line + ".\n"
