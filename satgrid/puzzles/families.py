"""What every kind's family generators share: a family's parameters (names,
ranges, defaults, meaning: :class:`FamilySpec`, read from the kind's
``kind.json`` by :mod:`satgrid.puzzles`), reading them (:func:`read_params`,
so a range is enforced exactly as documented), and the TOML text of a
generated instance (:func:`toml_text`, :func:`grid_text`).

Nothing here imports a kind or a solver: ``satgrid family --list`` and
``satgrid family NAME --help`` are built from :data:`SPECS` alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..errors import SatgridError, UsageError
from .base import FAMILY_DECLARATIONS

#: one generated file: (file name, TOML text)
File = tuple[str, str]


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


#: family name -> its parameters, in the order of ``satgrid family --list``
#: (read from the kinds' ``kind.json``, :data:`~satgrid.puzzles.base.FAMILY_DECLARATIONS`,
#: at the end of this module)
SPECS: dict[str, FamilySpec] = {}


def spec_from_json(data, where: str) -> tuple[FamilySpec, str, int]:
    """(spec, generator function name, list order) of one ``families`` entry of
    a ``kind.json``; a malformed entry is one clear line (SatgridError)."""
    try:
        params = tuple(Param(p["name"], p["help"], p["default"], p["lo"], p["hi"],
                             p.get("hi_text", ""), tuple(p.get("words", ())))
                       for p in data["params"])
        spec = FamilySpec(data["name"], data["summary"], data["description"], params)
        function, order = data.get("function", data["name"]), data.get("order", 1000)
    except (KeyError, TypeError) as e:
        raise SatgridError(f"{where}: families: expected {{name, summary, description, "
                           f"params: [{{name, help, default, lo, hi}}]}}: {e!r} in "
                           f"{data!r:.80}") from None
    if not (isinstance(function, str) and function.isidentifier() and isinstance(order, int)
            and params and all(isinstance(p.lo, int) and isinstance(p.hi, int)
                               for p in params)):
        raise SatgridError(f"{where}: family {spec.name}: expected an identifier function, "
                           "an integer order and whole-number parameter ranges")
    return spec, function, order


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


def check_bound(family: str, name: str, value, hi: int) -> None:
    """Refuse a whole-number ``value`` of parameter ``name`` of ``family`` above
    ``hi``, the bound its ``hi_text`` names for the other parameters' values."""
    p = SPECS[family].param(name)
    if isinstance(value, int) and value > hi:
        raise UsageError(f"family parameter {name}: expected {p.lo}..{hi} "
                         f"({p.hi_text}), found {value}")


# ------------------------------------------------------------------ TOML
def _toml_value(key: str, value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and "\n" in value:
        # a grid: a multi-line basic string, its text between lines of its own
        if '"""' in value or "\\" in value:
            raise ValueError(f"{key}: a grid must not hold '\"\"\"' or a backslash")
        return f'"""\n{value}\n"""'
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    raise TypeError(f"{key}: cannot write {type(value).__name__} as TOML")


def toml_text(comment: str | None, table: dict, expect: dict | None = None) -> str:
    """A TOML instance: a ``#`` comment line, ``key = value`` lines, then an
    ``[expect]`` table (after a blank line) when ``expect`` is given.

    Values are whole numbers, booleans, one-line strings, grids
    (multi-line strings written as ``\"\"\"`` blocks), and lists of tables
    (``[[key]]`` tables, written after the other keys).
    """
    lines = [f"# {comment}"] if comment is not None else []
    arrays = {k: v for k, v in table.items() if isinstance(v, list)
              and v and all(isinstance(t, dict) for t in v)}
    lines += [f"{k} = {_toml_value(k, v)}" for k, v in table.items() if k not in arrays]
    for k, tables in arrays.items():           # after the keys: an array of tables each
        for t in tables:
            lines += ["", f"[[{k}]]"] + [f"{tk} = {_toml_value(tk, tv)}" for tk, tv in t.items()]
    if expect is not None:
        lines += ["", "[expect]"] + [f"{k} = {_toml_value(k, v)}" for k, v in expect.items()]
    return "\n".join(lines) + "\n"


def grid_text(rows) -> str:
    """Rows of numbers as an instance's grid text (``.`` = 0), right-aligned."""
    width = max(len(str(v)) for row in rows for v in row)
    return "\n".join(" ".join((str(v) if v else ".").rjust(width) for v in row) for row in rows)


def unshaded_connected(n: int, shaded: set) -> bool:
    """Whether the cells of the n x n grid outside ``shaded`` are connected
    (orthogonally), as the shading families plant their solutions."""
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in shaded]
    seen, todo = {free[0]}, [free[0]]
    while todo:
        r, c = todo.pop()
        for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= x[0] < n and 0 <= x[1] < n and x not in shaded and x not in seen:
                seen.add(x)
                todo.append(x)
    return len(seen) == len(free)


def one_region(n: int) -> str:
    """An n x n regions grid that is all one region."""
    return "\n".join(" ".join("a" * n) for _ in range(n))


for _where, _data in FAMILY_DECLARATIONS:
    _spec = spec_from_json(_data, _where)[0]
    SPECS[_spec.name] = _spec
