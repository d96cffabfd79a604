"""Atomic file writing: a fresh file beside the target, then rename.

Readers see the old file or the complete new one, never a part. A name ending
in ``.gz`` is gzip-compressed deterministically (no file name, mtime 0). No
fsync: every file satgrid writes can be made again.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import os
from typing import IO, Callable, Iterable

GZIP_LEVEL = 6


def atomic_write_chunks(path: str | os.PathLike, chunks: Iterable[bytes]) -> None:
    """Write the byte ``chunks`` to ``path`` atomically (gzip for ``.gz``).

    On any error the temporary file is removed and ``path`` is left as it was.
    """
    path = os.fspath(path)
    folder, base = os.path.split(path)
    folder = folder or "."
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = os.path.join(folder, f".{base}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            fd = os.open(tmp, flags, 0o666)   # the umask applies, unlike mkstemp's 0600
        except FileExistsError:
            continue
        break
    else:  # pragma: no cover - 100 collisions of 32 random bits
        raise FileExistsError(f"cannot create a temporary file beside {path}")
    try:
        with open(fd, "wb") as raw:
            if path.endswith(".gz"):
                with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                   compresslevel=GZIP_LEVEL) as out:
                    for chunk in chunks:
                        out.write(chunk)
            else:
                for chunk in chunks:
                    raw.write(chunk)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def atomic_write(path: str | os.PathLike, writer: Callable[[IO[bytes]], None]) -> None:
    """Call ``writer(fh)`` on the temporary binary file, then rename it to ``path``."""
    buf = io.BytesIO()
    writer(buf)
    atomic_write_chunks(path, [buf.getvalue()])


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    atomic_write_chunks(path, [text.encode("utf-8")])
