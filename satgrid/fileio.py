"""Atomic file writing: a temporary file in the target's folder, then rename."""

from __future__ import annotations

import gzip
import os
import tempfile
from typing import Callable, IO


def atomic_write(path: str | os.PathLike, writer: Callable[[IO[bytes]], None]) -> None:
    """Call ``writer(fh)`` on a temporary binary file, then rename it to ``path``.

    A name ending in ``.gz`` is gzip-compressed deterministically (no name,
    mtime 0). On any error the temporary file is removed and ``path`` is left
    as it was.
    """
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".part", dir=folder)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; give the usual file mode
        with os.fdopen(fd, "wb") as raw:
            if path.endswith(".gz"):
                with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
                    writer(gz)
            else:
                writer(raw)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    data = text.encode("utf-8")
    atomic_write(path, lambda fh: fh.write(data))
