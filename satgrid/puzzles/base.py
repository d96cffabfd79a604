"""The puzzle framework: the registries of kinds and of their file formats,
the base class the kinds share, and the ``[expect]`` table.

A kind is a package ``satgrid/puzzles/<kind>/``: a subclass of
:class:`Puzzle` registered with :func:`register` (``kind.py``) builds the
rules into a :class:`~satgrid.model.Model` (``build``), names the literals
its givens fix (``givens``), decodes a solution (``decode``), has it judged
by the kind's referee (``check``: ``check.py``, plain Python that never
imports the model or the encodings), computes the answer (``answer``) and
draws it (``render``). Its ``formats.py`` reads its TOML instance (registered
with :func:`register_toml`, reached through :meth:`Puzzle.from_toml`) and any
text format (:func:`register_format`).

The decoded form of a solution is a plain dict, JSON-ready: ``{"grid": rows}``
(0 = empty) for single-grid kinds, ``{"grids": [rows, ...]}`` for composite
kinds, plus whatever else the kind shows (``"hooks"`` for Hooks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from ..errors import InstanceError
from ..model import Model, Solution
from .parsing import key_pos

KINDS: dict[str, type["Puzzle"]] = {}


def register(cls: type["Puzzle"]) -> type["Puzzle"]:
    """Class decorator: make a kind known by its ``kind`` name."""
    KINDS[cls.kind] = cls
    return cls


@dataclass(frozen=True)
class TextFormat:
    """A text file format of a kind, other than its TOML instance file.

    ``sniff(text, file)`` says whether this format reads the text (it may be
    lenient: the last-registered fallback takes what no other format claims);
    ``parse(text, file)`` returns the puzzles in it or raises a positioned
    :class:`~satgrid.errors.InstanceError`.
    """

    name: str
    kind: str
    description: str
    sniff: Callable[[str, str], bool]
    parse: Callable[[str, str], list["Puzzle"]]


#: the registered text formats, in the order they are tried
FORMATS: list[TextFormat] = []


def register_format(fmt: TextFormat, *, first: bool = False) -> TextFormat:
    """Make a text format known to the loader (tried in registration order;
    ``first=True``: before those already registered, for a format whose
    ``sniff`` is strict enough to go ahead of a lenient fallback)."""
    if first:
        FORMATS.insert(0, fmt)
    else:
        FORMATS.append(fmt)
    return fmt


def text_format_for(text: str, file: str) -> TextFormat | None:
    """The first registered text format whose ``sniff`` accepts ``text``, or None."""
    for fmt in FORMATS:
        if fmt.sniff(text, file):
            return fmt
    return None


#: kind name -> the function that reads its TOML instance,
#: ``read(cls, data, raw, file) -> Puzzle`` (registered by the kind's formats module)
TOML_READERS: dict[str, Callable[..., "Puzzle"]] = {}


def register_toml(kind: str, read: Callable[..., "Puzzle"]) -> None:
    """Make ``read(cls, data, raw, file)`` the TOML reader of ``kind`` (see
    :meth:`Puzzle.from_toml`)."""
    TOML_READERS[kind] = read


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
    #: solver tuning options (CaDiCaL, see :data:`satgrid.solvers.SOLVER_OPTIONS`)
    #: measured to help this kind; used when the solver takes options, under
    #: any the user sets (``bench/`` shows the measurement)
    tuning: ClassVar[dict[str, int]] = {}

    def __init__(self, file: str = "<string>", title: str = "", source: str = "",
                 expect: dict | None = None):
        self.file = file
        self.title = title
        self.source = source
        self.expect = dict(expect or {})

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
        (helpers: :mod:`satgrid.encodings.estimate`). None: no estimate (the
        build is still held to the ceiling as it goes)."""
        return None

    def build(self, model: Model) -> None:
        """Add the variables and rules (not the givens) to ``model``."""
        raise NotImplementedError

    def givens(self, model: Model) -> list[int]:
        """Literals that the givens fix (after :meth:`build`); unit clauses or assumptions."""
        return []

    def decode(self, sol: Solution) -> dict[str, Any]:
        raise NotImplementedError

    def check(self, decoded: dict[str, Any]) -> list[str]:
        """The referee: rules the decoded solution breaks (empty = valid), from the
        kind's ``check.py``, independent of the model."""
        raise NotImplementedError

    def answer(self, decoded: dict[str, Any]) -> int | None:
        return None

    def render(self, decoded: dict[str, Any]) -> str:
        raise NotImplementedError

    def expected_solution(self) -> Any:
        """The ``[expect] solution`` parsed into the decoded form's main part, or None."""
        return None

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
