"""The connectivity modes decided in one place (satgrid/modelling/connectivity/modes.py).

One default for the Model, the pipeline's options and the command line; a
mode a constraint cannot use refused with the same message wherever it is
asked for; the propagator's solvers read from the capability table.
"""

from __future__ import annotations

import argparse
import warnings

import networkx as nx
import pytest

from satgrid.core import session as session_mod
from satgrid.core import solvers
from satgrid.apps.commands import options_from_args
from satgrid.modelling.connectivity import DEFAULT_MODE, MODES, modes, resolve_mode
from satgrid.modelling.connectivity import propagator as prop
from satgrid.errors import EncodingError, SolverError
from satgrid.core.formula import Formula
from satgrid.modelling.model import Model
from satgrid.pipeline.run import Options
from satgrid.core.session import Session


# ---------------------------------------------------------------- one default
def test_one_default_everywhere():
    assert DEFAULT_MODE == "auto" and DEFAULT_MODE in MODES
    assert Model().connectivity == DEFAULT_MODE
    assert Options().connectivity == DEFAULT_MODE
    assert resolve_mode(None, None) == DEFAULT_MODE          # the option: auto stays auto
    assert resolve_mode(None) == modes.AUTO == "lazy"        # a constraint: the mode it picks


# ------------------------------------------------------------ auto and its choice
def _connected(model, **kw):
    g = nx.path_graph(3)
    on = {v: model.bool(f"x{v}") for v in g}
    model.connected(on, g, **kw)
    return model.lazy[0] if model.lazy else None


def test_auto_picks_the_rules_choice_and_an_explicit_mode_wins():
    c = _connected(Model(), auto="propagate")
    assert type(c) is prop.PropagatedConnectivity and not c.warn
    assert type(_connected(Model())) is not prop.PropagatedConnectivity        # auto: lazy cuts
    for mode in ("lazy", None):                  # Model(connectivity="lazy") or mode="lazy"
        m = Model(connectivity="lazy")
        c = _connected(m, mode=mode, auto="propagate")
        assert type(c) is not prop.PropagatedConnectivity
    c = _connected(Model(), mode="propagate")
    assert type(c) is prop.PropagatedConnectivity and c.warn
    m = Model()
    assert _connected(m, mode="auto", auto="eager") is None
    assert list(m.formula.encodings.values()) == ["eager reachability layers"]


def test_auto_propagator_falls_back_silently_but_an_asked_one_warns():
    assert resolve_mode(None, "connected", "glucose4", auto="propagate") == "lazy"
    assert resolve_mode(None, "connected", "cadical195", auto="propagate") == "propagate"
    with pytest.raises(SolverError, match="no user-propagator"):
        resolve_mode("propagate", None, "glucose4")
    m = Model()
    _connected(m, auto="propagate")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        m.session("glucose4")
    assert m.count() == (7, True)                # every subset of the path but {0, 2}
    m = Model()
    _connected(m, mode="propagate")
    with pytest.warns(prop.PropagatorFallback):
        m.session("glucose4")


def test_auto_cannot_pick_a_mode_the_constraint_lacks():
    with pytest.raises(EncodingError, match="not available for regions"):
        resolve_mode(None, "regions", auto="propagate")


def test_a_command_without_connectivity_takes_the_default_not_eager():
    # 'dimacs' and 'decode' have no --connectivity: the fallback was "eager"
    assert options_from_args(argparse.Namespace()).connectivity == DEFAULT_MODE


def test_a_model_default_is_used_when_a_constraint_asks_for_none():
    assert resolve_mode(None, "connected", default="eager") == "eager"
    assert resolve_mode("lazy", "connected", default="eager") == "lazy"


# ------------------------------------------------------------------- refusals
@pytest.mark.parametrize("where", ["Model", "connected", "regions", "path"])
def test_an_unknown_mode_is_refused_with_one_message(where):
    with pytest.raises(EncodingError) as err:
        if where == "Model":
            Model(connectivity="propagated")
        else:
            m = Model()
            g = nx.path_graph(3)
            on = {v: m.bool(f"x{v}") for v in g}
            if where == "connected":
                m.connected(on, g, mode="propagated")
            elif where == "regions":
                m.regions(list(g), g, {0: None}, connectivity="propagated")
            else:
                e = {(u, v): m.bool(f"e{u}{v}") for u, v in g.edges}
                m.path(e, 0, 2, connectivity="propagated")
    assert str(err.value) == ("connectivity must be one of auto, lazy, eager, propagate, "
                              "not 'propagated'")


def _regions_model(model_mode, region_mode, partition):
    m = Model(connectivity=model_mode)
    g = nx.grid_2d_graph(2, 2)
    if partition:
        m.regions(list(g), g, connectivity=region_mode)
    else:
        m.regions(list(g), g, {(0, 0): 2, (1, 1): 2}, connectivity=region_mode)
    return m


