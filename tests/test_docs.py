"""The user guide (docs/guide/) and the README cannot rot.

- every example shown is the file it names, byte for byte, and every file the
  guide names is loaded, solved and checked (against its ``[expect]`` table);
- every puzzle kind has a section in formats.md naming each of its keys;
- the ``python`` blocks of the README and the guide run (``# => TEXT`` after a
  ``print`` is the line it must print); the ``console`` sessions print what is
  shown; the ``json`` blocks match the schema;
- every public method of the Model, IntVar and Solution has a doctested
  example, and the examples pass; docs/guide/model-api.md is generated from
  those docstrings (``SATGRID_DOCS_UPDATE=1`` rewrites it);
- the exit-code table is the one in satgrid.errors and ``--help``.
"""

import contextlib
import doctest
import inspect
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import satgrid.modelling.model
import satgrid.modelling.solving
import satgrid.modelling.values
from satgrid import errors
from satgrid.apps.options import EXIT_TEXT
from satgrid.pipeline.load import load
from satgrid.pipeline.run import compare_expect, solve
from satgrid.puzzles.base import KINDS

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "guide"
PAGES = sorted(GUIDE.glob("*.md"))
README = ROOT / "README.md"
UPDATE = os.environ.get("SATGRID_DOCS_UPDATE") == "1"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)


def blocks(path: Path, lang: str) -> list[tuple[int, str]]:
    """(line number, text) of every fenced block of language ``lang``."""
    text = path.read_text(encoding="utf-8")
    return [(text[:m.start()].count("\n") + 1, m.group(2)) for m in FENCE.finditer(text)
            if m.group(1) == lang]


def test_the_guide_is_linked():
    readme = README.read_text(encoding="utf-8")
    assert "docs/guide/README.md" in readme
    index = (GUIDE / "README.md").read_text(encoding="utf-8")
    for page in PAGES:
        if page.name != "README.md":
            assert f"]({page.name})" in index, f"docs/guide/README.md does not link {page.name}"
    for page in [README, *PAGES]:   # relative links point at files that exist
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).exists(), f"{page.name}: broken link {target}"


# ------------------------------------------------------------------ formats
FORMATS = GUIDE / "formats.md"


def sections() -> dict[str, str]:
    text = FORMATS.read_text(encoding="utf-8")
    parts = re.split(r"^## `([a-z0-9-]+)`\n", text, flags=re.M)
    return {parts[i]: re.split(r"^## ", parts[i + 1], flags=re.M)[0]
            for i in range(1, len(parts), 2)}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_has_a_section_naming_its_keys(kind):
    sec = sections()
    assert kind in sec, f"docs/guide/formats.md has no section '## `{kind}`'"
    module = sys.modules[KINDS[kind].__module__.rpartition(".")[0] + ".formats"]
    keys = set(getattr(module, "KEYS", ())) | set(getattr(module, "GRID_KEYS", ()))
    keys |= set(getattr(module, "TOP_KEYS", ()))
    keys -= {"puzzle", "title", "source", "expect", "name"}
    if kind == "twenty-four-seven-2x2":
        keys -= {"size"}
    missing = [k for k in sorted(keys) if f"`{k}`" not in sec[kind]
               and f"`{k} " not in sec[kind]]
    assert not missing, f"{kind}: keys not explained in formats.md: {missing}"


def named_files() -> list[str]:
    """Every instances/..., docs/examples/... or kind folder's examples/... file
    the guide names (the kinds' sections link theirs as ../../satgrid/puzzles/...)."""
    found = set()
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r"(?<![\w/.])((?:instances|docs/examples)/[\w.-]+\.(?:toml|txt|cnf))",
                             text):
            found.add(m.group(1))
        for m in re.finditer(r"(?<![\w.])(?:\.\./)*(satgrid/puzzles/\w+/examples/[\w.-]+\.(?:toml|txt))",
                             text):
            if "/mykind/" not in m.group(1):     # new-kind.md's kind to be written
                found.add(m.group(1))
    return sorted(found)


#: files the guide names to show an error (their console session is checked)
BROKEN = {"docs/examples/sudoku-typo.toml"}


def test_the_guide_names_files_of_every_kind():
    files = named_files()
    assert len(files) >= 12
    kinds = {p.kind for f in files if f not in BROKEN for p in load(str(ROOT / f))}
    assert kinds == set(KINDS), f"kinds without an example file: {set(KINDS) - kinds}"


