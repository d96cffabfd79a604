"""The modulo totalizer, ``mtotalizer``: T. Ogawa, Y. Liu, R. Hasegawa,
M. Koshimura, H. Fujita, "Modulo based CNF encoding of cardinality
constraints and its application to MaxSAT solvers", ICTAI 2013. With
modulus ``p = ceil(sqrt(k + 1))`` each node counts ``q*p + r``: the
remainder ``r`` in unary on ``min(s, p-1)`` variables, the quotient in unary
on ``min(Ku + 1, qa + qb + c)`` variables (``Ku = k // p``; qa, qb the
children's quotient widths; c = 1 when the node has a carry variable, i.e.
its children's remainders can add up to p). Clauses (upwards;
``a``, ``b`` remainders, ``A``, ``B`` quotients of the children, ``R``, ``Q``
the node's, ``c`` its carry):

    i + j < p:   (-a_i | -b_j | r_{i+j} | c)
    i + j >= p:  (-a_i | -b_j | c),  (-a_i | -b_j | r_{i+j-p}) if i + j > p
    quotient:    (-A_i | -B_j | Q_{i+j}),  (-A_i | -B_j | -c | Q_{i+j+1})

and at the root, for ``k = Ku*p + Kl``: ``(-Q_{Ku+1})`` and
``(-Q_{Ku} | -r_{Kl+1})`` (where those variables exist). O(n sqrt k)
auxiliaries instead of O(n k). **Size:** the recurrence above (see
:func:`size_mtotalizer`); no closed form.

**Generation**: as the totalizer's (see :mod:`.totalizer` and :mod:`.tree`):
nodes grouped by shape, each shape's clauses an index template kept in
:data:`satgrid.core.encodings.tree.TEMPLATES`, then the root clauses. The
per-size shapes are kept too (:data:`SHAPES`).
"""

from __future__ import annotations

from math import isqrt

from ._common import instantiate_starts
from .tree import shape_template, walk_tree

SHAPES: dict = {}      # (n, p, cap) -> memo of _mtot_shape (a pure function of the key)


def _mod_params(k):
    p = isqrt(k) + 1 if k > 0 else 1          # ceil(sqrt(k + 1))
    ku, kl = divmod(k, p)
    return p, ku, kl


def _mtot_shape(s, p, cap, memo):
    """(low width, quotient width, carry?, aux, clauses) of a subtree over s inputs."""
    if s == 1:
        return 1, 0, False, 0, 0
    got = memo.get(s)
    if got is None:
        left = s // 2
        la, ua, _, x1, c1 = _mtot_shape(left, p, cap, memo)
        lb, ub, _, x2, c2 = _mtot_shape(s - left, p, cap, memo)
        low = min(s, p - 1)
        carry = la + lb >= p
        up = min(cap, ua + ub + carry)
        ncl = 0
        for i in range(la + 1):
            for j in range(lb + 1):
                if i == j == 0:
                    continue
                ncl += 1 if i + j < p else (2 if i + j > p else 1)
        for i in range(ua + 1):
            for j in range(ub + 1):
                if (i or j) and i + j <= up:
                    ncl += 1
                if carry and i + j + 1 <= up:
                    ncl += 1
        got = memo[s] = (low, up, carry, x1 + x2 + low + up + carry, c1 + c2 + ncl)
    return got


def _mtot_node(a, qa, b, qb, r, qr, c, p):
    """Clauses of one modulo-totalizer node (c = 0: no carry variable)."""
    cl = []
    na = [0] + [-x for x in a]
    nb = [0] + [-x for x in b]
    for i in range(len(na)):
        for j in range(len(nb)):
            if i == j == 0:
                continue
            head = [x for x in (na[i], nb[j]) if x]
            s = i + j
            if s < p:
                cl.append(head + ([r[s - 1], c] if c else [r[s - 1]]))
            else:
                cl.append(head + [c])
                if s > p:
                    cl.append(head + [r[s - p - 1]])
    nqa = [0] + [-x for x in qa]
    nqb = [0] + [-x for x in qb]
    u = len(qr)
    for i in range(len(nqa)):
        for j in range(len(nqb)):
            head = [x for x in (nqa[i], nqb[j]) if x]
            s = i + j
            if (i or j) and s <= u:
                cl.append(head + [qr[s - 1]])
            if c and s + 1 <= u:
                cl.append(head + [-c, qr[s]])
    return cl


