"""Generators of puzzles with a unique answer, for every kind with clue hooks
(:meth:`Puzzle.clue_cells <satgrid.puzzles.base.Puzzle.clue_cells>` and the
methods after it).

One puzzle: a filled solution -- a solution of the kind's blank puzzle
(:meth:`Puzzle.blank`) found with random preferred polarities, turned into
the puzzle of every clue it shows (:meth:`Puzzle.from_solution`) -- or, for a
kind without a blank, a planted puzzle of the kind's own family
(:func:`satgrid.pipeline.families.instances`, every clue percentage at 100,
its seed drawn from the generator's) with every clue of its solution shown,
the next family seed tried while it is not unique -- or a start puzzle given
by the caller; then its clues, in a random order, each
removed when the puzzle stays unique without it. A removal is tested with
one SAT call: the puzzle without clue c keeps its one solution S exactly when
no solution of the remaining clues differs from S at c (any other would
differ from S somewhere, and a solution agreeing with S at c has every clue
and so is S). When the clues are givens (:meth:`Puzzle.clue_literals`), the
rules are compiled once and the clues are assumptions; otherwise each
candidate is compiled anew and its solutions listed up to two (one, the
same as before: a clue that is a rule may leave another). The last puzzle's
uniqueness is proved once more by a complete uniqueness check.

A kind whose layout is the puzzle (LITS, Norinori and Star Battle rooms,
Hitori numbers: the ``nearby`` hook) starts from its ``random_start`` or
its family's planted puzzle and one answer S, and searches layouts while a
second answer T remains: each step takes the first layout one change away
(``nearby(S, rng)``, in a random order) whose referee still passes S and
fails T, so every step rules out the answer that stood in the way and S
stays an answer (:func:`searched`). Every random
number comes from ``random.Random(seed)``, and each puzzle from a session
of its own, so a seed gives the same puzzles.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ..errors import LimitError, SatgridError
from ..modelling.model import Model, Solution
from ..pipeline.families import instances
from ..pipeline.load import loads
from ..pipeline.run import Options, compile_puzzle, open_session, solve_all
from ..puzzles import FAMILY_MODULES, KINDS, Puzzle
from ..puzzles.families import SPECS
from .grade import grade
from .puzzle import explainer

__all__ = ["Generated", "generate", "generate_one", "reduce_clues"]

#: filled solutions tried for one puzzle before giving up on ``givens``
ATTEMPTS = 50
#: family seeds tried for a planted puzzle unique at full clues
FAMILY_TRIES = 40
#: layout changes made for one start before drawing another (``nearby``)
MEND_STEPS = 12
#: starts drawn before giving up (a walk that is not unique in
#: :data:`MEND_STEPS` steps is dropped: short walks from many starts beat long
#: ones: three LITS 6x6 took 5,002 compiles at 400 steps, 224 at 12)
MEND_STARTS = 100
#: answers listed at each step, the other answers remembered, and the
#: layouts compared, for a step of the layout search (:func:`_mended`)
MEND_COUNT, MEND_POOL, MEND_CHOICES = 8, 24, 40
#: the family parameters that are a percentage of clues shown (set to 100)
SHOWN = ("shown", "clue", "clues", "numbers", "mark")


class NotUnique(SatgridError):
    """A start puzzle with more than one solution (a filled grid drawn
    again: its clues leave the answer open, as a Hooks layout may be)."""


@dataclass
class Generated:
    """One generated puzzle: the puzzle, its solution (decoded), the seed and
    index it comes from, the filled solutions tried for it, its grade score
    (when a minimum was asked for)."""

    puzzle: Puzzle
    solution: dict[str, Any]
    seed: int
    index: int
    attempts: int
    seconds: float
    score: int | None = None

    @property
    def clues(self) -> int:
        return len(self.puzzle.clue_cells())


def _random_phases(m: Model, rng: random.Random) -> list[int]:
    """Preferred polarities: one random value of each one-hot variable, a
    random polarity for every other projected variable."""
    out, inside = [], set()
    for lits in m.one_hot():
        pick = rng.randrange(len(lits))
        out += [l if i == pick else -l for i, l in enumerate(lits)]
        inside.update(lits)
    out += [v if rng.random() < 0.5 else -v for v in m.over if v not in inside]
    return out


def filled(cls: type[Puzzle], size: int, rng: random.Random,
           opts: Options) -> tuple[Puzzle, Model]:
    """The puzzle of every clue of a random solution of ``cls.blank(size)``,
    and the blank's compiled model (its rules, no clue)."""
    blank = cls.blank(size)
    if blank is None:
        raise SatgridError(f"{cls.kind}: no blank puzzle of size {size} to fill "
                           "(give a start puzzle with --from FILE)")
    m = compile_puzzle(blank, opts)
    s = open_session(m, blank, opts)
    if s.capabilities.phases:
        s.phases(_random_phases(m, rng))
    sol = m.solve(time_limit=opts.time_limit)
    if sol is None:
        raise LimitError(f"{cls.kind}: no filled solution of size {size} found ({m.status})")
    return blank.from_solution(blank.decode(sol)), m


