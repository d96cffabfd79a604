"""Start-up: a command imports only what its work needs (issue 21, part 1).

Each check runs a fresh Python process (what a process imports is only
visible from a clean start) and reads its ``sys.modules`` at exit:

- a classic Sudoku ``solve --unique`` answers right and imports no other
  kind, no graph library, no progress bar, no certificate code, no DIMACS
  reader or writer, no generator, no workbench, no ``importlib.metadata``,
  no ``dataclasses`` and no ``html``;
- the program (``python -m satgrid``, the ``satgrid`` script) runs the
  command line and freezes the collector's objects before the process ends;
  importing ``satgrid.__main__`` runs nothing;
- a one-puzzle solve of a connectivity kind (cycles, regions, Numberlink's
  pruning, bridges, areas) imports no networkx and no certificate code, and
  a Slitherlink's (its Model records a ``Connection``) no ``dataclasses``;
- a puzz.link URL solve imports its own kind and formats alone and no TOML
  reader, a pzprv3 file is told by its own kind's formats alone, and the
  parser built for one command makes that command's parser alone;
- ``import satgrid.apps.cli`` and ``--help`` import no solver stack;
- every instance file in ``instances/`` still loads through the lazy
  registry, and a TOML file imports its own kind alone;
- the kinds' declarations (each folder's ``kind.json``, read by
  ``satgrid/puzzles/__init__.py``) agree with what the kinds register: the same kinds, the same text formats in the same order,
  each format's cheap ``maybe`` test true whenever its ``sniff`` is, and the
  format found for a text the same as with every kind imported up front;
- every stand-in of ``satgrid/lazy.py`` and every kind module names an
  existing module at or below its importer in docs/ARCHITECTURE.md's owner
  table (the rule ``tests/test_layout.py`` applies to import statements), or
  an existing standard library module (``tomllib``, the codecs).

No times are asserted here: ``bench/bench_startup.py`` measures them.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from test_layout import MODULES, owner_rows, rank

ROOT = Path(__file__).resolve().parents[1]
INST = ROOT / "instances"


def run_python(code: str, *args: str) -> dict:
    """Run ``code`` in a fresh interpreter (cwd: the repository); it must
    print one JSON object on its last line, which is returned."""
    p = subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-3000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


#: run the command line in this process, then report its output, exit status
#: and every module imported
CLI = """
import contextlib, gc, io, json, sys
from satgrid.apps.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        code = main(sys.argv[1:])
    except SystemExit as e:      # --help
        code = e.code
print(json.dumps({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules),
                  "gc": gc.isenabled()}))
