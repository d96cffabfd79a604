"""satgrid.util.paused_gc: the collector paused, its state restored, nothing leaked."""

from __future__ import annotations

import gc
import weakref

import pytest

from satgrid.util import paused_gc


class _Node:
    """A container that can sit in a reference cycle and be watched by a weakref."""

    def __init__(self):
        self.other = None


@pytest.fixture(autouse=True)
def _collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_paused_inside_and_enabled_after():
    with paused_gc():
        assert not gc.isenabled()
        with paused_gc():            # nested: the inner exit keeps it paused
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_disabled_collector_stays_disabled():
    gc.disable()
    with paused_gc():
        pass
    assert not gc.isenabled()


def test_a_cycle_made_inside_is_still_collected():
    with paused_gc():
        a, b = _Node(), _Node()
        a.other, b.other = b, a
        watch = weakref.ref(a)
        del a, b
    assert watch() is not None       # a cycle: reference counting cannot free it
    assert gc.get_freeze_count() == 0   # not left in the permanent generation
    gc.collect()
    assert watch() is None


def test_objects_made_inside_skip_the_young_generation():
    gc.collect()
    with paused_gc():
        keep = [[i, -i, i + 1] for i in range(5000)]
    young = gc.get_count()[0]
    assert young < 100, young        # the young count starts afresh
    assert any(x is keep[0] for x in gc.get_objects(generation=2))
    del keep


def test_the_processs_own_frozen_objects_stay_frozen():
    gc.collect()
    mine = [_Node() for _ in range(10)]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with paused_gc():
            made = [[1, 2]] * 3      # noqa: F841
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
    del mine


def test_cycles_made_in_many_pauses_are_freed_without_an_explicit_collect():
    # A long-running process (the workbench, a notebook) compiling puzzle after
    # puzzle: each build leaves a garbage cycle. CPython never counts the
    # pause's move into the oldest generation, so without the pauses' own count
    # no full collection ever ran and every cycle stayed (1.4 MB a 9x9 Sudoku).
    gc.collect()
    watches = []
    for _ in range(60):
        with paused_gc():
            a, b = _Node(), _Node()
            a.other, b.other = b, a
            a.payload = [[i] for i in range(10_000)]   # a build's clause lists
            watches.append(weakref.ref(a))
            del a, b
    alive = sum(w() is not None for w in watches)
    assert alive < 30, f"{alive} of 60 garbage cycles still alive"
