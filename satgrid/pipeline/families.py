"""Scalable generated families for benchmark suites, deterministic by seed.

``satgrid family NAME [KEY=VALUE ...] --seed S -o DIR [--dimacs]`` writes
instance files (TOML) and, with ``--dimacs``, the complete DIMACS of each
(connectivity eager, givens as units). The same name, parameters and seed give
the same bytes.

Each family belongs to a kind: its summary and parameters are in the kind's
``kind.json`` (:data:`~satgrid.puzzles.families.SPECS`, read through
:func:`~satgrid.puzzles.families.read_params`; ``satgrid family --list``
and ``satgrid family NAME --help`` print the same records), its generator is
a function of the kind's ``family.py`` (``satgrid/puzzles/<kind>/family.py``),
found through :data:`FAMILIES` and imported when the family is generated. A
kind folder dropped in brings its families with it.
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Iterator, Mapping
from typing import Callable

from ..errors import SatgridError
from ..io.fileio import atomic_write_text
from ..progress import Progress, track
from ..puzzles import FAMILY_MODULES
from ..puzzles.families import SPECS, read_params
from .export import export_dimacs
from .load import loads

#: one generated file: (file name, TOML text)
File = tuple[str, str]
Generator = Callable[[dict, int, random.Random, Progress], list[File]]


class Generators(Mapping):
    """Family name -> function(params, seed, rng, bar) -> [(file name, TOML text)],
    the function of the kind's ``family.py`` its ``kind.json`` names, imported
    on first use: ``params`` as :func:`~satgrid.puzzles.families.read_params`
    returns them for the family's spec (same keys); ``bar`` a
    :class:`~satgrid.progress.Progress` the slow ones advance."""

    def __getitem__(self, name: str) -> Generator:
        package, function = FAMILY_MODULES[name]
        module = importlib.import_module(f"satgrid.puzzles.{package}.family")
        return getattr(module, function)

    def __iter__(self) -> Iterator[str]:
        return iter(FAMILY_MODULES)

    def __len__(self) -> int:
        return len(FAMILY_MODULES)


#: every family's generator, by name (the order of ``satgrid family --list``)
FAMILIES = Generators()


def instances(name: str, params: dict, *, seed: int = 0, only: range | None = None,
              quiet: bool = True) -> list[File]:
    """The family's files as ``(file name, TOML text)``, not written. ``only``:
    just the instances of these indices (a family with ``count=N``; the same
    bytes as in the whole family: ``satgrid.cluster`` splits a family so)."""
    if name not in FAMILIES:
        raise SatgridError(f"unknown family {name!r}; expected one of {', '.join(FAMILIES)}")
    family = FAMILIES[name]
    values = read_params(SPECS[name], {k: str(v) for k, v in params.items()})
    if only is not None:
        values["only"] = only
    rng = random.Random(f"satgrid-{name}-{seed}")
    with Progress(desc=f"family {name}", unit="instance", quiet=quiet) as bar:
        return family(values, seed, rng, bar)


def generate(name: str, params: dict, *, seed: int = 0, out: str = ".",
             dimacs: bool = False, quiet: bool = True) -> list[str]:
    """Write the family's instances (and DIMACS) into folder ``out``; return the paths.

    ``params`` maps parameter names to their text (``{"order": "3"}``);
    ``quiet=False`` shows a progress bar on stderr when it is a terminal.
    """
    files = instances(name, params, seed=seed, quiet=quiet)
    os.makedirs(out, exist_ok=True)
    written = []
    for fname, body in track(files, desc="writing", unit="file", quiet=quiet or len(files) < 2):
        written += write_instance(out, fname, body, name, seed, dimacs)
    return written


def write_instance(out: str, fname: str, body: str, name: str, seed: int,
                   dimacs: bool) -> list[str]:
    """Write one generated instance into folder ``out`` (atomically), and its
    DIMACS beside it when ``dimacs``; return the paths written."""
    path = os.path.join(out, fname)
    atomic_write_text(path, body)
    if not dimacs:
        return [path]
    cnf = path[:-5] + ".cnf"
    export_dimacs(loads(body, path), cnf,
                  command_line=f"satgrid family {name} --seed {seed} ({fname})")
    return [path, cnf]