@pytest.mark.parametrize("name", [f for f in named_files() if f not in BROKEN])
def test_every_named_file_loads_solves_and_checks(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    puzzles = load(name)
    assert puzzles
    for p in puzzles[:3]:
        if p.expect:
            ok, bad, res = compare_expect(p)
            assert ok, f"{name}: {bad}"
        else:
            res = solve(p)
        assert res["status"] == "sat", f"{name}: {res['status']}"


def test_every_example_block_is_its_file():
    """A toml/text block right after a line linking a file is that file's text,
    and every toml block is one of these."""
    lines = FORMATS.read_text(encoding="utf-8").splitlines()
    shown = 0
    for start, body in blocks(FORMATS, "toml") + blocks(FORMATS, "text"):
        before = "\n".join(lines[max(0, start - 4):start - 1])
        links = re.findall(r"\]\((\.\./\.\./[^)]+|\.\./examples/[^)]+)\)", before)
        assert links, f"formats.md:{start}: an example block without a link to its file"
        path = (FORMATS.parent / links[-1]).resolve()
        assert body == path.read_text(encoding="utf-8"), \
            f"formats.md:{start}: the block differs from {path.relative_to(ROOT)}"
        shown += 1
    assert shown >= 9


# ------------------------------------------------------------------ runnable blocks
def python_blocks():
    return [(page, line, body) for page in [README, *PAGES] for line, body in blocks(page, "python")]


@pytest.mark.parametrize("page,line,body", python_blocks(),
                         ids=lambda x: x.name if isinstance(x, Path) else str(x)[:0] or None)
def test_python_blocks_run(page, line, body, tmp_path, monkeypatch):
    """Run in a scratch folder that sees the repository's instances/ and docs/;
    each ``print(...)  # => TEXT`` must print TEXT."""
    for name in ("instances", "docs"):
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(body, f"{page.name}:{line}", "exec"), {"__name__": "__doc_example__"})
    expected = [m.group(1).split("  ")[0].strip()
                for m in re.finditer(r"^\s*print\(.*#\s*=>\s*(.+)$", body, re.M)]
    printed = out.getvalue().splitlines()
    for want in expected:
        assert want in printed, f"{page.name}:{line}: expected a line {want!r}, got {printed}"


def console_sessions():
    out = []
    for page in PAGES:
        for line, body in blocks(page, "console"):
            parts = re.split(r"^\$ ", body, flags=re.M)
            out += [(page, line, p) for p in parts if p.strip()]
    return out


@pytest.mark.parametrize("page,line,session", console_sessions(),
                         ids=lambda x: x.name if isinstance(x, Path) else None)