@pytest.mark.parametrize("partition", [False, True])
@pytest.mark.parametrize("model_mode, region_mode", [("propagate", None), ("lazy", "propagate")])
def test_regions_refuse_propagate_instead_of_turning_it_into_lazy(model_mode, region_mode,
                                                                  partition):
    with pytest.raises(EncodingError) as err:
        _regions_model(model_mode, region_mode, partition)
    assert str(err.value) == resolve_refusal("propagate", "regions")


def resolve_refusal(mode, constraint):
    try:
        resolve_mode(mode, constraint)
    except EncodingError as e:
        return str(e)
    raise AssertionError("not refused")


def test_the_refusal_names_what_the_constraint_can_use():
    assert resolve_refusal("propagate", "regions") == (
        "connectivity 'propagate' is not available for regions; use auto, lazy or eager")
    for c, usable in modes.CONSTRAINT_MODES.items():
        for mode in usable:
            assert resolve_mode(mode, c) == (modes.AUTO if mode == "auto" else mode)


def test_propagate_without_the_interface_is_refused_with_one_message(capsys):
    name = "glucose4"
    assert not solvers.CAPABILITIES[name].propagator
    with pytest.raises(SolverError) as err:
        resolve_mode("propagate", "connected", "g4")        # an alias: the canonical name
    text = str(err.value)
    assert text == modes.no_propagator(name) and "solver glucose4 has no user-propagator" in text
    # the command line: the same line
    from satgrid.apps.cli import main
    path = str(session_mod.__file__).rsplit("/satgrid/", 1)[0] + "/instances/lits-wikipedia.toml"
    assert main(["solve", "--connectivity", "propagate", "--solver", name, path]) == 2
    assert capsys.readouterr().err.strip().endswith(text)
    # a Session asked to be strict: the same words, for the named constraint
    f = Formula()
    g = nx.path_graph(3)
    lits = {v: f.var(f"x{v}") for v in g}
    with Session(f, "minisat22") as s, pytest.raises(SolverError) as err:
        s.add_lazy(prop.PropagatedConnectivity(lits, g, strict=True, name="c"))
    assert str(err.value) == modes.no_propagator("minisat22", "connectivity 'c'")


# ---------------------------------------------------- the capability column
def test_the_propagator_solvers_are_the_capability_column():
    column = tuple(k for k, c in solvers.CAPABILITIES.items() if c.propagator)
    assert column == solvers.PROPAGATOR_SOLVERS == ("cadical195",)
    assert prop.PROPAGATOR_SOLVERS is solvers.PROPAGATOR_SOLVERS
    assert solvers.CAPABILITIES["cadical195"].as_dict()["propagator"] is True
    assert solvers.CAPABILITIES["minisat22"].as_dict()["propagator"] is False


@pytest.mark.parametrize("name", solvers.PROPAGATOR_SOLVERS)
def test_every_solver_of_the_column_runs_the_propagator(name, monkeypatch):
    kw = dict(prop.PropagatedConnectivity.__init__.__kwdefaults__, attach_after=0)
    monkeypatch.setattr(prop.PropagatedConnectivity.__init__, "__kwdefaults__", kw)
    m = Model()
    g = nx.grid_2d_graph(3, 3)
    on = {v: m.bool(f"x{v}") for v in sorted(g)}
    m.connected(on, g, mode=resolve_mode("propagate", "connected", name))
    with warnings.catch_warnings():
        warnings.simplefilter("error")                # no fallback warning
        m.session(name)
        assert m.count() == (219, True)               # OEIS A059525 (218) + the empty set
    assert all(c.engine is not None for c in m.lazy)


# ------------------------------------------------- the declared interface
def test_the_session_calls_only_declared_in_search_checkers():
    calls = []

    class Duck:                                       # has the method, not the interface
        def violated(self, model):
            return []

        def join_engine(self, session):
            calls.append("duck")

    class Declared(session_mod.InSearchChecker):
        def violated(self, model):
            return []

        def join_engine(self, session):
            calls.append((session.solver is not None, session.generation))

    f = Formula()
    f.var("x")
    with Session(f) as s:
        s.add_lazy(Duck())
        s.add_lazy(Declared())
    assert calls == [(True, 0)]


def test_an_interrupted_call_reaches_the_engine_through_the_constraint(monkeypatch):
    kw = dict(prop.PropagatedConnectivity.__init__.__kwdefaults__, attach_after=0)
    monkeypatch.setattr(prop.PropagatedConnectivity.__init__, "__kwdefaults__", kw)
    f = Formula()
    g = nx.path_graph(3)
    lits = {v: f.var(f"x{v}") for v in g}
    lazy_only = prop.PropagatedConnectivity(lits, g)
    lazy_only.search_interrupted()                    # no engine yet: nothing to do
    with Session(f) as s:
        c = prop.PropagatedConnectivity(lits, g)
        s.add_lazy(c)
        assert c.engine is not None and not c.engine._dirty
        c.search_interrupted()
        assert c.engine._dirty                        # forgets the trail at the next callback
        assert s.solve() == "sat"
