"""What :class:`~satgrid.modelling.model.Model` calls for ``is_unique(certify=DIR)``,
``count(certify=DIR)`` and ``certified_run``: the model's formula, projection
and connectivity constraints handed to :func:`satgrid.certify.proof.certified_run`,
the folder written by :func:`satgrid.certify.folder.write_folder` (no referee:
a bare Model is no puzzle). Duck-typed: it imports no Model."""

from __future__ import annotations

from ..modelling.connectivity.cuts import ConnectivityCuts
from ..modelling.connectivity.propagator import PropagatedConnectivity
from .folder import check_folder, write_folder
from .proof import CertifiedRun, CertifyRefused, Connection, certified_run

__all__ = ["Connection", "model_run", "certify_model", "compile_options"]


def model_run(model, mode: str, solver: str, options: dict | None = None) -> CertifiedRun:
    """The certified run of ``model`` (refused for a lazy constraint other
    than the Model's own connectivity cuts: its clauses have no justification
    a checker can re-check)."""
    other = [c for c in model.lazy if not isinstance(c, ConnectivityCuts)]
    if other or len(model.connections) != len(model.lazy):
        what = repr(other[0]) if other else "a connectivity checker not made by Model.connected"
        raise CertifyRefused(f"--certify: the lazy constraint {what} gives clauses without "
                             "a justification a checker can re-check")
    f = model.formula
    propagate = any(isinstance(c, PropagatedConnectivity) for c in model.lazy)   # "propagate"
    run = certified_run(f.clauses, f.nvars, model.over, model.connections, mode,
                        solver=solver, options=options, propagate=propagate)
    run.compile = compile_options(model)
    return run


def compile_options(model) -> dict:
    """What a recompile needs besides the instance: the Model's encodings (as
    resolved at construction, so that ``Model(**options)`` makes the same) and
    its connectivity mode."""
    return {"amo": model.amo, "card": model.card, "pb": model.pb,
            "connectivity": model.connectivity}


def certify_model(model, mode: str, folder, limit, assumptions, time_limit, solver: str):
    """Run and write the certificate; ``count``: (n, True), ``unique``: the answer."""
    if limit is not None or list(assumptions) or time_limit is not None:
        raise CertifyRefused("certify: a certificate is of a whole formula, run to the end: "
                             "no limit, assumptions or time limit (make assumptions unit "
                             "clauses)")
    check_folder(folder)
    run = model_run(model, mode, solver)
    write_folder(run, folder, model.formula)
    return (run.count, True) if mode == "count" else run.claim == "unique"
