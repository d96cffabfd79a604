"""Atomic file writing: a fresh file beside the target, then rename.

Readers see the old file or the complete new one, never a part. A symlink
is written through to its target; a FIFO or a device node is written to
directly (never replaced by a regular file); whether an existing file may be
replaced is the command's decision (:func:`check_target`): without ``--force``
a new output is created exclusively (linked to its name only if that name is
still free), so of two commands writing the same new name one is refused. A name ending
in ``.gz``, ``.xz`` or ``.bz2`` is compressed deterministically (gzip: no file
name, mtime 0; :mod:`satgrid.io.compression`); ``-`` is standard output. No
fsync: every file satgrid writes can be made again.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import stat
import threading
from typing import IO, Callable, Iterable

from .compression import STDIO, codec_of_name, compressing, write_stdout
from ..errors import OutputError


_MIXED: dict[type, type] = {}


def _failed(target: str, e: OSError) -> OutputError:
    """An :class:`OutputError` naming ``target`` that is also of ``e``'s class
    (``FileNotFoundError``, ``IsADirectoryError``, ...) for Python callers."""
    cls = type(e)
    if cls not in _MIXED:
        _MIXED[cls] = OutputError if cls is OSError else type(
            "OutputError", (OutputError, cls), {"__module__": OutputError.__module__})
    err = _MIXED[cls](target, f"cannot write: {e.strerror or e}")
    err.errno, err.strerror = e.errno, e.strerror
    return err


def _node(path: str) -> int | None:
    """The ``st_mode`` of what ``path`` names, following symlinks (None: nothing)."""
    try:
        return os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as e:
        raise _failed(path, e) from None


def check_target(path: str | os.PathLike, force: bool = True) -> None:
    """Refuse, before any work, an output ``path`` that cannot or may not be written.

    A missing folder or a folder as the target is an :class:`OutputError`;
    so is an existing regular file (through a symlink too) unless ``force``.
    ``-``, a FIFO and a device are written to, never replaced, so they pass.
    """
    path = os.fspath(path)
    if path == STDIO:
        return
    mode = _node(path)
    if mode is None:
        folder = os.path.dirname(os.path.realpath(path))
        if not os.path.isdir(folder):
            raise OutputError(path, f"cannot write: no such folder {folder}")
        if not force:     # a file that appears meanwhile is not replaced either
            _EXCLUSIVE.add(_key(path))
            return
    if force:
        _EXCLUSIVE.discard(_key(path))
    if mode is None:
        return
    if stat.S_ISDIR(mode):
        raise _failed(path, IsADirectoryError(errno.EISDIR, "is a folder, expected a file name"))
    elif stat.S_ISREG(mode) and not force:
        raise OutputError(path, "exists; use --force to replace it")


#: the outputs :func:`check_target` found missing without ``force``: their
#: write creates them exclusively (two commands writing the same new name at
#: once: one of them succeeds, the other is refused; neither output is lost)
_EXCLUSIVE: set[str] = set()


def _key(path: str) -> str:
    return os.path.abspath(os.path.realpath(path))


def _publish(tmp: str, path: str, shown: str, replace: bool) -> None:
    """Give the complete temporary file ``tmp`` the name ``path``: renamed over
    it (``replace``), or linked to it only if nothing has that name yet."""
    if replace:
        os.replace(tmp, path)
        return
    try:
        os.link(tmp, path)                    # fails if path exists, whatever it is
    except FileExistsError:
        raise OutputError(shown, "exists (written meanwhile by another process); "
                                 "use --force to replace it") from None
    except OSError as e:
        if e.errno not in _NO_LINKS:
            raise
        try:                                  # a file system without hard links:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))  # claim the name
        except FileExistsError:
            raise OutputError(shown, "exists (written meanwhile by another process); "
                                     "use --force to replace it") from None
        os.replace(tmp, path)
        return
    with contextlib.suppress(OSError):
        os.unlink(tmp)


#: ``os.link`` errors of file systems without hard links
_NO_LINKS = frozenset(getattr(errno, n) for n in ("EPERM", "ENOTSUP", "EOPNOTSUPP", "EMLINK",
                                                   "ENOSYS", "EXDEV") if hasattr(errno, n))


class _Terminated(BaseException):
    """SIGTERM during a write, when nobody else handles SIGTERM."""


@contextlib.contextmanager
def _sigterm_removes(tmp_holder: list):
    """While writing: a SIGTERM with the default action (the process dies) first
    removes the temporary file, then dies of SIGTERM as it would have. A
    handler someone else installed (the command line's) is left alone: it
    raises, and the write's own cleanup removes the file."""
    main = threading.current_thread() is threading.main_thread()
    if not main or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        yield
        return

    def handler(signum, frame):
        raise _Terminated()
    signal.signal(signal.SIGTERM, handler)
    try:
        yield
    except _Terminated:
        for tmp in tmp_holder:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        raise SystemExit(128 + signal.SIGTERM) from None  # pragma: no cover - killed above
    finally:
        if signal.getsignal(signal.SIGTERM) is handler:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _write_stream(path: str, chunks: Iterable[bytes]) -> None:
    """Write straight into a FIFO or a device (no temporary file, no rename)."""
    try:
        with open(path, "wb") as raw:
            with compressing(codec_of_name(path), raw) as out:
                for chunk in chunks:
                    out.write(chunk)
    except OSError as e:
        raise _failed(path, e) from None


def atomic_write_chunks(path: str | os.PathLike, chunks: Iterable[bytes], *,
                        replace: bool | None = None) -> None:
    """Write the byte ``chunks`` to ``path`` atomically (compressed for ``.gz``,
    ``.xz``, ``.bz2``: :mod:`satgrid.io.compression`; ``-`` is standard output).

    A regular file (or a new name) gets a temporary file beside it, renamed
    over it at the end; a symlink is written through, to its target (the
    link stays); a FIFO or a device is written to directly, streamed.
    On any error -- and on SIGTERM -- the temporary file is removed and
    ``path`` is left as it was; a failure is an :class:`OutputError` (an
    ``OSError`` too) naming ``path``, never the temporary file.

    ``replace``: whether a regular file that exists at the end may be
    replaced. False: the file is created only if the name is still free
    (else :class:`OutputError`, "exists"); None (default): False when
    :func:`check_target` found ``path`` missing and was not told ``force``,
    else True.
    """
    path = os.fspath(path)
    if path == STDIO:                         # "-": standard output, uncompressed
        write_stdout(chunks)
        return
    shown, path = path, os.path.realpath(path) if os.path.islink(path) else path
    mode = _node(path)
    if mode is not None and not stat.S_ISREG(mode):
        if stat.S_ISDIR(mode):
            raise _failed(shown, IsADirectoryError(errno.EISDIR, "is a folder, expected a file name"))
        _write_stream(path, chunks)           # a FIFO, a character or block device, ...
        return
    if replace is None:
        replace = _key(path) not in _EXCLUSIVE
    folder, base = os.path.split(path)
    folder = folder or "."
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = os.path.join(folder, f".{base}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            fd = os.open(tmp, flags, 0o666)   # the umask applies, unlike mkstemp's 0600
        except FileExistsError:
            continue
        except FileNotFoundError as e:
            err = _failed(shown, e)
            err.message = f"cannot write: no such folder {folder}"
            raise err from None
        except OSError as e:
            raise _failed(shown, e) from None
        break
    else:  # pragma: no cover - 100 collisions of 32 random bits
        raise OutputError(shown, "cannot create a temporary file beside it")
    try:
        with _sigterm_removes([tmp]):
            with open(fd, "wb") as raw:
                with compressing(codec_of_name(path), raw) as out:   # .gz, .xz, .bz2
                    for chunk in chunks:
                        out.write(chunk)
            _publish(tmp, path, shown, replace)
        _EXCLUSIVE.discard(_key(path))        # written: this command's own file now
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, OSError) and not isinstance(e, OutputError):
            raise _failed(shown, e) from None
        raise


def atomic_write(path: str | os.PathLike, writer: Callable[[IO[bytes]], None]) -> None:
    """Call ``writer(fh)`` on the temporary binary file, then rename it to ``path``."""
    buf = io.BytesIO()
    writer(buf)
    atomic_write_chunks(path, [buf.getvalue()])


def atomic_write_text(path: str | os.PathLike, text: str, *, replace: bool | None = None) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically (``replace``: as for
    :func:`atomic_write_chunks`)."""
    atomic_write_chunks(path, [text.encode("utf-8")], replace=replace)
