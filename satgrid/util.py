"""Small helpers shared by the fast paths."""

from __future__ import annotations

import gc

class SlotRecord:
    """A plain record over its class's ``__slots__``: equal when its fields
    are, a repr naming them, unhashable (mutable) -- what a dataclass gives,
    without importing dataclasses on a one-puzzle run's path (7 ms)."""

    __slots__ = ()

    def _fields(self) -> tuple:
        return tuple(getattr(self, f) for f in self.__slots__)

    def __eq__(self, other) -> bool:
        return self._fields() == other._fields() if type(other) is type(self) else NotImplemented

    __hash__ = None     # type: ignore[assignment]

    def __repr__(self) -> str:
        return (type(self).__name__ + "("
                + ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__slots__) + ")")


class FrozenRecord(SlotRecord):
    """A :class:`SlotRecord` that cannot change: a subclass's ``__init__``
    sets its fields through ``super().__init__(name=value, ...)``; assigning
    or deleting one afterwards raises ``AttributeError``, and it hashes by
    its fields -- what a frozen dataclass gives, without the import (7 ms)
    and the generated code (about 0.5 ms a class) on a one-puzzle run's path."""

    __slots__ = ()

    def __init__(self, **fields) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r} of a {type(self).__name__}")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete field {name!r} of a {type(self).__name__}")

    def __hash__(self) -> int:
        return hash(self._fields())

    def __setstate__(self, state) -> None:     # pickle and copy: (None, {slot: value})
        FrozenRecord.__init__(self, **state[1])


#: objects promoted by pauses before a full collection is considered at all
FULL_COLLECTION_FLOOR = 200_000


class _Promoted:
    """What the pauses moved into the oldest generation since the last full
    collection, and how many objects that collection left (CPython's own rule:
    collect the oldest generation once the objects promoted into it since its
    last collection exceed a quarter of those it held then)."""

    pending = 0
    long_lived: int | None = None


def _tracked() -> int:
    """How many objects the collector tracks (one walk over them)."""
    gc.freeze()
    n = gc.get_freeze_count()
    gc.unfreeze()
    return n


class paused_gc:
    """Context in which Python's cyclic garbage collector does not run.

    Building formulas makes millions of small acyclic lists (clauses); the
    collector would traverse them again and again for nothing (there is no
    cycle to free). Reference counting still frees everything as usual. The
    previous state is restored on exit (nesting is fine).

    On leaving the outermost pause, what was allocated meanwhile (the new
    formula's lists, almost all of them long-lived) is moved into the oldest
    generation without being traversed (``gc.freeze()`` then
    ``gc.unfreeze()``, which also resets the young generation's count), so the
    first allocation after the pause does not walk every new clause again.
    CPython counts such a move nowhere, so its collector alone would never
    collect the oldest generation for it: a long-running process compiling
    puzzles (the workbench, a notebook) kept every compiled Model's garbage
    cycles. The pauses keep that count themselves and, when a pause starts
    with more than :data:`FULL_COLLECTION_FLOOR` objects promoted by earlier
    ones and more than a quarter of what the last full collection left, run
    the full collection CPython would have run (a process that builds once
    never runs it). When
    the process has frozen objects of its own (``gc.get_freeze_count() > 0``)
    they are left as they are and so are the generations.

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
        if self.was and _Promoted.pending > FULL_COLLECTION_FLOOR and not gc.get_freeze_count():
            # earlier builds' objects: collect them now, as a new build starts,
            # rather than when a build ends (a one-shot run never pays for it)
            if _Promoted.long_lived is None:
                _Promoted.long_lived = _tracked()
            if _Promoted.pending > _Promoted.long_lived // 4:
                gc.collect()
                _Promoted.long_lived = _tracked()
                _Promoted.pending = 0
        gc.disable()
        return self

    def __exit__(self, *exc):
        if self.was:
            if not gc.get_freeze_count():
                _Promoted.pending += gc.get_count()[0]   # net new tracked objects
                gc.freeze()          # every tracked object to the permanent generation,
                gc.unfreeze()        # and back into the oldest one: no traversal
            gc.enable()
