"""Compression of the files satgrid reads and writes, and ``-`` for stdin/stdout.

Reading: a file is decompressed when its first bytes are the magic of gzip
(``1f 8b``), xz (``fd 37 7a 58 5a 00``) or bzip2 (``BZh`` + level + block or
end-of-stream magic), whatever its name -- the SAT competition ships
``.cnf.xz``, SATLIB ``.cnf.gz``/``.bz2``. Writing: a name ending in ``.gz``,
``.xz`` or ``.bz2`` is compressed with that codec, deterministically (gzip:
no file name, mtime 0; xz and bzip2 have no time or name in their headers), so
the same content always gives the same bytes. The name ``-`` stands for
standard input (reading) and standard output (writing); it is never
compressed on output.

Standard library only (:mod:`gzip`, :mod:`lzma`, :mod:`bz2`).
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import sys
import zlib
from typing import IO

#: the name that means standard input / standard output
STDIO = "-"

GZIP_LEVEL = 6
XZ_PRESET = 6
BZ2_LEVEL = 9

_BZ2_BLOCK = (b"1AY&SY", b"\x17rE8P\x90")     # first block, or end of an empty stream


def codec_of_data(data: bytes) -> str | None:
    """``"gzip"``, ``"xz"`` or ``"bzip2"`` when ``data`` starts with that magic, else None."""
    if data[:2] == b"\x1f\x8b":
        return "gzip"
    if data[:6] == b"\xfd7zXZ\x00":
        return "xz"
    if data[:3] == b"BZh" and data[3:4].isdigit() and data[3:4] != b"0" \
            and data[4:10] in _BZ2_BLOCK:
        return "bzip2"
    return None


def codec_of_name(path) -> str | None:
    """The codec a written file gets from its name's suffix (None: plain)."""
    name = os.fspath(path)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    for suffix, codec in ((".gz", "gzip"), (".xz", "xz"), (".bz2", "bzip2")):
        if name.endswith(suffix):
            return codec
    return None


#: bytes asked of a decompressor per call: what a bomb can allocate past the limit
_STEP = 1 << 20


def _decompressor(codec: str):
    if codec == "gzip":
        return zlib.decompressobj(wbits=31)        # one gzip member, header and trailer checked
    if codec == "xz":
        return lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    return bz2.BZ2Decompressor()


def _next_stream(codec: str, rest: bytes) -> bytes | None:
    """After a complete stream: the bytes of the next one (None: the file ends
    here). Only padding the formats allow may follow the last stream -- NUL
    bytes (gzip; xz in groups of four) -- anything else is trailing garbage."""
    if codec == "bzip2":
        return rest if rest else None
    pad = len(rest) - len(rest.lstrip(b"\x00"))
    if codec == "xz" and pad % 4:
        raise ValueError(f"not a valid xz file (stream padding of {pad} bytes, "
                         "expected a multiple of 4)")
    rest = rest[pad:]
    return rest if rest else None


def iter_decompressed(codec: str, data: bytes, step: int = _STEP):
    """The bytes ``data`` decompress to, in pieces of at most ``step`` bytes,
    every stream (member) of the file in turn; memory stays one piece
    whatever the data expands to.

    Raises:
        ValueError: a corrupt or truncated stream, or bytes after the last
            stream that start no valid one (trailing garbage).
    """
    pending: bytes | None = data
    while pending is not None:
        if codec_of_data(pending) != codec:
            raise ValueError(f"not a valid {codec} file (trailing data after the end of the "
                             f"compressed stream, {len(pending):,} bytes)")
        d = _decompressor(codec)
        try:
            out = d.decompress(pending, step)
            while True:
                if out:
                    yield out
                if d.eof:
                    break
                if codec == "gzip":
                    more = d.unconsumed_tail
                    if not more and not out:
                        raise EOFError("compressed file ended before the end-of-stream marker")
                    out = d.decompress(more, step)
                else:
                    if d.needs_input:
                        raise EOFError("compressed file ended before the end-of-stream marker")
                    out = d.decompress(b"", step)
        except (OSError, EOFError, zlib.error, lzma.LZMAError) as e:
            raise ValueError(f"not a valid {codec} file ({e or type(e).__name__})") from None
        pending = _next_stream(codec, d.unused_data)


def decompress(data: bytes, limit: int | None = None) -> bytes:
    """``data`` decompressed when it starts with a known magic (else unchanged).

    Multi-member gzip and multi-stream xz/bzip2 files are read whole; bytes
    after the last stream that are not the padding its format allows are an
    error (never silently ignored).

    Args:
        limit: the most bytes the result may have; beyond it ValueError (a
            decompression bomb is not read to its end, and never more than
            ``limit`` plus one megabyte is held).

    Raises:
        ValueError: a corrupt or truncated compressed file, trailing garbage,
            or a result over ``limit``; its text says which codec and why.
    """
    codec = codec_of_data(data)
    if codec is None:
        return data
    out = bytearray()
    for piece in iter_decompressed(codec, data):
        out += piece
        if limit is not None and len(out) > limit:
            raise ValueError(f"{codec} data decompresses to more than {limit} bytes")
    return bytes(out)


def read_bytes(path) -> bytes:
    """The raw bytes of ``path`` (``-``: all of standard input), not decompressed.

    Raises:
        OSError: the file cannot be read.
    """
    if not isinstance(path, (bytes, bytearray)) and os.fspath(path) == STDIO:
        stdin = getattr(sys.stdin, "buffer", None)
        return stdin.read() if stdin is not None else sys.stdin.read().encode("utf-8")
    with open(path, "rb") as fh:
        return fh.read()


def compressing(codec: str | None, raw: IO[bytes]) -> IO[bytes]:
    """A binary stream that writes ``codec``-compressed bytes into ``raw``
    (``raw`` itself for None); close it (not ``raw``) to finish the stream."""
    if codec is None:
        return _Uncloseable(raw)
    if codec == "gzip":
        return gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                             compresslevel=GZIP_LEVEL)
    if codec == "xz":
        return lzma.LZMAFile(raw, "wb", format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC64,
                             preset=XZ_PRESET)
    if codec == "bzip2":
        return bz2.BZ2File(raw, "wb", compresslevel=BZ2_LEVEL)
    raise ValueError(f"unknown codec {codec!r}")


class _Uncloseable(io.RawIOBase):
    """``raw`` behind a close() that only flushes (the caller owns ``raw``)."""

    def __init__(self, raw: IO[bytes]):
        super().__init__()
        self._raw = raw

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:
        self._raw.write(b)
        return len(b)

    def close(self) -> None:
        if not self.closed:
            self._raw.flush()
        super().close()


def compress(data: bytes, codec: str | None) -> bytes:
    """``data`` compressed with ``codec`` (None: unchanged), as written to a file."""
    buf = io.BytesIO()
    with compressing(codec, buf) as out:
        out.write(data)
    return buf.getvalue()


def write_stdout(chunks) -> None:
    """Write byte ``chunks`` to standard output (uncompressed) and flush."""
    sys.stdout.flush()                       # what print() wrote comes first
    out = getattr(sys.stdout, "buffer", None)
    for chunk in chunks:
        if out is None:                      # a text-only stdout (captured in tests)
            sys.stdout.write(bytes(chunk).decode("utf-8"))
        else:
            out.write(chunk)
    (out or sys.stdout).flush()
