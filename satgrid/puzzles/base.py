"""The puzzle framework: the registries of kinds and of their file formats,
the base class the kinds share, and the ``[expect]`` table.

A kind is a package ``satgrid/puzzles/<kind>/``: a subclass of
:class:`Puzzle` registered with :func:`register` (``kind.py``) builds the
rules into a :class:`~satgrid.modelling.model.Model` (``build``), names the literals
its givens fix (``givens``), decodes a solution (``decode``), has it judged
by the kind's referee (``check``: ``check.py``, plain Python that never
imports the model or the encodings), computes the answer (``answer``) and
draws it (``render``). Its ``formats.py`` reads its TOML instance (registered
with :func:`register_toml`, reached through :meth:`Puzzle.from_toml`) and any
text format (:func:`register_format`).

Kinds load on first use: :mod:`satgrid.puzzles` declares every kind's name
and package, found in the kind folders (:meth:`KindRegistry.declare`), and
every text format with a cheap test (:func:`declare_format`); :data:`KINDS`
imports a kind's package when its class is first asked for, and
:func:`text_format_for` imports only the kinds whose cheap test accepts the
text -- a Sudoku run imports the Sudoku kind alone.

The decoded form of a solution is a plain dict, JSON-ready: ``{"grid": rows}``
(0 = empty) for single-grid kinds, ``{"grids": [rows, ...]}`` for composite
kinds, plus whatever else the kind shows (``"hooks"`` for Hooks).
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from ..errors import InstanceError
from ..util import FrozenRecord
from .render import mark_givens, text_grid
from .parsing import key_pos

if TYPE_CHECKING:  # names for the annotations: reading a file needs no solver
    from ..modelling.model import Model, Solution

class KindRegistry(Mapping):
    """Kind name -> :class:`Puzzle` subclass: every kind declared (by
    :mod:`satgrid.puzzles`, from its folder's kind.json) or registered, each kind's
    module imported on first use.

    A mapping like a dict: ``name in KINDS`` and ``list(KINDS)`` answer from
    the declarations without importing anything; ``KINDS[name]`` (and
    ``values()``/``items()``) import the kind's module the first time its
    class is asked for. Names come in declaration order, then kinds
    registered without a declaration, in registration order.

    Example::

        >>> from satgrid.puzzles import KINDS
        >>> "sudoku" in KINDS          # no kind imported yet
        True
        >>> KINDS["sudoku"].__name__   # imports satgrid.puzzles.sudoku
        'Sudoku'
    """

    def __init__(self) -> None:
        self._classes: dict[str, type[Puzzle]] = {}   # registered: imported
        self._modules: dict[str, str] = {}             # declared: kind -> module path

    def declare(self, kind: str, module: str) -> None:
        """Make ``kind`` known as registered by importing ``module`` (a dotted path)."""
        self._modules[kind] = module

    def register(self, cls: type[Puzzle]) -> None:
        self._classes[cls.kind] = cls

    def loaded(self) -> list[str]:
        """The kinds whose class is imported already (no import happens)."""
        return list(self._classes)

    def load(self, kind: str) -> type[Puzzle]:
        """The class of ``kind``, importing its declared module if needed (KeyError: unknown)."""
        cls = self._classes.get(kind)
        if cls is None:
            module = self._modules[kind]          # KeyError: not a kind
            importlib.import_module(module)       # registers its kinds and formats
            cls = self._classes.get(kind)
            if cls is None:
                raise LookupError(f"{module} was declared for kind {kind!r} but did not "
                                  "register it")
        return cls

    def load_all(self) -> None:
        """Import every declared kind, in declaration order."""
        for kind in self._modules:
            self.load(kind)

    def __getitem__(self, kind: str) -> type[Puzzle]:
        return self.load(kind)

    def __contains__(self, kind: object) -> bool:
        return kind in self._modules or kind in self._classes

    def __iter__(self) -> Iterator[str]:
        yield from self._modules
        yield from (k for k in list(self._classes) if k not in self._modules)

    def __len__(self) -> int:
        return len(self._modules.keys() | self._classes.keys())

    def __repr__(self) -> str:
        return f"KindRegistry({list(self)!r}, loaded={self.loaded()!r})"


#: every kind, by name (see :class:`KindRegistry`; declared in :mod:`satgrid.puzzles`)
KINDS = KindRegistry()


def register(cls: type["Puzzle"]) -> type["Puzzle"]:
    """Class decorator: make a kind known by its ``kind`` name."""
    KINDS.register(cls)
    return cls


class TextFormat(FrozenRecord):
    """A text file format of a kind, other than its TOML instance file.

    ``sniff(text, file)`` says whether this format reads the text (it may be
    lenient: the last-registered fallback takes what no other format claims);
    ``parse(text, file)`` returns the puzzles in it or raises a positioned
    :class:`~satgrid.errors.InstanceError`.
    """

    __slots__ = ("name", "kind", "description", "sniff", "parse", "fallback")

    def __init__(self, name: str, kind: str, description: str,
                 sniff: Callable[[str, str], bool], parse: Callable[[str, str], list[Puzzle]],
                 fallback: bool = False):
        # fallback: the loader's last resort, which takes any text (a puzz.link
        # URL it is given is one of a genre no kind reads, and is refused as such)
        super().__init__(name=name, kind=kind, description=description, sniff=sniff, parse=parse,
                         fallback=fallback)


class DeclaredFormat(FrozenRecord):
    """A text format known before its kind is imported: its name, its kind,
    and ``maybe(text, file)``, a cheap test that is true whenever the
    format's own ``sniff`` is (None: always worth asking the format)."""

    __slots__ = ("name", "kind", "maybe")

    def __init__(self, name: str, kind: str, maybe: Callable[[str, str], bool] | None = None):
        super().__init__(name=name, kind=kind, maybe=maybe)


#: the registered text formats (of the kinds imported so far), in the order
#: of registering them (``first=True`` ones inserted at the front)
FORMATS: list[TextFormat] = []
#: the text formats declared ahead of their kinds (by :mod:`satgrid.puzzles`),
#: in the order the loader tries them: the order :data:`FORMATS` takes when
#: every declared kind is imported in declaration order
DECLARED_FORMATS: list[DeclaredFormat] = []
#: formats registered without a declaration (a caller's own): tried before
#: the declared ones (``first=True``, latest first) or after them
_EXTRA_FIRST: list[TextFormat] = []
_EXTRA_LAST: list[TextFormat] = []


def declare_format(fmt: DeclaredFormat) -> None:
    """Make a format known to the loader before its kind is imported (tried
    in declaration order; see :func:`text_format_for`)."""
    DECLARED_FORMATS.append(fmt)


def register_format(fmt: TextFormat, *, first: bool = False) -> TextFormat:
    """Make a text format known to the loader (tried in registration order;
    ``first=True``: before those already registered, for a format whose
    ``sniff`` is strict enough to go ahead of a lenient fallback).

    The kinds shipped with satgrid declare their formats ahead
    (:func:`declare_format`), so their order does not depend on which kinds
    happen to be imported; a format nobody declared goes in front of them
    (``first=True``) or after them."""
    if first:
        FORMATS.insert(0, fmt)
    else:
        FORMATS.append(fmt)
    if not any(d.name == fmt.name for d in DECLARED_FORMATS):
        if first:
            _EXTRA_FIRST.insert(0, fmt)
        else:
            _EXTRA_LAST.append(fmt)
    return fmt


def registered_format(name: str, kind: str) -> TextFormat:
    """The registered format ``name`` of ``kind``, importing the kind if needed."""
    for _ in range(2):
        for fmt in FORMATS:
            if fmt.name == name:
                return fmt
        KINDS.load(kind)
    raise LookupError(f"kind {kind!r} did not register its declared format {name!r}")


def text_format_for(text: str, file: str) -> TextFormat | None:
    """The first text format whose ``sniff`` accepts ``text``, or None.

    Tried in order: formats registered undeclared with ``first=True``, the
    declared formats (each asked only when its cheap ``maybe`` test passes,
    so only the kinds that may read the text are imported), the other
    undeclared ones. With every kind imported this is the order of
    :data:`FORMATS`."""
    for fmt in _EXTRA_FIRST:
        if fmt.sniff(text, file):
            return fmt
    for d in DECLARED_FORMATS:
        if d.maybe is not None and not d.maybe(text, file):
            continue
        fmt = registered_format(d.name, d.kind)
        if fmt.sniff(text, file):
            return fmt
    for fmt in _EXTRA_LAST:
        if fmt.sniff(text, file):
            return fmt
    return None


#: every family's declaration, ``(where, the kind.json entry)``, in the order of
#: ``satgrid family --list`` (filled by :mod:`satgrid.puzzles`; read into
#: :data:`satgrid.puzzles.families.SPECS` when that module is imported)
FAMILY_DECLARATIONS: list[tuple[str, dict]] = []

#: kind package (its folder's name) -> its puzz.link ids, the first one the one
#: it writes (declared in its ``kind.json``; filled by :mod:`satgrid.puzzles`)
PUZZLINK: dict[str, tuple[str, ...]] = {}


def puzzlink_ids(package: str) -> tuple[str, ...]:
    """The puzz.link ids of the kind package ``package`` (``__package__`` of a
    kind's module, or its last part), as its ``kind.json`` declares them."""
    return PUZZLINK[package.rsplit(".", 1)[-1]]


#: kind name -> the function that reads its TOML instance,
#: ``read(cls, data, raw, file) -> Puzzle`` (registered by the kind's formats module)
TOML_READERS: dict[str, Callable[..., "Puzzle"]] = {}


def register_toml(kind: str, read: Callable[..., "Puzzle"]) -> None:
    """Make ``read(cls, data, raw, file)`` the TOML reader of ``kind`` (see
    :meth:`Puzzle.from_toml`)."""
    TOML_READERS[kind] = read


#: kind name -> the reader of a collection's published solutions, ``read(text,
#: file) -> Sequence`` of the solutions' main parts (grids), one per puzzle,
#: read when asked for (registered by the kind's formats module; Sudoku's
#: ``NAME.solutions`` beside ``NAME.txt``)
SOLUTION_READERS: dict[str, Callable[[str, str], Sequence]] = {}


def register_solutions(kind: str, read: Callable[[str, str], Sequence]) -> None:
    """Make ``read(text, file)`` the reader of ``kind``'s published-solutions files."""
    SOLUTION_READERS[kind] = read


#: what an ``[expect]`` table may hold, and the TOML type of each entry
EXPECT_TYPES = {"answer": ((int,), "a whole number"), "unique": ((bool,), "true or false"),
                "count": ((int,), "a whole number >= 0"),
                "solution": ((str, list), "a multi-line grid (a list of them for composite kinds)")}


def parse_expect(data: dict, raw: str, file: str, kind: str,
                 allowed: tuple[str, ...] = tuple(EXPECT_TYPES)) -> dict:
    """The instance's ``[expect]`` table, validated (unknown keys, wrong types).

    ``allowed`` names the entries that mean something for the kind (Sudoku has
    no ``answer``). Errors name the line of the offending key.
    """
    exp = data.get("expect", {})
    if not isinstance(exp, dict):
        line = key_pos(raw, "expect")
        raise InstanceError("expect: expected a table [expect]", file, line, 1 if line else None)
    for k, v in exp.items():
        line = key_pos(raw, k)
        col = 1 if line else None
        if k not in allowed:
            raise InstanceError(f"[expect] {k}: not known for {kind}; expected one of "
                                f"{', '.join(allowed)}", file, line, col)
        typ, what = EXPECT_TYPES[k]
        if type(v) not in typ or (k == "count" and v < 0):
            raise InstanceError(f"[expect] {k}: expected {what}, found {v!r}", file, line, col)
    return exp


def given_cells(grid, keep: Callable[[Any], bool] = lambda v: v is not None) -> dict:
    """``{(r, c): value}`` of the cells of ``grid`` (a list of rows) whose
    value ``keep`` accepts: by default every value but None (a clue grid's clues).

    >>> given_cells([[None, 3], [0, None]]), given_cells([[1, -2]], lambda v: v >= 0)
    ({(0, 1): 3, (1, 0): 0}, {(0, 0): 1})
    """
    return {(r, c): v for r, row in enumerate(grid) for c, v in enumerate(row) if keep(v)}


def _toml_grid(rows) -> str:
    return '"""\n' + text_grid(rows) + '\n"""'


class Puzzle:
    """One instance of a puzzle kind.

    Attributes:
        file: where it was read from (for messages and JSON).
        title, source: free text from the instance.
        expect: the ``[expect]`` table (answer, unique, count, solution).
    """

    kind: ClassVar[str] = ""
    #: the encodings a user may choose for this kind (shown by ``stats``/the
    #: atlas): a subset of {"amo", "card", "pb", "connectivity"}
    encoding_choices: ClassVar[tuple[str, ...]] = ()
    #: solver tuning options (CaDiCaL, see :data:`satgrid.core.solvers.SOLVER_OPTIONS`)
    #: measured to help this kind; used when the solver takes options, under
    #: any the user sets (``bench/`` shows the measurement)
    tuning: ClassVar[dict[str, int]] = {}
    #: the kind's ``drawing`` module, when its functions ``text(puzzle,
    #: decoded)`` and ``svg(puzzle, decoded)`` draw a decoded solution (and
    #: ``svg(puzzle, None)`` the puzzle as given): :meth:`render`,
    #: :meth:`render_svg` and :meth:`puzzle_svg` call them
    drawing: ClassVar[Any] = None

    def __init__(self, file: str = "<string>", title: str = "", source: str = "",
                 expect: dict | None = None, solution: Any = None):
        self.file = file
        self.title = title
        self.source = source
        self.expect = dict(expect or {})
        self._solution = solution
        #: cell -> the literal "chosen" (shaded, a light, a tent, a star) for a
        #: kind whose answer is a grid of 0/1 (filled by :meth:`build`, read by the
        #: default :meth:`decode`)
        self.chosen: dict = {}

    def __repr__(self) -> str:
        """``<Hooks 'Hooks 8' (hooks) from instances/hooks-8.toml>``."""
        return (f"<{type(self).__name__} {self.label()!r} ({self.kind}) from "
                f"{self.file}>")

    @classmethod
    def from_toml(cls, data: dict, raw: str, file: str) -> "Puzzle":
        """Build an instance from a parsed TOML table (``raw`` = the file's text),
        with the reader the kind's ``formats`` module registered (:func:`register_toml`)."""
        read = TOML_READERS.get(cls.kind)
        if read is None:
            raise NotImplementedError(f"no TOML reader registered for {cls.kind!r}")
        return read(cls, data, raw, file)

    # -- to implement by each kind -------------------------------------
    def estimate_clauses(self, model: Model) -> int | None:
        """About how many clauses :meth:`build` and the givens will make, from
        the header alone (before anything is built), for ``model``'s encodings
        (``model.amo``, ``model.card``, ``model.pb``, ``model.connectivity``):
        an upper estimate, never far below the truth, cheap to compute
        (helpers: :mod:`satgrid.core.encodings.estimate`). None: no estimate (the
        build is still held to the ceiling as it goes)."""
        return None

    def build(self, model: Model) -> None:
        """Add the variables and rules (not the givens) to ``model``."""
        raise NotImplementedError

    def givens(self, model: Model) -> list[int]:
        """Literals that the givens fix (after :meth:`build`); unit clauses or assumptions."""
        return []

    def build_given(self, model: Model) -> list[int]:
        """Build this puzzle alone, its givens to be unit clauses: the
        literals to fix (:meth:`build` then :meth:`givens`, by default). A
        kind may leave out of the rules what its givens settle (Sudoku: the
        values they eliminate), the same answers in a smaller formula; the
        model is then this puzzle's, not a base for others of its signature
        (collections build with :meth:`build` and assume :meth:`givens`)."""
        self.build(model)
        return self.givens(model)

    def decode(self, sol: Solution) -> dict[str, Any]:
        """The solution as the kind's answer; by default the grid of
        :attr:`chosen` (rows of 1 chosen, 0 not or not a cell of the model)."""
        if not self.chosen:
            raise NotImplementedError(f"{self.kind}: no decode")
        s = self.chosen
        return {"grid": [[int((r, c) in s and sol[s[r, c]]) for c in range(self.cols)]
                         for r in range(self.rows)]}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        """The referee: rules the decoded solution breaks (empty = valid), from the
        kind's ``check.py``, independent of the model."""
        raise NotImplementedError

    def answer(self, decoded: dict[str, Any]) -> int | None:
        return None

    def render(self, decoded: dict[str, Any]) -> str:
        """The text drawing of a decoded solution (the CLI's output)."""
        if self.drawing is None:
            raise NotImplementedError(f"{self.kind}: no drawing")
        return self.drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        """The SVG drawing of a decoded solution (``--svg``; the workbench frames
        the givens in it, :meth:`solution_svg`)."""
        if self.drawing is None:
            raise NotImplementedError(f"{self.kind}: no drawing")
        return self.drawing.svg(self, decoded)

    # -- drawings and files of the workbench (defaults fit a grid kind) ---
    def given_grid(self) -> list | None:
        """The givens as one grid (0 = none), framed in the workbench's drawing
        of a solution; None: nothing to frame."""
        return None

    def editor_grid(self) -> dict | None:
        """The puzzle as the workbench's grid editor takes it (``{"size": n,
        "cells": rows}``), or None: not editable there."""
        return None

    def puzzle_svg(self) -> str | None:
        """An SVG drawing of the puzzle as given (before solving); None: the
        workbench shows :meth:`render_puzzle`'s text, or nothing."""
        return None if self.drawing is None else self.drawing.svg(self, None)

    # -- clues, for the generators (satgrid generate: docs/guide/explain.md) --
    def clue_cells(self) -> list:
        """The clues a generator may remove, each named by its cell (any
        hashable key :meth:`with_clues` takes); []: none (no generator)."""
        return []

    def with_clues(self, cells) -> "Puzzle":
        """A copy of this puzzle with only the clues of ``cells`` (a subset
        of :meth:`clue_cells`), the others removed."""
        raise NotImplementedError(f"{self.kind}: no clue hooks")

    def clue_literals(self, model: Model) -> dict | None:
        """When the clues are givens (literals assumed on one model of the
        rules, as Sudoku's): clue cell -> its literals in ``model``, built by
        this puzzle or one of its signature; None: the clues are rules, and a
        generator compiles each candidate puzzle anew."""
        return None

    @classmethod
    def blank(cls, size: int) -> "Puzzle | None":
        """A ``size`` x ``size`` puzzle without clues whose solutions are the
        kind's filled grids (a generator's start); None: the kind has none."""
        return None

    def from_solution(self, decoded: dict[str, Any]) -> "Puzzle":
        """The puzzle holding every clue the decoded solution shows."""
        raise NotImplementedError(f"{self.kind}: no clue hooks")

    def toml_table(self) -> dict | None:
        """The instance as a TOML table (``puzzle`` key first; grids as lists of
        rows), written by generators; None: the kind writes none."""
        return None

    def solution_svg(self, decoded: dict[str, Any]) -> str:
        """The workbench's drawing of a solution: :meth:`render_svg` with the
        given cells framed (:func:`~satgrid.puzzles.render.mark_givens`)."""
        return mark_givens(self.render_svg(decoded), self.given_grid())

    def solution_file(self, res: dict[str, Any]) -> tuple[str, str]:
        """(file name, text) of the solved result ``res`` to download: by default
        the ``[expect]`` table of the kind's TOML instance (``solution`` and
        ``answer``), ready to paste into the instance."""
        lines = [f"# solution of {self.label()} ({self.kind}), found and checked by satgrid;",
                 "# the [expect] table of the instance file", "[expect]"]
        if res.get("answer") is not None:
            lines.append(f"answer = {res['answer']}")
        if res.get("unique") is not None:
            lines.append(f"unique = {'true' if res['unique'] else 'false'}")
        if "grids" in res:
            lines.append("solution = [\n" + ",\n".join(_toml_grid(g) for g in res["grids"])
                         + "\n]")
        else:
            lines.append("solution = " + _toml_grid(res["grid"]))
        return f"{self.file_stem()}.solution.toml", "\n".join(lines) + "\n"

    def file_stem(self) -> str:
        """The instance file's name without ``.toml``/``.txt``, safe as a file name."""
        base = os.path.basename(self.file) or "puzzle"
        stem = re.sub(r"\.(toml|txt)$", "", base)
        return re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.") or "puzzle"

    def expected_solution(self) -> Any:
        """The ``[expect] solution`` parsed into the decoded form's main part
        (the ``solution`` the instance was made with), or None."""
        return self._solution

    def search_assumptions(self, first: Any = None) -> list[int]:
        """Literals of the model built last that ``solve`` assumes: in its
        search for the solution shown (``first`` None) or, with ``--unique``,
        for another than ``first`` (a Solution of that model). A kind may so
        state consequences of uniqueness that counting must not assume
        (Numberlink's taut lines)."""
        return []

    def search_hints(self) -> tuple[list[int], int]:
        """(literals, conflicts): ``solve`` first seeks the solution shown
        under these literals as well (a guess, e.g. Numberlink's "every cell
        used"), within that many conflicts, then, when that finds none,
        without them. Default: no hint."""
        return [], 0

    def signature(self) -> tuple:
        """Instances with the same signature share one base formula (collections)."""
        return (self.kind, id(self))

    # -- helpers ---------------------------------------------------------
    def error(self, message: str, line: int | None = None, column: int | None = None) -> InstanceError:
        return InstanceError(message, self.file, line, column)

    def label(self) -> str:
        """The title (else the file name) as printed: control characters (a
        terminal's escape sequences, newlines) shown escaped, ``\x1b[2J``."""
        text = self.title or self.file
        if text.isprintable():
            return text
        return "".join(c if c.isprintable() else
                       (repr(c)[1:-1] if c not in "'\"" else c) for c in text)
