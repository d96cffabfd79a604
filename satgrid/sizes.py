"""``Sizes``: the size of an encoding (variables, clauses, literals).

A formula, a model or one of their constraint groups has a size; this record is
what :meth:`satgrid.core.formula.Formula.sizes`, :meth:`satgrid.modelling.model.Model.sizes`
and the DIMACS header (``c group`` / ``c total`` lines) speak in.
"""

from __future__ import annotations

from .util import FrozenRecord


class Sizes(FrozenRecord):
    """Size of a formula or of one of its constraint groups (immutable,
    compared and hashed by its three numbers)."""

    __slots__ = ("variables", "clauses", "literals")

    def __init__(self, variables: int = 0, clauses: int = 0, literals: int = 0):
        super().__init__(variables=variables, clauses=clauses, literals=literals)

    def __add__(self, other: "Sizes") -> "Sizes":
        return Sizes(self.variables + other.variables, self.clauses + other.clauses,
                     self.literals + other.literals)

    def as_dict(self) -> dict:
        return {"variables": self.variables, "clauses": self.clauses, "literals": self.literals}
