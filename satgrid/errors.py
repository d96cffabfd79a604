"""Exception types. Each failure kind has its own class; the CLI turns every
:class:`SatgridError` into one line on stderr and exit status 2."""

from __future__ import annotations

import re


#: exit statuses of the command line
EXIT_OK, EXIT_UNSAT, EXIT_INPUT, EXIT_LIMIT = 0, 1, 2, 3
#: exit status of an output that could not be written (:class:`OutputError`)
EXIT_OUTPUT = 4
#: an interrupted command exits with 128 + the signal, 130 or 143
#: (``satgrid.core.interrupts.exit_status``; what was finished is printed first)


class SatgridError(Exception):
    """Base class of every error satgrid reports to a user."""

    exit_status = 2


class InputError(SatgridError):
    """Unusable input, located in a file: ``file:line:column: message``.

    Args:
        message: what was expected or found.
        file: the file name (or ``"<string>"``).
        line, column: 1-based position; ``None`` when not meaningful.
    """

    def __init__(self, message: str, file: str | None = None,
                 line: int | None = None, column: int | None = None):
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        super().__init__(self.one_line())

    def one_line(self) -> str:
        name = str(self.file if self.file is not None else "<input>")
        where = [name.replace("\n", "\\n").replace("\r", "\\r")]
        if self.line is not None:
            where.append(str(self.line))
            if self.column is not None:
                where.append(str(self.column))
        text = " ".join(str(self.message).split())  # never more than one line
        return ":".join(where) + ": " + _LONG_WORD.sub(_shorten, text)


#: a "word" of a message longer than any a person reads (a 5,000-digit number quoted back)
_LONG_WORD = re.compile(r"\S{201,}")


def _shorten(m: re.Match) -> str:
    return f"{m.group()[:40]}... ({len(m.group()):,} characters)"


class InstanceError(InputError):
    """A puzzle instance file that cannot be used."""


class DimacsError(InputError):
    """A malformed DIMACS / iCNF file."""


class SolverOutputError(InputError):
    """A malformed solver output (SAT-competition or minisat result format)."""


class EncodingError(SatgridError):
    """Unknown encoding name or an unsupported (method, constraint) pair."""


class ArgumentError(EncodingError):
    """A Model method given arguments it cannot use (a ``str`` domain, an
    unknown comparison, a list that is not of literals): one line, exit 2."""


class SolverError(SatgridError):
    """A solver that cannot do what was asked (e.g. assumptions on Kissat)."""


class ModelError(SatgridError):
    """A model (assignment) that does not fit a formula."""


class NotAvailableError(SatgridError):
    """A command whose machinery is not part of this build."""


class UsageError(SatgridError):
    """Arguments the command line cannot use (exit status 2)."""


class OutputError(SatgridError, OSError):
    """An output that cannot be written (missing folder, a folder as the
    target, a full disk, an existing file without ``--force``): one line
    naming the target the user gave, exit status 4. Also an ``OSError``, so
    Python callers catching that keep working."""

    exit_status = EXIT_OUTPUT

    def __init__(self, target, message: str):
        self.target = str(target)
        self.message = message
        SatgridError.__init__(self, f"{self.target}: {message}")

    def __str__(self) -> str:
        return f"{self.target}: {self.message}"


class LimitError(SatgridError):
    """Work refused or stopped by a limit (``--max-clauses``, ``--time-limit``
    while compiling): exit status 3, the estimate or time and the limit in
    the message."""

    exit_status = EXIT_LIMIT
