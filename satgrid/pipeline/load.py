"""Reading puzzle files: the owner of "which puzzles does this file hold".

A TOML instance names its kind by its ``puzzle`` key; any other text is read
by the first text format a kind registered that recognises it
(:func:`satgrid.puzzles.base.text_format_for`). Every problem is one
:class:`~satgrid.errors.InstanceError` with file, line and column.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from .. import lazy
from ..io.compression import STDIO, decompress, read_bytes
from ..errors import InstanceError
from ..limits import MAX_EXPANDED
from ..puzzles import KINDS, PUZZLINK_IDS, PUZZLINK_READ, Puzzle, puzzlink
from ..puzzles.base import text_format_for
from ..puzzles.parsing import key_line

#: the TOML reader, imported when a TOML instance is read (a puzz.link URL or
#: another kind's text format does without its 3 ms import: satgrid/lazy.py)
tomllib = lazy.module("tomllib")


def input_name(path: str) -> str:
    """The name of ``path`` in messages (``-`` is ``<stdin>``)."""
    return "<stdin>" if path == STDIO else path


def read_data(path: str) -> bytes:
    """The bytes of the file ``path`` (``-``: standard input), decompressed when
    they start with the magic of gzip, xz or bzip2 (:mod:`satgrid.io.compression`);
    an unreadable file or bad compressed data is an
    :class:`~satgrid.errors.InstanceError` naming the file."""
    name = input_name(path)
    try:
        data = read_bytes(path)
    except FileNotFoundError:
        if isinstance(path, str) and re.fullmatch(r"https?://[^\s?]+\?\S+", path):
            return path.encode() + b"\n"     # a puzz.link URL in place of a file: its text
        raise InstanceError("no such file", name) from None
    except IsADirectoryError:
        raise InstanceError("is a directory, expected a puzzle file", name) from None
    except OSError as e:
        raise InstanceError(f"cannot read: {e.strerror}", name) from None
    try:
        return decompress(data, MAX_EXPANDED)   # a bomb stops at the ceiling
    except ValueError as e:
        raise InstanceError(str(e), name) from None


def content_format(data: bytes) -> str:
    """What a file holds, told by its content: ``"dimacs"`` when its first line
    that is neither blank nor a comment (``c ...``) is ``p cnf ...``,
    ``"icnf"`` for ``p inccnf``, else ``"puzzle"``."""
    pos, size = (3 if data.startswith(b"\xef\xbb\xbf") else 0), len(data)  # 3: a BOM
    while pos < size:
        end = data.find(b"\n", pos)
        end = size if end < 0 else end
        toks, pos = data[pos:end].split(), end + 1
        if not toks or toks[0][:1] == b"c":
            continue
        if toks[0] == b"p" and len(toks) > 1 and toks[1] in (b"cnf", b"inccnf"):
            return "dimacs" if toks[1] == b"cnf" else "icnf"
        return "puzzle"
    return "puzzle"


def read_text(path: str | os.PathLike) -> str:
    """The UTF-8 text of the file ``path`` (``-``: standard input; compressed
    files decompressed, see :func:`read_data`); unreadable, binary or empty
    files are an :class:`~satgrid.errors.InstanceError` naming the file (and position)."""
    path = os.fspath(path)
    return decode_text(read_data(path), input_name(path))


def decode_text(data: bytes, path: str) -> str:
    """The UTF-8 text of a puzzle file's bytes (``path`` names it in messages);
    binary or empty: an :class:`~satgrid.errors.InstanceError`."""
    try:
        # a byte order mark (Windows editors) is not part of the text: columns
        # count from the first character a reader sees
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise InstanceError("expected UTF-8 text", path, line, col) from None
    if not text.strip():
        raise InstanceError("empty file, expected a puzzle", path, 1, 1)
    return text


def load(path: str | os.PathLike) -> Sequence[Puzzle]:
    """The puzzles in ``path`` (a ``str`` or :class:`pathlib.Path`): a TOML
    instance, or a text format of a kind (a Sudoku grid or collection, ...).

    Returns:
        A list; for a collection of one-line Sudokus a read-only sequence
        (:class:`~satgrid.puzzles.sudoku.formats.LineCollection`: ``len``,
        indexing, slicing, iteration) that makes its puzzles as they are
        asked for, so millions of lines take 16 bytes each, not a puzzle
        object each (``list(...)`` of it makes them all).
    """
    path = os.fspath(path)
    text = read_text(path)
    return loads(text, input_name(path))


def loads(text: str, file: str = "<string>") -> Sequence[Puzzle]:
    """Like :func:`load`, from the text of a file (``file`` names it in messages,
    and a ``.toml`` suffix makes it TOML)."""
    if file.endswith(".toml") or re.search(r'^\s*puzzle\s*=', text, re.M):
        return [from_toml(text, file)]
    fmt = text_format_for(text, file)
    if fmt is None:
        raise InstanceError("expected a TOML instance (puzzle = \"KIND\") or a text format "
                            "of a kind; found neither", file, 1, 1)
    pid = puzzlink.url_pid(text) if fmt.fallback else None
    if pid is not None and pid not in PUZZLINK_IDS:   # not for the Sudoku fallback
        raise InstanceError(f"a puzz.link URL of {pid!r}; satgrid reads those of "
                            f"{', '.join(PUZZLINK_READ)}", file, 1, 1)
    return fmt.parse(text, file)


def from_toml(text: str, file: str) -> Puzzle:
    """The puzzle of a TOML instance: its kind's ``from_toml`` reads the rest."""
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise InstanceError("invalid TOML: arrays or tables nested too deeply", file) from None
    except ValueError as e:               # int() of a number of more than 4,300 digits
        if isinstance(e, tomllib.TOMLDecodeError):
            raise _toml_error(e, file) from None
        m = re.search(r"[0-9_]{4300,}", text)
        line, col = (text.count("\n", 0, m.start()) + 1,
                     m.start() - text.rfind("\n", 0, m.start())) if m else (None, None)
        raise InstanceError("invalid TOML: a number of more than 4,300 digits", file, line,
                            col) from None
    kind = data.get("puzzle")
    if kind is None:
        raise InstanceError("expected a 'puzzle' key naming the kind "
                            f"({', '.join(sorted(KINDS))})", file, 1, 1)
    if not isinstance(kind, str) or kind not in KINDS:
        raise InstanceError(f"unknown puzzle kind {kind!r}; expected one of "
                            f"{', '.join(sorted(KINDS))}", file, key_line(text, "puzzle"), 1)
    try:
        return KINDS[kind].from_toml(data, text, file)
    except InstanceError:
        raise
    except RecursionError:
        raise InstanceError(f"{kind}: values nested too deeply", file) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        # a kind's parser met a shape it did not foresee: still one clear line
        raise InstanceError(f"{kind}: unusable instance ({type(e).__name__}: {e})", file) from None


def _toml_error(e: "tomllib.TOMLDecodeError", file: str) -> InstanceError:
    """tomllib's message as one positioned line."""
    msg = str(e)
    m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
    line, col = (int(m.group(1)), int(m.group(2))) if m else (None, None)
    msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", msg) or "invalid TOML"
    return InstanceError(f"invalid TOML: {msg}", file, line, col)
