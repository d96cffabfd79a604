"""Puzzle kinds: one folder per kind (``satgrid/puzzles/<kind>/``),
discovered, not listed, and imported on first use.

A kind's folder holds a small static declaration, ``kind.json``, read here
without importing the kind::

    {"order": 100,                       # place in the kind list (then folder name)
     "kinds": ["hitori"],                # the TOML ``puzzle`` names it registers
     "puzzlink": [],                     # its puzz.link ids (p?PID/...), the first one written
     "formats": [{"name": "pzprv3-hitori", "maybe": "pzprv3", "first": true}],
     "families": [{"name": "hitori", "function": "hitori", "order": 50,
                   "summary": "...", "description": "...",
                   "params": [{"name": "n", "help": "grid side", "default": 8,
                               "lo": 2, "hi": 60}]}]}

Scanning ``satgrid/puzzles/*/kind.json`` gives the registry (:data:`KINDS`,
a :class:`~satgrid.puzzles.base.KindRegistry`) every kind's name with the
package that registers it, and every text format with a cheap test of
whether it may read a text (``maybe``: see :data:`MAYBE`). Nothing here
imports a kind, and the generated families are known the same way (their
parameters in :data:`~satgrid.puzzles.families.SPECS`, their generators in
the kind's ``family.py``, imported when a family is generated). A Sudoku run imports ``satgrid.puzzles.sudoku`` alone, when
its file names the kind (``KINDS["sudoku"]``) or when the text formats are
sniffed (:func:`~satgrid.puzzles.base.text_format_for`)::

    >>> from satgrid.puzzles import KINDS
    >>> "knight-moves" in KINDS       # known from its kind.json: nothing imported
    True
    >>> KINDS["knight-moves"].__name__  # imports satgrid.puzzles.knight_moves
    'KnightMoves'

A new kind is a new folder with its ``kind.json`` (docs/guide/new-kind.md);
nothing else names it. The format order is the order the kinds'
``register_format`` calls give when every kind is imported in kind order
(``first``: the kind's call inserts the format in front), so the loader
tries the formats in the same order whether the kinds are imported or not
(``tests/test_startup.py`` checks the declarations against what the kinds
register).
"""

from __future__ import annotations

import json
import os
from ..errors import SatgridError
from .base import FAMILY_DECLARATIONS, KINDS, PUZZLINK, DeclaredFormat, Puzzle, declare_format, register  # noqa: F401

#: the folder scanned for kinds
HERE = os.path.dirname(os.path.abspath(__file__))
#: the declaration file of a kind's folder
DECLARATION = "kind.json"


def _pzprv3(text: str, file: str) -> bool:   # pzprv3.sniff needs this first word
    return text.lstrip().startswith("pzprv3")


def _pzprv3_names(text: str) -> tuple[str, ...]:
    """The puzzle a pzprv3 file names (its second ``/``- or line-separated
    piece, stripped, and that piece's first word, as the loop kinds read it),
    or ``()`` when ``text`` is no pzprv3 file."""
    head = text.lstrip()
    if not head.startswith("pzprv3"):
        return ()
    ends = [i for i in (head.find("/"), head.find("\n")) if i >= 0]
    if not ends:
        return ()
    start = min(ends) + 1
    ends = [i for i in (head.find("/", start), head.find("\n", start)) if i >= 0]
    piece = head[start:min(ends) if ends else len(head)].strip()
    word = piece
    for i, ch in enumerate(piece):
        if not (ch.isalnum() or ch in "_-"):
            word = piece[:i]
            break
    return piece, word


def _pzprv3_of(names: tuple[str, ...]):   # a pzprv3 file of one of names: its pzprv3.sniff
    return lambda text, file: any(n in names for n in _pzprv3_names(text))


def _size_line(text: str, file: str) -> bool:
    """Whether the first line with content (not a ``#`` comment) is two
    numbers, ``ROWS COLS``, as the masyu text grid starts (read up to that
    line only, not the whole of a long collection)."""
    pos, size = 0, len(text)
    while pos <= size:
        end = text.find("\n", pos)
        end = size if end < 0 else end
        line = text[pos:end]
        if line.strip() and not line.lstrip().startswith("#"):
            head = line.split()
            return len(head) == 2 and all(t.isdigit() for t in head)
        pos = end + 1
    return False


