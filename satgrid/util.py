"""Small helpers shared by the fast paths."""

from __future__ import annotations

import gc


class paused_gc:
    """Context in which Python's cyclic garbage collector does not run.

    Building formulas makes millions of small acyclic lists (clauses); the
    collector would traverse them again and again for nothing (there is no
    cycle to free). Reference counting still frees everything as usual. The
    previous state is restored on exit (nesting is fine).
    """

    __slots__ = ("was",)

    def __enter__(self):
        self.was = gc.isenabled()
        gc.disable()
        return self

    def __exit__(self, *exc):
        if self.was:
            gc.enable()