"""


#: what a Sudoku solve must not import (module prefixes; "x." means the package x and below)
NOT_FOR_SUDOKU = ("networkx", "tqdm", "importlib.metadata", "pysat.pb", "pypblib",
                  "satgrid.certify", "satgrid.io.dimacs.read", "satgrid.io.dimacs.scan",
                  "satgrid.io.dimacs.write", "satgrid.pipeline.families", "satgrid.apps.web",
                  "satgrid.apps.certify_commands", "satgrid.cluster", "satgrid.atlas",
                  "satgrid.modelling.regions", "satgrid.modelling.shapes", "satgrid.modelling.paths",
                  # the package and its modes (the one default) load; the graph code not
                  "satgrid.modelling.connectivity.cuts", "satgrid.modelling.connectivity.eager",
                  "satgrid.modelling.connectivity.propagator", "satgrid.modelling.connectivity.reach",
                  "dask", "distributed",
                  # records are satgrid.util's FrozenRecord/SlotRecord or plain classes (the
                  # dataclasses import is ~6 ms); SVG text is escaped by puzzles.render
                  "dataclasses", "inspect", "html")


def test_a_sudoku_solve_imports_only_its_work():
    r = run_python(CLI, "solve", "instances/sudoku-classic.toml", "--unique")
    assert r["code"] == 0
    assert "unique: yes" in r["out"]
    mods = r["modules"]
    bad = [m for m in mods if any(m == p or m.startswith(p + ".") for p in NOT_FOR_SUDOKU)]
    assert not bad, f"a Sudoku solve imported {bad}"
    kinds = {m.split(".")[2] for m in mods if m.startswith("satgrid.puzzles.")
             and m.count(".") >= 2 and (ROOT / "satgrid/puzzles" / m.split(".")[2]).is_dir()}
    assert kinds == {"sudoku"}, f"kinds imported for a Sudoku: {sorted(kinds)}"
    # what it needs is there: the solver, the kind, its referee
    assert {"pysat.solvers", "satgrid.puzzles.sudoku.check", "satgrid.core.session"} <= set(mods)


def test_the_program_runs_the_cli_then_freezes_the_collectors_objects():
    """``satgrid.__main__.run`` (``python -m satgrid`` and the ``satgrid`` script)
    returns the command's status and leaves the process's objects frozen, so
    the collections at exit skip them; importing the module runs nothing."""
    r = run_python("""
        import contextlib, gc, io, json, sys
        import satgrid.__main__ as program
        before = gc.get_freeze_count()
        sys.argv = ["satgrid", "solve", "instances/sudoku-4x4.toml", "--unique"]
        with contextlib.redirect_stdout(io.StringIO()) as out:
            code = program.run()
        print(json.dumps({"before": before, "code": code, "out": out.getvalue(),
                          "frozen": gc.get_freeze_count()}))
    """)
    assert r["before"] == 0 and r["code"] == 0 and "unique: yes" in r["out"]
    assert r["frozen"] > 10_000
    import tomllib
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert scripts["project"]["scripts"]["satgrid"] == "satgrid.__main__:run"


#: what a one-puzzle solve of a connectivity kind must not import: the graph
#: library (its graphs are satgrid.modelling.graphs'), the certificate code
#: (a Model records its constraints in modelling.connectivity.constraint)
NOT_FOR_CONNECTIVITY = ("networkx", "satgrid.certify", "satgrid.apps.certify_commands",
                        "satgrid.pipeline.families", "satgrid.apps.web", "dask", "tqdm")


@pytest.mark.parametrize("path, needs", [
    ("instances/slitherlink-janko-24.toml", "satgrid.modelling.paths"),         # a cycle
    ("instances/nurikabe-wikipedia.toml", "satgrid.modelling.regions"),         # regions
    ("instances/numberlink-janko-03.toml", "satgrid.modelling.graphs"),         # biconnected
    ("satgrid/puzzles/hashiwokakero/examples/hashiwokakero-cspuz-6x6.toml",
     "satgrid.rules.bridges"),
    ("satgrid/puzzles/araf/examples/araf-pzprjs-5x5.toml", "satgrid.rules.areas")])
def test_a_connectivity_solve_imports_no_graph_library(path, needs):
    r = run_python(CLI, "solve", path, "--unique")
    assert r["code"] == 0 and "unique: yes" in r["out"], r["out"][-500:]
    mods = r["modules"]
    bad = [m for m in mods if any(m == p or m.startswith(p + ".") for p in NOT_FOR_CONNECTIVITY)]
    assert not bad, f"solving {path} imported {bad}"
    # the connectivity machinery did run (else the check proves nothing)
    assert {needs, "satgrid.modelling.connectivity.cuts"} <= set(mods), path
    if path == NO_RECORD_IMPORTS:
        assert "satgrid.modelling.connectivity.constraint" in mods
        assert not {"dataclasses", "inspect", "html"} & set(mods), path


#: the connectivity solve checked for the Sudoku's record rule too: the Model's
#: Connection is a util.SlotRecord, not a dataclass (~6 ms of imports)
NO_RECORD_IMPORTS = "instances/slitherlink-janko-24.toml"


def test_a_sudoku_text_grid_imports_only_the_sudoku_kind():
    r = run_python(CLI, "solve", "instances/sudoku-classic.txt")
    assert r["code"] == 0 and "sat" in r["out"]
    kinds = {m.split(".")[2] for m in r["modules"] if m.startswith("satgrid.puzzles.")
             and (ROOT / "satgrid/puzzles" / m.split(".")[2]).is_dir()}
    assert kinds == {"sudoku"}, kinds


def kinds_of(modules) -> set[str]:
    """The kind folders (``satgrid/puzzles/<kind>/``) whose modules were imported."""
    return {m.split(".")[2] for m in modules if m.startswith("satgrid.puzzles.")
            and m.count(".") >= 2 and (ROOT / "satgrid/puzzles" / m.split(".")[2]).is_dir()}


@pytest.mark.parametrize("url, kind", [
    ("https://puzz.link/p?tents/12/12/315050414140232421322232750231335c21d842011212h32178",
     "tents"),
    ("https://puzz.link/p?mashu/10/10/000636339i0906069j0100i09k21210000", "masyu"),
    ("https://puzz.link/p?country/6/6/eemdee0cvv603h2l14", "countryroad")])
def test_a_url_solve_imports_its_own_kind_and_no_toml_reader(url, kind):
    """A puzz.link URL (issue 29's one-puzzle solves): its own kind's package
    and formats alone, no TOML reader (read for TOML instances only), no other
    kind's format module, and the commands' options of ``solve`` alone."""
    r = run_python(CLI, "solve", url, "--unique")
    assert r["code"] == 0 and "unique: yes" in r["out"], r["out"][-500:]
    mods = set(r["modules"])
    assert r["gc"], "the collector, paused for the start-up, is running again"
    assert kinds_of(mods) == {kind}
    assert "tomllib" not in mods and not any(m.startswith("tomllib.") for m in mods)
    assert [m for m in mods if m.endswith(".formats")] == [f"satgrid.puzzles.{kind}.formats"]


def test_a_toml_solve_still_reads_toml():
    """The TOML reader is imported when a TOML instance is read (else the
    check above proves nothing about where it is imported)."""
    r = run_python(CLI, "solve", "instances/sudoku-classic.toml")
    assert r["code"] == 0 and "tomllib" in r["modules"]


@pytest.mark.parametrize("kind, pid", [("tents", "tents"), ("countryroad", "country"),
                                       ("rippleeffect", "ripple"),
                                       ("hashiwokakero", "hashikake"), ("moonsun", "moonsun")])
def test_a_pzprv3_file_is_told_by_its_own_kind_alone(kind, pid):
    """Telling a pzprv3 file's format imports the formats of the kind it
    names (by kind name or puzz.link id), not the 25 kinds with a pzprv3 format."""
    r = run_python("""
        import json, sys
        from satgrid.puzzles.base import text_format_for
        fmt = text_format_for(sys.argv[1], "a.txt")
        print(json.dumps({"format": fmt.name,
                          "formats": sorted(m for m in sys.modules if m.endswith(".formats"))}))
    """, f"pzprv3\n{pid}\n2\n2\n. .\n. .\n")
    assert r["format"] == f"pzprv3-{kind}"
    assert r["formats"] == [f"satgrid.puzzles.{kind}.formats"]


def test_the_parser_of_one_command_lists_every_command_and_builds_its_own_options():
    from satgrid.apps.cli import build_parser

    def commands(ap):
        [sub] = [a for a in ap._actions if a.dest == "command"]
        return sub.choices
    full, solve = commands(build_parser()), commands(build_parser("solve"))
    assert list(solve) == list(full)                  # listed, in order, for help and errors
    made = [name for name, p in solve.items() if isinstance(p, argparse.ArgumentParser)]
    assert made == ["solve"]                          # the others are never read by a solve
    assert all(isinstance(p, argparse.ArgumentParser) for p in full.values())
    assert {"--unique", "--card"} <= {o for a in solve["solve"]._actions for o in a.option_strings}


@pytest.mark.parametrize("args", [["--help"], ["solve", "--help"], ["app", "--help"]])
def test_help_imports_no_solver(args):
    r = run_python(CLI, *args)
    assert r["code"] == 0 and "usage: satgrid" in r["out"]
    # the kinds' declarations are read (the families' parameters are listed), no kind is
    # imported: of satgrid.puzzles, the registries and the families' records alone
    # (and the grid drawings the registry's Puzzle base draws with: standard library only)
    light = {"satgrid.puzzles.base", "satgrid.puzzles.parsing", "satgrid.puzzles.families",
             "satgrid.puzzles.render"}
    bad = [m for m in r["modules"] if m.startswith(("pysat", "satgrid.modelling.model", "satgrid.core.session",
                                                    "satgrid.puzzles.", "tqdm", "networkx"))
           and m not in light]
    assert not bad, f"{' '.join(args)} imported {bad}"


def test_importing_the_cli_loads_no_encodings_or_formula():
    r = run_python("import json, sys, satgrid.apps.cli\n"
                   "print(json.dumps({'modules': sorted(sys.modules)}))")
    bad = [m for m in r["modules"] if m.startswith(("pysat", "satgrid.core.encodings",
                                                    "satgrid.core.formula", "satgrid.pipeline",
                                                    "satgrid.puzzles", "satgrid.apps.commands",
                                                    "satgrid.puzzles.families"))]
    assert not bad, bad


# ------------------------------------------------------------ the lazy registry
LOAD_EACH = """
import json, sys
from satgrid.pipeline.load import load
path = sys.argv[1]
ps = load(path)
kinds = sorted({m.split(".")[2] for m in sys.modules if m.startswith("satgrid.puzzles.")
                and m.count(".") == 2 and m.split(".")[2] in
                {"%s"}})
print(json.dumps({"kinds": [p.kind for p in ps], "packages": kinds}))
"""


def kind_packages() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "satgrid/puzzles").glob("*/kind.py"))


def test_every_kind_package_is_declared():
    from satgrid.puzzles import KIND_MODULES, MODULES as KIND_PACKAGES
    assert sorted(set(KIND_MODULES.values())) == kind_packages()
    # the order of MODULES is the order of declaration (which the format order assumes)
    assert list(dict.fromkeys(KIND_MODULES.values())) == list(KIND_PACKAGES)


@pytest.mark.parametrize("text, says", [
    ("{", "not a readable kind declaration"),
    ('{"order": 1, "kinds": []}', "kinds: expected at least one kind name"),
    ('{"order": "x", "kinds": ["a"]}', "integer order"),
    ('{"kinds": ["a"], "formats": [{"name": "f", "maybe": "nope"}]}', "maybe: expected"),
    ('{"kinds": ["a"], "formats": [{"name": "f", "kind": "b"}]}', "kind 'b' is not in kinds"),
    ('{"kinds": ["sudoku"]}', "'sudoku' is declared by"),
    ('{"kinds": ["a"], "formats": [{"name": "f", "maybe": "puzzlink"}]}', "maybe: expected"),
    ('{"kinds": ["a"], "puzzlink": ["sud"]}', "'puzz.link id sud' is declared by"),
    ('{"kinds": ["a"], "puzzlink": "x"}', "puzzlink: expected a list of names"),
    ('{"kinds": ["a"], "families": [{"name": "f", "function": "1x"}]}', "identifier function"),
    ('{"kinds": ["a"], "families": [{"name": "sudoku"}, {"name": "sudoku"}]}',
     "'family sudoku' is declared by")])
def test_a_bad_kind_declaration_is_one_clear_line(tmp_path, text, says):
    from satgrid.errors import SatgridError
    from satgrid.puzzles import discover
    (tmp_path / "sudoku").mkdir()
    (tmp_path / "sudoku" / "kind.json").write_text('{"kinds": ["sudoku"], "puzzlink": ["sud"]}',
                                                  encoding="utf-8")
    (tmp_path / "zzz").mkdir()
    (tmp_path / "zzz" / "kind.json").write_text(text, encoding="utf-8")
    with pytest.raises(SatgridError) as e:
        discover(str(tmp_path))
    assert says in str(e.value) and "\n" not in str(e.value)


def test_discovery_orders_kinds_and_formats_as_registering_them_would(tmp_path):
    from satgrid.puzzles import discover, format_order
    for name, decl in {"b": '{"order": 2, "kinds": ["b"], "formats": [{"name": "b1", '
                            '"first": true}, {"name": "b2", "first": true}]}',
                       "a": '{"order": 2, "kinds": ["a"], "formats": [{"name": "a1"}]}',
                       "c": '{"order": 1, "kinds": ["c", "c2"]}',
                       "_skip": '{"kinds": ["x"]}'}.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "kind.json").write_text(decl, encoding="utf-8")
    (tmp_path / "nodecl").mkdir()
    folders = discover(str(tmp_path))
    assert [k.package for k in folders] == ["c", "a", "b"]
    assert [f.name for f in format_order(folders)] == ["b2", "b1", "a1"]


@pytest.mark.parametrize("path", sorted(p.name for p in INST.glob("*.toml")))
def test_a_toml_instance_imports_its_own_kind_alone(path):
    own = '", "'.join(kind_packages())
    r = run_python(LOAD_EACH.replace('{"%s"}', '{"' + own + '"}'), str(INST / path))
    from satgrid.puzzles import KIND_MODULES
    kinds = r["kinds"]
    assert len(set(kinds)) == 1
    assert r["packages"] == [KIND_MODULES[kinds[0]]], (path, r)


ALL_INSTANCES = """
import json, sys
from pathlib import Path
from satgrid.pipeline.load import load
from satgrid.puzzles import KINDS
print(json.dumps({p.name: [q.kind for q in load(str(p))]
                  for p in sorted(Path("instances").iterdir()) if p.is_file()}))
"""


def test_every_instance_loads_through_the_lazy_registry():
    r = run_python(ALL_INSTANCES)
    from satgrid.puzzles import KINDS
    assert len(r) >= 40
    for name, kinds in r.items():
        assert kinds, name
        assert all(k in KINDS for k in kinds), (name, kinds)
        # the file's name starts with its kind (twenty-four-seven-2x2-2: the 2x2 kind)
        assert any(name.startswith(k) for k in kinds), (name, kinds)
    # and in this process (kinds imported in whatever order the other tests left), the same
    from satgrid.pipeline.load import load
    for name, kinds in r.items():
        assert [p.kind for p in load(str(INST / name))] == kinds, name


def test_kinds_mapping_is_complete_and_lazy():
    r = run_python("""
        import json, sys
        from satgrid.puzzles import KINDS
        before = [m for m in sys.modules if m.startswith("satgrid.puzzles.") and m.count(".") == 2]
        names, n, has = list(KINDS), len(KINDS), "sudoku" in KINDS and "nope" not in KINDS
        untouched = [m for m in sys.modules
                     if m.startswith("satgrid.puzzles.") and m.count(".") == 2]
        classes = {k: cls.kind for k, cls in KINDS.items()}
        print(json.dumps({"names": names, "n": n, "has": has, "before": before,
                          "untouched": untouched, "classes": classes}))
    """)
    assert r["has"] and r["n"] == len(r["names"]) == len(set(r["names"]))
    assert r["untouched"] == r["before"], "iterating names must not import kinds"
    assert r["classes"] == {k: k for k in r["names"]}
    assert r["names"][:5] == ["sudoku", "vertex-sums", "knight-moves", "hooks",
                              "twenty-four-seven"]


def test_an_unknown_kind_is_one_clear_line():
    p = subprocess.run([sys.executable, "-m", "satgrid", "solve", "-"], cwd=ROOT,
                       input='puzzle = "sudokku"\n', capture_output=True, text=True)
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and "unknown puzzle kind 'sudokku'" in p.stderr
    assert "sudoku" in p.stderr and "Traceback" not in p.stderr


# ------------------------------------------------ text detection, lazy vs eager
def corpus() -> list[tuple[str, str]]:
    """(text, file name) pairs: every instance file, the shared instances,
    and texts near each format's edge, each under several names."""
    texts = [p.read_text(encoding="utf-8") for p in sorted(INST.iterdir()) if p.is_file()]
    # every kind folder's examples: a kind dropped in brings its formats' texts
    texts += [p.read_text(encoding="utf-8")
              for p in sorted((ROOT / "satgrid" / "puzzles").glob("*/examples/*")) if p.is_file()]
    shared = ROOT.parent / "shared" / "instances"
    if shared.is_dir():
        texts += [p.read_text(encoding="utf-8") for p in sorted(shared.iterdir())
                  if p.is_file() and p.stat().st_size < 200_000]
    from satgrid.puzzles import FOLDERS           # the declarations only: no kind imported
    kinds = tuple(k for f in FOLDERS for k in f.kinds)
    texts += [f"pzprv3/{k}/2/2/. ./. ./" for k in kinds] + [f"  pzprv3\n{k}\n2\n2\n" for k in kinds]
    pids = tuple(dict.fromkeys(("mashu", "masyu", "pearl", "numlin", "numberlink", "slither",
                                "slitherlink", "fillomino", "lits", "nurikabe", "hitori", "sudoku")
                               + tuple(p for f in FOLDERS for p in f.puzzlink)))
    texts += [f"pzprv3/{pid}/2/2/. ./. ./" for pid in pids]     # pzprv3 names the genre by pid
    texts += [f"https://puzz.link/p?{pid}/2/2/00" for pid in pids]
    texts += [f"http://pzv.jp/p.html?{pid}/3/3/a" for pid in pids]
    texts += ["2 3\n- w -\nb - .\n", "# comment\n\n2 2\nw b\n- -\n", "2 2\n1 -\n- 1\n",
              "2 2\n1 2\n3 4\n", "3\n1 2 3\n", "1 2 3\n", "\n\n", "x", "# only a comment\n",
              "2 2 \r\n3 - \r\n- 1\r\n", "pzprv3", "?", "p?mashu", "53..7....\n",
              "0" * 81 + "\n" + "1" * 81 + "\n"]
    names = ("a.txt", "arukone-3.txt", "my-numberlink.txt", "Slither.txt", "fillomino-1.txt",
             "/dir/numberlink/a.txt", "-")
    return [(t, n) for t in texts for n in names]


DETECT = """
import json, sys
from satgrid.puzzles import base, KINDS
pairs = json.load(open(sys.argv[1]))
eager = sys.argv[2] == "eager"
if eager:
    KINDS.load_all()                       # declaration order: the order of importing them all
    def find(text, file):
        for fmt in base.FORMATS:
            if fmt.sniff(text, file):
                return fmt.name
        return None
else:
    def find(text, file):
        fmt = base.text_format_for(text, file)
        return fmt and fmt.name
found = [find(t, f) for t, f in pairs]
extra = {}
if eager:
    extra["order"] = [f.name for f in base.FORMATS]
    extra["declared"] = [d.name for d in base.DECLARED_FORMATS]
    by_name = {f.name: f for f in base.FORMATS}
    extra["maybe_misses"] = [(d.name, i) for d in base.DECLARED_FORMATS if d.maybe
                             for i, (t, f) in enumerate(pairs)
                             if by_name[d.name].sniff(t, f) and not d.maybe(t, f)][:20]
print(json.dumps({"found": found, **extra}))
"""


def test_text_detection_is_the_same_as_with_every_kind_imported(tmp_path):
    pairs = corpus()
    data = tmp_path / "corpus.json"
    data.write_text(json.dumps(pairs), encoding="utf-8")
    eager = run_python(DETECT, str(data), "eager")
    lazy = run_python(DETECT, str(data), "lazy")
    assert eager["order"] == eager["declared"], "TEXT_FORMATS is not the registration order"
    misses = [(n, pairs[i][1], pairs[i][0][:60]) for n, i in eager["maybe_misses"]]
    assert not misses, f"a maybe test refused what the format's sniff takes: {misses}"
    diff = [(pairs[i][1], pairs[i][0][:60], e, z)
            for i, (e, z) in enumerate(zip(eager["found"], lazy["found"])) if e != z]
    assert not diff, diff[:10]
    # the corpus reaches every format (else the comparison proves little)
    unreached = set(eager["declared"]) - set(eager["found"])
    assert not unreached, unreached


def test_a_format_nobody_declared_keeps_its_place():
    """A caller's own format: ``first=True`` goes ahead of every kind's, as when
    all kinds were imported up front; otherwise after them (never reached
    here, since the Sudoku fallback takes any text)."""
    r = run_python("""
        import json
        from satgrid.puzzles.base import TextFormat, register_format, text_format_for
        mine = register_format(TextFormat("mine", "sudoku", "test", lambda t, f: t.startswith("5"),
                                          lambda t, f: []), first=True)
        last = register_format(TextFormat("last", "sudoku", "test", lambda t, f: True,
                                          lambda t, f: []))
        print(json.dumps([text_format_for("53..7....", "a.txt").name,
                          text_format_for("pzprv3/lits/1/1/./", "a.txt").name,
                          text_format_for("x", "a.txt").name]))
    """)
    assert r == ["mine", "pzprv3-lits", "sudoku-text"]


# ------------------------------------------------- lazy edges obey the layout
def lazy_edges() -> list[tuple[str, int, str]]:
    """(importer, line, target module) of every ``lazy.module("x")`` and
    ``lazy.function("x", ...)`` call with a literal target, and the kind modules
    of satgrid/puzzles/__init__.py's KIND_MODULES."""
    out = []
    for mod, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "lazy"
                    and node.func.attr in ("module", "function") and node.args
                    and isinstance(node.args[0], ast.Constant)):
                out.append((mod, node.lineno, node.args[0].value))
    from satgrid.puzzles import KIND_MODULES
    out += [("satgrid.puzzles", 0, f"satgrid.puzzles.{m}") for m in set(KIND_MODULES.values())]
    return out


