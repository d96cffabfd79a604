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


def _reader(codec: str, raw: IO[bytes]) -> IO[bytes]:
    if codec == "gzip":
        return gzip.GzipFile(fileobj=raw, mode="rb")
    if codec == "xz":
        return lzma.LZMAFile(raw, "rb")
    return bz2.BZ2File(raw, "rb")


def decompress(data: bytes, limit: int | None = None) -> bytes:
    """``data`` decompressed when it starts with a known magic (else unchanged).

    Multi-member gzip and multi-stream xz/bzip2 files are read whole.

    Args:
        limit: the most bytes the result may have; beyond it ValueError (a
            decompression bomb is not read to its end).

    Raises:
        ValueError: a corrupt or truncated compressed file, or a result over
            ``limit``; its text says which codec and why.
    """
    codec = codec_of_data(data)
    if codec is None:
        return data
    try:
        with _reader(codec, io.BytesIO(data)) as fh:
            out = fh.read() if limit is None else fh.read(limit + 1)
    except (OSError, EOFError, zlib.error, lzma.LZMAError) as e:
        raise ValueError(f"not a valid {codec} file ({e or type(e).__name__})") from None
    if limit is not None and len(out) > limit:
        raise ValueError(f"{codec} data decompresses to more than {limit} bytes")
    return out


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
