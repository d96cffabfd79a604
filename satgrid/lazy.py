"""Imports deferred to first use, for code off the start-up path.

A command imports only what its work needs: the module-level name of a
rarely used module (the certificate writer, the workbench, the families) is a
stand-in that imports the real module the first time an attribute is read or
the function is called. The target is named by its dotted path, so
``tests/test_startup.py`` reads every ``lazy.module(...)``/``lazy.function(...)``
call from the source and holds it to the layout rules that
``tests/test_layout.py`` applies to import statements.

Example::

    >>> import sys
    >>> from satgrid import lazy
    >>> cal = lazy.module("calendar")     # nothing imported yet
    >>> cal.isleap(2024)                  # imports calendar, then reads isleap
    True
    >>> leap = lazy.function("calendar", "isleap")
    >>> leap(2023)
    False

A stand-in costs one dictionary lookup (``sys.modules``) per use once the
module is loaded: fine for a call per command or per puzzle, not for an
inner loop (bind the real object there).
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable


def _load(name: str):
    mod = sys.modules.get(name)
    return mod if mod is not None else importlib.import_module(name)


class LazyModule:
    """A stand-in for module ``name``: reading an attribute imports the module
    (once) and reads the attribute from it."""

    __slots__ = ("_lazy_name",)

    def __init__(self, name: str):
        object.__setattr__(self, "_lazy_name", name)

    def __getattr__(self, attr: str) -> Any:
        return getattr(_load(self._lazy_name), attr)

    def __repr__(self) -> str:
        return f"<lazy module {self._lazy_name!r}>"


def module(name: str) -> LazyModule:
    """A stand-in for the module ``name`` (absolute dotted path), imported on
    first attribute access."""
    return LazyModule(name)


def function(module_name: str, name: str) -> Callable[..., Any]:
    """A function that imports ``module_name`` on its first call and calls
    its ``name`` with the same arguments."""
    def call(*args, **kwargs):
        return getattr(_load(module_name), name)(*args, **kwargs)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module_name}.{name}, imported on first call."
    return call
