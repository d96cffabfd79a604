"""The version of satgrid, on its own so that any module can name it without
importing the package (the DIMACS header writes it)."""

__version__ = "0.1.0"
