"""The generated families' parameters: names, ranges, defaults and meaning.

One :class:`FamilySpec` per family of :mod:`satgrid.apps.families`. The
generators read their parameters through :func:`read_params` (so a range is
enforced exactly as documented) and the command line builds ``satgrid family
--list`` and ``satgrid family KIND --help`` from the same records. This module
imports nothing heavy, so ``--help`` stays fast.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError


@dataclass(frozen=True)
class Param:
    """One ``NAME=VALUE`` parameter of a family.

    A whole number in ``lo..hi`` (``hi`` may name another parameter's square,
    see :attr:`hi_text`), or one of ``words`` when those are given (a value
    that is a word need not be in range). ``default`` None: no value unless
    given.
    """

    name: str
    help: str
    default: int | str | None
    lo: int
    hi: int
    hi_text: str = ""           # the upper bound in words when it depends on another parameter
    words: tuple[str, ...] = ()

    def range_text(self) -> str:
        """The accepted values, for help texts: ``2..8``, ``0..n*n``, ``all or 0..(n-1)^2``."""
        rng = f"{self.lo}..{self.hi_text or self.hi}"
        return " or ".join(list(self.words) + [rng])

    def default_text(self) -> str:
        return "none" if self.default is None else str(self.default)


@dataclass(frozen=True)
class FamilySpec:
    """A family: its name, a one-line summary, what it generates, its parameters."""

    name: str
    summary: str
    description: str
    params: tuple[Param, ...]

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)

    def help_text(self) -> str:
        """The parameter table printed by ``satgrid family NAME --help``."""
        width = max(len(p.name) for p in self.params)
        lines = ["parameters (NAME=VALUE):"]
        for p in self.params:
            lines.append(f"  {p.name:<{width}}  {p.range_text():<22} default {p.default_text():<6} "
                         f"{p.help}")
        return "\n".join(lines)


SUDOKU = FamilySpec(
    "sudoku", "reduced random Sudokus of any box size",
    "A random full grid (a pattern grid shuffled by bands, stacks, rows, columns and digit "
    "relabelling) from which givens are removed in a seeded random order; with unique=1 a "
    "removal is kept only when the puzzle stays unique (checked in one incremental session, "
    "the givens as assumptions). Each file's [expect] table holds the solution.",
    (Param("order", "box side; the grid is n x n with n = order*order", 3, 2, 8),
     Param("givens", "number of givens to keep (none: as few as the reduction reaches)",
           None, 0, 4096, hi_text="n*n"),
     Param("unique", "1: remove givens only while the solution stays unique; "
           "0: keep G random givens", 1, 0, 1),
     Param("count", "number of instances", 1, 1, 10000)))

HOOKS = FamilySpec(
    "hooks", "unconstrained Hooks n x n (one region, no givens)",
    "Hooks on an n x n grid with a single region and no givens: the rules alone.",
    (Param("n", "grid side", 5, 2, 30),))

KNIGHTS_TOUR = FamilySpec(
    "knights-tour", "an open knight's tour from the top-left corner (a knight-moves instance)",
    "A knight-moves instance with one region, label 1 in the top-left corner and "
    "length = n*n: an open knight's tour of the n x n board (none exists for n = 2, 3, 4).",
    (Param("n", "board side", 5, 1, 30),))

VERTEX_SUMS = FamilySpec(
    "vertex-sums", "the vertex sums of a random filling of the n x n grid with 1..n*n",
    "A random filling of the n x n grid with 1..n*n; the sums of the interior vertices "
    "(all of them, or K chosen at random) are the clues.",
    (Param("n", "grid side", 3, 2, 30),
     Param("clues", "how many of the (n-1)^2 vertex sums are shown", "all", 0, 841,
           hi_text="(n-1)^2", words=("all",))))

#: family name -> its parameters (the order of ``satgrid family --list``)
HITORI = FamilySpec(
    "hitori", "a Hitori grid with a planted shading (Latin square, shaded cells repeated)",
    "A random Latin square of side n; a random shading (no two shaded cells side by side, "
    "the unshaded cells connected) is planted, and each shaded cell takes the number of an "
    "unshaded cell of its row or column, so the planted shading is a solution (often not "
    "the only one): solvable, not promised unique.",
    (Param("n", "grid side", 8, 2, 60),))

NURIKABE = FamilySpec(
    "nurikabe", "a Nurikabe grid with planted islands",
    "Random islands of 1 to 5 cells are planted on the n x n grid (never side by side, the "
    "rest connected, every 2x2 square holding an island cell: a pool gets a cell of a "
    "neighbouring island or a new one-cell island); each island shows its size in one "
    "random cell. Solvable, not promised unique.",
    (Param("n", "grid side", 8, 2, 40),))

SPECS: dict[str, FamilySpec] = {s.name: s for s in (SUDOKU, HOOKS, KNIGHTS_TOUR, VERTEX_SUMS,
                                                    HITORI, NURIKABE)}

# the path and loop kinds (random lines: satgrid.apps.random_lines)
SLITHERLINK = FamilySpec(
    "slitherlink", "a random simple loop with every cell's clue",
    "The boundary of a random simple region (about fill percent of the cells; grown cell by "
    "cell, no hole, no corner-only contact) is the loop; every cell gets its clue, the number "
    "of its sides on the loop. That loop solves it; not promised unique.",
    (Param("rows", "grid rows", 10, 2, 100), Param("cols", "grid columns", 10, 2, 100),
     Param("fill", "percent of the cells inside the loop", 50, 1, 90)))
MASYU = FamilySpec(
    "masyu", "a random simple loop with every pearl it allows",
    "A random simple loop through cell centres (the boundary of a random simple region of the "
    "(rows-1) x (cols-1) grid between the centres); every loop cell where a pearl's rule holds "
    "gets that pearl (black where the loop turns and runs straight two cells on, white where it "
    "runs straight and turns next to it). That loop solves it; not promised unique.",
    (Param("rows", "grid rows", 10, 3, 100), Param("cols", "grid columns", 10, 3, 100),
     Param("fill", "percent of the inner grid inside the loop", 50, 1, 90)))
NUMBERLINK = FamilySpec(
    "numberlink", "random disjoint lines; their ends are the numbers",
    "Up to 'pairs' random self-avoiding walks of at least three cells on free cells (a walk "
    "never touches itself); the two ends of walk k get number k. The walks solve it; not "
    "promised unique.",
    (Param("rows", "grid rows", 10, 2, 100), Param("cols", "grid columns", 10, 2, 100),
     Param("pairs", "number of pairs (fewer when the grid fills up)", 8, 1, 500)))
SPECS.update({s.name: s for s in (SLITHERLINK, MASYU, NUMBERLINK)})

FILLOMINO = FamilySpec(
    "fillomino", "a planted Fillomino filling with some of its numbers shown",
    "Random regions of 1 to 'largest' cells are planted on the grid (each grown from a random "
    "free cell to a random size, grown on while it touches a region of its size; a layout "
    "that cannot avoid that is drawn again); each cell shows its region's size with "
    "probability 'shown' percent, and max_size is the largest region planted. The planted "
    "filling solves it; not promised unique.",
    (Param("rows", "grid rows", 8, 1, 60), Param("cols", "grid columns", 8, 1, 60),
     Param("largest", "the largest region", 5, 1, 12),
     Param("shown", "percent of the cells showing their number", 40, 0, 100)))
SPECS[FILLOMINO.name] = FILLOMINO


def read_params(spec: FamilySpec, raw: dict[str, str]) -> dict[str, int | str | None]:
    """``raw`` ``NAME -> text`` checked against ``spec``: every parameter's value
    (its default when not given), whole numbers as ``int``.

    An upper bound that depends on another parameter (``hi_text``) is
    checked by the generator with :func:`check_bound`. Raises :class:`~satgrid.errors.UsageError` for an
    unknown name, a value that is not a whole number or a listed word, or one
    out of range.
    """
    unknown = sorted(set(raw) - {p.name for p in spec.params})
    if unknown:
        raise UsageError(f"family {spec.name}: unknown parameter(s) {', '.join(unknown)}; "
                         f"expected {', '.join(p.name for p in spec.params)}")
    out: dict[str, int | str | None] = {}
    for p in spec.params:
        text = raw.get(p.name)
        if text is None:
            out[p.name] = p.default
            continue
        if text in p.words:
            out[p.name] = text
            continue
        try:
            v = int(text)
        except ValueError:
            want = " or ".join([f"'{w}'" for w in p.words] + ["a whole number"])
            raise UsageError(f"family parameter {p.name}: expected {want}, "
                             f"found {text!r}") from None
        if not p.lo <= v <= p.hi:
            raise UsageError(f"family parameter {p.name}: expected {p.range_text()}, found {v}")
        out[p.name] = v
    return out


def check_bound(spec: FamilySpec, name: str, value, hi: int) -> None:
    """Refuse a whole-number ``value`` of parameter ``name`` above ``hi``, the
    bound its ``hi_text`` names for the other parameters' values."""
    p = spec.param(name)
    if isinstance(value, int) and value > hi:
        raise UsageError(f"family parameter {name}: expected {p.lo}..{hi} "
                         f"({p.hi_text}), found {value}")
