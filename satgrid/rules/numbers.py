"""Numbers in cells: one integer per cell and the rules that relate them.

A number grid is a dict ``cell -> IntVar`` (:func:`cells`: one-hot, through
:meth:`Model.int_block`, so ``--amo`` chooses the exactly-one encoding). The
rules on it:

* :func:`fix` -- given numbers (a given off a cell's domain: no solution);
* :func:`distinct` -- no number twice in a line, a run or a region (Sudoku,
  Kakuro, Skyscrapers, Suguru), on the Model's AMO encoding;
* :func:`one_to_n` -- a region of n cells holds 1..n once each (Ripple
  Effect, Suguru);
* :func:`cage` -- an arithmetic cage: the sum (PB, ``--pb``), product,
  difference or ratio of its cells equals a target (Killer Sudoku, Kakuro's
  runs, KenKen);
* :func:`visible` -- how many numbers a viewer at a line's end sees, each
  taller than every one before it (Skyscrapers), on the cardinality encoding
  (``--card``);
* :func:`ripple` -- two equal numbers n in a line are more than n cells
  apart (Ripple Effect);
* :func:`differ` -- given pairs of cells (neighbours: Suguru's eight) never
  hold the same number;
* :func:`distance` -- two cells' numbers differ by (or at least) a given
  amount (dots between cells); :func:`arrow` -- the numbers along an arrow
  add up to the one in its head;
* :func:`runs`, :func:`lines_of`, :func:`value_grid` -- the lines a rule
  runs along, and a solution's numbers as rows.

Each function builds its clauses under its own constraint group
(``numbers.*`` unless ``group`` names another), so ``satgrid stats`` shows
its size.

Example (a 2x2 Latin square whose first row sums to 3):
    >>> from satgrid.modelling.model import Model
    >>> m = Model(); n = cells(m, [(r, c) for r in range(2) for c in range(2)], range(1, 3))
    >>> distinct(m, n, [[(0, 0), (0, 1)], [(1, 0), (1, 1)], [(0, 0), (1, 0)], [(0, 1), (1, 1)]])
    >>> fix(m, n, {(0, 0): 2}); m.count()
    (1, True)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence

from ..core.encodings import estimate
from ..errors import ArgumentError
from ..modelling.model import IntVar, Model

__all__ = ["cells", "fix", "distinct", "one_to_n", "cage", "visible", "ripple", "differ",
           "distance", "arrow", "lines_of", "runs", "value_grid", "estimate_cage"]

Cell = Hashable


def cells(m: Model, where: Iterable[Cell], values, *, name: str = "n",
          group: str = "numbers.cell") -> dict[Cell, IntVar]:
    """One IntVar per cell, named ``name[cell]``: ``values`` is a range (or
    iterable) for every cell, or a mapping cell -> its own values (cells of
    one domain are made in one :meth:`Model.int_block`).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); n = cells(m, ["a", "b"], {"a": range(1, 3), "b": [5]}); n["b"], m.count()
    (IntVar('n[b]', 5..5), (2, True))
    """
    where = list(where)
    per = values if isinstance(values, Mapping) else None
    by_domain: dict[tuple, list] = {}
    for c in where:
        dom = tuple(per[c] if per is not None else values)
        by_domain.setdefault(dom, []).append(c)
    out: dict[Cell, IntVar] = {}
    for dom, group_cells in by_domain.items():
        names = [f"{name}[{_label(c)}]" for c in group_cells]
        for c, x in zip(group_cells, m.int_block(names, dom, group=group)):
            out[c] = x
    return {c: out[c] for c in where}


def _label(cell) -> str:
    return ",".join(map(str, cell)) if isinstance(cell, tuple) else str(cell)


def fix(m: Model, nums: Mapping[Cell, IntVar], given: Mapping[Cell, int],
        group: str = "numbers.given") -> None:
    """The cells of ``given`` hold their numbers (a unit clause each; a number
    outside the cell's domain makes the model unsatisfiable).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); n = cells(m, [0], range(1, 4)); fix(m, n, {0: 2}); m.solve().value(n[0])
    2
    """
    m.clauses([[nums[c].lit(v)] for c, v in given.items()], group)


def distinct(m: Model, nums: Mapping[Cell, IntVar], groups: Iterable[Sequence[Cell]],
             group: str = "numbers.distinct") -> None:
    """No number twice among the cells of each of ``groups`` (lines, runs,
    regions), by :meth:`Model.all_different` (the model's AMO encoding).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); n = cells(m, range(3), range(1, 4)); distinct(m, n, [[0, 1, 2]]); m.count()
    (6, True)
    """
    for cs in groups:
        xs = [nums[c] for c in cs if c in nums]
        if len(xs) > 1:
            m.all_different(xs, group)


def one_to_n(m: Model, nums: Mapping[Cell, IntVar], regions: Iterable[Sequence[Cell]],
             group: str = "numbers.one_to_n") -> None:
    """A region of n cells holds each of 1..n once (:meth:`Model.permutation`;
    make the cells with the values 1..n of their region).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); n = cells(m, "ab", range(1, 3)); one_to_n(m, n, [["a", "b"]]); m.count()
    (2, True)
    """
    for cs in regions:
        m.permutation([nums[c] for c in cs], range(1, len(cs) + 1), group)


def cage(m: Model, xs: Sequence[IntVar], op: str, target: int, *, different: bool = False,
         group: str = "numbers.cage") -> None:
    """The cells' numbers combine to ``target``: ``op`` is ``+`` (a sum, by
    :meth:`Model.linear_int`, the model's PB encoding), ``*`` (a product: a
    chain of partial products, one exactly-one per step over the divisors
    of the target), ``-`` or ``/`` (two cells: the larger minus, or divided
    by, the smaller). ``different``: no number twice in the cage.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); xs = [m.int(f"x{i}", range(1, 7)) for i in range(3)]
    >>> cage(m, xs, "*", 12, different=True); m.count()
    (12, True)
    >>> m = Model(); a, b = m.int("a", range(1, 5)), m.int("b", range(1, 5))
    >>> cage(m, [a, b], "/", 2); sorted((s.value(a), s.value(b)) for s in m.solutions())
    [(1, 2), (2, 1), (2, 4), (4, 2)]
    """
    xs = list(xs)
    if different:
        m.all_different(xs, group)
    if op == "+":
        m.linear_int(xs, "==", target, group)
        if different:
            with m.formula.group(group):           # the auxiliaries too
                _digit_sets(m, xs, target, group)
    elif op == "*":
        with m.formula.group(group):
            _product(m, xs, target, group)
    elif op in ("-", "/"):
        if len(xs) != 2:
            raise ArgumentError(f"cage {op!r}: two cells, not {len(xs)}")
        a, b = xs
        ok = (lambda u, v: abs(u - v) == target) if op == "-" else \
            (lambda u, v: u * target == v or v * target == u)
        for u, lu in a.lits.items():
            m.clause([-lu] + [lv for v, lv in b.lits.items() if ok(u, v)], group)
    else:
        raise ArgumentError(f"cage: op is '+', '*', '-' or '/', not {op!r}")


#: the most digit sets :func:`_digit_sets` enumerates for one cage
MAX_SETS = 2000


def estimate_cage(m: Model, cells: int, values: Sequence[int], target: int,
                  different: bool = False) -> int:
    """About how many clauses :func:`cage` ``+`` builds over ``cells`` cells
    of ``values`` for ``m``'s encodings (an upper estimate, for a kind's
    ``estimate_clauses``; cheap: the digit sets are bounded, not listed).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); xs = [m.int(f"x{i}", range(1, 10)) for i in range(3)]
    >>> cage(m, xs, "+", 10, different=True, group="c")
    >>> m.sizes()["c"].clauses <= estimate_cage(m, 3, range(1, 10), 10, True)
    True
    """
    v = len(values)
    total = estimate.linear_bound(m.pb, [x for _ in range(cells) for x in values], target, "==")
    if different:
        sets = min(math.comb(v, cells), MAX_SETS)
        total += v * estimate.at_most(m.amo, cells, 1) + v * (cells + 2) + sets * (v + 1)
        total += estimate.exactly(m.amo, m.card, sets, 1)
    return total


def _digit_sets(m: Model, xs: list[IntVar], target: int, group: str) -> None:
    """With different numbers, the sum decides which numbers may appear:
    one selector per set of len(xs) values adding up to ``target`` (exactly
    one, the AMO encoding), a set's selector forbidding the values outside it
    and asking each of its own, each value used only under a set holding it.
    Redundant beside the PB sum, it lets the solver reason on the sets
    (Kakuro's runs, Killer Sudoku's cages); skipped past :data:`MAX_SETS`."""
    values = sorted({v for x in xs for v in x.values})
    if math.comb(len(values), len(xs)) > MAX_SETS:
        return
    sets = [set(c) for c in itertools.combinations(values, len(xs)) if sum(c) == target]
    used = {v: m.reify_or([x.lits[v] for x in xs if v in x.lits], group) for v in values}
    pick = [m.aux() for _ in sets]
    m.exactly(pick, 1, group)
    for p, chosen in zip(pick, sets):
        m.clauses([[-p, used[v] if v in chosen else -used[v]] for v in values], group)
    for v in values:
        m.clause([-used[v]] + [p for p, chosen in zip(pick, sets) if v in chosen], group)


def _product(m: Model, xs: list[IntVar], target: int, group: str) -> None:
    """prod(xs) == target: state ``p[i] = d`` (the product of the first i
    numbers is d, a divisor of the target) exactly one per step, moved on by
    each number; a step off the divisors, or a last state other than the
    target, is refused."""
    if target <= 0 or any(v <= 0 for x in xs for v in x.values):
        raise ArgumentError("cage '*': positive numbers and target only")
    divisors = [d for d in range(1, target + 1) if target % d == 0]
    state = {1: m.true}
    for i, x in enumerate(xs):
        nxt = {d: m.aux() for d in divisors} if i + 1 < len(xs) else {target: m.true}
        for d, ld in state.items():
            for v, lv in x.lits.items():
                to = nxt.get(d * v)
                m.clause([-ld, -lv] + ([to] if to is not None else []), group)
        if i + 1 < len(xs):
            m.exactly(list(nxt.values()), 1, group)
        state = nxt


def visible(m: Model, line: Sequence[IntVar], count: int,
            group: str = "numbers.visible") -> None:
    """Looking along ``line`` from its first cell, exactly ``count`` numbers
    are taller than every number before them (the first always is): order
    literals ``x >= v`` per cell, the running maximum ``max >= v`` per cell
    (a ladder of ORs), a "seen" literal per cell (its number above the
    maximum before it), and :meth:`Model.exactly` on those (``--card``).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); xs = [m.int(f"x{i}", range(1, 4)) for i in range(3)]
    >>> m.all_different(xs); visible(m, xs, 3); [m.solve().value(x) for x in xs]
    [1, 2, 3]
    """
    with m.formula.group(group):                   # the auxiliaries too
        _visible(m, list(line), count, group)


def _visible(m: Model, line: list[IntVar], count: int, group: str) -> None:
    values = sorted({v for x in line for v in x.values})
    high = {}                      # high[v]: the maximum so far is >= v
    seen = []
    for i, x in enumerate(line):
        ge = {}
        for v in values[1:]:
            g = ge[v] = m.aux()
            m.clause([-g] + [l for u, l in x.lits.items() if u >= v], group)
            m.clauses([[-l, g] for u, l in x.lits.items() if u >= v], group)
        if i == 0:
            seen.append(m.true)
            high = ge
            continue
        s = m.aux()
        for v, lv in x.lits.items():
            h = high.get(v)
            if h is None:                             # v is the smallest: never above
                m.clause([-s, -lv], group)
                continue
            m.clause([-lv, h, s], group)
            m.clause([-s, -lv, -h], group)
        seen.append(s)
        if i + 1 < len(line):
            high = {v: m.reify_or([high[v], ge[v]], group) for v in values[1:]}
    m.exactly(seen, count, group)


def ripple(m: Model, lines: Iterable[Sequence[Cell]], nums: Mapping[Cell, IntVar],
           group: str = "numbers.ripple") -> None:
    """Two equal numbers n in one of ``lines`` (cells in order, those not in
    ``nums`` still counted in the distance) have at least n cells between
    them: not both ``== n`` when they are n or fewer cells apart.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); n = cells(m, range(3), range(1, 3)); ripple(m, [[0, 1, 2]], n)
    >>> [tuple(s.value(n[i]) for i in range(3)) for s in m.solutions()]
    [(1, 2, 1)]
    """
    for line in lines:
        line = list(line)
        for i, a in enumerate(line):
            for j in range(i + 1, len(line)):
                b = line[j]
                if a not in nums or b not in nums:
                    continue
                xa, xb = nums[a], nums[b]
                m.clauses([[-xa.lits[v], -xb.lits[v]] for v in xa.values
                           if v >= j - i and v in xb.lits], group)


def differ(m: Model, nums: Mapping[Cell, IntVar], pairs: Iterable[tuple[Cell, Cell]],
           group: str = "numbers.differ") -> None:
    """The two cells of each pair never hold the same number.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); n = cells(m, "ab", range(1, 3)); differ(m, n, [("a", "b")]); m.count()
    (2, True)
    """
    for a, b in pairs:
        xa, xb = nums[a], nums[b]
        m.clauses([[-l, -xb.lits[v]] for v, l in xa.lits.items() if v in xb.lits], group)


def distance(m: Model, a: IntVar, b: IntVar, d: int, *, at_least: bool = False,
             group: str = "numbers.distance") -> None:
    """|a - b| == d (or >= d with ``at_least``): each value of ``a`` allows
    the values of ``b`` that far away.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); a, b = m.int("a", range(1, 4)), m.int("b", range(1, 4))
    >>> distance(m, a, b, 2); m.count()
    (2, True)
    """
    for u, lu in a.lits.items():
        ok = [lv for v, lv in b.lits.items() if (abs(u - v) >= d if at_least else abs(u - v) == d)]
        m.clause([-lu] + ok, group)


def arrow(m: Model, head: IntVar, body: Sequence[IntVar],
          group: str = "numbers.arrow") -> None:
    """The numbers along an arrow's body add up to the number in its head
    (Arrow Sudoku): ``sum(body) - head == 0`` by :meth:`Model.linear_int`
    (the model's PB encoding).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); h, a, b = (m.int(n, range(1, 5)) for n in "hab")
    >>> arrow(m, h, [a, b]); sorted((s.value(h), s.value(a), s.value(b)) for s in m.solutions())
    [(2, 1, 1), (3, 1, 2), (3, 2, 1), (4, 1, 3), (4, 2, 2), (4, 3, 1)]
    """
    m.linear_int(list(body) + [(-1, head)], "==", 0, group)


def lines_of(rows: int, cols: int) -> list[list[tuple[int, int]]]:
    """Every row then every column of a grid, cells in order.

    >>> lines_of(1, 2)
    [[(0, 0), (0, 1)], [(0, 0)], [(0, 1)]]
    """
    return ([[(r, c) for c in range(cols)] for r in range(rows)]
            + [[(r, c) for r in range(rows)] for c in range(cols)])


def runs(open_cells, rows: int, cols: int) -> list[tuple[tuple[int, int], str, list]]:
    """The maximal runs of ``open_cells`` along the rows (``"right"``) and
    the columns (``"down"``), each as ``(the cell before its first, direction,
    cells)`` (Kakuro: the clue cell of a run of white cells).

    >>> runs({(0, 1), (0, 2), (1, 1)}, 2, 3)
    [((0, 0), 'right', [(0, 1), (0, 2)]), ((1, 0), 'right', [(1, 1)]), ((-1, 1), 'down', [(0, 1), (1, 1)]), ((-1, 2), 'down', [(0, 2)])]
    """
    out = []
    for direction, (dr, dc) in (("right", (0, 1)), ("down", (1, 0))):
        for r in range(rows):
            for c in range(cols):
                if (r, c) in open_cells and (r - dr, c - dc) not in open_cells:
                    run, (i, j) = [], (r, c)
                    while (i, j) in open_cells:
                        run.append((i, j))
                        i, j = i + dr, j + dc
                    out.append(((r - dr, c - dc), direction, run))
    return out


def value_grid(sol, nums: Mapping[tuple[int, int], IntVar], rows: int, cols: int,
               empty: int = 0) -> list[list[int]]:
    """A solution's numbers as rows (``empty`` where a cell has none).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); n = cells(m, [(0, 0)], [4]); value_grid(m.solve(), n, 1, 2)
    [[4, 0]]
    """
    return [[sol.value(nums[r, c]) if (r, c) in nums else empty for c in range(cols)]
            for r in range(rows)]
