"""Shared helpers of the encoders: the standalone variable source and small
clause utilities. Nothing here knows any particular encoding."""

from __future__ import annotations

from ..errors import EncodingError  # noqa: F401  (re-exported for the modules)


class VarCounter:
    """A standalone source of fresh variables: ids ``top + 1``, ``top + 2``, ...

    The same interface as :class:`satgrid.formula.Formula` offers to encoders
    (``new_var()`` and ``new_vars(count) -> range``), for using the encoders
    without a Formula.

    Args:
        top: the largest id already in use (the first fresh id is ``top + 1``).

    Example:
        >>> vc = VarCounter(10)
        >>> vc.new_var(), list(vc.new_vars(3)), vc.top
        (11, [12, 13, 14], 14)
    """

    __slots__ = ("top",)

    def __init__(self, top: int = 0):
        if top < 0:
            raise ValueError("top must be >= 0")
        self.top = int(top)

    def new_var(self, name=None) -> int:
        """One fresh variable (``name`` is accepted and ignored)."""
        self.top += 1
        return self.top

    def new_vars(self, count: int) -> range:
        """``count`` fresh variables with consecutive ids, as a range."""
        if count < 0:
            raise ValueError("count must be >= 0")
        first = self.top + 1
        self.top += count
        return range(first, first + count)

    def __repr__(self) -> str:
        return f"VarCounter(top={self.top})"


def ceil_log2(n: int) -> int:
    """Smallest m with 2**m >= n (0 for n <= 1)."""
    return (n - 1).bit_length() if n > 1 else 0


def next_pow2(n: int) -> int:
    """Smallest power of two >= n (1 for n <= 1)."""
    return 1 << ceil_log2(n)
