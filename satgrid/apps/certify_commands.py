"""``satgrid verify`` and the ``--certify DIR`` option of ``solve`` and ``count``
(docs/certify.md). ``commands.py`` hands these over; the work is
:mod:`satgrid.certify`."""

from __future__ import annotations

import json
import os
import sys

from ..certify.certificate import certify_puzzle
from ..certify.proof import proof_solver_for
from ..certify.verify import VerifyFailed, verify_folder, verify_proof
from .. import lazy
from ..errors import EXIT_OK, EXIT_UNSAT, UsageError
from ..pipeline.load import load
from ..pipeline.run import Options, public
from .report import format_result

__all__ = ["cmd_verify", "certified"]

#: a split count's certificate (docs/guide/cluster.md): one folder per cube
verify_split = lazy.function("satgrid.certify.split", "verify_split")


def cmd_verify(a) -> int:
    """``satgrid verify DIR`` / ``satgrid verify --formula F --proof P``."""
    if a.formula or a.proof:
        if not (a.formula and a.proof) or a.folder:
            raise UsageError("satgrid verify: give a certificate folder, or --formula F "
                             "and --proof P")
        check = lambda: verify_proof(a.formula, a.proof)  # noqa: E731
    elif a.folder:
        check = lambda: verify_folder(a.folder)  # noqa: E731
        if os.path.isfile(os.path.join(a.folder, "split.json")):   # count --split --certify
            check = lambda: verify_split(a.folder)  # noqa: E731
    else:
        raise UsageError("satgrid verify: give a certificate folder, or --formula F and --proof P")
    try:
        print(check())
    except VerifyFailed as e:
        print(f"NOT verified: {e}")
        return EXIT_UNSAT
    return EXIT_OK


def _check_folder(folder: str, force: bool, what: str) -> None:
    """Refuse, before any work, a certificate folder that is a file, or one
    that holds anything already (unless ``--force``): a certificate never
    silently replaces files."""
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise UsageError(f"{what}: {folder} exists and is not a folder; a certificate is "
                         "a folder")
    if os.path.isdir(folder) and not force:
        try:
            busy = any(os.scandir(folder))
        except OSError as e:
            raise UsageError(f"{what}: cannot read the folder {folder}: {e.strerror}") from None
        if busy:
            raise UsageError(f"{what}: {folder} is not empty; use --force to write the "
                             "certificate into it anyway")


def certified(a, command: str, opts: Options) -> int:
    """``solve --certify DIR`` (mode ``unique`` with ``--unique``, else ``unsat``)
    and ``count --certify DIR``: refused up front where no certificate can be made."""
    what = f"satgrid {command} --certify"
    if getattr(a, "all", False):
        raise UsageError(f"{what}: --all is not certified; use 'satgrid count --certify DIR'")
    if getattr(a, "limit", None) is not None:
        raise UsageError(f"{what}: a certificate is of a complete answer; --limit cannot be "
                         "combined with it")
    if opts.time_limit is not None:
        raise UsageError(f"{what}: a certified run goes to the end; --time-limit cannot be "
                         "combined with it")
    _check_folder(a.certify, getattr(a, "force", False), what)
    puzzles = load(a.file)
    if len(puzzles) != 1:
        raise UsageError(f"{what}: one certificate is of one puzzle; {a.file} holds "
                         f"{len(puzzles)}")
    p = puzzles[0]
    mode = "count" if command == "count" else ("unique" if a.unique else "unsat")
    proof = proof_solver_for(opts.solver)
    res, cert = certify_puzzle(p, mode, a.certify, opts)
    note = (f"certificate: {a.certify} (claim: {res['claim']}"
            + (f", {res['count']}" if res["claim"] == "count" else "")
            + (f"; DRAT proof from {proof}" if res["claim"] in ("unique", "unsat", "count")
               else "") + f"); check it with: satgrid verify {a.certify}")
    if mode == "unsat" and res["claim"] == "sat":
        note = ("certificate: a found solution needs no proof (the referee accepted it); "
                f"{a.certify} records it; add --unique to certify that it is the only one")
    if a.json:
        print(json.dumps({**public(res), "count": res["count"]} if command == "count"
                         else public(res)))
    elif command == "count":
        print(f"{p.label()} ({p.kind}): {res['count']} solution(s)")
    else:
        print(format_result(p, res))
    print(note, file=sys.stderr if a.json else sys.stdout)
    if command == "count":
        return EXIT_OK if res["count"] else EXIT_UNSAT
    return EXIT_OK if res["status"] == "sat" else EXIT_UNSAT

