"""Split counts (cube-and-conquer) on a Dask cluster: ``satgrid count FILE --split K``.

The model's projection variables (:attr:`Model.over <satgrid.modelling.solving.Solving.over>`:
the primary variables unless the kind sets a projection, exactly what the
serial count counts over) are split by ``K`` of them into ``2**K`` cubes, every
full sign assignment of the K variables. Each cube is counted under
assumptions on a worker, with the serial count's projected enumeration
(:meth:`Model.count <satgrid.modelling.solving.Solving.count>`). Two cubes differ in the
sign of some split variable, which is a projection variable, so no solution is
in two cubes; every solution is in the cube of its own signs: the sum of the
cube counts is the serial count, exactly.

The split variables (:func:`split_variables`), a documented greedy heuristic:

1. rank the projection variables by how many clauses of the compiled formula
   they occur in (most first), ties by the smaller variable index; variables
   whose value unit propagation over the unit and two-literal clauses already
   fixes (givens, and what they exclude) go last: splitting on them makes
   empty cubes;
2. take them in that order, skipping a variable that shares a two-literal
   clause with one taken already (one-hot cells and pairwise at-most-one
   constraints: such a pair makes a quarter of the cubes empty at once), as
   long as unskipped variables remain; then fill up from the skipped ones in
   rank order.

Cubes are submitted with the fewest true split literals first (those leave
most of the search, so the longest tasks start first).

With ``certify=DIR`` each cube's count is certified (docs/certify.md): the
base formula plus the cube as unit clauses gets its own certificate folder
``DIR/cube-NNNN`` (``satgrid verify DIR/cube-NNNN``), and ``DIR/split.json``
lists the split variables, every cube, its count and folder. This module
only writes them; :func:`satgrid.certify.split.verify_split` (``satgrid
verify DIR``, re-exported here) trusts neither split.json nor a manifest's
count: it verifies every cube folder, takes each cube's count from what the
folder proves, checks that the cubes are every sign pattern of the split
variables once over one instance and base formula, and adds them up itself.

Example::

    >>> from satgrid.pipeline.load import loads
    >>> from satgrid.cluster import count_split
    >>> [p] = loads("....\\n....\\n....\\n....\\n", "empty-4x4.txt")
    >>> count_split(p, 3, workers=2)["count"]            # doctest: +SKIP
    288
"""

from __future__ import annotations

import copy
import json
import time
from collections import Counter
from pathlib import Path
from typing import Callable, Sequence

from ..certify.folder import write_folder
from ..certify.split import MAX_SPLIT, verify_split  # noqa: F401  (verify_split: re-exported)
from ..errors import SatgridError, UsageError
from ..io.fileio import atomic_write_text
from ..modelling.model import Model, Solution
from ..pipeline.load import read_text
from ..pipeline.run import Options, add_solution, compile_puzzle, open_session, solver_options
from ..puzzles import Puzzle
from .client import connect
from .tasks import RETRIES, in_order, portable, submit_chunks

__all__ = ["split_variables", "cubes", "count_cubes", "count_split", "write_index",
           "verify_split", "MAX_SPLIT"]

def split_variables(m: Model, k: int) -> list[int]:
    """The ``k`` split variables of ``m``, by the heuristic of the module docs.

    Args:
        m: a compiled Model.
        k: how many (at most the number of projection variables).

    Returns:
        ``k`` distinct variables of ``m.over``, in the order chosen.

    Example:
        >>> m = Model(); x = m.int("x", [1, 2, 3]); y = m.int("y", [1, 2, 3])
        >>> m.all_different([x, y], group="d"); split_variables(m, 2)
        [1, 5]
    """
    over = list(dict.fromkeys(m.over))
    if not 0 <= k <= len(over):
        raise UsageError(f"--split: expected 0..{len(over)} (the puzzle's projection "
                         f"variables), found {k}")
    occurs: Counter = Counter()
    pairs: dict[int, set[int]] = {}
    units, implies = [], {}
    for c in m.formula.iter_clauses():
        for lit in c:
            occurs[abs(lit)] += 1
        if len(c) == 1:
            units.append(c[0])
        elif len(c) == 2:
            a, b = c
            pairs.setdefault(abs(a), set()).add(abs(b))
            pairs.setdefault(abs(b), set()).add(abs(a))
            implies.setdefault(-a, []).append(b)
            implies.setdefault(-b, []).append(a)
    fixed, todo = set(units), list(units)      # unit propagation over the binary clauses
    while todo:
        for lit in implies.get(todo.pop(), ()):
            if lit not in fixed:
                fixed.add(lit)
                todo.append(lit)
    fixed_vars = {abs(lit) for lit in fixed}
    ranked = sorted(over, key=lambda v: (v in fixed_vars, -occurs[v], v))
    chosen, skipped, near = [], [], set()
    for v in ranked:
        if len(chosen) == k:
            break
        if v in near:
            skipped.append(v)
            continue
        chosen.append(v)
        near |= pairs.get(v, set())
    chosen += skipped[:k - len(chosen)]
    return chosen


