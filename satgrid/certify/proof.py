"""The certified run: find the solutions, then refute the rest with a DRAT proof.

An UNSAT answer under assumptions (how a :class:`~satgrid.core.session.Session`
blocks solutions) refutes no formula anyone can check. So a certified run
works on a *plain* formula, to which clauses are only ever added:

* search (no assumptions): solve the compiled formula; a model whose
  connectivity is broken gets separator cuts from fresh
  :class:`~satgrid.modelling.connectivity.ConnectivityCuts` checkers *without the
  layered fallback* (so every lazily added clause is a cut with a
  justification a graph search can re-check; with ``propagate``, for
  ``Model.connected(mode="propagate")``, the reachability propagator runs
  inside the search and every clause it gives is written as such a cut);
  a connected model is a
  solution and gets its plain blocking clause (the negation of the model on
  the projection variables), added permanently. Until UNSAT.
* proof: by default the search runs without proof logging and a fresh
  proof-logging solver (python-sat's ``with_proof=True``; CaDiCaL 1.9.5
  unless the solver asked for writes DRAT too) refutes the *final* formula
  -- compiled clauses, then every cut, then every blocking clause -- for
  ``unique`` at the call expected to be the last: sound by construction, at
  the cost of about one extra UNSAT solve. With ``fresh=False`` the search
  itself logs the proof, which is a proof of the final formula only if no
  step loses its justification to a clause added later; that is not so in
  general: on semiexp's 10x10 Nurikabe (``p?nurikabe/10/10/zj7n7j9n7t7i7n7zj``,
  1,596 cuts added between solves) both dratify and drat-trim rejected the
  incremental log (a step neither RUP nor RAT after the cuts), while the
  fresh refutation of the same formula verifies.

The formula, the cuts with their justifications, the solutions and the proof
are what :mod:`satgrid.certify.folder` writes. This module sits below the
Model (it imports no Model: :meth:`satgrid.modelling.model.Model.is_unique` calls it
through :mod:`satgrid.certify.modelrun`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Hashable, Sequence

import pysat.solvers
from pysat.solvers import Solver

from ..modelling.connectivity.constraint import Connection
from ..modelling.connectivity.cuts import ConnectivityCuts
from ..modelling.connectivity.propagator import PropagatedConnectivity, ReachEngine
from ..errors import SatgridError, SolverError
from ..core.solvers import CAPABILITIES, DEFAULT_SOLVER, PROPAGATOR_SOLVERS, canonical_name

__all__ = ["PROOF_SOLVERS", "MAX_SOLUTIONS", "CertifyRefused", "Connection", "Cut",
           "CertifiedRun", "certified_run", "proof_solver_for"]

#: python-sat solvers whose ``with_proof=True`` gives a DRAT proof here
#: (probed: ``get_proof()`` returns text DRAT lines after UNSAT). Minisat22,
#: Minicard and MergeSat refuse proof logging; Kissat is not incremental.
PROOF_SOLVERS = ("cadical195", "cadical153", "glucose4", "glucose42", "glucose3")
#: the proof solver used unless the search solver is itself one of them
DEFAULT_PROOF_SOLVER = DEFAULT_SOLVER
#: most solutions a certificate may block (one clause each): a count above it
#: is refused when the enumeration passes it, before the proof solve
MAX_SOLUTIONS = 10_000
#: modes of a certified run
MODES = ("unique", "count", "unsat")


class CertifyRefused(SatgridError):
    """A certificate that satgrid will not make (too large, not checkable)."""

    exit_status = 2


@dataclass
class Cut:
    """A separator cut clause and why it holds: every connected set of true nodes
    of ``constraint`` that holds ``a`` and ``b`` holds a node of ``separator``."""

    clause: list[int]
    constraint: int
    a: Hashable
    b: Hashable
    separator: list


@dataclass
class CertifiedRun:
    """What a certified run found and proved."""

    mode: str
    claim: str                       # "unique", "not unique", "unsat", "count"
    nvars: int
    compiled: list[list[int]]
    over: list[int]
    connections: list[Connection]
    cuts: list[Cut] = field(default_factory=list)
    models: list[list[int]] = field(default_factory=list)
    blocking: list[list[int]] = field(default_factory=list)
    #: the DRAT proof: binary DRAT bytes (CaDiCaL 1.9.5) or text lines
    proof: bytes | list[str] | None = None
    search_solver: str = ""
    proof_solver: str = ""
    seconds: dict = field(default_factory=dict)
    #: the Model's solver-independent compile options (``amo``, ``card``,
    #: ``pb``, ``connectivity``), recorded so that verify can recompile
    compile: dict = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.models)

    def clauses(self) -> list[list[int]]:
        """The certificate's formula: compiled, then cuts, then blocking clauses."""
        return self.compiled + [c.clause for c in self.cuts] + self.blocking


