"""What the readers of this package share: a file's bytes, tokens, positions, errors.

The DIMACS/iCNF reader (:mod:`satgrid.io.dimacs.read`, with its bulk path in
:mod:`satgrid.io.dimacs.scan`) and the solver-output reader
(:mod:`satgrid.io.dimacs.solver_output`) both load bytes (decompressed when they start
with the magic of gzip, xz or bzip2), cut lines into tokens, and report every failure as one
error located at ``file:line:column``; the helpers for that live here.
"""

from __future__ import annotations

import os
import re

from ..compression import STDIO, decompress, read_bytes
from ...limits import MAX_EXPANDED

#: the characters of a literal
_LIT_CHARS = b"-0123456789"
_WS = b" \t\n\r\x0b\x0c"              # what bytes.split() splits on
_TOKEN = re.compile(rb"[^ \t\n\r\x0b\x0c]+")
_INT = re.compile(rb"-?[0-9]+")
_LINE_OK = _LIT_CHARS + _WS


def _column(line: bytes, pos: int) -> int:
    """1-based column (in characters) of byte ``pos`` of ``line``."""
    return len(line[:pos].decode("utf-8", "replace")) + 1


def _show(tok: bytes) -> str:
    text = tok.decode("utf-8", "backslashreplace")
    if len(text) > 24:
        text = text[:21] + "..."
    return repr(text)


def _tokens(line: bytes) -> list[tuple[int, bytes]]:
    return [(m.start(), m.group()) for m in _TOKEN.finditer(line)]


def _eof_position(data: bytes) -> tuple[int, int]:
    last = data.rfind(b"\n")
    return data.count(b"\n") + 1, _column(data[last + 1:], len(data) - last - 1)


def _offset_position(data: bytes, offset: int) -> tuple[int, int]:
    start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, _column(data[start:offset + 1], offset - start)


def _load(path_or_data, name, error: type) -> tuple[bytes, str]:
    """Bytes of a file (``-``: standard input), decompressed when they start with
    the magic of gzip, xz or bzip2 (:mod:`satgrid.io.compression`)."""
    if isinstance(path_or_data, (bytes, bytearray, memoryview)):
        data = bytes(path_or_data)
    else:
        fname = os.fspath(path_or_data)
        if name is None:
            name = "<stdin>" if fname == STDIO else fname
        try:
            data = read_bytes(fname)
        except OSError as e:
            raise error(f"cannot read the file: {e.strerror or e}", name) from None
    try:
        data = decompress(data, MAX_EXPANDED)   # a bomb stops at the ceiling
    except ValueError as e:
        raise error(str(e), name) from None
    if data.startswith(b"\xef\xbb\xbf"):  # a byte order mark is not part of the text
        data = data[3:]
    return data, name


def _check_text(data: bytes, name: str, error: type) -> None:
    """Reject binary data: NUL bytes (invalid UTF-8 is found where it is read)."""
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _offset_position(data, nul)
        raise error("binary data (a NUL byte) where text was expected", name, line, col)


def _decode_line(line: bytes, lineno: int, name: str, error: type) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(f"invalid UTF-8 byte 0x{line[e.start]:02x}: expected text", name,
                    lineno, _column(line, e.start)) from None


def _token_error(tok: bytes, lineno: int, line: bytes, pos: int, name: str, error: type,
                 what: str = "a literal (an integer)"):
    """The error for a token that is not an integer."""
    try:
        tok.decode("utf-8")
    except UnicodeDecodeError as e:
        return error(f"invalid UTF-8 byte 0x{tok[e.start]:02x}: expected text", name,
                     lineno, _column(line, pos + e.start))
    return error(f"expected {what}, found {_show(tok)}", name, lineno, _column(line, pos))



def _skip_ws(line: bytes, pos: int) -> int:
    while pos < len(line) and line[pos] in _WS:
        pos += 1
    return pos


def _as_bytes(text_or_bytes) -> bytes:
    if isinstance(text_or_bytes, str):
        return text_or_bytes.encode("utf-8", "surrogatepass")
    return bytes(text_or_bytes)