def family_of(cls: type[Puzzle]) -> str | None:
    """The first family of the kind's folder (``kind.json``), or None."""
    package = cls.__module__.split(".")[2]
    return next((name for name, (pkg, _) in FAMILY_MODULES.items() if pkg == package), None)


def no_generator(cls: type[Puzzle], size: int | None) -> str | None:
    """Why ``cls`` has no generator from nothing (None: it has one): no clue
    a generator can remove, or neither a blank puzzle nor a family."""
    size = size or getattr(cls, "generate_size", None)
    if ((cls.clue_cells is Puzzle.clue_cells and not hasattr(cls, "nearby"))
            or cls.toml_table is Puzzle.toml_table):
        return (f"{cls.kind} has no clues a generator can remove and write (its puzzle "
                "is its rules or regions; docs/guide/explain.md: the clue hooks)")
    if (cls.blank(size or 9) is None and family_of(cls) is None
            and not hasattr(cls, "random_start")):
        return f"{cls.kind} has no blank puzzle nor family to start from; give --from FILE"
    return None


def family_params(name: str, size: int | None) -> dict:
    """The family's parameters: its defaults, ``size`` as its side (``n``, or
    ``rows`` and ``cols``; clamped to their range), every clue percentage at
    100."""
    spec, out = SPECS[name], {}
    names = {p.name: p for p in spec.params}
    for key in ("n", "rows", "cols"):
        if key in names and size is not None:
            out[key] = max(names[key].lo, min(names[key].hi, size))
    for key in SHOWN:
        if key in names and names[key].hi == 100:
            out[key] = 100
    return out


def planted(cls: type[Puzzle], size: int | None, rng: random.Random,
            opts: Options) -> Puzzle:
    """A unique puzzle of the kind's family with every clue of its solution
    shown (:meth:`Puzzle.from_solution` when the kind has it): family seeds
    drawn from ``rng``, :data:`FAMILY_TRIES` at most."""
    name = family_of(cls)
    if name is None:
        raise SatgridError(no_generator(cls, size) or f"{cls.kind}: no family")
    params = family_params(name, size)
    for _ in range(FAMILY_TRIES):
        (fname, text), *_ = instances(name, params, seed=rng.randrange(1 << 30))
        p = loads(text, fname)[0]
        if type(p).from_solution is not Puzzle.from_solution:
            res = solve_all(p, opts, limit=1)
            if not res["count"]:
                continue
            p = p.from_solution(res["solutions"][0])
        res = solve_all(p, opts, limit=2)
        if res["count"] == 1 and res["complete"]:
            return p
    raise LimitError(f"generate: no {cls.kind} of family {name} {params} unique at full "
                     f"clues in {FAMILY_TRIES} seeds")


def _start(cls: type[Puzzle], size: int | None, rng: random.Random) -> Puzzle:
    """A puzzle with an answer to search from: the kind's ``random_start``,
    else its family's planted puzzle (every clue shown)."""
    if hasattr(cls, "random_start"):
        return cls.random_start(size or 6, rng)
    name = family_of(cls)
    (fname, text), *_ = instances(name, family_params(name, size), seed=rng.randrange(1 << 30))
    return loads(text, fname)[0]


def _mended(p: Puzzle, keep: dict, other: dict, seen: list, rng: random.Random):
    """Of the first :data:`MEND_CHOICES` layouts near ``p`` whose referee
    accepts ``keep`` and refuses ``other``, the one that refuses the most
    answers ``seen`` (the first such, on a tie); None: there is none."""
    best, score, tried = None, -1, 0
    for q in p.nearby(keep, rng):
        if not q.check(other) or q.check(keep):     # most moves leave ``other`` alone
            continue
        n = sum(1 for t in seen if q.check(t))
        if n > score:
            best, score = q, n
        tried += 1
        if tried >= MEND_CHOICES or score == len(seen):
            break
    return best


