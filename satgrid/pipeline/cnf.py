"""Plain DIMACS CNF and iCNF as inputs: read, solve, count, sizes.

``satgrid solve|count|stats FILE`` take a puzzle file or a formula file, told
apart by content (:func:`satgrid.pipeline.load.content_format`: the first line
that is not blank or a comment is ``p cnf`` or ``p inccnf``), or forced with
``--format``. A formula is solved with any PySAT solver through a
:class:`~satgrid.core.session.Session`:

* DIMACS: one SAT call under the given assumptions;
* iCNF: the clauses and ``a <lits> 0`` lines in file order -- the clauses
  before an ``a`` line are loaded, then the formula is solved under that set
  (plus the given assumptions), incrementally, without rebuilding the solver;
  an iCNF file without ``a`` lines is solved once, after its last clause.

Counting projects on the variables of ``c p show ... 0`` lines (the model
counting competition's projected format) or ``c ind ... 0`` lines (the older
independent-support form of ApproxMC and ganak) when the file has them, else
on every variable.
"""

from __future__ import annotations

import re
import time

from ..io import dimacs  # its reader loads on first use: a puzzle file never needs it
from ..errors import DimacsError, UsageError
from ..core.formula import Formula
from ..limits import check_solver_memory
from ..util import SlotRecord
from ..puzzles import Puzzle
from ..core.session import Session
from ..core.solvers import DEFAULT_SOLVER
from .load import content_format, decode_text, input_name, loads, read_data

#: ``--format`` choices
FORMATS = ("auto", "puzzle", "dimacs", "icnf")


class CnfInput(SlotRecord):
    """A formula file as read: its format (``"dimacs"`` or ``"icnf"``), the
    :class:`~satgrid.io.dimacs.DimacsFile`, the iCNF assumption sets (empty for
    DIMACS), and the projection of ``c p show`` / ``c ind`` lines (None: none)."""

    __slots__ = ("format", "file", "assumption_sets", "projection")

    def __init__(self, format: str, file: "dimacs.DimacsFile", assumption_sets: list | None = None,
                 projection: list | None = None):
        self.format, self.file, self.projection = format, file, projection
        self.assumption_sets = [] if assumption_sets is None else assumption_sets

    @property
    def name(self) -> str:
        return self.file.name


def read_input(path: str, fmt: str = "auto") -> "list[Puzzle] | CnfInput":
    """What the file ``path`` (``-``: standard input) holds: the puzzles of a
    puzzle file, or a :class:`CnfInput` for DIMACS / iCNF (told apart by
    content unless ``fmt`` says which). Bad input raises a one-line
    :class:`~satgrid.errors.InputError`."""
    if fmt not in FORMATS:
        raise UsageError(f"--format: expected one of {', '.join(FORMATS)}, found {fmt!r}")
    data = read_data(path)
    name = input_name(path)
    if fmt == "auto":
        fmt = content_format(data)
    if fmt == "puzzle":
        return loads(decode_text(data, name), name)
    return parse_cnf_input(data, name, fmt)


def parse_cnf_input(data: bytes, name: str, fmt: str) -> CnfInput:
    """A :class:`CnfInput` from the (decompressed) bytes of a DIMACS or iCNF file."""
    if fmt == "icnf":
        dfile, sets = dimacs.parse_icnf(data, name)
    else:
        dfile, sets = dimacs.parse_dimacs(data, name), []
    heads = {tuple(t.split()[:2]) for t in dfile.comments}
    shows = ("p", "show") in heads or any(h[:1] == ("ind",) for h in heads)
    return CnfInput(fmt, dfile, sets, projection(data, name, dfile.nvars) if shows else None)


_SHOW_HEADS = ((b"c", b"p", b"show"), (b"c", b"ind"))
_TOKEN = re.compile(rb"\S+")


def projection(data: bytes, name: str, nvars: int) -> list[int] | None:
    """The variables of every ``c p show v1 v2 ... 0`` and ``c ind v1 ... 0``
    line of ``data``, in order, each once (None when there is no such line).

    Raises:
        DimacsError: a token that is not a variable of the formula, or a line
            that does not end with 0 -- located at file:line:column.
    """
    out: dict[int, None] = {}
    found = False
    for lineno, line in enumerate(data.split(b"\n"), 1):
        if not line.lstrip().startswith(b"c"):
            continue
        spots = [(m.start(), m.group()) for m in _TOKEN.finditer(line)]
        toks = tuple(t for _, t in spots)
        head = next((h for h in _SHOW_HEADS if toks[:len(h)] == h), None)
        if head is None:
            continue
        found = True
        rest = spots[len(head):]
        for i, (pos, tok) in enumerate(rest):
            if tok == b"0" and i == len(rest) - 1:
                break
            if not tok.isdigit() or len(tok) > 18 or not 1 <= int(tok) <= nvars:
                raise DimacsError(f"expected a variable (1..{nvars}) or 0 in the projection "
                                  f"line, found {_shown(tok)}", name,
                                  lineno, pos + 1)
            out[int(tok)] = None
        else:
            raise DimacsError("expected 0 at the end of the projection line", name, lineno,
                              len(line.rstrip()) + 1)
    return list(out) if found else None


def _shown(tok: bytes) -> str:
    """A token as quoted in a message: its first 20 characters at most."""
    text = tok.decode("utf-8", "replace")
    return repr(text) if len(text) <= 20 else repr(text[:20]) + f"... ({len(text):,} characters)"