def proof_solver_for(solver: str) -> str:
    """The solver that writes the proof: ``solver`` when it emits DRAT, else
    :data:`DEFAULT_PROOF_SOLVER`."""
    name = canonical_name(solver)
    return name if name in PROOF_SOLVERS else DEFAULT_PROOF_SOLVER


def _justify(clause: list[int], k: int, conn: Connection, node_of: dict[int, Hashable]) -> Cut:
    """Read a, b and the separator back from a cut ``[-lit a, -lit b, lit s...]``."""
    a, b = node_of[-clause[0]], node_of[-clause[1]]
    return Cut(list(clause), k, a, b, [node_of[l] for l in clause[2:]])


def _model(solver: Solver, nvars: int) -> list[int]:
    m = solver.get_model() or []
    if len(m) < nvars:
        m = m + [-v for v in range(len(m) + 1, nvars + 1)]
    return m[:nvars]


class _RecordingEngine(ReachEngine):
    """The reachability propagator (:mod:`satgrid.modelling.connectivity.propagator`) that keeps
    every clause it gives the solver (reasons, cuts of rejected models): each
    is a separator cut, justified and written to the certificate."""

    def __init__(self):
        super().__init__(activate_after=0)
        self.given: list[list[int]] = []

    def propagate(self):
        # every propagation's reason, asked for or not: CaDiCaL may fix a
        # literal at the root without asking (probed: the proof then relies on it)
        out = super().propagate()
        for lit in out:
            self.given.append(self.reason(lit))
        return out

    def add_clause(self):
        clause = super().add_clause()
        self.given.append(clause)
        return clause


def _engine_cut(clause, connections, node_of) -> Cut | None:
    """The Cut of a clause the engine gave: the first constraint whose nodes
    hold all its literals."""
    for k, nodes in enumerate(node_of):
        if -clause[0] in nodes and -clause[1] in nodes and all(l in nodes for l in clause[2:]):
            return _justify(clause, k, connections[k], nodes)
    return None


