"""Connectivity inside the search: a reachability propagator on CaDiCaL's
user-propagator interface (IPASIR-UP, through python-sat's ``pysat.engines``).

:class:`PropagatedConnectivity` is the constraint "the nodes whose literal is
true form one connected set" (the empty set and one node count as connected,
as for :class:`~satgrid.modelling.connectivity.ConnectivityCuts`, whose subclass it is).
A :class:`~satgrid.core.session.Session` on a solver with the interface (the
``propagator`` column of :data:`satgrid.core.solvers.CAPABILITIES`,
:data:`PROPAGATOR_SOLVERS`) hands every such constraint to *one*
:class:`ReachEngine`, the single propagator CaDiCaL lets one attach; on any
other solver the constraint is the lazy cuts it inherits (CEGAR, with the
layered encoding after 30 rounds as ``Model.connected`` sets up), after a
one-line :class:`PropagatorFallback` warning, or a :class:`SolverError` when
``strict=True`` -- never a silent wrong answer.

What the engine does, per constraint, on a partial assignment (T true nodes,
F false nodes, the rest unassigned; the graph work is :mod:`satgrid.modelling.connectivity.reach`):

* anchor: a true node (a root-level one when there is one, so that its
  literal drops out of learnt clauses), else nothing is propagated;
* a depth-first search from the anchor through the nodes not in F, on a
  fixed index of the graph (adjacency lists of ints, a ``bytearray`` per
  state): R, the nodes the anchor can still reach, and the *articulation*
  nodes (free nodes whose removal cuts a true node off the anchor: Tarjan's
  low points), which are propagated true;
* each node outside R is cut off: let N(R) be the (false) nodes next to R and
  Q the component of ``graph - (R + N(R))`` holding the node, S the nodes of
  N(R) next to Q. An unassigned node u of Q is propagated false, with the
  reason ``[-lit(u), -lit(anchor)] + [lit(s) for s in S]``; a true node t of
  Q is a conflict, reported by propagating ``-lit(t)`` (already false) with
  the same kind of clause. These are the separator cuts of
  :class:`~satgrid.modelling.connectivity.ConnectivityCuts` (``separator="minimal"``),
  as is the reason of an articulation node v, ``[-lit(t), -lit(anchor),
  lit(v)] + S`` (S: the false nodes around t's side), so :mod:`satgrid.certify`
  can justify every one by a graph search (``tests/test_propagator.py`` does);
* on a complete assignment (``check_model``) the model's true nodes are
  checked from scratch and, when they are not connected, one such cut per
  part cut off is added as a clause: the safety net, it never accepts a
  disconnected model whatever the propagation did.

Incremental: assignments go on a trail with one mark per decision level;
``on_backtrack`` pops the undone entries (O(1) each) and restores R as it was
when the level began (a snapshot per level, kept when R then held every
non-false node: the reference, copied only when written). A new search runs
only in ``propagate``, and only when a node of R became false and a search
of a few dozen nodes from its neighbours does not show them still joined, a
node outside R became true, the anchor went, or a backtrack found no
snapshot; a node false outside R changes nothing.

Adaptive. Connecting a propagator costs CaDiCaL its lucky first phases, so
a constraint starts as the lazy cuts (:class:`ConnectivityCuts`, no
fallback encoding) and joins the engine once ``attach_after`` (2) models
have been rejected: a constraint the other rules already satisfy never
pays for it, far-apart givens (hundreds of cut rounds) get it at once. The
engine then goes *passive* (python-sat's ``disable_propagator``: no Python
call but ``check_model``) when fewer than 1 in :data:`USEFUL` of its last
:data:`WINDOW` searches propagated anything, active again after a few
rejected models; and a constraint stops looking for articulation nodes (a
depth-first search costs about twice a flood fill) when they are as rare.

Certificates. ``is_unique(certify=DIR)`` / ``satgrid solve --unique --certify``
on a model with propagated constraints runs the engine inside the
proof-logging search too (:func:`satgrid.certify.proof.certified_run`,
``propagate=True``): the reason of *every* propagation (asked for or not:
CaDiCaL fixed root literals without asking, and its DRAT proof then relied
on them -- probed, the check failed until they were all written) and every
cut is written as a justified cut, and ``satgrid verify`` checks them.

Sharp edges of python-sat 1.9 found on the way (probed):

* ``check_model`` receives the values of the *observed* variables only, not
  a model indexed by variable: read it as a set of literals.
* Clauses from the propagator go through ``has_clause``/``add_clause``: with a
  callable ``has_clause`` the glue asks it first and ``add_clause`` returns
  one clause; without it ``add_clause`` returning ``[]`` means "none".
* After a non-empty ``propagate`` answer the glue hands the solver a closing
  0 without calling Python: the consequences of the last literals are seen at
  the next decision, or by ``check_model`` when the assignment is complete
  (hence rejected models even when active).
* An exception in any callback (KeyboardInterrupt included: Python runs
  signal handlers inside callbacks, even before a callback's first line)
  makes the glue skip every later callback of that call (``check_model`` then
  *accepts*) and raise when the call returns; the Session's slices keep that
  short and the answer of that call is never used. The engine's view of the
  trail is then stale: the Session's oracle calls :meth:`ReachEngine.stale`
  and the first callback of the next call forgets every assignment (root
  literals included: weaker propagation, never a wrong one).
* ``enable_propagator``/``disable_propagator`` take effect at the next return
  to decision level 0; connecting any propagator changes CaDiCaL's search
  (observed variables are frozen): the same formula solves some
  milliseconds slower, so the passive start is not free.
* One propagator per solver: the Session's checkers find the engine through
  python-sat's ``solver.pengine``; when the Session rebuilds its solver (its
  ``generation`` grows), the next model is checked in full (not seen by the
  engine) and the constraints join a new engine on the fresh solver
  (:meth:`PropagatedConnectivity.violated`).

Example:
    >>> import networkx as nx
    >>> from satgrid.modelling.model import Model
    >>> g = nx.grid_2d_graph(3, 3)
    >>> m = Model()
    >>> on = {v: m.bool(f"x{v}") for v in g}
    >>> m.connected(on, g, mode="propagate")
    >>> m.count()                                    # OEIS A059525: 218 (+ the empty set)
    (219, True)
"""