def test_console_sessions_print_what_is_shown(page, line, session):
    command, _, shown = session.partition("\n")
    argv = shlex.split(command)
    assert argv[0] == "satgrid"
    env = {**os.environ, "COLUMNS": "80"}
    p = subprocess.run([sys.executable, "-m", "satgrid", *argv[1:]], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    got = (p.stdout + p.stderr).splitlines()
    want = shown.rstrip("\n").splitlines()
    # "..." in the page stands for any lines
    pattern = "\n".join(".*?" if w == "..." else re.escape(w) for w in want)
    pattern = pattern.replace("\n.*?\n", "(?:\n.*)*?\n")
    assert re.fullmatch(pattern, "\n".join(got), re.S), \
        f"{page.name}:{line}: $ {command}\nshown:\n{shown}\nprinted:\n" + "\n".join(got)


def test_json_blocks_match_the_schema():
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra")
    schema = json.loads((ROOT / "docs" / "schema" / "result.schema.json").read_text())
    n = 0
    for page in PAGES:
        for line, body in blocks(page, "json"):
            jsonschema.validate(json.loads(body), schema)
            n += 1
    assert n >= 1
    table = (GUIDE / "json.md").read_text(encoding="utf-8")
    for ref in schema["anyOf"]:
        name = ref["$ref"].rsplit("/", 1)[1]
        assert f"| `{name}` |" in table, f"json.md does not list the definition {name}"


# ------------------------------------------------------------------ the Model API
def public_members():
    """(owner, name, docstring) of every public method and property."""
    out = []
    for cls in (satgrid.modelling.model.Model, satgrid.modelling.model.IntVar, satgrid.modelling.model.Solution):
        # the class's own members, then those of its satgrid bases (Model's Solving half)
        own = [b for b in cls.__mro__ if b.__module__.startswith("satgrid.")]
        members = {}
        for base in own:
            for name, obj in vars(base).items():
                members.setdefault(name, obj)
        for name, obj in members.items():
            if name.startswith("_") and name != "__getitem__":
                continue
            if isinstance(obj, property):
                obj = obj.fget
            if not callable(obj):
                continue
            out.append((cls, name, inspect.getdoc(obj) or ""))
    return out


def test_every_public_model_method_has_an_example():
    bare = [f"{cls.__name__}.{name}" for cls, name, doc in public_members() if ">>>" not in doc]
    assert not bare, f"public methods without a doctest example: {bare}"


def test_the_model_examples_pass():
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    failed = attempted = 0
    for mod in (satgrid.modelling.model, satgrid.modelling.solving, satgrid.modelling.values):
        f, a = doctest.testmod(mod, optionflags=flags, verbose=False)
        failed, attempted = failed + f, attempted + a
    assert failed == 0
    assert attempted >= len(public_members())


#: the names a Model API example may use without importing them in its docstring
#: (doctest runs it in satgrid.modelling.model's namespace), shown on the page
PASTE_IMPORTS = {"Model": "from satgrid.modelling.model import Model",
                 "IntVar": "from satgrid.modelling.model import IntVar",
                 "Solution": "from satgrid.modelling.model import Solution",
                 "nx": "import networkx as nx"}


def doc_block(doc: str, imports: dict | None = None) -> list[str]:
    """Prose as it is; doctest examples as ``pycon`` blocks and other indented
    runs (Args:, Returns:) as ``text`` blocks, so Markdown keeps their lines."""
    out, run = [], []

    def flush():
        if run:
            lang = "pycon" if run[0].lstrip().startswith(">>>") else "text"
            text = inspect.cleandoc("\n".join(run)) if lang == "pycon" else "\n".join(run)
            if lang == "pycon":     # each block runs pasted alone: its imports shown
                text = "".join(f">>> {imp}\n" for name, imp in (imports or PASTE_IMPORTS).items()
                               if re.search(rf"\b{name}\b", text)
                               and not re.search(rf"import .*\b{name}\b", text)) + text
            out.extend(["", f"```{lang}", *text.splitlines(), "```", ""])
            run.clear()

    for ln in doc.splitlines():
        starts = ln.lstrip().startswith(">>>")
        if starts and run and not run[0].lstrip().startswith(">>>"):
            flush()
        if ln.startswith(" ") or starts or (run and run[0].lstrip().startswith(">>>")
                                            and ln.strip()):
            run.append(ln)
        else:
            flush()
            out.append(ln)
    flush()
    lines = [l for i, l in enumerate(out) if l or (i and out[i - 1])]  # no double blanks
    return lines + [""]


def sig(obj, drop_self: bool) -> str:
    params = []
    for p in inspect.signature(obj).parameters.values():
        if drop_self and p.name == "self":
            continue
        text = p.name if p.kind is not p.VAR_KEYWORD else "**" + p.name
        if p.kind is p.VAR_POSITIONAL:
            text = "*" + p.name
        if p.kind is p.KEYWORD_ONLY and not any(x.startswith("*") for x in params):
            params.append("*")
        if p.annotation is not p.empty:
            text += f": {p.annotation}" if isinstance(p.annotation, str) \
                else f": {inspect.formatannotation(p.annotation)}"
        if p.default is not p.empty:
            text += f" = {p.default!r}"
        params.append(text)
    ret = inspect.signature(obj).return_annotation
    tail = "" if ret is inspect.Signature.empty else f" -> {ret}"
    return f"({', '.join(params)}){tail}"


def render_model_api() -> str:
    """docs/guide/model-api.md from the docstrings of satgrid.modelling.model."""
    mod = satgrid.modelling.model
    lines = ["# The Model API", "",
             "<!-- generated from the docstrings of satgrid/modelling/model.py by tests/test_docs.py; "
             "SATGRID_DOCS_UPDATE=1 rewrites it -->", "",
             "`from satgrid.modelling.model import Model`. A Model holds Boolean and integer "
             "variables and constraints, each compiled at once into CNF with an explicit "
             "encoding and recorded in a constraint group, and solves through one incremental "
             "PySAT session. Every example below runs as a test "
             "(`pytest --doctest-modules satgrid/modelling/model.py`).", ""]

    lines += doc_block(inspect.getdoc(mod))
    for cls in (mod.Model, mod.IntVar, mod.Solution):
        lines += [f"## `{cls.__name__}{sig(cls.__init__, True)}`", ""] + doc_block(inspect.getdoc(cls))
        for owner, name, doc in public_members():
            if owner is not cls:
                continue
            obj = inspect.getattr_static(cls, name)
            if isinstance(obj, property):
                head = f"### `{cls.__name__}.{name}` (property)"
            else:
                head = f"### `{cls.__name__}.{name}{sig(obj, True)}`"
            lines += [head, ""] + doc_block(doc)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).rstrip("\n") + "\n"


def test_the_model_api_page_is_current():
    page = GUIDE / "model-api.md"
    text = render_model_api()
    if UPDATE:
        page.write_text(text, encoding="utf-8")
    assert page.read_text(encoding="utf-8") == text, \
        "docs/guide/model-api.md is stale: run SATGRID_DOCS_UPDATE=1 pytest tests/test_docs.py"


RULE_MODULES = ("shading", "sight", "loops", "bridges", "numbers", "areas", "counts")


