"""``satgrid verify DIR`` of a split count (``count --split K --certify DIR``):
``DIR/split.json`` over one certificate folder per cube.

``split.json`` is the index the cluster writes (:mod:`satgrid.cluster.split`):
the split variables, and per cube its literals, its count and its folder. The
verifier takes nothing from it on trust; the count it reports is the sum it
computes of what the cube folders prove:

1. ``split.json`` is a regular file under the JSON ceilings
   (:mod:`satgrid.certify.safefile`); ``split`` names K distinct positive
   variables (K at most :data:`MAX_SPLIT`), ``cubes`` has exactly ``2**K``
   entries, each naming a distinct plain folder of ``DIR``;
2. every cube folder verifies on its own
   (:func:`satgrid.certify.verify.verify_folder`: recompiled instance plus
   the cube's unit clauses, solutions, cuts, DRAT proof) and claims a
   ``count``; the cube's count is the number of solutions it proves (its
   blocking clauses), never a manifest's or ``split.json``'s ``count`` field;
3. the cube is read from the folder: its manifest's ``cube``, which must be
   the last unit clauses of the folder's compiled formula; its variables
   are exactly the split variables, each once, and it is ``split.json``'s
   cube for that entry;
4. all cubes are of one problem: the same instance file (bytes), kind and
   compile options; the same base formula (the compiled clauses without the
   cube's units) and variable count; the same connectivity graphs; the same
   projection (the variables of the blocking clauses), which holds every
   split variable;
5. no sign pattern twice: with ``2**K`` entries this makes the cubes every
   pattern once, so every projected solution of the base formula is in
   exactly one cube and the sum is the count;
6. each ``split.json`` entry's count, and its total, equal what was proved.

The first failure is reported in one line naming the cube folder or
``split.json`` and what does not hold.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import time
from pathlib import Path

from ..errors import InputError
from .recompile import VerifyFailed
from .safefile import MAX_INSTANCE_BYTES, read_json, read_regular
from .verify import read_cnf, verify_folder

__all__ = ["MAX_SPLIT", "verify_split"]

#: the largest K of a split count (2**K cubes); the cluster refuses more too
MAX_SPLIT = 20


def _fail(msg: str):
    raise VerifyFailed(msg)


def _plain_int(x) -> bool:
    return type(x) is int


def _read_index(root: Path) -> tuple[list[int], list[dict], object]:
    """split.json's split variables, cube entries and claimed total, checked for form."""
    try:
        man = read_json(root / "split.json")
    except InputError as e:
        _fail(f"split.json: {e.message}")
    if not isinstance(man, dict):
        _fail("split.json: expected a JSON object")
    split, entries = man.get("split"), man.get("cubes")
    if not isinstance(split, list) or not all(_plain_int(v) and v > 0 for v in split):
        _fail("split.json: 'split' must be a list of variables (positive integers)")
    if len(set(split)) != len(split):
        _fail(f"split.json: the split variables {split} repeat one")
    if len(split) > MAX_SPLIT:
        _fail(f"split.json: {len(split)} split variables, more than the {MAX_SPLIT} a split "
              "count uses")
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        _fail("split.json: 'cubes' must be a list of objects")
    if len(entries) != 2 ** len(split):
        _fail(f"split.json: {len(entries)} cubes, expected {2 ** len(split)} (every sign "
              f"pattern of the {len(split)} split variables once)")
    seen = {}
    for i, e in enumerate(entries):
        name = e.get("folder")
        if not isinstance(name, str) or Path(name).name != name or name in ("", ".", ".."):
            _fail(f"split.json: cube entry {i}: 'folder' must be a plain folder name in "
                  f"{root}")
        if name in seen:
            _fail(f"split.json: cube entries {seen[name]} and {i} name one folder, {name}")
        seen[name] = i
        cube = e.get("cube")
        if not isinstance(cube, list) or not all(_plain_int(l) for l in cube) \
                or not _plain_int(e.get("count")):
            _fail(f"split.json: cube entry {i} ({name}): expected 'cube' (a list of literals) "
                  "and 'count' (an integer)")
    if not _plain_int(man.get("count")):
        _fail(f"split.json: 'count' must be an integer, found {man.get('count')!r}"[:200])
    return split, entries, man["count"]


def _digest(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, separators=(",", ":"))
                          .encode()).hexdigest()


