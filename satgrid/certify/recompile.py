"""Recompiling a puzzle certificate's instance (``satgrid verify``).

A certificate's ``formula.cnf``, ``cuts.json`` and manifest are the
certifier's word; only the instance file and satgrid's own solver-independent
code are trusted. So verify parses ``instance.*`` with the kind's reader,
compiles it with the options the manifest records (``compile``: ``amo``,
``card``, ``pb``, ``connectivity``; givens as unit clauses, as every certified
run compiles them; a cube folder's ``cube`` appended as unit clauses, as
``count --split --certify`` does), and requires:

* the compiled range of ``formula.cnf`` to be the recompiled formula, clause
  for clause in order, with the same number of variables and the same
  ``c varname`` names;
* the projection of ``solutions.json`` to be the recompiled Model's;
* the connectivity graphs of ``cuts.json`` (nodes, literals, edges) to be the
  recompiled Model's (the cuts are then checked against those graphs);
* each solution's decoded form (what the referee reads) to be the decoding of
  its model by the recompiled puzzle (:func:`decoded_of`).

Compiling is solver-independent (the kinds' ``build``, the Model, the
encodings); no solver, Session or proof code runs here. Every refusal is a
:class:`~satgrid.certify.verify.VerifyFailed` line naming what differs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..errors import LimitError, SatgridError
from ..modelling.model import Model
from ..pipeline.load import loads
from ..pipeline.run import Options, compile_puzzle
from ..puzzles import Puzzle
from ..modelling.values import Solution
from .folder import constraints_json

__all__ = ["VerifyFailed", "Recompiled", "recompile", "compare_formula", "decoded_of", "COMPILE_KEYS"]

#: the manifest's ``compile`` entry: what a recompile needs besides the instance
COMPILE_KEYS = ("amo", "card", "pb", "connectivity")


class VerifyFailed(SatgridError):
    """The certificate does not hold (exit status 1); the message names what fails.
    (Defined here, the lowest module that refuses; :mod:`satgrid.certify.verify`
    exports it.)"""

    exit_status = 1


def _fail(msg: str):
    raise VerifyFailed(msg)


@dataclass
class Recompiled:
    """The instance's puzzle, compiled as the manifest says."""

    puzzle: Puzzle
    model: Model
    clauses: list[list[int]]
    cube: list[int]
    options: dict


def _options(man: dict) -> dict:
    opts = man.get("compile")
    if not isinstance(opts, dict):
        _fail("manifest.json: no 'compile' options recorded (amo, card, pb, connectivity): "
              "the instance cannot be recompiled, so the formula cannot be checked against it")
    extra = sorted(set(opts) - set(COMPILE_KEYS))
    if extra or any(not isinstance(opts.get(k), str) for k in COMPILE_KEYS):
        _fail(f"manifest.json: 'compile' must name exactly {', '.join(COMPILE_KEYS)} (strings); "
              f"found {json.dumps(opts, sort_keys=True)[:200]}")
    return {k: opts[k] for k in COMPILE_KEYS}


def recompile(man: dict, name: str, text: str, kind) -> Recompiled:
    """Parse the instance ``text`` (file ``name``) and compile it as the
    manifest ``man`` records; refused in one line when anything does not fit.

    Raises:
        LimitError: the instance's formula is over the default clause ceiling
            (exit 3; a recompile is bounded as every compile is).
    """
    opts = _options(man)
    try:
        puzzles = loads(text, file=name)
    except SatgridError as e:
        _fail(f"{name}: the instance does not load: {e}")
    if len(puzzles) != 1:
        _fail(f"{name}: expected one puzzle, the file holds {len(puzzles)}")
    p = puzzles[0]
    if p.kind != kind:
        _fail(f"{name}: the instance is a {p.kind} puzzle, the manifest says {kind!r}")
    try:
        m = compile_puzzle(p, Options(**opts))
    except LimitError:
        raise
    except SatgridError as e:
        _fail(f"manifest.json: the instance does not compile with the recorded options "
              f"{_show(opts)}: {e}")
    cube = man.get("cube", [])
    nvars = m.formula.nvars
    if not isinstance(cube, list) or any(type(l) is not int or l == 0 or abs(l) > nvars
                                         for l in cube):
        _fail(f"manifest.json: 'cube' must be a list of literals of the formula's {nvars} "
              "variables")
    clauses = m.formula.clauses + [[l] for l in cube]
    return Recompiled(p, m, clauses, list(cube), opts)