def searched(cls: type[Puzzle], size: int | None, rng: random.Random, opts: Options,
             start: Puzzle | None = None) -> Puzzle:
    """A unique puzzle of a kind with the ``nearby`` hook, found by changing
    the layout of ``start`` (else of :func:`_start`, :data:`MEND_STARTS`
    of them at most) one step at a time, :data:`MEND_STEPS` steps at most (the
    kind's ``mend_steps``; ten times as many from a given start): the
    first of ``p.nearby(S, rng)`` whose referee accepts S (the answer kept)
    and refuses T (the start's answer other than S that the last count found).
    Every count is complete, up to :data:`MEND_COUNT` answers; S is the first
    answer of the start's count."""
    steps = getattr(cls, "mend_steps", MEND_STEPS)
    for _ in range(1 if start is not None else MEND_STARTS):
        p = start if start is not None else _start(cls, size, rng)
        keep, seen = None, []
        for _ in range(steps if start is None else 10 * steps):
            res = solve_all(p, opts, limit=MEND_COUNT)
            if not res["complete"] and res["count"] < 2:
                raise LimitError(f"{p.kind}: a limit was reached while counting")
            if keep is None:
                if not res["count"]:
                    break
                keep = res["solutions"][0]
            other = [t for t in res["solutions"] if solution_grid(t) != solution_grid(keep)]
            if not other:
                return p
            seen = (other + seen)[:MEND_POOL]
            p = _mended(p, keep, other[0], seen, rng)
            if p is None:
                break
        if start is not None and keep is None:
            raise SatgridError(f"{start.label()}: the start puzzle has no solution")
    raise LimitError(f"generate: no unique {cls.kind} of size {size} found by changing its "
                     f"layout ({steps} steps from each of {MEND_STARTS} starts)")


def _unique_count(p: Puzzle, opts: Options, solution: dict) -> bool:
    """Whether ``p`` has exactly one solution, drawn as ``solution`` (compiled
    anew, solutions listed up to two): a clue that is a rule may, removed,
    leave one other solution (a Nurikabe island without its number)."""
    res = solve_all(p, opts, limit=2)
    if not res["complete"] and res["count"] < 2:
        raise LimitError(f"{p.kind}: a limit was reached while counting")
    return res["count"] == 1 and (solution_grid(res["solutions"][0])
                                  == solution_grid(solution))


def reduce_clues(full: Puzzle, rng: random.Random, opts: Options,
                 floor: int = 0, rules: Model | None = None) -> tuple[Puzzle, dict]:
    """``full`` (with a unique solution) with clues removed in a random order
    while it stays unique, down to ``floor`` clues at least; and its solution.
    ``rules``: a compiled model of the rules without clues (the blank's),
    used when the clues are givens instead of compiling ``full``.

    Raises:
        SatgridError: ``full`` has no solution or more than one.
    """
    m = rules
    lits = None if m is None else full.clue_literals(m)
    if lits is None:
        m = compile_puzzle(full, opts, givens="none")
        lits = full.clue_literals(m)
    if lits is None:   # the clues are rules: the givens (if any) are units
        m = compile_puzzle(full, opts)
    s = open_session(m, full, opts)
    assume = [l for k in lits for l in lits[k]] if lits is not None else []
    sol = m.solve(assume, time_limit=opts.time_limit)
    if sol is None:
        raise SatgridError(f"{full.label()}: the start puzzle has no solution ({m.status})")
    if not m.is_unique(assume, first=sol, time_limit=opts.time_limit):
        raise NotUnique(f"{full.label()}: the start puzzle has more than one solution")
    solution = full.decode(sol)
    cells = full.clue_cells()
    rng.shuffle(cells)
    keep = set(cells)
    for c in cells:
        if len(keep) <= floor:
            break
        keep.discard(c)
        if lits is not None:
            rest = [l for k in keep for l in lits[k]]
            here = lits[c]
            if len(here) == 1:
                st = s.solve(rest + [-here[0]], time_limit=opts.time_limit)
                if st == "unknown":
                    raise LimitError("generate: a limit was reached testing a removal")
                unique = st == "unsat"
            else:
                unique = bool(m.is_unique(rest, time_limit=opts.time_limit))
        else:
            unique = _unique_count(full.with_clues(keep), opts, solution)
        if not unique:
            keep.add(c)
    out = full.with_clues(keep) if cells else full
    if lits is not None:     # the proof: complete uniqueness of the kept givens
        if m.is_unique([l for k in keep for l in lits[k]], time_limit=opts.time_limit) is not True:
            raise SatgridError("generate: the reduced puzzle is not proved unique (a defect)")
    elif not _unique_count(out, opts, solution):
        raise SatgridError("generate: the reduced puzzle is not unique (a defect)")
    return out, solution