def _mtot_tree(lits, p, cap, base, memo):
    """Group the modulo totalizer's internal nodes by shape ``(|a|, |qa|,
    |b|, |qb|, low, up, -1 if carry else 0)`` with per node the first id of
    each argument, as :func:`satgrid.core.encodings.totalizer._tot_tree` (post-order numbering: a node's own
    block -- remainder, quotient, carry -- after its subtrees'). ``memo`` is
    filled by :func:`_mtot_shape`. Returns (groups, root remainder outputs,
    root quotient outputs)."""
    n = len(lits)
    naux = {s: v[3] for s, v in memo.items()}
    groups: dict = {}

    def own(s):                      # (offset of the own block, low, up)
        low, up, carry, aux, _ = memo[s]
        return aux - low - up - carry, low, up

    for s, (LO, BS) in walk_tree(n, base, naux).items():
        ls = s >> 1
        rs = s - ls
        la = naux.get(ls, 0)
        if ls == 1:
            shape_a, A = (1, 0), [lits[x] for x in LO]
        else:
            o, low, up = own(ls)
            shape_a, A = (low, up), [b + o for b in BS]
        if rs == 1:
            shape_b, B = (1, 0), [lits[x + ls] for x in LO]
        else:
            o, low, up = own(rs)
            o += la
            shape_b, B = (low, up), [b + o for b in BS]
        o, low, up = own(s)
        carry = memo[s][2]
        # quotients and carry follow their node's remainder block: no columns
        cols = (A, B, [b + o for b in BS])
        shape = shape_a + shape_b + (low, up, -1 if carry else 0)
        g = groups.get(shape)
        if g is None:
            groups[shape] = cols
        else:
            for x, y in zip(g, cols):
                x += y
    o, low, up = own(n)
    return groups, list(range(base + o, base + o + low)), \
        list(range(base + o + low, base + o + low + up))


def _mtot_emit(groups, p):
    def build(a, qa, b, qb, r, qr, c):
        return _mtot_node(a, qa, b, qb, r, qr, c if c else 0, p)
    cl: list[list[int]] = []
    for shape, starts in reversed(list(groups.items())):
        tpl = shape_template(("m", shape, p), build, shape)
        A, B, R = starts
        la, lb, low, up = shape[0], shape[2], shape[4], shape[5]
        cl += instantiate_starts(tpl, shape, (A, (0, la), B, (2, lb), R, (4, low), (4, low + up)))
    return cl


def _mtot_root(r, qr, ku, kl):
    cl = []
    if len(qr) >= ku + 1:
        cl.append([-qr[ku]])
    if kl + 1 <= len(r):
        if ku == 0:
            cl.append([-r[kl]])
        elif ku <= len(qr):
            cl.append([-qr[ku - 1], -r[kl]])
    return cl


def mtotalizer(lits, k: int, source) -> list[list[int]]:
    """``sum(lits) <= k`` (0 < k < n) by the modulo totalizer."""
    n = len(lits)
    p, ku, kl = _mod_params(k)
    cap = ku + 1
    memo = SHAPES.get((n, p, cap))
    if memo is None:                  # per-size shapes: a pure function of (n, p, cap)
        if len(SHAPES) > 256:
            SHAPES.clear()
        memo = SHAPES[(n, p, cap)] = {}
        _mtot_shape(n, p, cap, memo)
    aux = source.new_vars(memo[n][3])
    groups, r, qr = _mtot_tree(list(lits), p, cap, aux.start, memo)
    cl = _mtot_emit(groups, p)
    cl += _mtot_root(r, qr, ku, kl)
    return cl


def size_mtotalizer(n: int, k: int) -> tuple[int, int]:
    """Size of :func:`mtotalizer` for ``0 < k < n``: the recurrence over the
    tree (:func:`_mtot_shape`) plus the root clauses."""
    p, ku, kl = _mod_params(k)
    low, up, carry, aux, cls = _mtot_shape(n, p, ku + 1, {})
    root = (1 if up >= ku + 1 else 0)
    if kl + 1 <= low and (ku == 0 or ku <= up):
        root += 1
    return aux, cls + root
