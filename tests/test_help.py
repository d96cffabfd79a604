"""``--help``: every argument explained, choices from the registries, options only
where they apply, the families' parameters; and the progress bar on stderr."""

import argparse
import io
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

from satgrid.apps.cli import build_parser
from satgrid.puzzles.families import SPECS, read_params
from satgrid.pipeline.families import generate
from satgrid.progress import Progress, enabled, track
from satgrid.core.encodings.methods import AMO_METHODS, CARD_METHODS, PB_METHODS
from satgrid.errors import UsageError

ROOT = Path(__file__).resolve().parents[1]


def parsers(parser=None, path=("satgrid",)):
    """(command path, parser) for the top parser and every sub-parser, recursively."""
    parser = parser or build_parser()
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from parsers(sub, path + (name,))


def options(parser) -> dict[str, argparse.Action]:
    return {s: a for a in parser._actions for s in a.option_strings}


PARSERS = dict(parsers())


def test_the_walk_sees_every_command_and_family():
    names = {p[1] for p in PARSERS if len(p) > 1}
    assert {"solve", "count", "check", "stats", "dimacs", "decode", "encode", "family",
            "solvers"} <= names
    assert {("satgrid", "family", f) for f in SPECS} <= set(PARSERS)


@pytest.mark.parametrize("path", sorted(PARSERS), ids=" ".join)
def test_every_argument_has_a_help_text(path):
    parser = PARSERS[path]
    bare = [a.dest for a in parser._actions
            if not isinstance(a, argparse._HelpAction) and not (a.help or "").strip()]
    assert not bare, f"{' '.join(path)}: arguments without help: {bare}"
    text = parser.format_help()
    assert "seed's" not in text and "workflow" not in text, f"{' '.join(path)}: jargon in --help"


@pytest.mark.parametrize("cmd", ["solve", "count", "check", "stats", "dimacs", "decode"])
def test_encoding_options_list_the_registry(cmd):
    opts = options(PARSERS["satgrid", cmd])
    card, amo, pb = opts["--card"], opts["--amo"], opts["--pb"]
    for m in (*AMO_METHODS, *CARD_METHODS):
        assert m in card.choices and m in card.help, m
        assert m in amo.choices
    for m in AMO_METHODS:
        assert m in amo.help
    for m in PB_METHODS:
        assert m in pb.choices and m in pb.help
    # the choices are enforced: one line, exit 2
    code, out, err = run_cli(cmd, "instances/sudoku-4x4.toml", "--card", "no-such-method")
    assert code == 2 and "invalid choice" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("cmd", ["stats", "dimacs", "decode"])
def test_commands_that_do_not_solve_take_no_solver_options(cmd):
    opts = options(PARSERS["satgrid", cmd])
    assert not {"--solver", "--time-limit", "--solver-option"} & set(opts)
    required = {"dimacs": ("-o", "x.cnf"), "decode": ("--cnf", "x.cnf", "--model", "x.out")}
    code, _, err = run_cli(cmd, "instances/sudoku-4x4.toml", *required.get(cmd, ()),
                           "--time-limit", "3")
    assert code == 2 and "unrecognized arguments: --time-limit" in err


@pytest.mark.parametrize("cmd", ["solve", "count", "check"])
def test_solving_commands_show_defaults(cmd):
    text = PARSERS["satgrid", cmd].format_help()
    for default in ("default cadical195", "default seqcounter-knuth", "default pairwise",
                    "default bdd", "exit status:"):
        assert default in " ".join(text.split()), default


def run_cli(*args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "satgrid", *map(str, args)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300, input=stdin)
    return p.returncode, p.stdout, p.stderr


# ------------------------------------------------------------------ families
def test_family_list_and_family_help_show_every_parameter():
    code, out, err = run_cli("family", "--list")
    assert code == 0 and not err
    for spec in SPECS.values():
        assert f"{spec.name}: {spec.summary}" in out
        code, text, _ = run_cli("family", spec.name, "--help")
        assert code == 0
        flat = " ".join(text.split())
        for p in spec.params:
            row = re.search(rf"^\s+{re.escape(p.name)}\s+(\S+(?: or \S+)?)\s+default (\S+)",
                            text, re.M)
            assert row, f"{spec.name} --help does not list {p.name}"
            assert row.group(1) == p.range_text() and row.group(2) == p.default_text()
            assert f"{p.name} " in out and p.help in " ".join(out.split())
        assert spec.description.split(".")[0] in flat