class _Cube:
    """What one verified cube folder proves, read from its files."""

    def __init__(self, sub: Path):
        try:
            self._read(sub)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            _fail(f"{sub.name}: the certificate is malformed: {type(e).__name__}: {e}")

    def _read(self, sub: Path) -> None:
        name = sub.name
        try:
            man = read_json(sub / "manifest.json")
            files = man["files"]
            cnf = read_cnf(sub / files["formula"]["name"], follow=False)
            cuts = read_json(sub / files["cuts"]["name"])
            instance = None
            if "instance" in files:
                instance = hashlib.sha256(read_regular(sub / files["instance"]["name"],
                                                       MAX_INSTANCE_BYTES)).hexdigest()
        except InputError as e:
            _fail(f"{name}: {e.message}")
        if man.get("claim") != "count":
            _fail(f"{name}: its certificate claims {man.get('claim')!r}, not a count")
        cube = man.get("cube")
        if not isinstance(cube, list) or not all(_plain_int(l) and l != 0 for l in cube):
            _fail(f"{name}: manifest.json names no cube (a list of literals)")
        (_, a2), _, (b1, b2) = (man["clauses"][k] for k in ("compiled", "cuts", "blocking"))
        compiled = cnf.clauses[:a2]
        k = len(cube)
        if a2 < k or compiled[a2 - k:] != [[l] for l in cube]:
            _fail(f"{name}: its compiled formula does not end with the cube {cube} as unit "
                  "clauses")
        blocking = cnf.clauses[b1 - 1:b2]
        projections = {frozenset(map(abs, c)) for c in blocking}
        if len(projections) > 1:
            _fail(f"{name}: its blocking clauses are over different variables")
        self.name = name
        self.cube = list(cube)
        self.count = len(blocking)     # the solutions the folder proves: one blocking clause each
        self.projection = next(iter(projections), None)
        self.base = _digest([cnf.nvars, compiled[:a2 - k]])
        self.graphs = _digest(cuts.get("constraints") if isinstance(cuts, dict) else None)
        self.problem = _digest([instance, man.get("kind"), man.get("compile")])
        self.instance = instance
        self.label = (f"{man.get('kind')} puzzle {man.get('instance_file')}"
                      if instance is not None else "formula certificates, no instance")


def verify_split(folder) -> str:
    """Check a split count's certificate folder (the module docs); return a
    summary line with the count this check computed.

    Raises:
        VerifyFailed: the first thing that does not hold (exit status 1).
        InputError: ``folder`` is not a folder.
    """
    t0 = time.perf_counter()
    root = Path(folder)
    if not root.is_dir():
        raise InputError("expected a certificate folder", str(root))
    split, entries, claimed = _read_index(root)
    want = sorted(split)
    first: _Cube | None = None
    patterns: dict[tuple, str] = {}
    positive = None
    total = 0
    for e in entries:
        name = e["folder"]
        sub = root / name
        try:
            mode = os.lstat(sub).st_mode
        except OSError:
            _fail(f"{name}: missing (split.json lists it)")
        if not stat.S_ISDIR(mode):
            _fail(f"{name}: expected a cube's certificate folder, found "
                  f"{'a symbolic link' if stat.S_ISLNK(mode) else 'a file'}")
        try:
            verify_folder(sub)
        except (VerifyFailed, InputError) as err:
            _fail(f"{name}: {err.message if isinstance(err, InputError) else err}")
        c = _Cube(sub)
        if sorted(map(abs, c.cube)) != want:
            _fail(f"{name}: its cube {c.cube} is not a sign pattern of the split variables "
                  f"{split} (from another split?)")
        if sorted(e["cube"]) != sorted(c.cube):
            _fail(f"split.json: the entry of {name} says cube {e['cube']}, the folder holds "
                  f"cube {c.cube}")
        if first is None:
            first = c
        elif c.problem != first.problem:
            what = "instance file" if c.instance != first.instance else "kind or compile options"
            _fail(f"{name}: its {what} differs from {first.name}'s (a cube of another puzzle?)")
        elif c.base != first.base:
            _fail(f"{name}: its base formula (the compiled clauses without the cube) differs "
                  f"from {first.name}'s")
        elif c.graphs != first.graphs:
            _fail(f"{name}: its connectivity graphs (cuts.json) differ from {first.name}'s")
        if c.projection is not None:
            if positive is None:
                positive = c
            elif c.projection != positive.projection:
                _fail(f"{name}: its solutions are projected on other variables than "
                      f"{positive.name}'s")
            missing = sorted(set(split) - c.projection)
            if missing:
                _fail(f"{name}: split variables {missing} are not projection variables, so "
                      "the cubes need not be disjoint")
        key = tuple(sorted(c.cube))
        if key in patterns:
            _fail(f"{name}: cube {c.cube} repeats {patterns[key]}'s (cubes must not overlap)")
        patterns[key] = name
        if e["count"] != c.count:
            _fail(f"split.json: {name} counts {e['count']}, but its certificate proves "
                  f"{c.count} solution(s)")
        total += c.count
    if claimed != total:
        _fail(f"split.json: count {claimed}, but the certified cubes add up to {total}")
    return (f"verified: exactly {total} solution(s), the sum of {len(entries)} certified "
            f"cubes over {len(split)} split variables (every sign pattern once; one base "
            f"formula; {first.label if first else 'no cube'}; "
            f"{time.perf_counter() - t0:.2f} s)")