def test_lazy_stand_ins_point_down_the_owner_table():
    rows = owner_rows()
    edges = lazy_edges()
    assert len(edges) >= 10
    bad = []
    for mod, line, target in edges:
        if target.split(".")[0] in sys.stdlib_module_names:   # tomllib, bz2, ...: no layer
            if importlib.util.find_spec(target) is None:
                bad.append(f"{mod}:{line}: {target} is not a standard library module")
            continue
        if target not in MODULES:
            bad.append(f"{mod}:{line}: {target} is not a satgrid module")
            continue
        r, rt = rank(mod, rows), rank(target, rows)
        if r is not None and rt is not None and rt < r:
            bad.append(f"{mod}:{line} loads {target} (row {rt + 1}) from row {r + 1}, above it")
    assert not bad, "\n".join(bad)


def test_the_examples_pass():
    import doctest
    from satgrid import lazy, puzzles
    from satgrid.puzzles import base
    for mod in (lazy, puzzles, base):
        res = doctest.testmod(mod)
        assert res.failed == 0 and res.attempted >= 2, mod.__name__


def test_lazy_stand_ins_behave_like_their_targets():
    from satgrid import lazy
    import calendar
    m = lazy.module("calendar")
    assert m.isleap(2024) is calendar.isleap(2024) is True
    f = lazy.function("calendar", "isleap")
    assert f(2023) is False and f.__name__ == "isleap"
    with pytest.raises(AttributeError):
        m.no_such_name
    with pytest.raises(ModuleNotFoundError):
        lazy.module("satgrid.no_such_module").x


