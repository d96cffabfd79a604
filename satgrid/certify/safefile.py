"""Reading a certificate's files without trusting them (``satgrid verify``).

A certificate folder comes from anyone: its ``proof.drat`` may be a symbolic
link to ``/dev/zero``, its formula a FIFO that never ends, its
``solutions.json`` ten thousand brackets deep. Every file is therefore
opened without following a symbolic link (``O_NOFOLLOW``) and without
blocking on a FIFO (``O_NONBLOCK``), refused unless it is a regular file,
refused above a size ceiling before a byte is read, and JSON is refused
past a nesting depth before it is parsed -- each in one line
(:class:`~satgrid.errors.InputError`, which the verifier reports as what
fails). Standard library only.

The ceilings are generous for real certificates (the largest proof of the
bench, Hooks 8, is a few MB of binary DRAT; the pure-Python DRAT check
would take hours long before a proof reached the ceiling).
"""

from __future__ import annotations

import json
import os
import re
import stat

from ..errors import InputError

__all__ = ["MAX_FORMULA_BYTES", "MAX_PROOF_BYTES", "MAX_JSON_BYTES", "MAX_INSTANCE_BYTES",
           "MAX_JSON_DEPTH", "read_regular", "read_json", "json_depth"]

#: the largest ``formula.cnf`` verify reads (256 MiB)
MAX_FORMULA_BYTES = 256 << 20
#: the largest proof verify reads (512 MiB)
MAX_PROOF_BYTES = 512 << 20
#: the largest JSON file of a certificate (manifest, solutions, cuts: 128 MiB)
MAX_JSON_BYTES = 128 << 20
#: the largest instance copy (16 MiB: a puzzle file, decompressed)
MAX_INSTANCE_BYTES = 16 << 20
#: the deepest JSON nesting verify parses (a certificate needs about 6)
MAX_JSON_DEPTH = 64

_KIND = [(stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
         (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")]


def _what(mode: int) -> str:
    for test, name in _KIND:
        if test(mode):
            return name
    return "not a regular file"


def read_regular(path, limit: int, *, follow: bool = False) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes.

    Args:
        follow: follow a symbolic link (a file named on the command line);
            a certificate's own files are never followed.

    Raises:
        InputError: a symbolic link (unless ``follow``), a FIFO, a device, a
            directory, a file over ``limit``, or unreadable -- in one line.
    """
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
        try:
            if stat.S_ISLNK(os.lstat(path).st_mode):
                raise InputError("expected a regular file, found a symbolic link "
                                 "(a certificate's files are never followed)", name)
        except FileNotFoundError:
            raise InputError("missing", name) from None
        except OSError as e:
            raise InputError(f"cannot read: {e.strerror}", name) from None
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise InputError("missing", name) from None
    except OSError as e:
        raise InputError(f"cannot open: {e.strerror}", name) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"expected a regular file, found {_what(st.st_mode)}", name)
        if st.st_size > limit:
            raise InputError(f"{st.st_size:,} bytes, more than the ceiling of {limit:,} bytes "
                             "for this file", name)
        chunks, total = [], 0
        while True:                      # the size may grow while reading: read to the ceiling
            b = os.read(fd, min(1 << 20, limit + 1 - total))
            if not b:
                break
            chunks.append(b)
            total += len(b)
            if total > limit:
                raise InputError(f"more than the ceiling of {limit:,} bytes for this file", name)
        return b"".join(chunks)
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror}", name) from None
    finally:
        os.close(fd)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in JSON ``text`` (strings skipped);
    linear, no recursion, so that any depth is measured before parsing."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = deepest = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def read_json(path, limit: int = MAX_JSON_BYTES, depth: int = MAX_JSON_DEPTH):
    """A certificate's JSON file: a regular file, at most ``limit`` bytes, at
    most ``depth`` deep, valid UTF-8 JSON (each refused in one line)."""
    data = read_regular(path, limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"not UTF-8 (byte {e.start})", str(path)) from None
    d = json_depth(text)
    if d > depth:
        raise InputError(f"JSON nested {d} deep, more than the {depth} a certificate may use",
                         str(path))
    try:
        return json.loads(text)
    except ValueError as e:
        raise InputError(f"not valid JSON ({e})", str(path)) from None
    except RecursionError:           # not reached below MAX_JSON_DEPTH; kept as a line
        raise InputError("JSON nested too deep", str(path)) from None
