"""Shared helpers of the encoders: the standalone variable source and small
clause utilities. Nothing here knows any particular encoding."""

from __future__ import annotations


class VarCounter:
    """A standalone source of fresh variables: ids ``top + 1``, ``top + 2``, ...

    The same interface as :class:`satgrid.core.formula.Formula` offers to encoders
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


def and_gate(r: int, lits) -> list[list[int]]:
    """The clauses of r <-> AND(lits).

    >>> and_gate(3, [1, 2])
    [[-3, 1], [-3, 2], [3, -1, -2]]
    """
    cl = [[-r, l] for l in lits]
    cl.append([r] + [-l for l in lits])
    return cl


def or_gate(r: int, lits) -> list[list[int]]:
    """The clauses of r <-> OR(lits).

    >>> or_gate(3, [1, 2])
    [[3, -1], [3, -2], [-3, 1, 2]]
    """
    cl = [[r, -l] for l in lits]
    cl.append([-r] + list(lits))
    return cl


def ceil_log2(n: int) -> int:
    """Smallest m with 2**m >= n (0 for n <= 1)."""
    return (n - 1).bit_length() if n > 1 else 0


def next_pow2(n: int) -> int:
    """Smallest power of two >= n (1 for n <= 1)."""
    return 1 << ceil_log2(n)


def template(build, sizes):
    """Clauses of one node shape as index templates.

    ``build`` is called with lists of distinct placeholder variables of the
    given ``sizes`` (a 0 size gives an empty list; a negative one a single
    placeholder int instead of a list); it returns clauses over them. Each
    literal becomes an index into the table ``locals + [-x for x in locals]``
    where ``locals`` is the concatenation of the real values in the same
    order (see :func:`instantiate_starts`).
    """
    args, nxt = [], 1
    for s in sizes:
        if s < 0:
            args.append(nxt)
            nxt += 1
        else:
            args.append(list(range(nxt, nxt + s)))
            nxt += s
    L = nxt - 1
    return [tuple(l - 1 if l > 0 else L - l - 1 for l in c) for c in build(*args)]


def instantiate_starts(templates, sizes, starts) -> list[list[int]]:
    """Clauses of every node of one shape whose arguments are runs of
    consecutive ids: ``starts[m][x]`` is the first id of argument ``m`` of
    node ``x`` (a one-element argument, such as a leaf literal, is its own
    start; an empty one any int), or a pair ``(j, d)``: argument j's starts
    plus d, for every node (no column of its own). ``templates`` is :func:`template` of the
    shape's ``sizes``. One column (list over nodes) is made per literal the
    templates use, then one list comprehension per template clause zips them:
    no table per node."""
    slots = []                        # local index -> (argument, offset)
    for m, s in enumerate(sizes):
        st = starts[m]
        if type(st) is tuple:         # (argument j, d): starts[j] shifted by d
            slots += [(st[0], st[1] + o) for o in range(s if s >= 0 else 1)]
        else:
            slots += [(m, o) for o in range(s if s >= 0 else 1)]
    L = len(slots)
    cols: dict = {}

    def col(idx):
        c = cols.get(idx)
        if c is None:
            m, o = slots[idx if idx < L else idx - L]
            S = starts[m]
            if idx < L:
                c = S if o == 0 else [x + o for x in S]
            else:
                c = [-x - o for x in S]
            cols[idx] = c
        return c

    out: list[list[int]] = []
    for t in templates:
        if len(t) == 2:
            out += [[x, y] for x, y in zip(col(t[0]), col(t[1]))]
        elif len(t) == 3:
            out += [[x, y, z] for x, y, z in zip(col(t[0]), col(t[1]), col(t[2]))]
        elif len(t) == 4:
            out += [[x, y, z, w] for x, y, z, w in
                    zip(col(t[0]), col(t[1]), col(t[2]), col(t[3]))]
        else:
            out += [list(c) for c in zip(*[col(i) for i in t])]
    return out