from __future__ import annotations

import time
import warnings
from typing import Sequence

from pysat.engines import Propagator

from ...errors import SolverError
from ...core.session import InSearchChecker
from ...core.solvers import PROPAGATOR_SOLVERS
from .cuts import ConnectivityCuts
from .modes import no_propagator
from .reach import FALSE, FREE, TRUE, ReachState

__all__ = ["PropagatedConnectivity", "ReachEngine", "PropagatorFallback",
           "PROPAGATOR_SOLVERS"]


#: engines made by the constraints time their callbacks (``bench/``: Python's share)
PROFILE = False
#: searches per look at the engine's usefulness, and the share (1 in USEFUL)
#: of them that must propagate something for it to stay active
WINDOW, USEFUL = 64, 20


class PropagatorFallback(UserWarning):
    """A propagated constraint on a solver without the interface: lazy cuts instead."""


class PropagatedConnectivity(ConnectivityCuts, InSearchChecker):
    """The connectivity constraint, propagated during the search when it can be.

    Everything of :class:`~satgrid.modelling.connectivity.ConnectivityCuts` (same
    arguments; its ``violated`` is the lazy fallback), plus the protocol the
    Session uses to hand it to the solver's engine: :meth:`join_engine`.

    When. Connecting any propagator costs CaDiCaL its lucky first phases
    (observed variables are frozen: a formula whose first model is already
    connected takes 10-100x longer), so the constraint starts as the lazy
    cuts and joins the engine when ``attach_after`` models have been
    rejected (default 2: the puzzles need a few rounds, far-apart givens
    hundreds), for the rest of the session.

    Args:
        strict: raise :class:`SolverError` on a solver without the
            interface instead of falling back to lazy cuts.
        warn: say so (:class:`PropagatorFallback`) when falling back; False
            when the propagator was chosen by ``"auto"``, not asked for.
        attach_after: CEGAR rounds before the engine takes over (0: at once).
        (the others: see :class:`~satgrid.modelling.connectivity.ConnectivityCuts`)

    Attributes:
        engine: the :class:`ReachEngine` serving it, or None (lazy cuts).
    """

    def __init__(self, lits, graph, *, strict: bool = False, attach_after: int = 2,
                 warn: bool = True, **kw):
        super().__init__(lits, graph, **kw)
        self.strict, self.warn = strict, warn
        self.attach_after = attach_after
        self.engine: ReachEngine | None = None
        self._seen = 0              # the engine's accepted models when last asked
        self._session = None        # the session, once it can serve the constraint
        self._generation = -1       # the session's solver generation the engine serves

    def __repr__(self) -> str:
        how = "propagated" if self.engine is not None else "lazy"
        return f"PropagatedConnectivity({self.name!r}, nodes={len(self.nodes)}, {how})"

    def join_engine(self, session) -> "ReachEngine | None":
        """Called by :meth:`Session.add_lazy <satgrid.core.session.Session.add_lazy>`.

        Args:
            session: the :class:`~satgrid.core.session.Session` (its public
                ``solver_name``, ``solver`` and ``generation`` are read).

        Returns:
            The engine now serving this constraint (one per solver: the first
            constraint makes it, the others join), or None: not yet (see
            ``attach_after``), or never -- the solver has no interface and
            the lazy cuts it inherits do the work.

        Raises:
            SolverError: no interface and ``strict``; another propagator
                already attached to the solver.
        """
        name = session.solver_name
        if name not in PROPAGATOR_SOLVERS:
            msg = no_propagator(name, f"connectivity {self.name!r}")
            if self.strict:
                raise SolverError(msg)
            if self.warn:
                warnings.warn(msg + "; using lazy cuts instead", PropagatorFallback, stacklevel=3)
            return None
        self._session = session
        self.drop_fallback()        # never an eager encoding: the engine instead
        return self._attach() if self.attach_after <= 0 else None

    def search_interrupted(self) -> None:
        """A SAT call of the session ended by an exception (an interrupt):
        the engine serving this constraint forgets the solver's trail
        (:meth:`ReachEngine.stale`); without an engine, nothing to do."""
        if self.engine is not None:
            self.engine.stale()

    def _attach(self) -> "ReachEngine":
        solver = self._session.solver
        self._generation = self._session.generation
        engine = getattr(getattr(solver, "solver", None), "pengine", None)
        if engine is None:
            engine = ReachEngine(activate_after=0, profile=PROFILE)
            engine.connect(solver)
        elif not isinstance(engine, ReachEngine):
            raise SolverError("another user propagator is attached to this solver")
        engine.add(self)
        self.engine = engine
        self._seen = engine.accepted
        return engine

    def violated(self, model: Sequence[int]) -> list[list[int]]:
        """The lazy check (see :class:`~satgrid.modelling.connectivity.ConnectivityCuts`),
        free when the engine has just accepted the model inside the search;
        the round that reaches ``attach_after`` attaches the engine."""
        e = self.engine
        if e is not None:
            if e.accepted != self._seen:
                self._seen = e.accepted
                return []
            if self._generation != self._session.generation:   # the session rebuilt its solver
                self._attach()
            return super().violated(model)
        cuts = super().violated(model)
        if cuts and self._session is not None and self.stats["rounds"] >= self.attach_after:
            self._attach()
        return cuts


