"""``--workers N`` / ``--scheduler ADDRESS`` of ``solve``, ``check``, ``count``
and ``family`` (docs/guide/cluster.md). ``commands.py`` hands these over when
a cluster is asked for; the work is :mod:`satgrid.cluster`'s. What is printed
is what the serial command prints, in the same order (the solver's times and
conflicts aside); Ctrl-C cancels the tasks, keeps what was printed, says how
far it got and exits 130.
"""

from __future__ import annotations

import json
import os
import sys

from ..core import interrupts
from ..cluster import check_collection, count_split, solve_collection, write_family
from ..cluster.client import check_workers
from ..errors import EXIT_LIMIT, EXIT_OK, EXIT_UNSAT, UsageError
from ..pipeline.run import Options, public
from ..progress import track
from .report import format_result

__all__ = ["asked", "solve", "check", "count", "family", "DEFAULT_SPLIT"]

#: ``count --workers N`` without ``--split``: 2**6 = 64 cubes
DEFAULT_SPLIT = 6


def asked(a) -> bool:
    """Whether the command line asks for a cluster (``--workers``/``--scheduler``);
    refuses both at once, and ``--split`` without either (exit 2)."""
    workers, scheduler = getattr(a, "workers", None), getattr(a, "scheduler", None)
    check_workers(workers, scheduler)
    on = workers is not None or scheduler is not None
    if not on and getattr(a, "split", None) is not None:
        raise UsageError("--split: the cubes are counted on a cluster; add --workers N or "
                         "--scheduler ADDRESS")
    for opt in ("chunk_time_limit", "ship"):   # --chunk-size also cuts the serial run
        if not on and getattr(a, opt, None):
            raise UsageError(f"--{opt.replace('_', '-')}: only with --workers or --scheduler")
    if getattr(a, "chunk_size", None) == 0:
        raise UsageError("--chunk-size: expected a whole number >= 1")
    return on


def _where(a) -> dict:
    return {"workers": a.workers, "scheduler": a.scheduler}


def _interrupted(e: BaseException, done: int, total: int, what: str) -> int:
    print(f"satgrid: interrupted: {done} of {total} {what} finished (printed above); "
          "the cluster's tasks were cancelled", file=sys.stderr, flush=True)
    return interrupts.exit_status(e)


def _over_time(results: list[dict], bounds) -> None:
    late = sum(1 for r in results if r.get("stats", {}).get("over_time"))
    if late:
        print(f"satgrid: chunk of puzzles {bounds[0] + 1}-{bounds[1]} ran over its time "
              f"limit: {late} puzzle(s) reported unknown", file=sys.stderr, flush=True)


def solve(a, puzzles, opts: Options) -> int:
    """``satgrid solve COLLECTION --workers N``: chunks solved on workers."""
    for opt in ("all", "svg", "certify", "model_out"):
        if getattr(a, opt, None):
            raise UsageError(f"--{opt.replace('_', '-')}: not with --workers/--scheduler "
                             "(a cluster solves collections)")
    worst, done = EXIT_OK, 0
    results = solve_collection(puzzles, opts, unique=a.unique, chunk_size=a.chunk_size,
                               chunk_time_limit=a.chunk_time_limit,
                               on_chunk=lambda i, b, rs: _over_time(rs, b), **_where(a))
    try:
        for p, res in zip(puzzles, track(results, total=len(puzzles), desc="solving",
                                         unit="puzzle", quiet=a.quiet)):
            if a.json:
                print(json.dumps(public(res)))
            else:
                print(format_result(p, res))
            sys.stdout.flush()
            done += 1
            worst = max(worst, {"sat": EXIT_OK, "unsat": EXIT_UNSAT}.get(res["status"],
                                                                        EXIT_LIMIT))
    except KeyboardInterrupt as e:
        return _interrupted(e, done, len(puzzles), "puzzles")
    return worst


