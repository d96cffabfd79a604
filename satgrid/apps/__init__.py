"""The programs built on satgrid: the command line, the Sudoku workflow, families.

``satgrid.apps.commands`` (and with it the whole pipeline, PySAT and the
puzzle kinds) is loaded on first use, so ``satgrid --help`` and argument
errors answer without importing the solver stack.
"""


def __getattr__(name):  # PEP 562: the commands load after parsing, off the --help path
    if name == "commands":
        import satgrid.apps.commands  # noqa: F401  (sets the attribute; no fromlist, no recursion)
        return globals()["commands"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