@pytest.mark.parametrize("argv", [["solve", "x.toml", "--unique", "--card", "totalizer"],
                                  ["count", "x.toml", "--limit", "3"],
                                  ["family", "sudoku", "-o", "out", "--seed", "2"],
                                  ["encode", "atmost", "--n", "4", "--k", "1"]])
def test_the_parser_built_for_the_command_reads_it_as_the_full_one(argv):
    """``main`` builds the family generators' parsers for ``family`` only."""
    from satgrid.apps.cli import build_parser
    assert vars(build_parser(argv[0]).parse_args(argv)) == vars(build_parser().parse_args(argv))


def test_a_url_of_an_unread_genre_is_refused_by_the_fallback_alone():
    """The fallback format (``fallback=True``, the Sudoku grid) refuses a puzz.link
    URL of a genre nobody reads; a kind's own URL format reads its own."""
    from satgrid.errors import InstanceError
    from satgrid.pipeline.load import loads
    from satgrid.puzzles.base import text_format_for
    from satgrid.puzzles import FOLDERS
    assert not any("kouchoku" in k.puzzlink for k in FOLDERS)     # a genre nobody reads
    with pytest.raises(InstanceError, match="a puzz.link URL of 'kouchoku'"):
        loads("https://puzz.link/p?kouchoku/3/3/a", "a.txt")
    assert text_format_for("https://puzz.link/p?kouchoku/3/3/a", "a.txt").fallback
    assert not text_format_for("https://puzz.link/p?mashu/3/3/000", "a.txt").fallback


def test_a_collections_published_solutions_are_read_by_its_kinds_reader(tmp_path):
    """``published_solutions`` asks the kind's registered reader (no Sudoku
    import in the collection code): a kind without one has none."""
    from satgrid.pipeline.collection import published_solutions
    from satgrid.pipeline.load import load
    from satgrid.puzzles.base import SOLUTION_READERS
    (tmp_path / "two.txt").write_text("12.43.12..4343.1\n.23.341.214..32.\n")
    (tmp_path / "two.solutions").write_text("1243341221344321\n4231341221433124\n")
    ps = load(str(tmp_path / "two.txt"))
    grids = published_solutions(str(tmp_path / "two.txt"), ps)
    assert len(grids) == 2 and grids[0][0] == [1, 2, 4, 3] and "sudoku" in SOLUTION_READERS
    reader = SOLUTION_READERS.pop("sudoku")
    try:
        assert published_solutions(str(tmp_path / "two.txt"), ps) is None
    finally:
        SOLUTION_READERS["sudoku"] = reader