def check(a, puzzles, published, opts: Options) -> int:
    """``satgrid check COLLECTION --workers N``: chunks checked on workers."""
    worst, done = EXIT_OK, 0
    results = check_collection(puzzles, opts, published=published, chunk_size=a.chunk_size,
                               chunk_time_limit=a.chunk_time_limit,
                               on_chunk=lambda i, b, rs: _over_time([r for _, _, r in rs], b),
                               **_where(a))
    try:
        for p, (ok, bad, res) in zip(puzzles, track(results, total=len(puzzles),
                                                    desc="checking", unit="puzzle",
                                                    quiet=a.quiet)):
            if a.json:
                print(json.dumps({"puzzle": p.kind, "file": p.file, "ok": ok, "mismatches": bad,
                                  "answer": res.get("answer"), "unique": res.get("unique")}))
            else:
                print(f"{p.label()} ({p.kind}): " + ("ok" if ok else "FAILED: " + "; ".join(bad)),
                      flush=True)
            sys.stdout.flush()
            done += 1
            if not ok:
                worst = max(worst, EXIT_LIMIT if res["status"] == "unknown" else EXIT_UNSAT)
    except KeyboardInterrupt as e:
        return _interrupted(e, done, len(puzzles), "puzzles")
    return worst


def count(a, puzzles, opts: Options) -> int:
    """``satgrid count FILE --split K --workers N``: cube-and-conquer on workers."""
    k = DEFAULT_SPLIT if a.split is None else a.split
    if a.certify and len(puzzles) != 1:
        raise UsageError(f"satgrid count --certify: one certificate is of one puzzle; "
                         f"{a.file} holds {len(puzzles)}")
    if a.certify:
        _certify_folder(a.certify, getattr(a, "force", False))
    worst = EXIT_OK
    for p in puzzles:
        done = []
        try:
            res = count_split(p, k, opts, limit=a.limit, certify=a.certify,
                              on_cube=lambda i, cube, n, ok: done.append(n), **_where(a))
        except KeyboardInterrupt as e:
            n = sum(done)
            if a.json:
                print(json.dumps({"count": n, "complete": False, "interrupted": True}))
            else:
                print(f"{p.label()} ({p.kind}): at least {n} solution(s) "
                      "(incomplete: interrupted)", flush=True)
            return _interrupted(e, len(done), 2 ** k, "cubes")
        if a.json:
            print(json.dumps({"count": res["count"], "complete": res["complete"]}))
        else:
            print(f"{p.label()} ({p.kind}): {res['count']} solution(s)"
                  + ("" if res["complete"] else " (incomplete: limit reached)"), flush=True)
        if a.certify:
            print(f"certificate: {a.certify} ({len(res['cubes'])} cubes, one certificate "
                  f"each, and split.json); check it with: satgrid verify {a.certify}",
                  file=sys.stderr if a.json else sys.stdout)
        n, complete = res["count"], res["complete"]
        worst = max(worst, (EXIT_OK if n else EXIT_UNSAT) if complete else (
            EXIT_OK if a.limit is not None and n >= a.limit else EXIT_LIMIT))
    return worst


def _certify_folder(folder: str, force: bool) -> None:
    """Refuse before the cluster starts a --certify DIR that is a file, or that
    holds anything already (without --force): stale cube folders of an earlier
    split never sit beside new ones unasked."""
    what = "satgrid count --split --certify"
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise UsageError(f"{what}: {folder} exists and is not a folder; a certificate is a "
                         "folder")
    if os.path.isdir(folder) and not force:
        try:
            with os.scandir(folder) as entries:
                busy = any(True for _ in entries)
        except OSError as e:
            raise UsageError(f"{what}: cannot read the folder {folder}: {e.strerror}") from None
        if busy:
            raise UsageError(f"{what}: {folder} is not empty; use --force to write the "
                             "certificate into it anyway")


def family(a, params: dict) -> list[str]:
    """``satgrid family NAME ... --workers N``: the family written on workers."""
    return write_family(a.name, params, seed=a.seed, out=a.output, dimacs=a.dimacs,
                        ship=True if a.ship else None, **_where(a))
