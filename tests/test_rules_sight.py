"""satgrid.rules.sight: its docstring examples, and each rule's solutions on
small grids equal to the assignments a plain enumeration accepts."""

import itertools

import pytest
from conftest import assert_doctests

from satgrid.modelling.model import Model
from satgrid.rules import sight


def test_docstring_examples():
    assert_doctests(sight)


def _seen_count(cell, clear, h, w):
    """Cells ``cell`` sees (itself included) when ``clear`` holds the clear cells."""
    n = 1
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < h and 0 <= c < w and (r, c) in clear:
            n, r, c = n + 1, r + dr, c + dc
    return n


@pytest.mark.parametrize("merge", [False, True])
@pytest.mark.parametrize("h,w", [(2, 3), (3, 3), (3, 5)])
def test_count_seen_is_the_number_of_cells_seen(h, w, merge):
    cells = [(r, c) for r in range(h) for c in range(w)]
    for centre in [(0, 0), (h // 2, w // 2)]:
        others = [x for x in cells if x != centre]
        for k in range(0, h + w + 1):
            m = Model()
            lits = {x: m.bool(f"c{x}") for x in others}
            sight.count_seen(m, centre, h, w, {**lits, centre: True}, k, merge=merge)
            assert not merge or m.formula.nclauses <= sight.count_seen_size(m, h, w, k, True)
            got = sorted(tuple(int(s[lits[x]]) for x in others) for s in m.solutions())
            want = sorted(bits for bits in itertools.product((0, 1), repeat=len(others))
                          if _seen_count(centre, {x for x, b in zip(others, bits) if b}, h, w) == k)
            assert got == want, (centre, k)


def test_seen_literals_are_the_distance_to_the_first_blocker():
    m = Model()
    lits = {(0, c): m.bool(f"c{c}") for c in range(1, 5)}
    lits[(0, 3)] = True                       # never blocks
    chain = sight.seen(m, (0, 0), 1, 5, lits)["right"]
    for s in m.solutions():
        clear = [True if lits[0, c] is True else s[lits[0, c]] for c in range(1, 5)]
        run = next((i for i, v in enumerate(clear) if not v), 4)
        assert sum(s[l] for _, l in chain) == run


def test_a_fixed_blocker_ends_the_ray():
    m = Model()
    clear = {(0, 1): m.bool("a"), (0, 3): m.bool("b")}   # (0, 2) missing: a wall
    assert [x for x, _ in sight.seen(m, (0, 0), 1, 4, clear)["right"]] == [(0, 1)]


@pytest.mark.parametrize("h,w,walls", [(3, 3, {(1, 1)}), (2, 4, {(0, 1), (1, 2)}), (3, 3, set())])
def test_light_up_segments_match_the_rules(h, w, walls):
    cells = [(r, c) for r in range(h) for c in range(w) if (r, c) not in walls]
    m = Model()
    light = {x: m.bool(f"l{x}") for x in cells}
    segs = sight.segments(h, w, walls)
    sight.at_most_one_per_segment(m, light, segs)
    sight.all_lit(m, light, segs)
    got = sorted(tuple(int(s[light[x]]) for x in cells) for s in m.solutions())

    def ok(on):
        for x in cells:
            seen = [y for y in cells if y != x and _visible(x, y, walls)]
            if x in on and any(y in on for y in seen):
                return False
            if x not in on and not any(y in on for y in seen):
                return False
        return True

    want = sorted(bits for bits in itertools.product((0, 1), repeat=len(cells))
                  if ok({x for x, b in zip(cells, bits) if b}))
    assert got == want and want


def _visible(a, b, walls):
    if a[0] != b[0] and a[1] != b[1]:
        return False
    if a[0] == b[0]:
        between = [(a[0], c) for c in range(min(a[1], b[1]) + 1, max(a[1], b[1]))]
    else:
        between = [(r, a[1]) for r in range(min(a[0], b[0]) + 1, max(a[0], b[0]))]
    return not any(x in walls for x in between)


def test_distances_are_one_hot_and_equal_the_run_of_clear_cells():
    m = Model()
    clear = {(0, 1): m.bool("a"), (0, 2): True, (0, 3): m.bool("b"), (1, 0): True,
             (2, 0): m.bool("c")}                      # (0, 4) missing: a wall
    d = sight.distances(m, (0, 0), 3, 5, clear)
    assert [len(d[k]) for k in ("up", "left", "right", "down")] == [1, 1, 4, 3]
    n = 0
    for s in m.solutions():
        n += 1
        for name, step in (("right", (0, 1)), ("down", (1, 0))):
            run, x = 0, (step[0], step[1])
            while x in clear and (clear[x] is True or s[clear[x]]):
                run, x = run + 1, (x[0] + step[0], x[1] + step[1])
            assert [int(s[l]) for l in d[name]] == [int(i == run) for i in range(len(d[name]))]
        assert [int(s[l]) for l in d["up"]] == [1]
    assert n == 8


@pytest.mark.parametrize("merge", [False, True])
@pytest.mark.parametrize("k", range(0, 8))
def test_count_seen_with_cells_that_never_block(k, merge):
    # clue cells: clear, not variables; next to the centre (always seen) and
    # behind a variable cell (a chain literal repeated)
    h, w, centre = 3, 5, (1, 1)
    always = {(1, 0), (0, 1), (1, 3)}
    others = [(r, c) for r in range(h) for c in range(w) if (r, c) != centre and (r, c) not in always]
    m = Model()
    lits = {x: m.bool(f"c{x}") for x in others}
    sight.count_seen(m, centre, h, w, {**lits, **dict.fromkeys(always, True)}, k, merge=merge)
    got = sorted(tuple(int(s[lits[x]]) for x in others) for s in m.solutions())
    want = sorted(bits for bits in itertools.product((0, 1), repeat=len(others))
                  if _seen_count(centre, always | {x for x, b in zip(others, bits) if b}, h, w) == k)
    assert got == want
