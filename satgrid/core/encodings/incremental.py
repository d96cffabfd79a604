"""The incremental totalizer, :class:`IncrementalTotalizer`: the tree of
:mod:`.totalizer` (Bailleux and Boufkhad, CP 2003) with outputs
``r_1..r_{u+1}`` for an upper bound ``u`` and without the root unit. Its
bound is chosen per solve by the assumption ``-r_{k+1}`` and can be raised
later by building more outputs (new clauses only; old ones never change). It
draws its variables from the caller's source, so it shares a Formula's pool
(unlike PySAT's ``ITotalizer``, which numbers from its own ``top_id``; pysat
issue #173).
"""

from __future__ import annotations


class IncrementalTotalizer:
    """A totalizer whose bound is chosen per solve and can grow later.

    Builds the totalizer tree over ``lits`` with outputs ``r_1..r_{u+1}`` at
    every node (``u`` = ``ubound``, at most ``n - 1``), up clauses only and no
    root unit. ``bound(k)`` returns the literal ``-r_{k+1}``: assume it to
    solve under ``sum(lits) <= k``; add it as a unit clause to tighten for
    good. A bound above the built one extends every node with the missing
    outputs and their clauses (existing clauses never change); all clauses
    made since the last :meth:`new_clauses` call are handed out by it.

    Args:
        lits: input literals (not empty).
        source: variable source, e.g. the Formula the solver was built from.
        ubound: largest bound to prepare for now (default 1).

    Example (a minimisation loop)::

        t = IncrementalTotalizer(xs, formula, ubound=len(xs) - 1)
        solver.append_formula(t.new_clauses())
        k = len(xs)
        while solver.solve(assumptions=[t.bound(k - 1)]):
            k = sum(solver.get_model()[x - 1] > 0 for x in xs)
            solver.append_formula(t.new_clauses())   # if bound() extended
        # k is the minimum

    Attributes:
        lits: the inputs; ``n = len(lits)``.
        ubound: the largest bound built so far.
        outputs: the root outputs, ``outputs[j]`` = "at least j+1 true".
        clauses: every clause made so far.
    """

    def __init__(self, lits, source, ubound: int = 1):
        self.lits = list(lits)
        if not self.lits:
            raise ValueError("IncrementalTotalizer needs at least one input")
        self.source = source
        self.clauses: list[list[int]] = []
        self._fresh_from = 0
        self._true = None
        n = len(self.lits)
        # tree: list of nodes in post-order; node = [left, right, size, outputs]
        self._nodes: list[list] = []

        def build(lo, hi):
            if hi - lo == 1:
                self._nodes.append([None, None, 1, [self.lits[lo]]])
            else:
                mid = (lo + hi) // 2
                li, ri = build(lo, mid), build(mid, hi)
                self._nodes.append([li, ri, hi - lo, []])
            return len(self._nodes) - 1

        build(0, n)
        self.ubound = -1
        self.extend(ubound)

    @property
    def outputs(self) -> list[int]:
        return self._nodes[-1][3]

    def extend(self, ubound: int) -> list[list[int]]:
        """Build outputs up to ``ubound + 1`` (capped at n); return the new clauses."""
        n = len(self.lits)
        ubound = max(0, min(int(ubound), n - 1))
        if ubound <= self.ubound:
            return []
        cap = ubound + 1
        inner = [nd for nd in self._nodes if nd[0] is not None]
        need = sum(min(nd[2], cap) - len(nd[3]) for nd in inner)
        fresh = iter(self.source.new_vars(need))
        new: list[list[int]] = []
        for nd in self._nodes:
            li, ri, s, r = nd
            if li is None:
                continue
            old_t, t = len(r), min(s, cap)
            if t == old_t:
                continue
            r.extend(next(fresh) for _ in range(t - old_t))
            a, b = self._nodes[li][3], self._nodes[ri][3]
            # clauses (-a_i | -b_j | r_{i+j}) for old_t < i+j <= t
            for sm in range(old_t + 1, t + 1):
                y = r[sm - 1]
                for i in range(max(0, sm - len(b)), min(len(a), sm) + 1):
                    j = sm - i
                    if i == 0:
                        new.append([-b[j - 1], y])
                    elif j == 0:
                        new.append([-a[i - 1], y])
                    else:
                        new.append([-a[i - 1], -b[j - 1], y])
        self.ubound = ubound
        self.clauses += new
        return new

    def bound(self, k: int) -> int:
        """The assumption literal meaning ``sum(lits) <= k`` (extends if needed).

        For ``k >= n`` the constraint holds anyway: the literal returned is a
        fresh variable made true by a unit clause (made once, kept).

        Raises:
            ValueError: ``k < 0``.
        """
        if k < 0:
            raise ValueError("a bound below 0 cannot be satisfied; use no assumption and add [] instead")
        n = len(self.lits)
        if k >= n:
            if self._true is None:
                self._true = self.source.new_var()
                self.clauses.append([self._true])
            return self._true
        if k > self.ubound:
            self.extend(k)
        return -self.outputs[k]

    def tighten(self, k: int) -> list[list[int]]:
        """The unit clause(s) imposing ``sum(lits) <= k`` for good."""
        return [[self.bound(k)]]

    def new_clauses(self) -> list[list[int]]:
        """Clauses made since the previous call (all of them the first time)."""
        out = self.clauses[self._fresh_from:]
        self._fresh_from = len(self.clauses)
        return out
