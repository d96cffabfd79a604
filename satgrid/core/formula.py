"""The Formula: one variable pool with names, clauses kept per constraint group.

Every variable of a formula, primary (a puzzle's own, named) or auxiliary (made
by an encoder), comes from the same pool, so an encoder can never reuse an id
that the problem already holds -- the classic PySAT pitfall of a ``top_id``
passed by hand (pysat issues #133 and #207). The pool's top is never handed
out: encoders ask the formula for fresh variables (:meth:`Formula.new_var`,
:meth:`Formula.new_vars`), and :meth:`Formula.add_clauses` refuses a literal
the pool did not allocate.

Clauses are recorded per constraint group (``"sudoku.row"``, ...), which is how
sizes are reported (:meth:`Formula.sizes`), and how DIMACS headers describe a
file. Reading and writing DIMACS lives in :mod:`satgrid.io.dimacs`, which knows
no Formula; :meth:`Formula.to_dimacs`, :meth:`Formula.dimacs_text` and
:meth:`Formula.from_dimacs` are thin conveniences over it. ``Sizes`` lives in
:mod:`satgrid.sizes` and is re-exported here.

Example:
    >>> f = Formula()
    >>> a, b = f.var("a"), f.var("b")
    >>> with f.group("demo"):
    ...     f.add([a, b]); f.add([-a, -b])
    >>> f.nvars, f.nclauses, f.sizes()["demo"].clauses
    (2, 2, 2)
"""

from __future__ import annotations

import sys
from array import array
from itertools import chain
from typing import Iterable, Iterator, Sequence

from ..io import dimacs
from ..errors import ArgumentError
from ..sizes import Sizes  # also public here: from satgrid.core.formula import Formula, Sizes

DEFAULT_GROUP = "main"


