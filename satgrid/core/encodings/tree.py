"""The balanced binary tree the totalizers (:mod:`.totalizer`,
:mod:`.mtotalizer`) are built on, and the clause templates they keep.

A node over inputs ``lits[lo:hi]`` has children ``lits[lo:mid]`` and
``lits[mid:hi]`` with ``mid = (lo + hi) // 2``; a leaf is the input literal
itself. Variables are numbered as a post-order walk of the tree would (a
node's block after its subtrees'), but the tree is not walked node by node:
the upper levels are visited level by level and subtrees over at most
:data:`SMALL` inputs are expanded from a per-size pattern
(:func:`walk_tree`). Each node shape's clauses are index templates
(:func:`satgrid.core.encodings._common.template`), made once per shape and kept in
:data:`TEMPLATES` (:func:`shape_template`).
"""

from __future__ import annotations

from ._common import template

SMALL = 16     # subtrees up to this many inputs are expanded by pattern
#: (shape key) -> clause templates; a pure function of the key, so keeping
#: them changes only the time of the next call (see ``clear_caches``)
TEMPLATES: dict = {}


def shape_template(key, build, sizes):
    """The templates of one node shape (``build`` over placeholder arguments
    of ``sizes``, see :func:`template`), made once per ``key`` and kept."""
    tpl = TEMPLATES.get(key)
    if tpl is None:
        if len(TEMPLATES) > 4096:
            TEMPLATES.clear()
        tpl = TEMPLATES[key] = template(build, sizes)
    return tpl


def walk_tree(n, base, naux):
    """Internal nodes of the balanced tree over n inputs as ``{size: (LO,
    BASE)}``: per node its first input index and the first variable id of
    its subtree, where a post-order numbering (left subtree, right subtree,
    then the node's own block) puts the right subtree at ``base +
    naux[left size]``. ``naux[s]`` is the number of auxiliaries of a subtree
    over s >= 2 inputs.

    The upper levels are walked node by node, level by level (no
    recursion); subtrees over at most ``SMALL`` inputs -- most of the nodes
    -- are not walked: every node of such a subtree sits at a fixed offset
    (inputs, ids) from the subtree's own, so all subtrees of one size are
    expanded together, one list comprehension per node of the pattern."""
    bysize: dict = {}
    small: dict = {}
    level = [(0, n, base)]
    while level:
        below = []
        add = below.append
        for lo, hi, b0 in level:
            s = hi - lo
            g = (small if s <= SMALL else bysize).get(s)
            if g is None:
                g = (small if s <= SMALL else bysize)[s] = ([], [])
            g[0].append(lo)
            g[1].append(b0)
            if s <= SMALL:
                continue
            ls = s >> 1
            add((lo, lo + ls, b0))
            add((lo + ls, hi, b0 + naux[ls]))
        level = below
    memo: dict = {}
    for s, (LO, BS) in small.items():
        for z, dl, db in _pattern(s, naux, memo):
            g = bysize.get(z)
            if g is None:
                g = bysize[z] = ([], [])
            g[0].extend([x + dl for x in LO] if dl else LO)
            g[1].extend([x + db for x in BS] if db else BS)
    return bysize


def _pattern(s, naux, memo):
    """Internal nodes of a subtree over s inputs as (size, input offset, id
    offset) from the subtree's own, in post-order."""
    got = memo.get(s)
    if got is None:
        if s == 1:
            got = []
        else:
            ls = s >> 1
            got = (_pattern(ls, naux, memo)
                   + [(z, dl + ls, db + naux.get(ls, 0)) for z, dl, db in _pattern(s - ls, naux, memo)]
                   + [(s, 0, 0)])
        memo[s] = got
    return got