def _url(pids):      # puzzlink.sniff needs a query ('?') naming one of pids
    return lambda text, file: "?" in text and any(p in text for p in pids)


def _name_contains(words):   # the format's own test, by the file's base name
    return lambda text, file: any(w in os.path.basename(file).lower() for w in words)


def _path_contains(words):   # the format's own test, by the whole path
    return lambda text, file: any(w in file.lower() for w in words)


#: the cheap tests a ``kind.json`` format may name as its ``maybe``: a word
#: (``"pzprv3"``: a pzprv3 file whose puzzle is the format's kind or one of the
#: kind's puzz.link ids, so a pzprv3 file imports its own kind's formats alone;
#: ``"size-line"``; ``"puzzlink"``: a URL naming one of the kind's puzz.link
#: ids), or ``{"url"|"name-contains"|"path-contains": [words]}``;
#: ``null``: always ask the format's own ``sniff``
MAYBE = {"pzprv3": _pzprv3, "size-line": _size_line}
MAYBE_OF_WORDS = {"url": _url, "name-contains": _name_contains, "path-contains": _path_contains}


class KindFolder:
    """What a kind's folder declares (its ``kind.json``): ``package`` (the
    folder's name, ``satgrid.puzzles.<package>``), ``order``, ``kinds``,
    ``puzzlink`` (its puzz.link ids, the first one the one written),
    ``formats`` (``(DeclaredFormat, inserted in front)`` pairs) and
    ``families`` (``(name, function, order, declaration)``: the declaration's
    parameters are read by :mod:`satgrid.puzzles.families` when a command
    needs them). A plain class: start-up pays no dataclass generation."""

    __slots__ = ("package", "order", "kinds", "puzzlink", "formats", "families")

    def __init__(self, package: str, order: int, kinds: tuple[str, ...],
                 puzzlink: tuple[str, ...], formats: tuple, families: tuple):
        self.package, self.order, self.kinds = package, order, kinds
        self.puzzlink, self.formats, self.families = puzzlink, formats, families

    def __repr__(self) -> str:
        return f"KindFolder({self.package!r}, kinds={self.kinds!r})"


def _family(data, where: str) -> tuple[str, str, int, dict]:
    """(name, function, order, declaration) of one ``families`` entry (its
    parameters are checked when read, :func:`satgrid.puzzles.families.spec_from_json`)."""
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise SatgridError(f"{where}: families: expected {{name, function, order, summary, "
                           f"description, params}}, found {data!r:.60}")
    function, order = data.get("function", data["name"]), data.get("order", 1000)
    if not (isinstance(function, str) and function.isidentifier() and isinstance(order, int)):
        raise SatgridError(f"{where}: family {data['name']}: expected an identifier function "
                           "and an integer order")
    return data["name"], function, order, data


def _maybe(spec, where: str, pids: tuple[str, ...], kind: str | None = None):
    if spec is None:
        return None
    if spec == "puzzlink" and pids:
        return _url(pids)
    if spec == "pzprv3" and kind is not None:   # the file's puzzle: the kind or a puzz.link id
        return _pzprv3_of((kind, *pids))
    if isinstance(spec, str) and spec in MAYBE:
        return MAYBE[spec]
    if isinstance(spec, dict) and len(spec) == 1:
        (key, words), = spec.items()
        if key in MAYBE_OF_WORDS and isinstance(words, list) and \
                all(isinstance(w, str) for w in words):
            return MAYBE_OF_WORDS[key](tuple(words))
    raise SatgridError(f"{where}: maybe: expected null, one of {', '.join(MAYBE)}, puzzlink "
                       "(with puzzlink ids) or "
                       f"{{{'|'.join(MAYBE_OF_WORDS)}: [words]}}, found {spec!r}")


