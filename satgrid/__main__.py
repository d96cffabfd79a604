"""``python -m satgrid`` and the ``satgrid`` program: the command line
(:func:`satgrid.apps.cli.main`) run as a whole process (:func:`run`)."""

import gc

from .apps.cli import main


def run() -> int:
    """Run the command line of this process; return its exit status.

    The process ends right after, so everything it allocated (the modules,
    the formula, the solver) is frozen out of the cyclic collector first
    (``gc.freeze()``): the interpreter's collections at exit would otherwise
    traverse all of it once more only to free memory the operating system
    reclaims anyway (about 7 ms of a one-puzzle solve). Objects are still
    released by reference counting, buffers flushed and ``atexit`` handlers
    run as usual. :func:`main` itself leaves the collector alone: a caller in
    a long-lived process (tests, notebooks) keeps collecting its garbage.
    """
    status = main()
    gc.freeze()
    return status


if __name__ == "__main__":
    raise SystemExit(run())