def _show(opts: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in opts.items())


def _unquote(name: str) -> str:
    """A ``c varname`` name as the DIMACS writer quotes it (JSON when not plain)."""
    if name.startswith('"'):
        try:
            out = json.loads(name)
        except ValueError:
            return name
        return out if isinstance(out, str) else name
    return name


def compare_formula(rec: Recompiled, cnf, last: int, projection, constraints) -> None:
    """The certificate's word against the recompile: ``cnf`` (the verifier's
    parsed ``formula.cnf``) clauses ``1..last``, its variables and names, the
    ``projection`` and the connectivity ``constraints`` of ``cuts.json``."""
    f = rec.model.formula
    how = f"the instance recompiled with {_show(rec.options)}" + \
        (f" and the cube {rec.cube}" if rec.cube else "")
    if cnf.nvars != f.nvars:
        _fail(f"formula.cnf: {cnf.nvars} variables, but {how} has {f.nvars}")
    want = rec.clauses
    got = cnf.clauses[:last]
    if got != want:
        for i, (g, w) in enumerate(zip(got, want)):
            if g != w:
                _fail(f"formula.cnf line {cnf.lines[i]}: compiled clause {i + 1} is "
                      f"{' '.join(map(str, g))} 0, but {how} gives {' '.join(map(str, w))} 0")
        _fail(f"formula.cnf: {len(got)} compiled clauses, but {how} has {len(want)}")
    names = {v: str(n) for v, n in f.names()}
    if len(names) != len(cnf.names) or any(_unquote(cnf.names.get(v, "")) != n
                                            for v, n in names.items()):
        for v in sorted(set(names) | set(cnf.names)):
            got_name = _unquote(cnf.names[v]) if v in cnf.names else None
            if got_name != names.get(v):
                _fail(f"formula.cnf: variable {v} is named {got_name!r}, but {how} names it "
                      f"{names.get(v)!r}")
    if list(projection) != list(rec.model.over):
        _fail(f"solutions.json: the projection is not the recompiled instance's "
              f"({len(projection)} variables against {len(rec.model.over)})")
    want_cons = json.loads(json.dumps(constraints_json(rec.model.connections)))
    if constraints != want_cons:
        if not isinstance(constraints, list) or len(constraints) != len(want_cons):
            _fail(f"cuts.json: {len(constraints) if isinstance(constraints, list) else 'no'} "
                  f"connectivity constraints, but {how} has {len(want_cons)}")
        for k, (g, w) in enumerate(zip(constraints, want_cons)):
            if g != w:
                part = next((x for x in ("name", "nodes", "literals", "edges")
                             if not isinstance(g, dict) or g.get(x) != w[x]), "form")
                _fail(f"cuts.json: constraint {k}: its {part} are not those of the graph "
                      f"{how} defines")


def decoded_of(rec: Recompiled, true: set[int]) -> dict:
    """The decoded solution (what the referee reads) of the model whose true
    variables are ``true``, by the recompiled puzzle's own decoding, as JSON
    would carry it."""
    try:
        dense = [v if v in true else -v for v in range(1, rec.model.formula.nvars + 1)]
        dec = rec.puzzle.decode(Solution(dense))
    except Exception as e:  # noqa: BLE001 -- a model the decoder cannot read is a failure
        _fail(f"the recompiled puzzle cannot decode it ({type(e).__name__}: {e})")
    dec = {k: v for k, v in dec.items() if k != "answer"}
    return json.loads(json.dumps(dec))
