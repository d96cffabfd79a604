"""satgrid: a SAT-encoding compiler for grid logic puzzles.

instance file -> Puzzle -> Model -> Formula -> Session (PySAT) -> model ->
decode -> check -> answer; or Formula -> DIMACS for an external solver.
"""

__version__ = "0.1.0"

from .errors import (SatgridError, InputError, InstanceError, DimacsError,  # noqa: F401
                     SolverOutputError, EncodingError, SolverError, ModelError)
from .formula import Formula, Sizes  # noqa: F401
