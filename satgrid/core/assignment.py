"""Reading any model list into a formula's variables.

A model comes as PySAT's dense list (index ``v-1`` holds ``+v`` or ``-v``),
as the literals of a solver's ``v`` lines (any order, only some variables),
or over another file's numbering whose ``c varname`` lines name the
variables. :func:`assignment` turns any of them into the literals of one
formula, sorted by variable; :meth:`satgrid.modelling.model.Model.solution` wraps them
in a ``Solution``.
"""

from __future__ import annotations

from typing import Iterable

from ..errors import ModelError


def assignment(formula, lits: Iterable[int], names: dict[int, str] | None = None) -> list[int]:
    """The literals of ``lits`` over ``formula``'s variables, sorted by variable.

    Args:
        formula: a :class:`~satgrid.core.formula.Formula` (``nvars``, ``primary``,
            ``lookup(name)``, ``name(var)``).
        lits: literals (ints); each variable at most once, with one sign.
        names: ``{id: name}`` of the file the model is over: each literal is
            read through its variable's name into ``formula``'s variable of
            that name; unnamed ids, and names ``formula`` does not have (an
            auxiliary of another encoding), are skipped.

    Raises:
        ModelError: a literal that is not a variable (0, not an int, beyond
            the formula), a variable given both signs, or a primary variable
            left unassigned.
    """
    out: dict[int, int] = {}
    for lit in lits:
        if type(lit) is bool or not isinstance(lit, int) or lit == 0:
            raise ModelError(f"model literal {lit!r}: expected a non-zero int")
        if names is not None:
            name = names.get(abs(lit))
            if name is None:
                continue
            try:
                lit = formula.lookup(name) * (1 if lit > 0 else -1)
            except KeyError:
                continue
        if abs(lit) > formula.nvars:
            raise ModelError(f"model literal {lit} is beyond the formula's {formula.nvars} "
                             "variables")
        if out.setdefault(abs(lit), lit) != lit:
            raise ModelError(f"variable {abs(lit)} is given both signs in the model")
    missing = next((v for v in formula.primary if v not in out), None)
    if missing is not None:
        raise ModelError(f"the model leaves variable {missing} "
                         f"({formula.name(missing) or 'unnamed'}) unassigned")
    return [out[v] for v in sorted(out)]
