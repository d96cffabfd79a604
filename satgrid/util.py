"""Small helpers shared by the fast paths."""

from __future__ import annotations

import gc


class paused_gc:
    """Context in which Python's cyclic garbage collector does not run.

    Building formulas makes millions of small acyclic lists (clauses); the
    collector would traverse them again and again for nothing (there is no
    cycle to free). Reference counting still frees everything as usual. The
    previous state is restored on exit (nesting is fine).

    On leaving the outermost pause, what was allocated meanwhile (the new
    formula's lists, almost all of them long-lived) is moved into the oldest
    generation without being traversed (``gc.freeze()`` then
    ``gc.unfreeze()``, which also resets the young generation's count);
    otherwise the first allocation after the pause would trigger a young
    collection that walks every new clause once more, then again as it is
    promoted (2 ms of the 14 ms build of Twenty Four Seven 2x2 #2, 51,625
    clauses; more in a first compile, bench/bench_compile.py). Nothing is
    lost: a garbage cycle moved there is freed by the next full collection
    (``gc.collect()`` or the collector's own). When the process has frozen
    objects of its own (``gc.get_freeze_count() > 0``) they are left as they
    are and so are the generations.

    >>> import gc
    >>> with paused_gc():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """

    __slots__ = ("was",)

    def __enter__(self):
        self.was = gc.isenabled()
        gc.disable()
        return self

    def __exit__(self, *exc):
        if self.was:
            if not gc.get_freeze_count():
                gc.freeze()          # every tracked object to the permanent generation,
                gc.unfreeze()        # and back into the oldest one: no traversal
            gc.enable()