def rule_functions(mod) -> list:
    """The public functions a rule module defines, in source order."""
    own = [f for name, f in vars(mod).items() if inspect.isfunction(f) and not name.startswith("_")
           and f.__module__ == mod.__name__]
    return sorted(own, key=lambda f: f.__code__.co_firstlineno)


def render_rules_page() -> str:
    """docs/guide/rules.md from the docstrings of satgrid/rules/*.py."""
    import importlib
    lines = ["# The rule library", "",
             "<!-- generated from the docstrings of satgrid/rules/ by tests/test_docs.py; "
             "SATGRID_DOCS_UPDATE=1 rewrites it -->", "",
             "`from satgrid.rules import shading, sight, ...`: the rules that recur across "
             "genres, on the public [Model API](model-api.md). A genre's `kind.py` "
             "([new-kind.md](new-kind.md)) is a few calls of these. Every example below "
             "runs as a test (`pytest --doctest-modules satgrid/rules`) and pasted alone.", ""]
    lines += doc_block(inspect.getdoc(importlib.import_module("satgrid.rules")))
    for name in RULE_MODULES:
        mod = importlib.import_module(f"satgrid.rules.{name}")
        funcs = rule_functions(mod)
        imports = dict(PASTE_IMPORTS)      # what the module's examples use unimported
        for key, obj in vars(mod).items():
            if key.startswith("_") or key in imports:
                continue
            if inspect.ismodule(obj) and obj.__name__.startswith("satgrid."):
                parent, _, last = obj.__name__.rpartition(".")
                imports[key] = f"from {parent} import {last}" + (f" as {key}" if key != last else "")
            elif (inspect.isfunction(obj) or inspect.isclass(obj)) \
                    and getattr(obj, "__module__", "").startswith("satgrid."):
                imports[key] = f"from {obj.__module__} import {key}"
        lines += [f"## `satgrid.rules.{name}`", ""] + doc_block(inspect.getdoc(mod), imports)
        for f in funcs:
            lines += [f"### `{name}.{f.__name__}{sig(f, False)}`", ""]
            lines += doc_block(inspect.getdoc(f) or "(undocumented)", imports)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).rstrip("\n") + "\n"


def test_the_rules_page_is_current_and_every_rule_has_an_example():
    """Issue [3/7]: the rule library documented, a doctested example each."""
    import importlib
    bare = [f"{name}.{f.__name__}" for name in RULE_MODULES
            for f in rule_functions(importlib.import_module(f"satgrid.rules.{name}"))
            if ">>>" not in (f.__doc__ or "")]
    assert not bare, f"rules without an example: {bare}"
    page, text = GUIDE / "rules.md", render_rules_page()
    if UPDATE:
        page.write_text(text, encoding="utf-8")
    assert page.read_text(encoding="utf-8") == text, \
        "docs/guide/rules.md is stale: run SATGRID_DOCS_UPDATE=1 pytest tests/test_docs.py"


def test_every_rules_page_example_runs_pasted_alone():
    page = (GUIDE / "rules.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", page, re.S)
    assert len(blocks) >= 40
    parser, failed = doctest.DocTestParser(), []
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"rules block {i + 1}", "rules.md", 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, out=lambda text: None)
        if runner.failures:
            failed.append(block.splitlines()[-2 if len(block.splitlines()) > 1 else 0])
    assert not failed, f"{len(failed)} blocks fail pasted alone, e.g. {failed[:3]}"


def test_every_model_api_example_runs_pasted_alone():
    """Each ``pycon`` block of model-api.md, run by itself in a fresh
    namespace, prints what the page shows (no NameError for a missing import)."""
    page = (GUIDE / "model-api.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", page, re.S)
    assert len(blocks) > 30
    parser, failed = doctest.DocTestParser(), []
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"model-api block {i + 1}", "model-api.md", 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, out=lambda text: None)
        if runner.failures:
            failed.append(block.splitlines()[0])
    assert not failed, f"{len(failed)} blocks fail pasted alone, e.g. {failed[:3]}"


# ------------------------------------------------------------------ exit codes
def test_the_exit_code_table():
    page = (GUIDE / "exit-codes.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| (\d+) \| (.+) \|$", page, re.M))
    codes = {errors.EXIT_OK, errors.EXIT_UNSAT, errors.EXIT_INPUT, errors.EXIT_LIMIT,
             getattr(errors, "EXIT_OUTPUT", 4), 130, 143}
    assert {int(c) for c in table} == codes
    assert "answered" in table[str(errors.EXIT_OK)]
    assert "unsatisfiable" in table[str(errors.EXIT_UNSAT)]
    assert "bad input" in table[str(errors.EXIT_INPUT)]
    assert "limit" in table[str(errors.EXIT_LIMIT)]
    for c in codes - {143}:
        assert re.search(rf"^\s+{c}\s", EXIT_TEXT, re.M), f"--help's exit table lacks {c}"
