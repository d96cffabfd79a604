"""satgrid's core: the Formula, the encodings, solvers and the Session over PySAT."""