def cubes(variables: Sequence[int]) -> list[list[int]]:
    """Every sign pattern of ``variables`` (``2**len`` cubes, disjoint and
    covering), ordered by the number of true literals, then by pattern.

    >>> cubes([3, 7])
    [[-3, -7], [-3, 7], [3, -7], [3, 7]]
    """
    k = len(variables)
    patterns = sorted(range(2 ** k), key=lambda b: (bin(b).count("1"), b))
    return [[v if (b >> (k - 1 - j)) & 1 else -v for j, v in enumerate(variables)]
            for b in patterns]


def _model_of(what, opts: Options) -> tuple[Model, Puzzle | None]:
    if isinstance(what, Puzzle):
        return compile_puzzle(what, opts), what
    if isinstance(what, Model):
        return what, None
    if callable(what):             # a function that builds the Model (picklable by reference)
        return what(), None
    raise UsageError(f"count_split: expected a Puzzle, a Model or a function returning one, "
                     f"not {type(what).__name__}")


def count_cubes(what, chunk: Sequence[Sequence[int]], opts: Options,
                limit: int | None = None, certify: str | None = None,
                first: int = 0) -> list[tuple[int, bool, float]]:
    """Count a chunk of cubes in one session (what a worker runs).

    Args:
        what: a Puzzle (compiled here as the serial count compiles it), a Model
            not yet solved, or a function returning a Model.
        chunk: the cubes (lists of literals over the projection variables).
        opts: compile and solve options; ``opts.time_limit`` bounds each cube.
        limit: stop each cube at this many solutions.
        certify: a folder; cube ``first + i`` gets ``certify/cube-NNNN``.
        first: the index of the chunk's first cube (for the folder names).

    Returns:
        ``(count, complete, seconds)`` per cube.
    """
    if certify is None:         # the serial count's session: its solver and the kind's tuning
        m, p = _model_of(what, opts)
        if p is not None:
            open_session(m, p, opts)
        else:
            m.session(opts.solver)
    out = []
    for i, cube in enumerate(chunk):
        t0 = time.perf_counter()
        if certify is not None:
            n = _certify_cube(what, cube, opts, Path(certify) / f"cube-{first + i:04d}")
            out.append((n, True, time.perf_counter() - t0))
            continue
        n, complete = m.count(limit=limit, assumptions=list(cube), time_limit=opts.time_limit)
        out.append((n, bool(complete), time.perf_counter() - t0))
    return out


def _certify_cube(what, cube, opts: Options, folder: Path) -> int:
    """Certify one cube: a fresh copy of the base formula plus the cube as unit clauses."""
    p = what if isinstance(what, Puzzle) else None
    c = _model_of(copy.deepcopy(what) if isinstance(what, Model) else what, opts)[0]
    c.clauses([[lit] for lit in cube], "split.cube")
    run = c.certified_run("count", solver=opts.solver,
                          options=None if p is None else solver_options(p, opts))
    decoded, instance, kind = None, None, None
    if p is not None:
        decoded = [{k: v for k, v in add_solution({}, p, Solution(x)).items() if k != "answer"}
                   for x in run.models]         # the referee accepts each
        try:
            instance, kind = (Path(p.file).name, read_text(p.file)), p.kind
        except (OSError, SatgridError):
            kind = p.kind
    write_folder(run, folder, c.formula, decoded=decoded, instance=instance, kind=kind,
                 extra={"cube": list(cube)})
    return run.count


