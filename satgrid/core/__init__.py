"""satgrid's core: the Formula, the encodings, solvers and the Session over PySAT.

:data:`DEFAULT_SOLVER` is written here, once, so that the command line can
name it in its help without loading PySAT (``satgrid.core.solvers``, which
owns the solver names, re-exports it).
"""

#: the solver a Session uses unless told otherwise
DEFAULT_SOLVER = "cadical195"
