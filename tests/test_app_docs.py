"""Every ``curl`` example of docs/workbench.md, run as written (bash and
curl) against a live ``satgrid app`` server: each answers what its ``# ->``
line says. The claims themselves are checked apart from the server: the
4x4 grids' solution counts by brute force over every 4x4 Sudoku, Hooks 8's
answer against the instance's published one.
"""

import itertools
import json
import re
import shutil
import subprocess

import pytest

from conftest import INST, ROOT

from satgrid import api
from satgrid.apps import web

DOC = ROOT / "docs" / "workbench.md"

pytestmark = pytest.mark.skipif(not (shutil.which("curl") and shutil.which("bash")),
                                reason="the examples are run with bash and curl")


def examples() -> list[tuple[str, int, dict]]:
    """(command, HTTP status, expected part of its JSON answer) of every curl example."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S):
        if "curl" not in block:
            continue
        command = []
        for line in block.replace("\\\n", " ").splitlines():
            if line.startswith("# -> "):
                assert command, f"an expectation with no command before it: {line}"
                status, want = line[5:].split(" ", 1)
                out.append((" ".join(command), int(status), json.loads(want)))
                command = []
            elif line.strip():
                command.append(line.strip())
        assert not command, f"a curl example without its '# ->' line: {command}"
    return out


EXAMPLES = examples()


def matches(got, want) -> bool:
    """``want`` is part of ``got``: its keys with their values; a text the start of got's."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and matches(got[k], v)
                                             for k, v in want.items())
    if isinstance(want, str):
        return isinstance(got, str) and got.startswith(want)
    return got == want and type(got) is type(want)


def test_the_doc_has_its_examples():
    assert len(EXAMPLES) >= 5
    assert all(cmd.startswith("curl") for cmd, _, _ in EXAMPLES)
    assert {status for _, status, _ in EXAMPLES} == {200, 400, 415}


@pytest.fixture(scope="module")
def server():
    srv = web.make_server("127.0.0.1", 0, web.Workbench())   # the default instances, as documented
    web.start_in_thread(srv)
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.mark.parametrize("command,status,want", EXAMPLES, ids=[f"example-{i + 1}" for i in
                                                        range(len(EXAMPLES))])
def test_each_curl_example_answers_as_documented(server, command, status, want):
    assert "localhost:8765" in command
    here = command.replace("localhost:8765", f"127.0.0.1:{server.server_address[1]}")
    # as written, then once more with the last curl's HTTP status written after the body
    for cmd in (here, here + " -w '\\n%{http_code}'"):
        p = subprocess.run(["bash", "-c", "set -o pipefail; " + cmd], capture_output=True,
                           text=True, timeout=120)
        assert p.returncode == 0, p.stderr
        body, code = (p.stdout, None) if cmd == here else p.stdout.rsplit("\n", 1)
        got = json.loads(body)
        assert matches(got, want), {k: got.get(k) for k in want}
        assert code is None or int(code) == status


# ------------------------------------------- the claims, apart from the server
def sudoku4_solutions(rows: list[str]) -> list[list[list[int]]]:
    """Every 4x4 Sudoku (2x2 boxes) that keeps the givens of ``rows``, by brute force."""
    perms = list(itertools.permutations(range(1, 5)))
    out = []
    for grid in itertools.product(perms, repeat=4):
        if any(len({grid[r][c] for r in range(4)}) < 4 for c in range(4)):
            continue
        if any(len({grid[r][c] for r in (br, br + 1) for c in (bc, bc + 1)}) < 4
               for br in (0, 2) for bc in (0, 2)):
            continue
        if all(ch == "." or int(ch) == grid[r][c] for r, row in enumerate(rows)
               for c, ch in enumerate(row)):
            out.append([list(row) for row in grid])
    return out


def test_the_documented_answers_are_true():
    seen = set()
    for command, _, want in EXAMPLES:
        m = re.search(r"-d '(\{.*\})'", command)
        body = json.loads(m.group(1)) if m else {}
        if "text" in body and body.get("unique"):
            sols = sudoku4_solutions(body["text"].split())
            assert sols, body
            assert want["unique"] == (len(sols) == 1)
            if "grid" in want:
                assert sols == [want["grid"]]
            seen.add("sudoku")
        if "answer" in want:
            name = re.search(r"name=([\w.-]+)", command).group(1)
            [p] = api.load(str(INST / name))
            assert want["answer"] == p.expect["answer"]
            seen.add("answer")
    assert seen == {"sudoku", "answer"}