def _strings(data: dict, key: str, where: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise SatgridError(f"{where}: {key}: expected a list of names, found {value!r}")
    return tuple(value)


def read_folder(package: str, path: str) -> KindFolder:
    """The declaration ``path`` (a ``kind.json``) of the kind folder ``package``
    (one clear line, :class:`~satgrid.errors.SatgridError`, when it is malformed)."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise SatgridError(f"{path}: not a readable kind declaration: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("order", 0), int):
        raise SatgridError(f"{path}: expected an object with an integer order")
    kinds = _strings(data, "kinds", path)
    if not kinds:
        raise SatgridError(f"{path}: kinds: expected at least one kind name")
    pids = _strings(data, "puzzlink", path)
    formats = []
    for f in data.get("formats", []):
        if not isinstance(f, dict) or not isinstance(f.get("name"), str) or \
                not isinstance(f.get("first", False), bool):
            raise SatgridError(f"{path}: formats: expected {{name, maybe, first}}, found {f!r}")
        kind = f.get("kind", kinds[0])
        if kind not in kinds:
            raise SatgridError(f"{path}: format {f['name']}: kind {kind!r} is not in kinds")
        formats.append((DeclaredFormat(f["name"], kind, _maybe(f.get("maybe"), path, pids, kind)),
                        f.get("first", False)))
    fams = data.get("families", [])
    if not isinstance(fams, list):
        raise SatgridError(f"{path}: families: expected a list, found {fams!r:.60}")
    return KindFolder(package, data.get("order", 0), kinds, pids, tuple(formats),
                      tuple(_family(f, path) for f in fams))


def discover(folder: str = HERE) -> list[KindFolder]:
    """Every kind folder under ``folder`` (a package with a ``kind.json``), in
    kind order: by ``order``, then by folder name."""
    found = []
    with os.scandir(folder) as entries:
        for e in entries:
            decl = os.path.join(e.path, DECLARATION)
            if e.is_dir() and not e.name.startswith(("_", ".")) and os.path.isfile(decl):
                found.append(read_folder(e.name, decl))
    found.sort(key=lambda k: (k.order, k.package))
    seen: dict[str, str] = {}
    for k in found:
        for name in k.kinds + tuple(f.name for f, _ in k.formats) + \
                tuple("puzz.link id " + pid for pid in k.puzzlink) + \
                tuple("family " + name for name, _, _, _ in k.families):
            if name in seen:
                raise SatgridError(f"{k.package}/{DECLARATION}: {name!r} is declared by "
                                   f"{seen[name]} too")
            seen[name] = k.package
    return found


def format_order(folders: list[KindFolder]) -> tuple[DeclaredFormat, ...]:
    """The text formats in the order the loader tries them: the order their
    kinds' ``register_format`` calls give with every kind imported in kind
    order (a ``first`` format inserted in front of those before it)."""
    order: list[DeclaredFormat] = []
    for k in folders:
        for fmt, first in k.formats:
            if first:
                order.insert(0, fmt)
            else:
                order.append(fmt)
    return tuple(order)


#: every kind folder, in kind order
FOLDERS = discover()
#: the kinds' packages (folders of this package), in kind order
MODULES = tuple(k.package for k in FOLDERS)
#: kind name (a TOML instance's ``puzzle`` key) -> the package whose import registers it
KIND_MODULES = {kind: k.package for k in FOLDERS for kind in k.kinds}
#: family name -> (the package whose ``family.py`` generates it, the function's name),
#: in the order of ``satgrid family --list`` (each family's ``order``, then name)
FAMILY_MODULES = {name: (k.package, function) for order, name, k, function in
                  sorted((order, name, k, function) for k in FOLDERS
                         for name, function, order, _ in k.families)}
#: the text formats in the order the loader tries them, each with its cheap test
TEXT_FORMATS = format_order(FOLDERS)
#: every puzz.link id a kind reads -> that kind's package
PUZZLINK_IDS = {pid: k.package for k in FOLDERS for pid in k.puzzlink}
#: the puzz.link ids written (each kind's first), in kind order: what satgrid reads
PUZZLINK_READ = tuple(k.puzzlink[0] for k in FOLDERS if k.puzzlink)

for _kind, _module in KIND_MODULES.items():
    KINDS.declare(_kind, f"{__name__}.{_module}")
for _fmt in TEXT_FORMATS:
    declare_format(_fmt)
PUZZLINK.update((k.package, k.puzzlink) for k in FOLDERS if k.puzzlink)
_decls = {name: (f"{k.package}/{DECLARATION}", data)
          for k in FOLDERS for name, _, _, data in k.families}
FAMILY_DECLARATIONS.extend(_decls[name] for name in FAMILY_MODULES)   # in list order
del _kind, _module, _fmt, _decls
