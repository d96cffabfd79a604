"""The GBD hash of a DIMACS CNF file: the identity the Global Benchmark
Database (and the SAT Competition) gives an instance.

The hash is the MD5 of the file's clause section normalised: comment and
``p`` lines dropped, every literal written once with single spaces between,
and a final ``0`` added when the last clause has none. Two files that differ
only in comments, header, white space or line breaks have the same hash; any
change of a literal, of the clause order or of the literal order changes it.
It is what ``gbdc.gbdhash`` computes (tested against it), read here with the
standard library: compressed files (xz, gzip, bzip2) are hashed by their
content, in one pass and bounded memory.

Example:
    >>> from io import BytesIO
    >>> gbd_hash_bytes(b"c any comment\\np cnf 3 2\\n1 -2  3 0\\n-1\\n 2 0\\n")
    'c6b1e92eabafa143e029f9682034e314'
    >>> import hashlib; hashlib.md5(b"1 -2 3 0 -1 2 0").hexdigest()
    'c6b1e92eabafa143e029f9682034e314'
"""

from __future__ import annotations

import hashlib
import re
from typing import Iterable

from ..compression import STDIO, codec_of_data, iter_decompressed, read_bytes
from ...errors import DimacsError

__all__ = ["gbd_hash", "gbd_hash_bytes"]

_INT = re.compile(rb"[+-]?[0-9]+\Z")
_STEP = 1 << 20


class _Hasher:
    """The normalised clause text fed to MD5 line by line."""

    def __init__(self, file: str):
        self.md5 = hashlib.md5()
        self.file = file
        self.line = 0
        self.last = b"0"            # the last literal token (b"0": every clause closed)
        self.started = False

    def feed(self, line: bytes) -> None:
        self.line += 1
        toks = line.split()
        if not toks or toks[0][:1] in (b"c", b"p"):
            return
        out = []
        for tok in toks:
            if tok[:1] in (b"c", b"p"):          # a comment to the end of the line
                break
            if not _INT.match(tok):
                col = line.find(tok) + 1
                raise DimacsError(f"expected a literal (an integer), found "
                                  f"{tok[:20].decode('latin-1')!r}", self.file, self.line, col)
            out.append(tok[1:] if tok[:1] == b"+" else tok)
        if out:
            self.md5.update((b" " if self.started else b"") + b" ".join(out))
            self.started = True
            self.last = out[-1]

    def digest(self) -> str:
        if self.last != b"0":
            self.md5.update(b" 0")
        return self.md5.hexdigest()


def _lines(pieces: Iterable[bytes]):
    """The lines of the text; a last line that ends the file without white
    space loses its last token, as gbdc's reader loses it (a number is only
    taken when white space ends it), so the hashes stay equal on such files."""
    rest = b""
    for piece in pieces:
        lines = (rest + piece).split(b"\n")
        rest = lines.pop()
        yield from lines
    if rest:
        if not rest[-1:].isspace():
            rest = rest[:len(rest) - len(rest.split()[-1])]
        yield rest


def gbd_hash_bytes(data: bytes, file: str = "<bytes>") -> str:
    """The GBD hash of a DIMACS CNF given as bytes (compressed or plain)."""
    codec = codec_of_data(data)
    try:
        pieces = iter_decompressed(codec, data) if codec else [data]
        h = _Hasher(file)
        for line in _lines(pieces):
            h.feed(line)
    except ValueError as e:
        if isinstance(e, DimacsError):
            raise
        raise DimacsError(str(e), file) from None
    return h.digest()


def gbd_hash(path) -> str:
    """The GBD hash of the DIMACS CNF file at ``path`` (``-``: standard input);
    a plain file is read a megabyte at a time, a compressed one held
    compressed and expanded a megabyte at a time."""
    if str(path) == STDIO:
        return gbd_hash_bytes(read_bytes(path), "<stdin>")
    with open(path, "rb") as fh:
        head = fh.read(_STEP)
        if codec_of_data(head):
            return gbd_hash_bytes(head + fh.read(), str(path))
        h = _Hasher(str(path))
        for line in _lines(_chunks(fh, head)):
            h.feed(line)
        return h.digest()


def _chunks(fh, head: bytes):
    yield head
    while piece := fh.read(_STEP):
        yield piece
