"""Certificates of puzzles: making one (``--certify DIR``) and the ``Certificate`` object.

:func:`certify_puzzle` compiles a puzzle, runs the certified search and proof
(:func:`satgrid.modelling.model.Model.certified_run`), decodes every solution and has
the referee accept it (a defect otherwise), and writes the folder
(:mod:`satgrid.certify.folder`) with a copy of the instance file, so that
``satgrid verify DIR`` can run the referee on its own.

Example:
    >>> from satgrid.pipeline.load import load
    >>> p = load("instances/sudoku-4x4.toml")[0]
    >>> res, cert = certify_puzzle(p, "unique", "/tmp/cert-4x4")   # doctest: +SKIP
    >>> cert.verify()                                             # doctest: +SKIP
    'verified: unique (...)'
"""

from __future__ import annotations

import time
from pathlib import Path

from ..errors import SatgridError
from ..modelling.model import Solution
from ..pipeline.load import loads, read_text
from ..pipeline.run import Options, add_solution, compile_puzzle, new_result, solver_options
from ..puzzles import Puzzle
from .folder import check_folder, write_folder
from .proof import CertifiedRun, CertifyRefused
from .safefile import read_json
from .verify import verify_folder

__all__ = ["Certificate", "certify_puzzle"]


class Certificate:
    """A certificate folder: what it claims, and :meth:`verify`.

    Args:
        folder: the folder (written by ``--certify``, :func:`certify_puzzle`,
            ``Model.is_unique(certify=...)`` or ``Model.count(certify=...)``).
    """

    def __init__(self, folder):
        self.folder = Path(folder)

    @property
    def manifest(self) -> dict:
        return read_json(self.folder / "manifest.json")

    @property
    def claim(self) -> str:
        """``unique``, ``not unique``, ``unsat``, ``count`` or ``sat``."""
        return self.manifest["claim"]

    @property
    def count(self) -> int:
        return self.manifest["count"]

    def verify(self) -> str:
        """Check the whole certificate (:func:`satgrid.certify.verify.verify_folder`).

        Returns:
            The summary line.

        Raises:
            VerifyFailed: the first thing that does not hold, in one line.
        """
        return verify_folder(self.folder)

    def __repr__(self) -> str:
        return f"Certificate({str(self.folder)!r})"


def _instance(p: Puzzle) -> tuple[str, str]:
    """(name, text) of ``p``'s instance file, which the certificate carries and
    verify recompiles: refused up front (CertifyRefused) when there is none to
    copy, or when it does not hold ``p`` alone (a collection's puzzle)."""
    try:
        text = read_text(p.file)
    except (OSError, SatgridError) as e:
        raise CertifyRefused(f"certify: {p.file}: the puzzle's instance file cannot be read "
                             f"({e}); a puzzle certificate carries its instance, which verify "
                             "recompiles (load the puzzle from a file)") from None
    name = Path(p.file).name
    for ext in (".gz", ".xz", ".bz2"):           # the copy is the decompressed text
        name = name.removesuffix(ext)
    try:
        n = len(loads(text, file=name))
    except SatgridError as e:
        raise CertifyRefused(f"certify: {p.file}: the instance file does not load ({e})") \
            from None
    if n != 1:
        raise CertifyRefused(f"certify: {p.file} holds {n} puzzles; a certificate carries "
                             "the instance file of one puzzle")
    return name, text


def certify_puzzle(p: Puzzle, mode: str, folder, opts: Options | None = None,
                   ) -> tuple[dict, Certificate]:
    """A certified answer for ``p`` and its certificate in ``folder``.

    Args:
        mode: ``"unique"`` (``solve --unique``), ``"count"`` (``count``) or
            ``"unsat"`` (``solve``: a certificate when there is no solution).

    Returns:
        (result, certificate): the result has the keys of
        :func:`satgrid.pipeline.run.solve` (``count`` and ``complete`` too),
        ``certificate`` (the folder) and ``claim``.
    """
    opts = opts or Options()
    check_folder(folder)
    t0 = time.perf_counter()
    name, text = _instance(p)
    m = compile_puzzle(p, opts)
    run: CertifiedRun = m.certified_run(mode, solver=opts.solver,
                                        options=solver_options(p, opts))
    decoded = []
    for model in run.models:
        decoded.append(add_solution({}, p, Solution(model)))   # the referee accepts each
    dec = [{k: v for k, v in d.items() if k != "answer"} for d in decoded]
    write_folder(run, folder, m.formula, decoded=dec,
                 instance=(name, text), kind=p.kind)
    res = new_result(p, "sat" if run.models else "unsat")
    if run.models:
        res.update(decoded[0])
    else:
        res["answer"] = None
    res["unique"] = {"unique": True, "not unique": False}.get(run.claim)
    if run.claim == "not unique":
        res["second"] = dec[1]
    res["count"], res["complete"] = run.count, run.claim != "sat" and run.claim != "not unique"
    res["claim"] = run.claim
    res["certificate"] = str(folder)
    res["stats"] = {"solver": run.search_solver, "proof_solver": run.proof_solver,
                    "variables": run.nvars, "clauses": len(run.clauses()),
                    "cuts": len(run.cuts),
                    "proof_bytes": (len(run.proof) if isinstance(run.proof, bytes)
                                    else sum(len(l) + 1 for l in run.proof or [])),
                    "seconds": round(time.perf_counter() - t0, 6)}
    return res, Certificate(folder)