def _positions(packed: bytes, value: int) -> list[int]:
    """The indexes of ``value`` in the bytes of an ``array("q")`` (a C-speed search)."""
    pat = value.to_bytes(8, sys.byteorder, signed=True)
    out, i = [], packed.find(pat)
    while i >= 0:
        if i % 8 == 0:
            out.append(i // 8)
            i = packed.find(pat, i + 8)
        else:
            i = packed.find(pat, i + 1)
    return out


class _InGroup:
    """The context of :meth:`Formula.group` (a plain class: entered once per
    constraint, it costs a fifth of a generator-based context manager)."""

    __slots__ = ("formula", "name", "previous")

    def __init__(self, formula: "Formula", name: str):
        self.formula, self.name = formula, name

    def __enter__(self) -> "Formula":
        f = self.formula
        self.previous, f._current = f._current, self.name
        return f

    def __exit__(self, *exc) -> None:
        self.formula._current = self.previous


def _variable_owners(runs: dict, nvars: int, groups: dict) -> list[str] | None:
    """Each variable's group from a header's ``c group-variables`` runs, or
    None when they do not cover 1..nvars exactly once with the variable
    counts the header's ``c group`` lines give (a hand-edited file)."""
    owner: list[str | None] = [None] * nvars
    for g, spans in runs.items():
        for a, b in spans:
            if not 1 <= a <= b <= nvars or any(owner[v - 1] is not None for v in range(a, b + 1)):
                return None
            owner[a - 1:b] = [g] * (b - a + 1)
    if None in owner:
        return None
    counts: dict[str, int] = {}
    for g in owner:
        counts[g] = counts.get(g, 0) + 1
    if any(counts.get(g, 0) != s.variables for g, s in groups.items()) or \
            any(g not in groups for g in counts):
        return None
    return owner


class FormulaError(ArgumentError, ValueError):
    """A literal, variable name or count the formula's pool cannot take (a
    ``str`` or ``float`` literal, 0, a literal beyond the pool, a name in
    use): one line, exit 2; also a ``ValueError``."""


def _not_a_literal(lit) -> FormulaError:
    return FormulaError(f"literal {lit!r} ({type(lit).__name__}) is not an int")


class Formula:
    """A CNF formula with a variable pool, variable names and constraint groups.

    Args:
        description: free text used in DIMACS headers (one or more lines).
    """

    def __init__(self, description: str = ""):
        self.description = description
        #: constraint -> encoding chosen, reported in DIMACS headers and stats
        self.encodings: dict[str, str] = {}
        self._names: list[str | None] = [None]      # index = variable id
        self._primary: list[bool] = [False]
        self._primary_ids: list[int] = []            # primary ids among the first ...
        self._primary_seen = 1                       # ... _primary_seen - 1 variables
        self._vgroup: list[str] = [DEFAULT_GROUP]    # group a variable was made in
        self._by_name: dict[str, int] = {}
        self._groups: dict[str, list[list[int]]] = {}
        self._current = DEFAULT_GROUP
        #: None, or a callable given the number of clauses of each batch added
        #: (a compile's ceiling and deadline: satgrid.pipeline.bounds)
        self.guard = None

    # ------------------------------------------------------------------ pool
    @property
    def nvars(self) -> int:
        """Number of variables allocated so far (the DIMACS variable count)."""
        return len(self._names) - 1

    def var(self, name: str, group: str | None = None) -> int:
        """A new primary (problem) variable called ``name``; names are unique."""
        if name in self._by_name:
            raise FormulaError(f"variable name {name!r} is already in use")
        v = self._alloc(name, True, group)
        self._by_name[name] = v
        return v

    def vars(self, names: Sequence[str], group: str | None = None) -> range:
        """New primary variables called ``names``, with consecutive ids (a range):
        :meth:`var` for many names at once (one check for them all).

        Raises:
            ValueError: a name repeated or already in use (nothing is made).

        >>> f = Formula(); f.var("a"), f.vars(["x=1", "x=2"]), f.lookup("x=2")
        (1, range(2, 4), 3)
        """
        names = list(names)
        by_name = self._by_name
        if len(set(names)) != len(names) or not by_name.keys().isdisjoint(names):
            used = next((n for i, n in enumerate(names) if n in by_name or n in names[:i]))
            raise FormulaError(f"variable name {used!r} is already in use")
        first, count = len(self._names), len(names)
        by_name.update(zip(names, range(first, first + count)))
        self._names.extend(names)
        self._primary.extend([True] * count)
        self._vgroup.extend([group or self._current] * count)
        return range(first, first + count)

    def new_var(self, name: str | None = None) -> int:
        """A new auxiliary variable (optionally named, for DIMACS comments)."""
        v = self._alloc(name, False, None)
        if name is not None:
            if name in self._by_name:
                raise FormulaError(f"variable name {name!r} is already in use")
            self._by_name[name] = v
        return v

    def new_vars(self, count: int) -> range:
        """``count`` new auxiliary variables with consecutive ids, as a range."""
        if count < 0:
            raise FormulaError("count must be >= 0")
        first = len(self._names)
        self._names.extend([None] * count)
        self._primary.extend([False] * count)
        self._vgroup.extend([self._current] * count)
        return range(first, first + count)

    def _alloc(self, name, primary, group) -> int:
        self._names.append(name)
        self._primary.append(primary)
        self._vgroup.append(group or self._current)
        return len(self._names) - 1

    def set_name(self, var: int, name: str) -> None:
        """Name (or rename) an existing variable; names stay unique."""
        var = abs(var)
        if not 1 <= var <= self.nvars:
            raise FormulaError(f"variable {var} is not in the pool")
        if self._by_name.get(name, var) != var:
            raise FormulaError(f"variable name {name!r} is already in use")
        old = self._names[var]
        if old is not None:
            self._by_name.pop(old, None)
        self._names[var] = name
        self._by_name[name] = var

    def lookup(self, name: str) -> int:
        """The variable called ``name`` (KeyError if there is none)."""
        return self._by_name[name]

    def name(self, var: int) -> str | None:
        """The name of variable ``abs(var)``, or None for an unnamed one."""
        return self._names[abs(var)]

    def is_primary(self, var: int) -> bool:
        """Whether ``abs(var)`` is a primary (problem) variable, not an auxiliary one."""
        return self._primary[abs(var)]

    @property
    def primary(self) -> list[int]:
        """The primary (problem) variables, in order of creation (a new list;
        the pool is scanned once, so a call costs the copy: the Model asks for
        it on every count or uniqueness check)."""
        n, flags = len(self._primary), self._primary
        if self._primary_seen < n:         # flags are only ever appended
            self._primary_ids += [v for v in range(self._primary_seen, n) if flags[v]]
            self._primary_seen = n
        return list(self._primary_ids)

    def names(self) -> Iterator[tuple[int, str]]:
        """(id, name) of every named variable, by id."""
        return ((v, n) for v, n in enumerate(self._names) if n is not None)

    # ---------------------------------------------------------------- groups
    def group(self, name: str) -> "_InGroup":
        """Context in which new clauses and variables belong to group ``name``.

        >>> f = Formula()
        >>> with f.group("g"):
        ...     v = f.new_var()
        >>> f.sizes()["g"].variables, f.current_group
        (1, 'main')
        """
        return _InGroup(self, name)

    @property
    def current_group(self) -> str:
        """The group new clauses and variables go to (see :meth:`group`)."""
        return self._current

    def groups(self) -> list[str]:
        """Group names, in order of first use (clauses or variables)."""
        seen = dict.fromkeys(self._groups)
        for g in self._vgroup[1:]:
            seen.setdefault(g, None)
        return list(seen)

    # --------------------------------------------------------------- clauses
    def add(self, clause: Sequence[int], group: str | None = None) -> None:
        """Add one clause (a sequence of non-zero ints over allocated variables)."""
        self.add_clauses([clause], group)

    def add_clauses(self, clauses: Iterable[Sequence[int]], group: str | None = None) -> None:
        """Add clauses in bulk. Every literal must be a variable of this pool.

        Raises:
            ValueError: a zero literal or a variable the pool never allocated
                (the collision PySAT allows silently).
                A literal that is not an int (a bool, a float, a Fraction) too.
        """
        clauses = [c if type(c) is list else list(c) for c in clauses]
        if not clauses:
            return
        self.validate_literals(clauses)
        if self.guard is not None:
            self.guard(len(clauses))
        self._groups.setdefault(group or self._current, []).extend(clauses)

    def add_pool_clauses(self, clauses: list[list[int]], inputs: Sequence[int] = (),
                         group: str | None = None) -> None:
        """Add clauses made of this pool's variables, checked once per batch.

        The fast path of encoders and kinds (``Model``'s constraints): every
        literal of ``clauses`` is one of ``inputs`` (ints the caller took
        from this pool, e.g. an encoder's input literals, already refused by
        the encoder unless non-zero ints), their negations, or a variable the
        pool handed out (:meth:`new_var`, :meth:`new_vars`, :meth:`var`). So
        only ``inputs`` are checked against the pool (O(len(inputs)), not
        O(literals)); the clauses are taken as they are (lists, not copied).
        Use :meth:`add_clauses` for clauses from anywhere else.

        Args:
            clauses: a list of clauses (lists of ints).
            inputs: the literals from outside the batch's fresh variables.
            group: as in :meth:`add_clauses`.

        Raises:
            ValueError: an input beyond the pool.

        >>> f = Formula(); x = [f.var(f"x{i}") for i in range(3)]; r = f.new_var()
        >>> f.add_pool_clauses([[-r, l] for l in x], inputs=x); f.nclauses
        3
        """
        if inputs:
            top = max(max(inputs), -min(inputs))
            if top > self.nvars:
                raise FormulaError(f"literal {top} is beyond the pool's {self.nvars} "
                                 "variables: auxiliary variables must come from "
                                 "Formula.new_var(s)")
        if not clauses:
            return
        if self.guard is not None:
            self.guard(len(clauses))
        self._groups.setdefault(group or self._current, []).extend(clauses)

    def validate_literals(self, clauses: list[list[int]]) -> None:
        """Raise ValueError unless every literal is a non-zero allocated variable.

        A literal is an ``int`` (an ``int`` subclass other than ``bool`` too):
        ``True``, ``1.0``, ``1.5`` or ``Fraction(1)`` are refused here rather
        than failing later inside the solver.
        """
        nonempty = [c for c in clauses if c] if not all(clauses) else clauses
        if not nonempty:
            return
        flat = list(chain.from_iterable(nonempty))
        try:
            packed = array("q", flat)  # in C: a float, a Fraction, a str raise TypeError
        except (TypeError, OverflowError):
            for lit in flat:
                if not isinstance(lit, int):
                    raise _not_a_literal(lit) from None
            packed = None  # a whole number beyond 64 bits: beyond the pool too
        if packed is None:
            top = max(max(flat), -min(flat))
        else:
            raw = packed.tobytes()
            # True is 1 and False is 0 to the array: look at those places only
            for i in _positions(raw, 1) + _positions(raw, 0):
                if type(flat[i]) is bool:
                    raise _not_a_literal(flat[i])
            top = max(max(packed), -min(packed))
        if top > self.nvars:
            raise FormulaError(f"literal {top} is beyond the pool's {self.nvars} variables: "
                             "auxiliary variables must come from Formula.new_var(s)")
        if packed is None or _positions(raw, 0):
            raise FormulaError("0 is not a literal")

    @property
    def clauses(self) -> list[list[int]]:
        """All clauses, group by group in order of first use."""
        return list(chain.from_iterable(self._groups.values()))

    def iter_clauses(self) -> Iterator[list[int]]:
        """All clauses, as :attr:`clauses`, without building the list."""
        return chain.from_iterable(self._groups.values())

    def group_clauses(self, name: str) -> list[list[int]]:
        """The clauses of group ``name`` (empty if it has none)."""
        return self._groups.get(name, [])

    def clause_groups(self) -> Iterator[tuple[str, list[list[int]]]]:
        """(group, clauses) pairs, in order."""
        return iter(self._groups.items())

    @property
    def nclauses(self) -> int:
        """Number of clauses (the DIMACS clause count)."""
        return sum(map(len, self._groups.values()))

    # ----------------------------------------------------------------- sizes
    def sizes(self) -> dict[str, Sizes]:
        """Sizes per group: variables made in the group, its clauses and literals."""
        nv: dict[str, int] = {}
        for g in self._vgroup[1:]:
            nv[g] = nv.get(g, 0) + 1
        out = {}
        for g in self.groups():
            cl = self._groups.get(g, [])
            out[g] = Sizes(nv.get(g, 0), len(cl), sum(map(len, cl)))
        return out

    def variable_runs(self) -> list[tuple[str, int, int]]:
        """The variables by group as runs ``(group, first, last)`` in id order:
        what the DIMACS header's ``c group-variables`` lines record, so that
        reading the file back gives every group its variables again."""
        runs: list[tuple[str, int, int]] = []
        for v, g in enumerate(self._vgroup[1:], 1):
            if runs and runs[-1][0] == g and runs[-1][2] == v - 1:
                runs[-1] = (g, runs[-1][1], v)
            else:
                runs.append((g, v, v))
        return runs

    def total(self) -> Sizes:
        """Size of the whole formula: all variables, clauses and literals."""
        cl = self._groups.values()
        return Sizes(self.nvars, sum(map(len, cl)),
                     sum(sum(map(len, c)) for c in cl))

    # ------------------------------------------------------------------- i/o
    def to_dimacs(self, path, **options) -> None:
        """Write DIMACS to ``path`` (see :func:`satgrid.io.dimacs.write_dimacs`)."""
        dimacs.write_dimacs(self, path, **options)

    def dimacs_text(self, **options) -> str:
        """The DIMACS text of this formula (see :func:`satgrid.io.dimacs.dimacs_text`)."""
        return dimacs.dimacs_text(self, **options)

    @classmethod
    def from_dimacs(cls, dimacs_file: dimacs.DimacsFile) -> "Formula":
        """A formula with the clauses and names of a DIMACS file as read.

        Every variable 1..nvars is a primary variable (DIMACS does not tell
        auxiliary ones apart) carrying its ``c varname`` name. When the
        satgrid header lists constraint groups whose clause counts add up to
        the file's, clauses get their groups back, and variables too when its
        ``c group-variables`` runs agree with the groups' variable counts
        (else they belong to the default group); so do the description and
        the encodings: the same groups, sizes and names as the formula written.

        Args:
            dimacs_file: a :class:`~satgrid.io.dimacs.DimacsFile`, e.g. from
                ``satgrid.io.dimacs.read_dimacs(path)``.
        """
        head = dimacs_file.header
        f = cls.from_clauses([], dimacs_file.nvars)
        for v, n in sorted(dimacs_file.varnames.items()):
            f.set_name(v, n)
        f.description = head.get("description", "")
        f.encodings = dict(head.get("encodings", {}))
        groups = head.get("groups", {})
        if groups and sum(s.clauses for s in groups.values()) == len(dimacs_file.clauses):
            runs = head.get("group_variables", {})
            owner = _variable_owners(runs, dimacs_file.nvars, groups)
            if owner is not None:
                f._vgroup[1:] = owner
                for g in groups:                    # the header's order of groups
                    f._groups.setdefault(g, [])
            start = 0
            for g, s in groups.items():
                if s.clauses:
                    f.add_clauses(dimacs_file.clauses[start:start + s.clauses], g)
                    start += s.clauses
            for g in [g for g, c in f._groups.items() if not c and g not in groups]:
                del f._groups[g]
        else:
            f.add_clauses(dimacs_file.clauses)
        return f

    @classmethod
    def from_clauses(cls, clauses: Iterable[Sequence[int]], nvars: int | None = None,
                     group: str = DEFAULT_GROUP) -> "Formula":
        """A formula over variables 1..nvars (unnamed, primary) holding ``clauses``."""
        clauses = [list(c) for c in clauses]
        if nvars is None:
            nvars = max((abs(l) for c in clauses for l in c), default=0)
        f = cls()
        f._names.extend([None] * nvars)
        f._primary.extend([True] * nvars)
        f._vgroup.extend([group] * nvars)
        f.add_clauses(clauses, group)
        return f

    @classmethod
    def from_pysat(cls, cnf, *, atmost=None, linear=None,
                   group: str = DEFAULT_GROUP) -> "Formula":
        """A formula from PySAT's ``CNF`` or ``CNFPlus`` (clauses over variables
        1..``cnf.nv``, all primary, unnamed).

        A ``CNFPlus`` carries native at-most-k constraints (``atmosts``:
        ``[lits, k]``, or ``[lits, k, weights]`` for a weighted sum); they are
        encoded into clauses, in group ``"pysat.atmost"``, by the functions
        given -- ``atmost(lits, k, formula)`` and ``linear(lits, weights, k,
        formula)`` returning clauses, e.g. with :mod:`satgrid.core.encodings`
        ``atmost=lambda l, k, f: at_most(l, k, f, "totalizer")`` -- and refused
        without them (a CNF cannot hold them natively).

        Raises:
            ValueError: an at-most constraint without its encoder.
        """
        clauses = [list(c) for c in cnf.clauses]
        top = max((abs(l) for c in clauses for l in c), default=0)
        atmosts = list(getattr(cnf, "atmosts", None) or ())
        top = max([top, cnf.nv or 0] + [abs(l) for am in atmosts for l in am[0]])
        f = cls.from_clauses(clauses, top, group)
        for am in atmosts:
            lits, k = list(am[0]), am[1]
            weighted = len(am) > 2 and am[2] is not None
            encode = linear if weighted else atmost
            if encode is None:
                raise ValueError(
                    f"the CNFPlus has {len(atmosts)} at-most constraint(s) (e.g. "
                    f"{lits} <= {k}{' weighted' if weighted else ''}): pass "
                    f"{'linear' if weighted else 'atmost'}= an encoder from "
                    "satgrid.core.encodings to turn them into clauses")
            with f.group("pysat.atmost"):
                f.add_clauses(encode(lits, list(am[2]), k, f) if weighted
                              else encode(lits, k, f))
        return f

    def to_pysat(self):
        """This formula as PySAT's ``CNF`` (``nv`` = :attr:`nvars`; the clause
        lists are copies)."""
        from pysat.formula import CNF   # pysat.formula: ~10 ms, off the start-up path
        cnf = CNF(from_clauses=[list(c) for c in self.iter_clauses()])
        cnf.nv = self.nvars
        return cnf
