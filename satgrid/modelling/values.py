"""What a Model's variables and answers are: :class:`IntVar`, an integer
variable over a finite domain (one-hot, with an optional order channel), and
:class:`Solution`, a satisfying assignment read through them.

Both are re-exported by :mod:`satgrid.modelling.model`, where they are made.
"""

from __future__ import annotations

import numbers
from typing import Sequence

from ..errors import ArgumentError, SatgridError


def _value(name: str, value) -> None:
    """Refuse a value that is not an int (``bool`` included) in one line."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ArgumentError(f"{name}: a value is an int, not the {type(value).__name__} "
                            f"{value!r:.40}")


class IntVar:
    """An integer variable over a finite domain, one-hot encoded.

    ``lit(v)`` is the literal of ``x == v`` (the model's constant false literal
    for a value outside the domain); ``ge(v)`` the order literal ``x >= v``
    (only when the variable was made with ``order=True``).
    """

    __slots__ = ("name", "values", "lits", "_ge", "_model")

    def __init__(self, name: str, values: Sequence[int], lits: Sequence[int], model: "Model"):
        self.name = name
        self.values = tuple(values)
        self.lits = dict(zip(self.values, lits))
        self._ge: dict[int, int] | None = None
        self._model = model

    @property
    def owner(self) -> "Model":
        """The :class:`~satgrid.modelling.model.Model` that made the variable.

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); m.int("x", [1, 2]).owner is m
        True
        """
        return self._model

    def lit(self, value: int) -> int:
        """The literal of ``x == value`` (``eq`` is the same); the false literal off the domain.

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x = m.int("x", range(1, 4)); x.lit(2), x.lit(9) == m.false
        (2, True)
        """
        try:
            l = self.lits.get(value)
        except TypeError:                           # unhashable
            l = None
        if l is None:
            _value(self.name, value)
            return self._model.false
        return l

    eq = lit

    def ge(self, value: int) -> int:
        """The order literal ``x >= value`` (true/false literal outside the domain).

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x = m.int("x", [1, 2, 3], order=True); m.solve([x.ge(3)]).value(x)
        3
        """
        if self._ge is None:
            raise SatgridError(f"{self.name} has no order encoding (make it with order=True)")
        _value(self.name, value)
        if value <= self.values[0]:
            return self._model.true
        if value > self.values[-1]:
            return self._model.false
        # smallest domain value >= value
        for v in self.values:
            if v >= value:
                return self._ge[v]
        return self._model.false  # pragma: no cover

    def order_channel(self, source, true: int) -> list[list[int]]:
        """Make the order literals ``x >= v`` (named ``name>=v``, from
        ``source.new_var``) for ``v`` above the minimum, and return the ladder
        clauses ``o_v <-> (x == v or o_next)`` that channel them to the
        one-hot literals; ``x >= min`` is ``true``. ``Model.int(..., order=True)``
        calls it; :meth:`ge` reads the literals.

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x = m.int("x", [1, 2, 3]); x.order_channel(m.formula, m.true)
        [[-3, 5], [-5, 3], [-2, 6], [-5, 6], [-6, 2, 5]]
        >>> m.formula.name(x.ge(2))
        'x>=2'
        """
        vals = self.values
        ge: dict[int, int] = {}
        cl = []
        prev = None
        for v in reversed(vals[1:]):
            o = source.new_var(f"{self.name}>={v}")
            ge[v] = o
            cl.append([-self.lits[v], o])
            if prev is not None:
                cl.append([-prev, o])
                cl.append([-o, self.lits[v], prev])
            else:
                cl.append([-o, self.lits[v]])
            prev = o
        ge[vals[0]] = true
        self._ge = ge
        return cl

    def __repr__(self):
        return f"IntVar({self.name!r}, {self.values[0]}..{self.values[-1]})"


class Solution:
    """A satisfying assignment, read through the model's variables."""

    def __init__(self, model: list[int]):
        self.model = model
        self._true: frozenset[int] | None = None

    def __getitem__(self, lit: int) -> bool:
        """Whether literal ``lit`` is true (a dense PySAT model or a sparse list).

        >>> Solution([1, -2])[1], Solution([1, -2])[2], Solution([3])[-5]
        (True, False, True)
        """
        v = abs(lit)
        m = self.model
        if v <= len(m) and (m[v - 1] == v or m[v - 1] == -v):  # PySAT's dense model
            return (m[v - 1] > 0) == (lit > 0)
        if self._true is None:  # a sparse model (e.g. read from a solver's output)
            self._true = frozenset(l for l in m if l > 0)
        return (lit in self._true) if lit > 0 else (-lit not in self._true)

    def value(self, x: "IntVar | int") -> int:
        """The value of an IntVar, or 0/1 of a literal.

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x = m.int("x", range(1, 4)); s = m.solve([x.lit(3)]); s.value(x), s.value(x.lit(1))
        (3, 0)
        """
        if isinstance(x, IntVar):
            found = [v for v, l in x.lits.items() if self[l]]
            if len(found) != 1:
                raise SatgridError(f"{x.name}: {len(found)} values true in the model")
            return found[0]
        if isinstance(x, bool) or not isinstance(x, int) or x == 0:
            raise ArgumentError(f"a value is read from an IntVar or a literal (a non-zero int), "
                                f"not the {type(x).__name__} {x!r:.40}")
        return int(self[x])
