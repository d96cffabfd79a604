"""DIMACS CNF and iCNF writing: deterministic bytes, written atomically.

It writes anything shaped like a :class:`~satgrid.core.formula.Formula` -- the
attributes ``description``, ``encodings``, ``nvars``, ``nclauses`` and the
methods ``sizes()``, ``total()``, ``names()``, ``clause_groups()`` -- and
imports no Formula (``Formula.to_dimacs`` calls it).

* :func:`write_dimacs` / :func:`dimacs_text` -- a DIMACS CNF file with a header
  in the style of cnfgen: generator and version, command line, description,
  puzzle kind, the encodings chosen, sizes per constraint group and in total,
  and a ``c varname <id> <name>`` line per named variable.
* :func:`write_icnf` / :func:`icnf_text` -- the incremental ``p inccnf``
  format: the same header, the clauses, then one ``a <lits> 0`` line per
  assumption set.

A name ending in ``.gz``, ``.xz`` or ``.bz2`` is compressed with that codec
(deterministically, see :mod:`satgrid.io.compression`); ``-`` is standard output. Every header line starts with ``c ``; text given by a
user never brings a line break into it (a multi-line description becomes
several lines, other fields have control characters escaped). Names that are
not plain (control characters, leading or trailing blanks, a leading double
quote) are written as JSON strings, so reading gives back exactly the names
written.

Speed (``bench/bench_dimacs.py``, 2 million clauses): writing formats chunks
of 10,000 clause lines with one C-level call each (the :mod:`json` encoder
with ``" "`` as separator, then one same-length ``bytes.replace``), about 3x
faster than PySAT's ``CNF.to_file``.
"""

from __future__ import annotations

import json
import operator
from itertools import islice
from typing import Iterable, Iterator, Sequence

from ..._version import __version__
from ..fileio import atomic_write_chunks
from ...sizes import Sizes

#: clause lines formatted (and written) per chunk: 10,000 lines (~250 kB) stay
#: in the CPU cache; 100,000 is 10-20% slower (bench/bench_dimacs.py)
CHUNK_CLAUSES = 10_000