def generate_one(cls: type[Puzzle], rng: random.Random, opts: Options, *, size: int | None,
                 givens: int | None = None, start: Puzzle | None = None,
                 min_score: int | None = None) -> tuple[Puzzle, dict, int, int | None]:
    """One unique puzzle with at most ``givens`` clues and a grade score of
    at least ``min_score`` (:mod:`.grade`), each when given: new filled
    solutions until one does, :data:`ATTEMPTS` at most; ``start``: reduce
    this puzzle's clues instead of a filled solution's. Returns the puzzle,
    its solution, the attempts and its score (None when not asked for)."""
    best = None
    for attempt in range(1, ATTEMPTS + 1):
        if hasattr(cls, "nearby"):
            full, rules = searched(cls, size, rng, opts, start), None
        elif start is not None:
            full, rules = start, None
        elif cls.blank(size or 9) is None:
            full, rules = planted(cls, size, rng, opts), None
        else:
            full, rules = filled(cls, size or 9, rng, opts)
        try:
            p, sol = reduce_clues(full, rng, opts, floor=0, rules=rules)
        except NotUnique:
            if start is not None:
                raise
            continue
        if givens is not None and len(p.clue_cells()) > givens:
            if best is None or len(p.clue_cells()) < len(best[0].clue_cells()):
                best = (p, sol, None)
            continue
        score = None
        if min_score is not None:
            _, ex = explainer(p, opts)
            score = grade(ex.sequence())["score"]
            if score < min_score:
                if best is None or (best[2] or -1) < score:
                    best = (p, sol, score)
                continue
        return p, sol, attempt, score
    if best is None:
        raise LimitError(f"generate: no {cls.kind} start unique at full clues in {ATTEMPTS} "
                         "attempts")
    what = [f"at most {givens} clues"] if givens is not None else []
    what += [f"a score of at least {min_score}"] if min_score is not None else []
    near = (f"the fewest clues: {len(best[0].clue_cells())}" if best[2] is None
            else f"the highest score: {best[2]}")
    raise LimitError(f"generate: no {cls.kind} with {' and '.join(what)} in {ATTEMPTS} "
                     f"attempts ({near})")


def generate(kind: str, *, seed: int = 0, count: int = 1, size: int | None = None,
             givens: int | None = None, start: Puzzle | None = None,
             opts: Options | None = None, min_score: int | None = None) -> list[Generated]:
    """``count`` unique puzzles of ``kind`` (see the module), the same for
    the same arguments; ``size`` None: the kind's ``generate_size`` if it
    has one, else its blank's 9 or its family's default.

    >>> [g.clues <= 26 and g.puzzle.kind for g in generate("sudoku", seed=1, count=2, givens=26)]
    ['sudoku', 'sudoku']
    """
    if kind not in KINDS:
        raise SatgridError(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
    cls = KINDS[kind]
    size = size or getattr(cls, "generate_size", None)
    why = no_generator(cls, size)
    if why and (start is None or not (start.clue_cells() or hasattr(cls, "nearby"))):
        raise SatgridError(f"generate: {why}")
    opts = opts or Options()
    out = []
    for i in range(count):
        t0 = time.perf_counter()
        rng = random.Random(f"{kind}:{seed}:{i}")
        p, sol, attempts, score = generate_one(cls, rng, opts, size=size, givens=givens,
                                               start=start, min_score=min_score)
        p.title = f"satgrid generate {kind} --seed {seed} #{i + 1}"
        out.append(Generated(p, sol, seed, i, attempts, time.perf_counter() - t0, score))
    return out


def solution_grid(sol: dict) -> Any:
    """The main part of a decoded solution (its grid, or grids)."""
    return sol.get("grid", sol.get("grids"))


__all__ += ["solution_grid", "filled", "planted", "no_generator", "Solution"]
