"""The difficulty grade of a puzzle, from its hint sequence (:mod:`.hint`).

The hints are taken one after another, each the easiest next step
(:meth:`Explainer.hint <satgrid.explain.hint.Explainer.hint>`), and each is
one of three levels by how the whole state (givens, rules, steps so far)
reaches it:

* level 0, a *single*: unit propagation finds it;
* level 1, a *probe*: no single is left, but assuming its opposite,
  propagation meets a conflict (a failed-literal test, one look ahead);
* level 2, a *search*: neither; the solver has to search.

The score is ``probes + 3 * searches``: 0 when propagation alone solves the
puzzle, one point per look ahead, three per step that needs search. The raw
figures (steps, each level's count, the largest reason and the largest
reason of a step above level 0) come with it in ``--json``.
"""

from __future__ import annotations

from typing import Any, Sequence

from .hint import Hint

__all__ = ["grade", "WEIGHTS"]

#: points per step of each level
WEIGHTS = (0, 1, 3)


def grade(hints: Sequence[Hint]) -> dict[str, Any]:
    """The grade of a hint sequence: ``score`` and the raw figures.

    >>> grade([Hint(1, level=0), Hint(2, [5], ["rows"], level=1), Hint(3, level=2)])["score"]
    4
    """
    levels = [sum(h.level == k for h in hints) for k in range(3)]
    return {"score": sum(w * n for w, n in zip(WEIGHTS, levels)),
            "steps": len(hints), "singles": levels[0], "probes": levels[1],
            "searches": levels[2], "propagation_solves": levels[1] + levels[2] == 0,
            "largest_reason": max((h.size for h in hints), default=0),
            "largest_hard_reason": max((h.size for h in hints if h.level), default=0)}