def _clean(text: str) -> str:
    """``text`` on one line: every non-printable character (line breaks, tabs,
    other controls) escaped as in a Python literal."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _quote(name: str) -> str:
    """A name as written in ``c varname`` and ``c group`` lines: plain when it
    reads back unchanged, else a JSON string (ASCII only)."""
    name = str(name)
    if name and name.isprintable() and name == name.strip() and name[0] != '"':
        return name
    return json.dumps(name)



def header_lines(formula, *, command_line: str | None = None,
                 description: str | None = None, varnames: bool = True,
                 kind: str | None = None) -> list[str]:
    """The comment lines (without line ends) that head a file of ``formula``.

    Args:
        formula: a :class:`~satgrid.core.formula.Formula`, or anything with its
            ``description``, ``encodings``, ``sizes()``, ``total()`` and ``names()``.
        command_line: the command that made the file (``c command line: ...``).
        description: more description after ``formula.description``; each of
            its lines becomes a ``c description: ...`` line.
        varnames: add ``c varname <id> <name>`` for every named variable.
        kind: the puzzle kind (``c kind: ...``).

    Returns:
        Lines that all start with ``"c "``: about 6 + (number of groups) +
        (number of encodings) + (named variables if ``varnames``).
    """
    lines = [f"c generator: satgrid {__version__}"]
    if command_line is not None:
        lines.append(f"c command line: {_clean(command_line)}".rstrip())
    for text in (formula.description, description):
        for line in str(text or "").splitlines():
            lines.append(f"c description: {_clean(line)}".rstrip())
    if kind is not None:
        lines.append(f"c kind: {_clean(kind)}".rstrip())
    for constraint, method in sorted((str(k), str(v)) for k, v in formula.encodings.items()):
        lines.append(f"c encoding: {_clean(constraint)} = {_clean(method)}")
    sizes = formula.sizes()
    total = sum(sizes.values(), Sizes()) if sizes else formula.total()
    wv, wc, wl = (len(str(x)) for x in (total.variables, total.clauses, total.literals))
    lines.append("c sizes per constraint group: variables clauses literals group")
    for group, s in sizes.items():
        lines.append(f"c group {s.variables:>{wv}} {s.clauses:>{wc}} {s.literals:>{wl}} "
                     f"{_quote(group)}")
    lines.append(f"c total {total.variables:>{wv}} {total.clauses:>{wc}} {total.literals:>{wl}}")
    lines.extend(_group_variable_lines(formula))
    if varnames:
        lines.extend([f"c varname {v} {_quote(n)}" for v, n in formula.names()])
    return lines



def _group_variable_lines(formula, per_line: int = 16) -> list[str]:
    """``c group-variables NAME a-b c ...``: which variables each group made,
    as runs of ids (at most ``per_line`` a line), so that a reader gives every
    group its variables back (``Formula.from_dimacs``)."""
    runs = getattr(formula, "variable_runs", None)
    if runs is None:
        return []
    by_group: dict[str, list[str]] = {}
    for g, a, b in runs():
        by_group.setdefault(g, []).append(str(a) if a == b else f"{a}-{b}")
    lines = []
    for g, spans in by_group.items():
        for i in range(0, len(spans), per_line):
            lines.append(f"c group-variables {_quote(g)} {' '.join(spans[i:i + per_line])}")
    return lines


_JSON_LINE = json.JSONEncoder(separators=(" ", ":"), check_circular=False)
_CHUNK_CHARS = b"-0123456789 []"




def _clause_block(part: list):
    """DIMACS lines (``"1 -2 3 0\\n"`` ...) of the clauses ``part``, as a
    tuple of bytes-like pieces.

    One C-level call formats the whole list: JSON with ``" "`` as separator
    gives ``[[1 -2 3] [4 5]]``; replacing ``"] ["`` by the same-length
    ``" 0\\n"`` gives the lines. A chunk that is not a list of non-empty lists
    of plain ints (empty clauses, numpy integers, ...) takes the plain path.
    """
    if part and all(part):
        try:
            text = _JSON_LINE.encode(part).encode("ascii")
        except (TypeError, ValueError):
            text = None
        if (text is not None and not text.translate(None, _CHUNK_CHARS)
                and text.count(b"[") == len(part) + 1):
            return memoryview(text.replace(b"] [", b" 0\n"))[2:-2], b" 0\n"
    out = []
    index = operator.index
    for clause in part:
        if clause:
            out.append(" ".join(map(str, map(index, clause))) + " 0\n")
        else:
            out.append("0\n")
    return ("".join(out).encode("ascii"),)


def _clause_chunks(groups: Iterable[list], chunk: int = CHUNK_CLAUSES) -> Iterator[bytes]:
    for clauses in groups:
        for start in range(0, len(clauses), chunk):
            yield from _clause_block(clauses[start:start + chunk])


def dimacs_chunks(formula, **options) -> Iterator[bytes]:
    """The bytes of the DIMACS file of ``formula``, in large chunks.

    Options are those of :func:`write_dimacs` (except the path).
    """
    lines = header_lines(formula, **options)
    lines.append(f"p cnf {formula.nvars} {formula.nclauses}")
    yield ("\n".join(lines) + "\n").encode("utf-8")
    yield from _clause_chunks(clauses for _, clauses in formula.clause_groups())


def write_dimacs(formula, path, *, command_line: str | None = None,
                 description: str | None = None, varnames: bool = True,
                 kind: str | None = None) -> None:
    """Write ``formula`` to ``path`` in DIMACS CNF, atomically.

    The file is the header of :func:`header_lines`, ``p cnf V C`` (V =
    ``formula.nvars``, C = ``formula.nclauses``), then one clause per line,
    group by group, each line ending in `` 0``. The same formula and options
    give the same bytes. A name ending in ``.gz``, ``.xz`` or ``.bz2`` is
    compressed (gzip with no file name and time 0, so that too is
    deterministic: :mod:`satgrid.io.compression`); ``-`` writes to standard output.

    The bytes go to a temporary file in the directory of ``path`` that
    replaces ``path`` only once complete: on any failure nothing is left
    behind and an existing ``path`` is untouched.

    Args:
        formula: a :class:`~satgrid.core.formula.Formula`.
        path: file name (``str`` or path-like).
        command_line, description, varnames, kind: header contents, see
            :func:`header_lines`.

    Raises:
        OSError: the file cannot be written (missing directory, ...).
        TypeError: a literal that is not an integer.
    """
    atomic_write_chunks(path, dimacs_chunks(formula, command_line=command_line,
                                      description=description, varnames=varnames,
                                      kind=kind))


def dimacs_text(formula, *, command_line: str | None = None,
                description: str | None = None, varnames: bool = True,
                kind: str | None = None) -> str:
    """The DIMACS text that :func:`write_dimacs` writes (uncompressed)."""
    return b"".join(dimacs_chunks(formula, command_line=command_line,
                                  description=description, varnames=varnames,
                                  kind=kind)).decode("utf-8")


def _check_assumptions(formula, assumption_sets) -> Iterator[list[int]]:
    """The assumption sets as lists of ints, each checked as it is reached (a
    collection of millions is never held whole: the file is written atomically,
    so a bad set found late still leaves nothing behind)."""
    top = formula.nvars
    for i, lits in enumerate(assumption_sets):
        lits = [operator.index(x) for x in lits]
        for x in lits:
            if x == 0 or abs(x) > top:
                raise ValueError(f"assumption set {i}: literal {x} is not a variable "
                                 f"of the formula (1..{top})")
        yield lits


def icnf_chunks(formula, assumption_sets: Iterable[Sequence[int]], **options) -> Iterator[bytes]:
    """The bytes of the iCNF file of ``formula`` (see :func:`write_icnf`)."""
    sets = _check_assumptions(formula, assumption_sets)
    lines = header_lines(formula, **options)
    lines.append("p inccnf")
    yield ("\n".join(lines) + "\n").encode("utf-8")
    yield from _clause_chunks(clauses for _, clauses in formula.clause_groups())
    while True:
        chunk = list(islice(sets, CHUNK_CLAUSES))
        if not chunk:
            return
        yield "".join(["a " + " ".join(map(str, lits)) + " 0\n" if lits else "a 0\n"
                       for lits in chunk]).encode("ascii")


def write_icnf(formula, assumption_sets: Iterable[Sequence[int]], path, **header_options) -> None:
    """Write ``formula`` and assumption sets in the incremental iCNF format.

    The file is the header of :func:`header_lines`, ``p inccnf``, the clauses
    of ``formula`` (as in DIMACS), then one ``a <lits> 0`` line per assumption
    set: a solver reading it solves the clauses under each set in turn (the
    ``inccnf`` format of the incremental tracks, ilingeling, ...). Written
    atomically, compressed by suffix, deterministic -- as :func:`write_dimacs`.

    Args:
        formula: a :class:`~satgrid.core.formula.Formula`.
        assumption_sets: sequences of literals over the formula's variables.
        path: file name.
        header_options: ``command_line``, ``description``, ``varnames``, ``kind``.

    Raises:
        ValueError: an assumption literal that is 0 or not a variable.
        OSError: the file cannot be written.
    """
    atomic_write_chunks(path, icnf_chunks(formula, assumption_sets, **header_options))


def icnf_text(formula, assumption_sets: Iterable[Sequence[int]], **header_options) -> str:
    """The iCNF text that :func:`write_icnf` writes (uncompressed)."""
    return b"".join(icnf_chunks(formula, assumption_sets, **header_options)).decode("utf-8")

