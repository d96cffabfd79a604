"""satgrid: a SAT-encoding compiler for grid logic puzzles.

instance file -> Puzzle -> Model -> Formula -> Session (PySAT) -> model ->
decode -> check -> answer; or Formula -> DIMACS for an external solver.
"""

from ._version import __version__

from .errors import (SatgridError, InputError, InstanceError, DimacsError,  # noqa: F401
                     SolverOutputError, EncodingError, SolverError, ModelError)

_LAZY = {"Formula": "core.formula", "Sizes": "sizes", "Session": "core.session", "Model": "modelling.model",
         "load": "api", "solve": "api", "Options": "api"}


def __getattr__(name):  # PySAT, the kinds, even the Formula load on first use
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Formula", "Sizes", "Session", "Model", "load", "solve", "Options", "SatgridError",
           "InputError", "InstanceError", "DimacsError", "SolverOutputError", "EncodingError",
           "SolverError", "ModelError"]
