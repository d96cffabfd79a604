"""Writing a certificate folder (the files :mod:`satgrid.certify.verify` reads).

A folder holds:

``formula.cnf``
    DIMACS with satgrid's header (``c varname`` lines included): clauses
    1..A the compiled puzzle (givens as unit clauses), A+1..B the lazy
    connectivity cuts, B+1..C the blocking clauses of the solutions, in
    order (the ranges are in the manifest and in ``c certify:`` lines).
``proof.drat``
    DRAT of the unsatisfiability of ``formula.cnf``: binary from CaDiCaL
    1.9.5, text from the other solvers (absent when the claim needs none:
    ``not unique``, ``sat``).
``solutions.json``
    the projection variables and each solution: its true variables (every
    other one is false) and, for a puzzle, the decoded solution the referee
    reads.
``cuts.json``
    each connectivity constraint (nodes, their literals, edges) and each cut:
    its clause number in ``formula.cnf``, the two nodes it separates and the
    separator.
``instance.*``
    a copy of the puzzle file (puzzle certificates only).
``manifest.json``
    the claim (``unique``, ``not unique``, ``unsat``, ``count`` with
    ``count``), tools and versions, clause ranges, and the SHA-256 of every
    other file.

Every file is written atomically (:mod:`satgrid.io.fileio`); the manifest last.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import stat
from pathlib import Path

import pysat

from .._version import __version__
from ..io.dimacs.write import dimacs_chunks
from ..errors import OutputError
from ..io.fileio import atomic_write_chunks, atomic_write_text
from ..sizes import Sizes
from .proof import CertifiedRun

__all__ = ["FORMAT", "write_folder", "node_json", "constraints_json", "check_folder", "FILE_NAMES"]

#: every name a certificate folder may hold (the instance copy: ``instance.*``)
FILE_NAMES = ("formula.cnf", "proof.drat", "solutions.json", "cuts.json", "manifest.json")

FORMAT = "satgrid-certificate 1"


def node_json(node):
    """A node as JSON: tuples become lists (grid cells ``[row, col]``)."""
    return list(node) if isinstance(node, tuple) else node


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class _Extended:
    """The compiled formula with the cuts and the blocking clauses as two more
    groups (``certify.cuts``, ``certify.blocking``), shaped as the DIMACS writer
    reads a Formula (so the file has satgrid's usual header and fast writer)."""

    def __init__(self, formula, run: CertifiedRun):
        self._f = formula
        self.description = formula.description
        self.encodings = formula.encodings
        self.nvars = run.nvars
        self._compiled = run.compiled
        self._extra = [("certify.cuts", [c.clause for c in run.cuts]),
                       ("certify.blocking", run.blocking)]
        self.nclauses = len(run.compiled) + len(run.cuts) + len(run.blocking)

    def names(self):
        return ((v, n) for v, n in self._f.names() if v <= self.nvars)

    def sizes(self) -> dict:
        out = dict(self._f.sizes())
        for g, cl in self._extra:
            out[g] = Sizes(0, len(cl), sum(map(len, cl)))
        return out

    def total(self) -> Sizes:
        return sum(self.sizes().values(), Sizes())

    def clause_groups(self):
        yield "compiled", self._compiled
        yield from self._extra


def _write_formula(path: Path, run: CertifiedRun, formula, kind: str | None) -> None:
    a = len(run.compiled)
    b = a + len(run.cuts)
    c = b + len(run.blocking)
    description = (f"certificate formula: claim {run.claim}\n"
                   f"clauses 1..{a} compiled, {a + 1}..{b} connectivity cuts, "
                   f"{b + 1}..{c} blocking clauses (empty ranges when the end is smaller)")
    atomic_write_chunks(path, dimacs_chunks(_Extended(formula, run), kind=kind,
                                            description=description))


def constraints_json(connections) -> list[dict]:
    """Each connectivity constraint as ``cuts.json`` holds it: name, nodes,
    their literals, edges (pairs of node indices, sorted). ``satgrid verify``
    makes the same from the recompiled instance and compares."""
    cons = []
    for conn in connections:
        order = list(conn.lits)
        index = {v: i for i, v in enumerate(order)}
        edges = sorted({tuple(sorted((index[u], index[v])))
                        for u, v in conn.graph.edges() if u in index and v in index and u != v})
        cons.append({"name": conn.name, "nodes": [node_json(v) for v in order],
                     "literals": [conn.lits[v] for v in order],
                     "edges": [list(e) for e in edges]})
    return cons


def _cuts_json(run: CertifiedRun, first: int) -> dict:
    cons = constraints_json(run.connections)
    cuts = [{"clause": first + i, "constraint": cut.constraint, "a": node_json(cut.a),
             "b": node_json(cut.b), "separator": [node_json(s) for s in cut.separator]}
            for i, cut in enumerate(run.cuts)]
    return {"constraints": cons, "cuts": cuts}


def check_folder(folder) -> None:
    """Refuse (OutputError, one line) a certificate folder path that names
    something other than a folder; called before a certified run's work."""
    out = Path(folder)
    if out.exists() and not out.is_dir() or out.is_symlink() and not out.exists():
        raise OutputError(out, "exists and is not a folder; a certificate is a folder")


def _prepare(out: Path) -> Path:
    """The folder, created if missing; refused in one line (OutputError) when
    it is a file, or when a certificate file in it is a symlink, FIFO or
    device (never written through nor replaced)."""
    check_folder(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(out, f"cannot create the certificate folder: {e.strerror}") from None
    names = list(FILE_NAMES) + [p.name for p in out.glob("instance.*")]
    for name in names:
        try:
            mode = os.lstat(out / name).st_mode
        except FileNotFoundError:
            continue
        except OSError as e:
            raise OutputError(out / name, f"cannot check: {e.strerror}") from None
        if not stat.S_ISREG(mode):
            raise OutputError(out / name, "is not a regular file (a symlink, FIFO, device or "
                              "folder); a certificate file is never written through one")
    for old in ("proof.drat", "manifest.json"):      # a stale file never verifies as new
        if (out / old).exists():
            (out / old).unlink()
    return out


def write_folder(run: CertifiedRun, folder, formula, *, decoded: list | None = None,
                 instance: tuple[str, str] | None = None, kind: str | None = None,
                 extra: dict | None = None) -> Path:
    """Write the certificate of ``run`` into ``folder`` (created if missing).

    Args:
        run: the :class:`~satgrid.certify.proof.CertifiedRun`.
        formula: the compiled :class:`~satgrid.core.formula.Formula` (for the
            header: sizes per group, variable names).
        decoded: for a puzzle, the decoded solution of each model (what the
            referee reads), in the order of ``run.models``.
        instance: for a puzzle, (file name, text) of its instance file.
        kind: the puzzle kind.
        extra: more manifest entries.

    Returns:
        The folder's path.
    """
    out = _prepare(Path(folder))
    files = {}
    _write_formula(out / "formula.cnf", run, formula, kind)
    files["formula"] = "formula.cnf"
    binary = isinstance(run.proof, bytes)
    if binary:
        atomic_write_chunks(out / "proof.drat", [run.proof])
        files["proof"] = "proof.drat"
    elif run.proof is not None:
        atomic_write_text(out / "proof.drat", "\n".join(run.proof) + "\n")
        files["proof"] = "proof.drat"
    sols = []
    for i, model in enumerate(run.models):
        entry = {"true": [l for l in model if l > 0]}
        if decoded is not None:
            entry["decoded"] = decoded[i]
        sols.append(entry)
    atomic_write_text(out / "solutions.json",
                      json.dumps({"projection": run.over, "solutions": sols}) + "\n")
    files["solutions"] = "solutions.json"
    a = len(run.compiled)
    atomic_write_text(out / "cuts.json", json.dumps(_cuts_json(run, a + 1)) + "\n")
    files["cuts"] = "cuts.json"
    if instance is not None:
        name = "instance" + (Path(instance[0]).suffix or ".txt")
        atomic_write_text(out / name, instance[1])
        files["instance"] = name
    b = a + len(run.cuts)
    manifest = {
        "format": FORMAT,
        "claim": run.claim,
        "count": run.count,
        "kind": kind,
        "compile": dict(run.compile) or None,
        "instance_file": None if instance is None else instance[0],
        "clauses": {"compiled": [1, a], "cuts": [a + 1, b],
                    "blocking": [b + 1, b + len(run.blocking)]},
        "lazy_clauses": "connectivity separator cuts only; the layered fallback "
                        "encoding is never used in a certified run",
        "tools": {"satgrid": __version__, "python-sat": getattr(pysat, "__version__", "?"),
                  "search_solver": run.search_solver,
                  "proof_solver": run.proof_solver if run.proof is not None else None,
                  "proof_format": None if run.proof is None else
                  ("drat (binary)" if binary else "drat (text)"),
                  "python": platform.python_version()},
        "seconds": {k: round(v, 6) for k, v in run.seconds.items()},
        "files": {k: {"name": v, "sha256": _sha256(out / v)} for k, v in files.items()},
    }
    manifest.update(extra or {})
    atomic_write_text(out / "manifest.json", json.dumps(manifest, indent=1) + "\n")
    return out