class ReachEngine(Propagator):
    """One IPASIR-UP propagator serving every propagated connectivity constraint
    of a session (see the module docs for what it propagates and why).

    Made by :meth:`PropagatedConnectivity.join_engine` (a Session does it);
    by hand: ``engine = ReachEngine(); engine.add(constraint);
    engine.connect(pysat_solver)``.

    Args:
        activate_after: rejected models (``check_model``) before the engine
            turns active; 0: active from the start.
        profile: time every callback (``stats["callback_seconds"]``); off by
            default, since the timer costs about as much as a cheap callback.
        articulation: look for articulation nodes (default); False: a plain
            flood fill, cut-off nodes only (weaker, for comparison).

    Attributes:
        stats: ``floods`` (searches), ``propagated`` (literals, articulation
            nodes included), ``forced`` (articulation nodes), ``conflicts``,
            ``reasons`` (asked by the solver), ``checks`` (complete models),
            ``rejected``, ``cuts`` (clauses for rejected models),
            ``activated``, ``deactivated``, ``resyncs`` (after interrupts),
            ``callback_seconds`` (with ``profile``).
        accepted: models accepted by ``check_model``.
        graphs: one :class:`~satgrid.modelling.connectivity.reach.ReachState` per constraint.

    Memory: per constraint with n nodes, O(n) bytes of state plus, per open
    decision level, one reference (a snapshot of R) or None.
    """

    def __init__(self, activate_after: int = 3, profile: bool = False,
                 articulation: bool = True):
        super().__init__()
        self.articulation = articulation
        self.activate_after = activate_after
        self.graphs: list[ReachState] = []
        self._occ: dict[int, list[tuple[ReachState, int, int]]] = {}
        self._trail: list[tuple[ReachState, int]] = []
        self._lim: list[int] = []
        self._touched: dict = {}     # constraints to search again (insertion order: deterministic)
        self._reason: dict[int, list[int]] = {}
        self._pending: list[list[int]] = []
        self._solver = None
        self._dirty = False
        self._conflict = 0          # a literal whose propagation is a conflict
        self.accepted = 0           # models accepted by check_model
        self._rejections = 0        # models rejected since the engine went passive
        self._window = self._useful = 0   # searches, and those that propagated, lately
        self.active = activate_after <= 0
        self.stats = dict(floods=0, propagated=0, forced=0, conflicts=0, reasons=0, checks=0,
                          rejected=0, cuts=0, activated=int(self.active), deactivated=0,
                          resyncs=0,
                          callback_seconds=0.0)
        if profile:
            self._profile()

    # ............................................................ wiring
    def connect(self, solver) -> None:
        """Attach to a PySAT solver (a fresh one after a session rebuild):
        state reset, every constraint's variables observed."""
        self._solver = solver
        self._reset()
        solver.connect_propagator(self)
        for v in sorted({abs(l) for l in self._occ}):
            solver.observe(v)
        if not self.active:
            solver.disable_propagator()

    def add(self, checker: PropagatedConnectivity) -> None:
        """Serve one more constraint (its variables observed from now on)."""
        g = ReachState(checker)
        self.graphs.append(g)
        for i, l in enumerate(g.lits):
            for lit, code in ((l, TRUE), (-l, FALSE)):
                self._occ.setdefault(lit, []).append((g, i, code))
        if self._solver is not None:     # (a new constraint starts with nothing assigned)
            for l in g.lits:
                self._solver.observe(abs(l))

    def _reset(self) -> None:
        self._trail.clear()
        self._lim.clear()
        self._reason.clear()
        self._pending.clear()
        self._touched = dict.fromkeys(self.graphs)
        for g in self.graphs:
            g.clear()
        self._dirty = False

    def _forget(self) -> None:
        """Out of step with the solver (it never happened in tests; defensive):
        forget every assignment, keep the decision level."""
        self.stats["resyncs"] += 1
        depth = len(self._lim)
        self._reset()
        self._lim.extend([0] * depth)

    def stale(self) -> None:
        """Told by the Session's oracle that a SAT call ended in an exception:
        the callbacks after it were skipped, :meth:`_recover` runs at the next one."""
        self._dirty = True

    def _recover(self, level: int = 0) -> None:
        """The first callback after an interrupted call (see the module docs):
        the solver is back at ``level`` (0, or the level of that backtrack);
        forget everything."""
        self.stats["resyncs"] += 1
        self._reset()
        self._lim.extend([0] * level)

    # ......................................................... callbacks
    def on_assignment(self, lit: int, fixed: bool = False) -> None:
        if self._dirty:
            self._recover()
        occ = self._occ.get(lit)
        if occ is None:
            return
        try:
            root = fixed or not self._lim
            for g, i, code in occ:
                if g.val[i]:
                    if g.val[i] != code:    # a backtrack we were not told of
                        self._forget()
                        return self.on_assignment(lit, fixed)
                    if root and not g.fixed[i]:
                        g.fixed[i] = 1      # became permanent: not undone any more
                        g.snaps = [None] * len(g.snaps)
                        if code == TRUE and g.root_anchor < 0:
                            g.root_anchor = i
                    continue
                g.val[i] = code
                if root:
                    g.fixed[i] = 1
                    if self._lim:           # out of order: the snapshots miss it
                        g.snaps = [None] * len(g.snaps)
                else:
                    self._trail.append((g, i))
                if code == FALSE:
                    g.nfalse += 1
                    if g.valid and g.reach[i]:
                        if g.still_joined(i):
                            g.drop(i)
                        else:
                            g.valid = False
                            self._touched[g] = None
                else:
                    if root and g.root_anchor < 0:
                        g.root_anchor = i
                    if g.anchor < 0:
                        g.anchor = i
                        g.valid = False
                        self._touched[g] = None
                    elif g.valid and not g.reach[i]:
                        g.valid = False
                        self._touched[g] = None
        except BaseException:
            self._dirty = True
            raise

    def on_new_level(self) -> None:
        if self._dirty:
            self._recover()
        self._lim.append(len(self._trail))
        for g in self.graphs:
            if g.valid and g.nreach + g.nfalse == g.n:
                g.snaps.append((g.reach, g.nreach, g.anchor))
                g.shared = True
            else:
                g.snaps.append(None)

    def on_backtrack(self, to: int) -> None:
        if self._dirty:
            self._recover(to)
            return
        try:
            lim = self._lim
            if len(lim) <= to:
                return
            mark = lim[to]
            del lim[to:]
            trail = self._trail
            undone = trail[mark:]
            del trail[mark:]
            for g, i in undone:
                if g.fixed[i]:
                    continue
                if g.val[i] == FALSE:
                    g.nfalse -= 1
                elif i == g.anchor:
                    g.anchor = -1
                g.val[i] = FREE
            touched = self._touched
            for g in self.graphs:
                snaps = g.snaps
                snap = snaps[to] if len(snaps) > to else None
                del snaps[to:]
                if snap is not None:        # the state when level to + 1 began
                    g.reach, g.nreach, g.anchor = snap
                    g.valid = g.shared = True
                else:
                    g.valid = False
                    touched[g] = None
        except BaseException:
            self._dirty = True
            raise

    def decide(self) -> int:
        return 0

    def propagate(self) -> list[int]:
        if self._dirty:
            self._recover()
        if not self._touched:
            return []
        try:
            out: list[int] = []
            touched, self._touched = self._touched, {}
            done = []
            for g in touched:
                if not g.valid:
                    out.extend(self._flood(g))
                    done.append(g)
                    if self._conflict:      # that alone: the others again next time
                        for h in touched:
                            if h is not g and (h in done or not h.valid):
                                h.valid = False
                                self._touched[h] = None
                        lit, self._conflict = self._conflict, 0
                        return [lit]
            return out
        except BaseException:
            self._dirty = True
            raise

    def provide_reason(self, lit: int) -> list[int]:
        self.stats["reasons"] += 1
        return self.reason(lit)

    def reason(self, lit: int) -> list[int]:
        """The clause that justifies the propagated ``lit`` (made on demand
        for an articulation node, then kept)."""
        r = self._reason[lit]
        if type(r) is tuple:
            r = self._reason[lit] = r[0].articulation_reason(*r[1:])
        return r

    def check_model(self, model: Sequence[int]) -> bool:
        try:
            self.stats["checks"] += 1
            true = set(model)
            cuts: list[list[int]] = []
            for g in self.graphs:
                cuts.extend(g.model_cuts(true))
            if not cuts:
                self.accepted += 1
                return True
            self.stats["rejected"] += 1
            self.stats["cuts"] += len(cuts)
            self._pending.extend(cuts)
            self._rejections += 1
            if not self.active and self._rejections >= \
                    self.activate_after + 4 * self.stats["deactivated"]:
                self.active = True
                self.stats["activated"] = 1
                # passive, it was told of root-level assignments only: still in step
                self._solver.enable_propagator()
            return False
        except BaseException:
            self._dirty = True
            raise

    def has_clause(self) -> bool:
        return bool(self._pending)

    def add_clause(self) -> list[int]:
        return self._pending.pop()

    # ............................................................ floods
    def _flood(self, g: ReachState) -> list[int]:
        """Search g from its anchor; the literals to propagate (a conflict:
        in ``self._conflict``)."""
        a = g.root_anchor if g.root_anchor >= 0 else g.anchor
        if a < 0:
            a = g.val.find(TRUE)
            if a < 0:
                g.valid = False             # no true node: nothing to propagate
                return []
            g.anchor = a
        st = self.stats
        st["floods"] += 1
        out, conflict, forced = g.search(a, self.articulation and g.art, self._reason)
        if g.art:                           # articulation nodes rare: plain floods instead
            w = g.window
            w[0] += 1
            w[1] += forced
            if w[0] >= WINDOW:
                g.art = w[1] * USEFUL >= w[0]
                w[0] = w[1] = 0
        if conflict:
            st["conflicts"] += 1
            self._conflict = conflict
        st["propagated"] += len(out)
        st["forced"] += forced
        self._window += 1
        if out or conflict:
            self._useful += 1
        elif self._window >= WINDOW:
            if self._useful * USEFUL < self._window:
                self._passive()
            self._window = self._useful = 0
        return out

    def _passive(self) -> None:
        """Most searches found nothing to propagate: back to checking models
        only (from the next return to level 0), until models are rejected again."""
        self.active = False
        self.stats["deactivated"] += 1
        self._rejections = 0
        self._solver.disable_propagator()

    # ........................................................... profile
    def _profile(self) -> None:
        """Replace the callbacks by timed ones (instance attributes: the glue
        looks methods up by name on every call)."""
        st = self.stats
        clock = time.perf_counter
        for name in ("on_assignment", "on_new_level", "on_backtrack", "propagate",
                     "provide_reason", "check_model", "has_clause", "add_clause", "decide"):
            fn = getattr(self, name)

            def timed(*args, _fn=fn):
                t0 = clock()
                try:
                    return _fn(*args)
                finally:
                    st["callback_seconds"] += clock() - t0
            setattr(self, name, timed)