#: a literal as ``--assume`` takes it: an optional sign, then at most 19 ASCII digits
_LITERAL = re.compile(r"[+-]?[0-9]{1,19}")


def parse_assumptions(items, nvars: int) -> list[int]:
    """``--assume`` values (each a list of literals separated by blanks or
    commas, e.g. ``"1 -2"`` or ``"1,-2"``) -> literals over 1..nvars.

    Raises:
        UsageError: a token that is not a non-zero integer within the formula.
    """
    lits: list[int] = []
    for item in items or ():
        for tok in item.replace(",", " ").split():
            # ASCII digits only: int() also reads '1_0' and other scripts' digits
            if not _LITERAL.fullmatch(tok):
                raise UsageError(f"--assume: expected literals (non-zero integers), "
                                 f"found {tok[:20]!r}{'...' if len(tok) > 20 else ''}")
            lit = int(tok)
            if lit == 0 or abs(lit) > nvars:
                raise UsageError(f"--assume: literal {lit} is not a variable of the formula "
                                 f"(1..{nvars})")
            lits.append(lit)
    return lits


def formula_of(inp: CnfInput, clauses: int | None = None) -> Formula:
    """The Formula of a formula file (names from ``c varname`` lines, groups
    from a satgrid header); for iCNF the first ``clauses`` clauses. A formula
    whose variables no solver here could hold is refused before it is built
    (:func:`satgrid.limits.check_solver_memory`)."""
    check_solver_memory(inp.file.nvars)
    if clauses is None or clauses == inp.file.nclauses:
        return Formula.from_dimacs(inp.file)
    f = Formula.from_clauses(inp.file.clauses[:clauses], inp.file.nvars)
    for v, n in sorted(inp.file.varnames.items()):
        f.set_name(v, n)
    return f


def _result(inp: CnfInput, status: str, model, assumptions, seconds, session, index=None):
    nvars = inp.file.nvars
    res = {"format": inp.format, "file": inp.name, "status": status,
           "model": [l for l in model if abs(l) <= nvars] if status == "sat" else None,
           "assumptions": list(assumptions),
           "stats": {"solver": session.solver_name, "variables": nvars,
                     "clauses": inp.file.nclauses, "seconds": round(seconds, 6)}}
    if index is not None:
        res["set"] = index
    return res


def solve_cnf(inp: CnfInput, *, solver: str = DEFAULT_SOLVER, options: dict | None = None,
              assumptions=(), time_limit: float | None = None) -> list[dict]:
    """Solve a formula file: one result for DIMACS, one per ``a`` line for iCNF.

    Each result: ``format``, ``file``, ``status`` (``sat``/``unsat``/``unknown``),
    ``model`` (literals of variables 1..nvars, or None), ``assumptions`` (those
    of the call: the iCNF set, then ``assumptions``), ``stats``; iCNF adds
    ``set`` (0-based index of the ``a`` line).
    """
    assumptions = list(assumptions)
    steps = inp.file.assumption_steps if inp.format == "icnf" else None
    sets = inp.assumption_sets if steps else [[]]
    steps = steps or [inp.file.nclauses]
    out = []
    t0 = time.perf_counter()
    f = formula_of(inp, steps[0])
    loaded = steps[0]
    with Session(f, solver=solver, options=options) as s:
        for i, (lits, step) in enumerate(zip(sets, steps)):
            if step > loaded:
                s.add_clauses(inp.file.clauses[loaded:step])
                loaded = step
            call = list(lits) + assumptions
            status = s.solve(call, time_limit=time_limit)
            out.append(_result(inp, status, s.model, call, time.perf_counter() - t0, s,
                               i if inp.format == "icnf" and inp.assumption_sets else None))
            t0 = time.perf_counter()
    return out


def count_cnf(inp: CnfInput, *, solver: str = DEFAULT_SOLVER, options: dict | None = None,
              assumptions=(), limit: int | None = None,
              time_limit: float | None = None) -> dict:
    """The number of models of a formula file (all its clauses; for iCNF the
    assumption lines are not used), projected on :attr:`CnfInput.projection`
    or on every variable.

    Returns:
        ``{"format", "file", "count", "complete", "projection", "assumptions",
        "stats"}``; ``complete`` is False when ``limit`` or ``time_limit``
        stopped the count (then ``count`` is a lower bound).
    """
    t0 = time.perf_counter()
    f = Formula.from_clauses(inp.file.clauses, inp.file.nvars)
    over = inp.projection if inp.projection is not None else list(range(1, inp.file.nvars + 1))
    with Session(f, solver=solver, options=options) as s:
        n, complete = s.count(over, list(assumptions), limit=limit, time_limit=time_limit)
        name = s.solver_name
    return {"format": inp.format, "file": inp.name, "count": n, "complete": complete,
            "projection": inp.projection, "assumptions": list(assumptions),
            "stats": {"solver": name, "variables": inp.file.nvars,
                      "clauses": inp.file.nclauses,
                      "seconds": round(time.perf_counter() - t0, 6)}}


def cnf_sizes(inp: CnfInput) -> dict:
    """Sizes of a formula file, in the shape of :func:`satgrid.pipeline.run.sizes`
    (groups from a satgrid header when it has one, else one group ``main``)."""
    f = formula_of(inp)
    return {"puzzle": inp.format, "file": inp.name,
            "groups": {g: s.as_dict() for g, s in f.sizes().items()},
            "total": f.total().as_dict(), "encodings": dict(sorted(f.encodings.items())),
            "lazy": [], "assumption_sets": len(inp.assumption_sets),
            "projection": inp.projection}