def count_split(what, k: int, opts: Options | None = None, *, client=None,
                workers: int | None = None, scheduler: str | None = None,
                limit: int | None = None, certify: str | None = None,
                chunk_size: int = 1, retries: int = RETRIES,
                on_cube: Callable | None = None) -> dict:
    """Count solutions by cube-and-conquer over ``2**k`` cubes on a Dask cluster.

    Args:
        what: a Puzzle, a Model (not yet solved), or a module-level function
            returning a Model (the workers rebuild it).
        k: the number of split variables (0..:data:`MAX_SPLIT`).
        opts: compile and solve options; ``opts.time_limit`` bounds each cube.
        client, workers, scheduler: where to run (:func:`satgrid.cluster.client.connect`).
        limit: stop at this many solutions in all (each cube stops there too).
        certify: a folder (reachable by the workers) for one certificate per
            cube and ``split.json`` (see the module docs).
        chunk_size: cubes per task (one session each).
        retries: how often a failed task is run again.
        on_cube: ``on_cube(i, cube, count, complete)`` as each cube comes back
            (in finishing order: a running total survives Ctrl-C).

    Returns:
        ``{"count", "complete", "split": [variables], "cubes": [{"cube", "count",
        "complete", "seconds"}, ...]}``; ``count`` is the sum, equal to the
        serial count when ``complete``.

    Example::

        >>> count_split(p, 3, workers=2)["count"]        # doctest: +SKIP
        288
    """
    opts = opts or Options()
    if not 0 <= k <= MAX_SPLIT:
        raise UsageError(f"--split: expected 0..{MAX_SPLIT}, found {k}")
    if certify is not None and (limit is not None or opts.time_limit is not None):
        raise UsageError("count --split --certify: a certificate is of a complete count; "
                         "--limit and --time-limit cannot be combined with it")
    if isinstance(what, Puzzle):    # without caches of an earlier build, which do not ship
        what = portable(what)
    # compiled here on a copy: building leaves such caches on a puzzle
    m, _ = _model_of(copy.deepcopy(what) if isinstance(what, Puzzle) else what, opts)
    variables = split_variables(m, k)
    todo = cubes(variables)
    names = {v: m.formula.name(v) for v in variables}
    if certify is not None:
        if Path(certify).exists() and not Path(certify).is_dir():
            raise UsageError(f"count_split: certify={certify!s} exists and is not a folder; "
                             "a certificate is a folder")
        Path(certify).mkdir(parents=True, exist_ok=True)
    bounds = [(a, min(a + max(1, chunk_size), len(todo))) for a in range(0, len(todo),
                                                                         max(1, chunk_size))]
    rows: list[dict] = []
    with connect(workers=workers, scheduler=scheduler, client=client) as c:
        futures = submit_chunks(c, count_cubes, [(what, todo[a:b], opts, limit, certify, a)
                                                 for a, b in bounds],
                                prefix="cube", retries=retries)
        def done(i, results):
            for j, (n, complete, _) in enumerate(results):
                on_cube(bounds[i][0] + j, todo[bounds[i][0] + j], n, complete)
        for i, results in in_order(futures, on_done=None if on_cube is None else done):
            a = bounds[i][0]
            for j, (n, complete, seconds) in enumerate(results):
                rows.append({"cube": todo[a + j], "count": n, "complete": complete,
                             "seconds": round(seconds, 6)})
    total = sum(r["count"] for r in rows)
    complete = all(r["complete"] for r in rows) and (limit is None or total <= limit)
    out = {"count": total if limit is None else min(total, limit), "complete": complete,
           "split": variables, "names": [names[v] for v in variables], "cubes": rows}
    if certify is not None:
        write_index(certify, variables, out["names"], [(r["cube"], r["count"]) for r in rows])
    return out


def write_index(certify, variables: Sequence[int], names: Sequence[str],
                counted: Sequence[tuple[Sequence[int], int]]) -> None:
    """``certify/split.json``: the split variables (and their names), and per
    cube its literals, its count and its folder ``cube-NNNN`` (in cube order),
    with the total. An index for people and tools: ``satgrid verify`` takes
    none of its counts on trust (:func:`satgrid.certify.split.verify_split`)."""
    atomic_write_text(Path(certify) / "split.json", json.dumps(
        {"split": list(variables), "names": list(names), "count": sum(n for _, n in counted),
         "cubes": [{"cube": list(cube), "count": n, "folder": f"cube-{i:04d}"}
                   for i, (cube, n) in enumerate(counted)]}, indent=1) + "\n")
