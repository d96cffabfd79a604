"""The instance files the workbench offers (its Instance menu,
``GET /api/instances``): the files of a folder named with ``--instances``,
or by default the example instances shipped in the package.

The default comes from package data (:mod:`importlib.resources`), not from
the current directory, so that an installed copy of satgrid run anywhere
offers the same files as the repository: the repository's ``instances/``
(shipped as ``satgrid/apps/web/instances``, a link to it in the source tree)
and each kind folder's ``examples/`` (``satgrid/puzzles/<kind>/examples/``:
a kind dropped in brings its own). A name offered twice is offered once, the
first found.

A folder that is named but does not exist, or holds no instance file, is
refused (:class:`~satgrid.errors.UsageError`) rather than served as an empty
menu.
"""

from __future__ import annotations

import os
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from ...errors import UsageError
from ...pipeline.load import decode_text

#: the file names offered
SUFFIXES = (".toml", ".txt")


def _files_of(folder: Traversable) -> list[tuple[str, Traversable]]:
    if not folder.is_dir():
        return []
    return sorted((f.name, f) for f in folder.iterdir()
                  if f.name.endswith(SUFFIXES) and f.is_file())


def packaged() -> dict[str, Traversable]:
    """The example instances shipped in the package: name -> file."""
    out: dict[str, Traversable] = {}
    sources = [resources.files(__package__).joinpath("instances")]
    kinds = resources.files("satgrid.puzzles")
    sources += [d.joinpath("examples") for d in sorted(kinds.iterdir(), key=lambda d: d.name)
                if d.is_dir()]
    for src in sources:
        for name, f in _files_of(src):
            out.setdefault(name, f)
    return out


def folder(path: str) -> dict[str, Traversable]:
    """The instance files of the folder ``path``: name -> file."""
    return dict(_files_of(Path(path)))


def check_folder(path: str | None) -> None:
    """Refuse (:class:`UsageError`) a folder of instances that does not
    exist or holds no ``.toml``/``.txt`` file; None (the packaged examples) passes."""
    if path is None:
        return
    if not os.path.isdir(path):
        raise UsageError(f"--instances: {path}: no such folder")
    if not folder(path):
        raise UsageError(f"--instances: {path}: no instance files in it (expected .toml or .txt files)")


def offered(path: str | None) -> dict[str, Traversable]:
    """The files offered: those of ``path``, or the packaged examples when None."""
    return packaged() if path is None else folder(path)


def read(file: Traversable, name: str) -> str:
    """The text of one offered file (a binary or empty one: an InstanceError naming it)."""
    return decode_text(file.read_bytes(), name)
