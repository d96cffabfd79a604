"""The workbench: ``satgrid app``, a local web page to type or load a puzzle,
solve it, check uniqueness, and see what its encoding costs.

* :mod:`.server`: the HTTP server (standard library), the page's files;
* :mod:`.gate`: who may use it (Host, Origin, Content-Type) and what numbers a body may hold;
* :mod:`.workers`: the worker processes that run the routes within their limits;
* :mod:`.batching`: concurrent solves of one base formula solved as a collection;
* :mod:`.routes`: the JSON API over :mod:`satgrid.pipeline`;
* :mod:`.drawings`: puzzle and solution drawings, the solution file;
* ``static/``: the page, its script and its style (served by satgrid).

docs/workbench.md is the user guide.
"""


def __getattr__(name):  # PEP 562: the server (http.server & co) loads only for `satgrid app`
    if name in ("serve", "make_server", "start_in_thread", "Workbench"):
        import importlib
        mod = importlib.import_module(f"{__name__}.server")
        return getattr(mod, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
