"""Fuzzing the instance readers: every instance file in instances/, mutated
(characters deleted, inserted, replaced; lines dropped, doubled, swapped;
numbers changed to extreme values; bytes that are not UTF-8), must either load
or fail with one InstanceError whose message is a single line -- never any
other exception, never a traceback for the user.

Bounded and derandomized, so the run is short and the same every time."""

import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satgrid import api
from satgrid.errors import InstanceError

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(p for p in (ROOT / "instances").iterdir() if p.suffix in (".toml", ".txt"))
OWN_KINDS = {"sudoku", "vertex-sums"}

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

CHARS = st.sampled_from(list("0123456789.  \n\t#=\"'[]{},|-+xXabAZ_") + ["\r", "\x00", "é", "\u2028",
                                                                         '"""', "\n[expect]\n",
                                                                         "size = 0\n", "box = ", "-1"])
NUMBERS = st.sampled_from(["0", "-1", "1", "2", "99", "100000", "1e3", "3.5", "", "nan", "true"])
MUTATION = st.tuples(
    st.sampled_from(["delete", "insert", "replace", "drop_line", "double_line", "swap_lines",
                     "number"]),
    st.floats(0, 1, allow_nan=False), st.floats(0, 1, allow_nan=False),
    st.lists(CHARS, min_size=1, max_size=3).map("".join), NUMBERS)


def mutate(text: str, mutations) -> str:
    for kind, a, b, chars, number in mutations:
        i = int(a * len(text))
        if kind == "delete":
            text = text[:i] + text[i + 1 + int(b * 8):]
        elif kind == "insert":
            text = text[:i] + chars + text[i:]
        elif kind == "replace":
            text = text[:i] + chars + text[i + len(chars):]
        elif kind in ("drop_line", "double_line", "swap_lines"):
            lines = text.split("\n")
            j, k = int(a * len(lines)) % len(lines), int(b * len(lines)) % len(lines)
            if kind == "drop_line":
                del lines[j]
            elif kind == "double_line":
                lines.insert(j, lines[j])
            else:
                lines[j], lines[k] = lines[k], lines[j]
            text = "\n".join(lines)
        else:
            nums = list(re.finditer(r"\d+", text))
            if nums:
                m = nums[int(a * len(nums)) % len(nums)]
                text = text[:m.start()] + number + text[m.end():]
    return text


def load_or_clean_error(text: str, file: str):
    """Load; exactly one kind of failure is allowed: a one-line InstanceError."""
    try:
        puzzles = api.loads(text, file)
    except InstanceError as e:
        msg = str(e)
        assert "\n" not in msg and "\r" not in msg, repr(msg)
        assert msg.startswith(file + ":") or msg.startswith("<"), msg
        return None, msg
    # a list, or the lazily made Sequence of a one-line-per-puzzle collection
    assert isinstance(puzzles, Sequence) and len(puzzles) > 0
    for p in puzzles:
        assert p.kind and p.file == file
        p.label()
        p.signature()
        p.expected_solution()
    return puzzles, None


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_mutated_instance_loads_or_fails_in_one_line(path):
    original = path.read_text(encoding="utf-8")
    file = str(path.relative_to(ROOT))
    ps, err = load_or_clean_error(original, file)
    assert err is None, f"the instance itself does not load: {err}"
    own = ps[0].kind in OWN_KINDS

    @SETTINGS
    @given(st.lists(MUTATION, min_size=1, max_size=4))
    def run(mutations):
        text = mutate(original, mutations)
        puzzles, msg = load_or_clean_error(text, file)
        if own:
            # our parsers locate every problem themselves: the pipeline's
            # catch-all for unforeseen shapes must never be what answers
            assert msg is None or "unusable instance (" not in msg, msg
            for p in puzzles or ():
                if p.kind in OWN_KINDS and getattr(p, "n", 99) <= 9:
                    api.compile_puzzle(p)   # whatever parses also builds

    run()


@SETTINGS
@given(st.binary(min_size=1, max_size=12), st.floats(0, 1))
def test_undecodable_bytes_are_one_line(junk, where):
    data = (ROOT / "instances" / "sudoku-classic.txt").read_bytes()
    i = int(where * len(data))
    fd, path = tempfile.mkstemp(suffix=".txt")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data[:i] + junk + data[i:])
        try:
            api.load(path)
        except InstanceError as e:
            assert "\n" not in str(e) and str(e).startswith(path + ":")
    finally:
        os.unlink(path)
