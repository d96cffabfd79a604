"""One suite instance: generated, compiled, written as ``.cnf.xz``, hashed,
solved by the reference solver, and its status proved.

An instance is a family's puzzle at fixed parameters and seed, in one of two
variants:

* ``sat`` -- the puzzle itself (connectivity encoded eagerly, givens as
  units): satisfiable when the family plants a solution;
* ``uniq`` -- the puzzle plus one clause that excludes the solution the
  reference solver found (on the puzzle's projection): unsatisfiable exactly
  when that solution is the only one, so a unique puzzle gives an UNSAT
  instance whose proof is a uniqueness proof, and a puzzle with several
  solutions gives a second SAT instance.

The status is never taken on trust: a model must satisfy the formula and
decode to a puzzle the kind's referee accepts; an UNSAT answer is ``unsat``
with ``proof = checked`` only when dratify accepts the reference solver's
DRAT proof within the proof budget (else ``proof = unchecked``). The file's
bytes depend only on the family, parameters, seed, variant, encodings and,
for ``uniq``, the solution excluded, so the same plan writes the same files.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from ..errors import SatgridError
from ..io.dimacs.gbd import gbd_hash
from ..modelling.values import Solution
from ..pipeline.export import satisfies
from ..pipeline.families import instances
from ..pipeline.load import loads
from ..pipeline.run import CheckFailed, Options, add_solution, compile_puzzle, new_result
from .reference import Answer, ReferenceSolver, check_proof

__all__ = ["Instance", "Plan", "build_instance", "param_text", "plan_of", "seed_unit",
           "VARIANTS"]

#: the variants of a seed, in the order they are built
VARIANTS = ("sat", "uniq")


@dataclass(frozen=True)
class Plan:
    """What fixes a suite instance's bytes: family, parameters, seed, variant, encodings."""

    family: str
    params: tuple[tuple[str, object], ...]
    seed: int
    variant: str = "sat"                    # "sat" or "uniq"
    amo: str | None = None
    card: str | None = None
    pb: str | None = None

    def options(self) -> Options:
        return Options(amo=self.amo, card=self.card, pb=self.pb, connectivity="eager")

    def name(self) -> str:
        tail = "-uniq" if self.variant == "uniq" else ""
        return f"{self.family}-{param_text(dict(self.params), '-')}-s{self.seed}{tail}"

    def file(self) -> str:
        """The instance's file, relative to the suite folder."""
        return os.path.join(self.family, self.name() + ".cnf.xz")


@dataclass
class Instance:
    """A written instance and what is known of it."""

    plan: Plan
    file: str                       # relative to the suite folder
    kind: str
    gbd: str
    variables: int
    clauses: int
    encodings: dict
    status: str = "unknown"        # sat / unsat / unknown (as proved)
    proof: str = ""                # checked / unchecked / rejected (unsat only)
    seconds: float | None = None
    conflicts: int | None = None
    model: list[int] = field(default_factory=list, repr=False)


def plan_of(d: dict) -> Plan:
    """The :class:`Plan` of its ``dataclasses.asdict`` (as JSON gives it back)."""
    return Plan(d["family"], tuple((k, v) for k, v in d["params"]), d["seed"], d["variant"],
                d["amo"], d["card"], d["pb"])


def param_text(params: dict, sep: str = " ") -> str:
    """``n=8 fill=50`` (or joined by ``sep``): the parameters in their order."""
    return sep.join(f"{k}={v}" for k, v in params.items() if k != "count")


def _puzzle(plan: Plan):
    params = dict(plan.params)
    files = instances(plan.family, params, seed=plan.seed)
    if not files:
        raise SatgridError(f"family {plan.family} made no instance for {param_text(params)}")
    fname, text = files[0]
    return loads(text, fname)[0]


def build_instance(plan: Plan, out: str, ref: ReferenceSolver, seconds: float, *,
                   exclude: list[int] | None = None, proof_seconds: float = 0.0,
                   command_line: str = "") -> Instance:
    """Write ``plan``'s instance into the suite folder ``out``, solve it with
    ``ref`` within ``seconds`` and prove its status. ``exclude``: for the
    ``uniq`` variant, the model (of the ``sat`` variant) whose projection is
    excluded."""
    p = _puzzle(plan)
    m = compile_puzzle(p, plan.options())
    if plan.variant == "uniq":
        if not exclude:
            raise SatgridError(f"{plan.name()}: the uniq variant needs a solution to exclude")
        true = set(exclude)
        over = m.projection or [v for v, _ in m.formula.names()]
        m.clause([-v if v in true else v for v in over], "suite.another")
    rel = plan.file()
    path = os.path.join(out, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    m.write_dimacs(path, command_line=command_line or None, kind=p.kind)
    inst = Instance(plan, rel, p.kind, gbd_hash(path), m.formula.nvars, m.formula.nclauses,
                    dict(m.formula.encodings))
    proof_dir = os.path.dirname(path) if proof_seconds > 0 and ref.name == "cadical" else None
    ans: Answer = ref.solve(path, seconds, proof_dir=proof_dir)
    inst.seconds, inst.conflicts = round(ans.seconds, 3), ans.conflicts
    if ans.status == "sat":
        _check_model(p, m, ans.model, path)
        inst.status, inst.model = "sat", ans.model
    elif ans.status == "unsat":
        inst.status = "unsat"
        inst.proof = check_proof(path, ans.proof, proof_seconds) if ans.proof else "unchecked"
        if ans.proof:
            os.unlink(ans.proof)
        if inst.proof == "rejected":
            raise SatgridError(f"{rel}: dratify rejects the reference solver's proof")
    return inst


def _check_model(p, m, model: list[int], path: str) -> None:
    """A SAT answer is a model of the formula that decodes to a puzzle the referee accepts."""
    f = m.formula
    full = {abs(l): l for l in model}
    lits = [full.get(v, -v) for v in range(1, f.nvars + 1)]
    try:
        satisfies(f, lits)
        add_solution(new_result(p, "sat"), p, Solution(lits))
    except (CheckFailed, SatgridError) as e:
        raise SatgridError(f"{path}: the reference solver's model is wrong: {e}") from None


def seed_unit(fam: str, params: dict, enc: dict, seed: int, out: str, ref_name: str,
              seconds: float, proof_seconds: float,
              keep: tuple[str, ...] = VARIANTS) -> list[Instance]:
    """One seed of a family: its ``sat`` instance and, when solved, its
    ``uniq`` instance (the unit of work, serial, in a child process or on a
    Dask worker). Only the variants in ``keep`` stay in ``out``: a ``uniq``
    kept alone still needs the ``sat`` answer it excludes, whose file is
    then removed."""
    ref = ReferenceSolver(ref_name)
    base = Plan(fam, tuple(params.items()), seed, **enc)
    first = build_instance(base, out, ref, seconds, proof_seconds=proof_seconds,
                           command_line=f"satgrid suite --replay suite.json ({base.name()})")
    done = [first]
    if first.status == "sat" and "uniq" in keep:
        uniq = Plan(fam, base.params, seed, "uniq", **enc)
        done.append(build_instance(uniq, out, ref, seconds, exclude=first.model,
                                   proof_seconds=proof_seconds,
                                   command_line=f"satgrid suite --replay suite.json ({uniq.name()})"))
    if "sat" not in keep:
        os.unlink(os.path.join(out, first.file))
        done.remove(first)
    return done