def certified_run(clauses: Sequence[Sequence[int]], nvars: int, over: Sequence[int],
                  connections: Sequence[Connection], mode: str, *,
                  solver: str = DEFAULT_PROOF_SOLVER, options: dict | None = None,
                  max_solutions: int = MAX_SOLUTIONS, fresh: bool = True,
                  propagate: bool = False) -> CertifiedRun:
    """Run the search and the proof solve (see the module docs).

    Args:
        clauses: the compiled formula (givens as unit clauses included).
        nvars: its number of variables.
        over: the projection variables (solutions differ on them).
        connections: the lazy connectivity constraints.
        mode: ``"unique"`` (stop at the second solution), ``"count"`` (every
            solution, at most ``max_solutions``) or ``"unsat"`` (stop at the first).
        solver: the solver asked for; the proof comes from :func:`proof_solver_for`.
        options: tuning options (CaDiCaL).
        fresh: search with ``solver`` without proof logging, then prove with a
            fresh solver (the default; see the module docs); False: one
            proof-logging solver does both, faster but its log may not check.
        propagate: the search solver also runs the reachability propagator
            (when it has the interface: cadical195); every reason and cut it
            gives is written as a justified cut.

    Raises:
        CertifyRefused: more than ``max_solutions`` solutions (count).
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
    t0 = time.perf_counter()
    search = canonical_name(solver)
    if not fresh:
        search = proof_solver_for(search)
    if not CAPABILITIES[search].incremental:    # the search adds clauses between calls
        search = DEFAULT_PROOF_SOLVER
    if not CAPABILITIES[search].options:
        options = None
    compiled = [list(c) for c in clauses]
    run = CertifiedRun(mode=mode, claim="", nvars=nvars, compiled=compiled, over=list(over),
                       connections=list(connections), search_solver=search,
                       proof_solver=proof_solver_for(search))
    checkers = [ConnectivityCuts(c.lits, c.graph, name=c.name) for c in run.connections]
    node_of = [{lit: v for v, lit in c.lits.items()} for c in run.connections]
    seen: set[tuple[int, ...]] = set()
    expect_last = False
    with Solver(name=search, bootstrap_with=compiled, with_proof=not fresh) as s:
        if options:
            s.configure(options)
        if nvars and fresh:                 # (not in a proof run: no clause outside the formula)
            s.add_clause([nvars, -nvars])   # declare every variable (dense models)
        engine = None
        if propagate and search in PROPAGATOR_SOLVERS and run.connections:
            engine = _RecordingEngine()
            for c in run.connections:
                engine.add(PropagatedConnectivity(c.lits, c.graph, name=c.name))
            engine.connect(s)

        def collect() -> None:              # the engine's clauses, as justified cuts
            if engine is not None:
                for cl in engine.given:
                    key = tuple(sorted(cl))
                    cut = None if key in seen else _engine_cut(cl, run.connections, node_of)
                    if cut is not None:
                        seen.add(key)
                        run.cuts.append(cut)
                engine.given.clear()
        while True:
            if expect_last:
                # the call expected to be the last (right after a solution is blocked):
                # a fresh proof-logging solve of the whole formula instead of the search
                # solver's UNSAT answer, which the proof solve would only repeat; a model
                # it finds is handled as the search's would be, and the search goes on
                expect_last = False
                t1 = time.perf_counter()
                proof, model = _refute_or_model(run.clauses(), nvars, run.proof_solver)
                run.seconds["proof"] = run.seconds.get("proof", 0.0) + time.perf_counter() - t1
                if model is None:
                    run.proof = proof
                    break
            else:
                solved = s.solve()
                collect()
                if not solved:
                    if not fresh:
                        run.proof = _proof_of(s)
                    break
                model = _model(s, nvars)
            new = []
            for k, ch in enumerate(checkers):
                for cl in ch.violated(model):
                    key = tuple(sorted(cl))
                    if key not in seen:
                        seen.add(key)
                        new.append(_justify(cl, k, run.connections[k], node_of[k]))
            if new:
                run.cuts.extend(new)
                s.append_formula([c.clause for c in new])
                continue
            run.models.append(model)
            block = [-model[v - 1] for v in run.over]
            run.blocking.append(block)
            if mode == "count" and len(run.models) > max_solutions:
                raise CertifyRefused(
                    f"--certify: more than {max_solutions} solutions; a certificate blocks "
                    f"each solution with a clause and proves the rest unsatisfiable, which "
                    f"at this size would run for hours; count without --certify")
            if (mode == "unique" and len(run.models) == 2) or mode == "unsat":
                break
            if not block:   # nothing to tell solutions apart: the one solution blocks all
                break
            s.add_clause(block)
            expect_last = fresh and mode == "unique"
    run.seconds["search"] = time.perf_counter() - t0 - run.seconds.get("proof", 0.0)
    n = len(run.models)
    if mode == "unique" and n == 2:
        run.claim = "not unique"
    elif mode == "unsat" and n == 1:
        run.claim = "sat"
    else:
        run.claim = {"unique": "unique" if n == 1 else "unsat", "unsat": "unsat",
                     "count": "count"}[mode]
    if run.claim in ("unique", "unsat", "count") and run.proof is None:
        t1 = time.perf_counter()
        run.proof = refutation(run.clauses(), nvars, run.proof_solver)
        run.seconds["proof"] = run.seconds.get("proof", 0.0) + time.perf_counter() - t1
    return run


def _refute_or_model(clauses: list[list[int]], nvars: int,
                     solver: str) -> tuple[list[str] | None, list[int] | None]:
    """A fresh proof-logging solve of ``clauses``: (DRAT lines, None) after
    UNSAT, (None, model) after SAT."""
    with Solver(name=solver, bootstrap_with=clauses, with_proof=True) as s:
        if s.solve():
            return None, _model(s, nvars)
        return _proof_of(s), None


def _proof_of(s: Solver) -> bytes | list[str]:
    """The solver's DRAT proof, with the empty clause at its end.

    python-sat keeps CaDiCaL 1.9.5's proof as binary DRAT in a temporary file
    and ``get_proof()`` turns it into text lines in Python, which on a proof
    of 50,000 steps costs about as much CPU as the search itself (bench); so
    for that solver the bytes are read as they are (python-sat's own fields
    ``prfile``/``prfp``, with ``get_proof()`` as the fallback should they
    change). A refutation found while loading may log no empty clause; it is
    RUP then, so one is always added (a second one after the first is never
    read: the check stops at the first).
    """
    inner = getattr(s, "solver", None)
    f, fp = getattr(inner, "prfile", None), getattr(inner, "prfp", None)
    flush = getattr(getattr(pysat.solvers, "pysolvers", None), "flushpr", None)
    if f is not None and fp is not None and flush is not None and type(inner).__name__ == "Cadical195":
        flush(fp)
        f.seek(0)
        return f.read() + b"a\x00"
    lines = list(s.get_proof() or [])
    if "0" not in (l.strip() for l in lines):
        lines.append("0")
    return lines


def refutation(clauses: list[list[int]], nvars: int, solver: str) -> list[str]:
    """A fresh proof-logging solve of ``clauses``: the DRAT lines of its refutation.

    Raises:
        SolverError: the formula is satisfiable (a defect: the search said UNSAT).
    """
    lines, model = _refute_or_model(clauses, nvars, solver)
    if lines is None:
        raise SolverError(f"the certificate's formula is satisfiable under {solver}, "
                          "but the search refuted it (a defect)")
    return lines