def test_every_family_has_a_spec():
    from satgrid.pipeline.families import FAMILIES
    assert list(FAMILIES) == list(SPECS)


def test_family_without_a_name_is_a_usage_error():
    code, out, err = run_cli("family")
    assert code == 2 and "expected a family name or --list" in err


@pytest.mark.parametrize("name", ["hooks", "knights-tour", "vertex-sums", "sudoku"])
def test_family_defaults_and_ranges_are_the_generators(name, tmp_path):
    """The spec's defaults are what the generator uses when nothing is given, and
    its ranges are what the generator accepts (the ends in, one past them out)."""
    spec = SPECS[name]
    small = {"sudoku": {"order": "2", "unique": "0", "givens": "8"}}.get(name, {})
    given = {p.name: str(p.default) for p in spec.params if p.default is not None}
    given.update(small)
    a = generate(name, small, seed=3, out=str(tmp_path / "a"))
    b = generate(name, given, seed=3, out=str(tmp_path / "b"))
    assert [Path(x).read_bytes() for x in a] == [Path(x).read_bytes() for x in b]
    for p in spec.params:
        assert read_params(spec, {p.name: str(p.lo)})[p.name] == p.lo
        assert read_params(spec, {p.name: str(p.hi)})[p.name] == p.hi
        for bad in (p.lo - 1, p.hi + 1):
            with pytest.raises(UsageError, match=p.name):
                generate(name, {**small, p.name: str(bad)}, out=str(tmp_path / "x"))


def test_dependent_bounds():
    with pytest.raises(UsageError, match=r"givens: expected 0\.\.16 \(n\*n\)"):
        generate("sudoku", {"order": "2", "givens": "17"}, out="/nonexistent")
    with pytest.raises(UsageError, match=r"clues: expected 0\.\.4 \(\(n-1\)\^2\)"):
        generate("vertex-sums", {"n": "3", "clues": "5"}, out="/nonexistent")


# ------------------------------------------------------------------ progress
class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_only_on_a_terminal_and_not_when_quiet():
    assert not enabled(stream=io.StringIO()) and enabled(stream=FakeTerminal())
    assert not enabled(quiet=True, stream=FakeTerminal())
    for stream, drawn in ((FakeTerminal(), True), (io.StringIO(), False)):
        assert list(track(range(5), desc="solving", unit="puzzle", stream=stream)) == list(range(5))
        assert ("solving" in stream.getvalue()) == drawn
    quiet = FakeTerminal()
    assert list(track(range(5), desc="solving", quiet=True, stream=quiet)) == list(range(5))
    assert quiet.getvalue() == ""


def test_progress_counts_without_a_total():
    term = FakeTerminal()
    with Progress(desc="counting", unit="solution", stream=term, leave=True) as bar:
        for _ in range(7):
            bar.update()
        bar.note("3 cuts")
        assert bar.active
    assert bar.count == 7 and not bar.active
    assert "counting" in term.getvalue() and "7" in term.getvalue()
    off = Progress(desc="counting", stream=io.StringIO())
    off.update(3)
    off.close()
    assert off.count == 3 and not off.active


def run_on_a_terminal(*args) -> tuple[int, str, bytes]:
    """Run satgrid with stderr on a pseudo-terminal: (exit, stdout, what the terminal got)."""
    master, slave = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "satgrid", *args], cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    out = p.stdout.read().decode()
    p.wait(timeout=120)
    os.close(master)
    return p.returncode, out, seen


def test_a_collection_draws_a_bar_on_a_terminal_only():
    args = ("solve", "instances/sudoku-collection.txt", "--json")
    code, out, term = run_on_a_terminal(*args)
    assert code == 0 and b"solving" in term and b"puzzle" in term
    code_q, out_q, term_q = run_on_a_terminal(*args, "--quiet")
    assert code_q == 0 and term_q == b""
    code_p, out_p, err_p = run_cli(*args)        # stderr a pipe: no bar
    assert code_p == 0 and err_p == ""
    # the bar never touches standard output
    drop = re.compile(r'"seconds": [0-9.e-]+')
    assert drop.sub("", out) == drop.sub("", out_q) == drop.sub("", out_p)
