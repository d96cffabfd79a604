"""Totalizers: ``totalizer``, ``mtotalizer`` (modulo totalizer), ``gtotalizer``
(generalized totalizer, pseudo-Boolean) and :class:`IncrementalTotalizer`.

A totalizer is a balanced binary tree over the inputs (a node over inputs
``lits[lo:hi]`` has children ``lits[lo:mid]`` and ``lits[mid:hi]`` with
``mid = (lo + hi) // 2``; a leaf is the input literal itself). Each internal
node carries a unary count of the inputs below it.

``totalizer`` -- O. Bailleux, Y. Boufkhad, "Efficient CNF encoding of Boolean
cardinality constraints", CP 2003. A node over ``s`` inputs has outputs
``r_1..r_t``, ``t = min(s, k + 1)`` (``r_j``: "at least j inputs below are
true"; outputs above k+1 are not built). With children outputs ``a_1..a_p``,
``b_1..b_q``:

    up:   (-a_i | -b_j | r_{i+j})            0 <= i <= p, 0 <= j <= q, 1 <= i+j <= t
    down: (a_{i+1} | b_{j+1} | -r_{i+j+1})    0 <= i <= p, 0 <= j <= q, i+j+1 <= t

(``a_0``, ``b_0`` true and ``a_{p+1}``, ``b_{q+1}`` false are left out).
``sum <= k`` is the up clauses plus the unit ``-r_{k+1}`` at the root; unit
propagation is arc-consistent. **Size:** auxiliaries ``sum over internal nodes
of min(s, k+1)``; clauses ``1 + sum over nodes of up(p, q, t)`` where
``up(p, q, t) = #{(i, j) : 0<=i<=p, 0<=j<=q, 1<=i+j<=t}``. Without the cut at
k+1 (k+1 >= n) and n = 2^m that is ``n*m`` auxiliaries and
``sum_{l=1..m} 2^(m-l) * ((2^(l-1)+1)^2 - 1)`` clauses (the O(n log n) /
O(n^2) of the paper). ``exactly(k)`` shares one tree (cut at k+1) for both
directions: up and down clauses at every node, units ``-r_{k+1}`` and
``r_k``; when ``k > n - k`` it is built over the negated inputs for
``n - k`` instead (smaller tree, same meaning).

``mtotalizer`` -- T. Ogawa, Y. Liu, R. Hasegawa, M. Koshimura, H. Fujita,
"Modulo based CNF encoding of cardinality constraints and its application to
MaxSAT solvers", ICTAI 2013. With modulus ``p = ceil(sqrt(k + 1))`` each node
counts ``q*p + r``: the remainder ``r`` in unary on ``min(s, p-1)`` variables,
the quotient in unary on ``min(Ku + 1, qa + qb + c)`` variables (``Ku = k //
p``; qa, qb the children's quotient widths; c = 1 when the node has a carry
variable, i.e. its children's remainders can add up to p). Clauses (upwards;
``a``, ``b`` remainders, ``A``, ``B`` quotients of the children, ``R``, ``Q``
the node's, ``c`` its carry):

    i + j < p:   (-a_i | -b_j | r_{i+j} | c)
    i + j >= p:  (-a_i | -b_j | c),  (-a_i | -b_j | r_{i+j-p}) if i + j > p
    quotient:    (-A_i | -B_j | Q_{i+j}),  (-A_i | -B_j | -c | Q_{i+j+1})

and at the root, for ``k = Ku*p + Kl``: ``(-Q_{Ku+1})`` and
``(-Q_{Ku} | -r_{Kl+1})`` (where those variables exist). O(n sqrt k)
auxiliaries instead of O(n k). **Size:** the recurrence above (see
:func:`size_mtotalizer`); no closed form.

``gtotalizer`` -- S. Joshi, R. Martins, V. Manquinho, "Generalized totalizer
encoding for pseudo-Boolean constraints", CP 2015. For ``sum w_i x_i <= K``
(``1 <= w_i <= K``, total above K; the caller removes heavier inputs and
trivial cases). The inputs are sorted by weight, ascending (stable), as the
authors' implementation does (Open-WBO's ``Enc_GTE``: "sort the coefficients
so that GTE is more efficient": equal weights meet low in the tree, where
their sums coincide), and split into the balanced tree above. A leaf is the
input with its one value ``w_i``; an internal node has one output per
*distinct* sum ``v <= K`` reachable from its children's values ``A``, ``B``
(0 included): ``R = ({a + b} | A | B)`` cut at K. The outputs are order
encoded (``R_v``: "the inputs below sum to at least v"), which the authors'
clauses give only implicitly; making it explicit (as pindakaas, behind
PySAT's ``pb.totalizer``, does) is what lets sums above K be refused by a few
conflict clauses instead of one per pair:

    pairs:     (-A_a | -B_b | R_{a+b})    a in A+{0}, b in B+{0}, 0 < a+b <= K
    chain:     (-R_{v'} | R_v)            v < v' consecutive outputs
    conflicts: (-A_a | -B_b)              a + b > K and (a, b) minimal: for
               each a (ascending) the least b with a + b > K, kept only when
               that b is smaller than for every smaller a

(``A_0``, ``B_0`` true are left out.) With the chains, a true ``A_a`` makes
every smaller output of A true, so a minimal pair refuses every larger one.
The root makes **no outputs**: nothing reads them for ``<=``; it has its
conflict clauses only. (A low output that no clause above reads, such as
the smallest value of a root child that conflicts with nothing, is still
built: about one per tree at the atlas's points.) Sums above K are never built (the authors'
implementation collapses them into one output ``K+1`` per node, refused at
the root by a unit clause: more outputs, a clause per pair above K at every
node, and root outputs; 12,477 / 2,632,616 at the point below). Unit
propagation is arc-consistent, as in the paper: with true inputs summing to
s, each node's outputs up to its part of s are propagated true, and every
input heavier than K - s false through the conflicts and the pair clauses
read downwards. **Size** (a recurrence, no closed form; exponential in the
worst case, small for few distinct weights): per internal node other than
the root ``|R|`` auxiliaries and ``|A| + |B| + #{(a, b) in A x B : a + b <=
K} + (|R| - 1) + #conflicts`` clauses; the root ``#conflicts`` clauses
(:func:`size_gtotalizer`). At n = 512 with the atlas's weights (1..10) and K
= 1436: 11,039 auxiliaries and 1,304,916 clauses (the index-order tree with
root outputs and a conflict clause per pair above K: 20,585 / 4,014,329;
PySAT's ``pb.totalizer`` from pindakaas: 11,039 / 1,304,932; pindakaas pairs
neighbouring nodes bottom up, the same tree as ours when n is a power of two
and neither is always smaller otherwise).

Per comparison (see :func:`satgrid.encodings.linear`): ``<=`` is the tree
above; ``>=`` is ``<=`` over the negated inputs with bound ``W - b`` (``W``
the total weight), the same tree over ``-x``; ``==`` is both trees, each
with its own auxiliaries, so no root outputs are needed for any of them.

:class:`IncrementalTotalizer` -- the totalizer with outputs ``r_1..r_{u+1}``
for an upper bound ``u``, without the root unit, whose bound is chosen per
solve by the assumption ``-r_{k+1}`` and can be raised later by building more
outputs (new clauses only; old ones never change). It draws its variables
from the caller's source, so it shares a Formula's pool (unlike PySAT's
``ITotalizer``, which numbers from its own ``top_id``; pysat issue #173).

**Generation** (``totalizer``, ``mtotalizer``). Variables are numbered as a
post-order walk of the tree would (a node's block after its subtrees'), but
the tree is not walked node by node: the upper levels are visited level by
level and subtrees over at most 16 inputs are expanded from a per-size
pattern; nodes are grouped by shape (children's and own widths), and each
shape's clauses are index templates (made once per shape and kept) turned
into clauses by one list comprehension per template over columns of the
nodes' first ids. Clauses therefore come grouped by shape, from the bottom
shapes to the root's, then the root units; the output is deterministic.
"""

from __future__ import annotations

from math import isqrt

from ._common import instantiate_starts, template


# ============================================================== totalizer
def _tot_up(a, b, r):
    """Up clauses (-a_i | -b_j | r_{i+j}) of a totalizer node."""
    t = len(r)
    na = [-x for x in a]
    nb = [-x for x in b]
    cl = [[x, y] for x, y in zip(na, r)]
    cl += [[x, y] for x, y in zip(nb, r)]
    for i in range(1, min(len(a), t - 1) + 1):
        ni = na[i - 1]
        cl += [[ni, x, y] for x, y in zip(nb, r[i:])]
    return cl


def _tot_down(a, b, r):
    """Down clauses (a_{i+1} | b_{j+1} | -r_{i+j+1}) of a totalizer node."""
    t, p, q = len(r), len(a), len(b)
    nr = [-y for y in r]
    cl = []
    for i in range(0, min(p, t - 1) + 1):
        if i < p:
            ai = a[i]
            cl += [[ai, x, y] for x, y in zip(b, nr[i:])]
            if i + q < t:
                cl.append([ai, nr[i + q]])
        else:
            cl += [[x, y] for x, y in zip(b, nr[i:])]
    return cl


def _tot_naux(s: int, cap: int, memo: dict) -> int:
    if s <= 1:
        return 0
    got = memo.get(s)
    if got is None:
        left = s // 2
        got = memo[s] = min(s, cap) + _tot_naux(left, cap, memo) + _tot_naux(s - left, cap, memo)
    return got


def _walk(n, base, naux):
    """Internal nodes of the balanced tree over n inputs as ``{size: (LO,
    BASE)}``: per node its first input index and the first variable id of
    its subtree, where a post-order numbering (left subtree, right subtree,
    then the node's own block) puts the right subtree at ``base +
    naux[left size]``. ``naux[s]`` is the number of auxiliaries of a subtree
    over s >= 2 inputs.

    The upper levels are walked node by node, level by level (no
    recursion); subtrees over at most ``_SMALL`` inputs -- most of the nodes
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
            g = (small if s <= _SMALL else bysize).get(s)
            if g is None:
                g = (small if s <= _SMALL else bysize)[s] = ([], [])
            g[0].append(lo)
            g[1].append(b0)
            if s <= _SMALL:
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


_SMALL = 16     # subtrees up to this many inputs are expanded by pattern


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


def _child(lits, LO, B0, cs, shift, off):
    """Column of a child's first output over nodes: its input literal for a
    leaf (``cs == 1``; ``shift`` = its index from the node's first input),
    else ``base + off``."""
    if cs == 1:
        return [lits[x + shift] for x in LO]
    return [b + off for b in B0]


def _tot_tree(lits, cap, base, naux):
    """Group the totalizer's internal nodes by shape ``(p, q, t)`` (children's
    output counts, own output count; a child with one output is a leaf, its
    input literal), with per node the first id of each: returns ``({shape:
    (A0, B0, R0)}, root outputs)``. Variables are numbered as in a post-order
    walk (see :func:`_walk`); a subtree over s inputs starting at ``base``
    has its node's outputs at ``base + naux[s] - min(s, cap)``."""
    n = len(lits)
    groups: dict = {}
    for s, (LO, BS) in _walk(n, base, naux).items():
        ls = s >> 1
        rs = s - ls
        p, q, t = min(ls, cap), min(rs, cap), min(s, cap)
        la = naux.get(ls, 0)
        cols = (_child(lits, LO, BS, ls, 0, la - p),
                _child(lits, LO, BS, rs, ls, la + naux.get(rs, 0) - q),
                [b + naux[s] - t for b in BS])
        g = groups.get((p, q, t))
        if g is None:
            groups[(p, q, t)] = cols
        else:
            for x, y in zip(g, cols):
                x += y
    t = min(n, cap)
    root = base + naux[n] - t
    return groups, list(range(root, root + t))


def _tot_emit(groups, up, down):
    """Clauses of all nodes: per shape, one comprehension per template clause
    over the nodes' columns (:func:`instantiate_starts`). Shapes are emitted
    from the last met (the bottom of the tree) to the first (the root)."""
    def build(a, b, r):
        return (_tot_up(a, b, r) if up else []) + (_tot_down(a, b, r) if down else [])
    cl: list[list[int]] = []
    for shape, starts in reversed(list(groups.items())):
        if len(starts[0]) > _FEW:
            key = (shape, up, down)
            tpl = _TEMPLATES.get(key)
            if tpl is None:
                if len(_TEMPLATES) > 4096:
                    _TEMPLATES.clear()
                tpl = _TEMPLATES[key] = template(build, shape)
            cl += instantiate_starts(tpl, shape, starts)
            continue
        p, q, t = shape                # a few large nodes: direct is faster
        for a0, b0, r0 in zip(*starts):
            cl += build(list(range(a0, a0 + p)), list(range(b0, b0 + q)), list(range(r0, r0 + t)))
    return cl


_FEW = 8        # shapes of at most this many nodes are built node by node
_MFEW = 8       # the same for the modulo totalizer (its direct path is slower)
_SHAPES: dict = {}      # (n, p, cap) -> memo of _mtot_shape
_TEMPLATES: dict = {}   # (shape, up, down) -> templates (pure function of the key)


def totalizer_outputs(lits, cap: int, source, up=True, down=False):
    """Build a totalizer tree over ``lits`` with outputs cut at ``cap``.

    Returns:
        (clauses, outputs): ``outputs[j-1]`` is the root output "at least j".
    """
    n = len(lits)
    naux: dict = {}
    aux = source.new_vars(_tot_naux(n, cap, naux))
    if n == 1:
        return [], [lits[0]]
    groups, out = _tot_tree(list(lits), cap, aux.start, naux)
    assert out[-1] + 1 == aux.stop
    return _tot_emit(groups, up, down), out


def totalizer(lits, k: int, source) -> list[list[int]]:
    """``sum(lits) <= k`` (0 < k < n-1 ... n) by a totalizer cut at k+1."""
    cl, out = totalizer_outputs(lits, k + 1, source)
    if len(out) > k:
        cl.append([-out[k]])
    return cl


def totalizer_exactly(lits, k: int, source) -> list[list[int]]:
    """``sum(lits) == k`` (0 < k < n) by one totalizer with up and down
    clauses; built over the negated inputs when that is the smaller tree."""
    n = len(lits)
    if k > n - k:
        lits, k = [-l for l in lits], n - k
    cl, out = totalizer_outputs(lits, k + 1, source, up=True, down=True)
    if len(out) > k:
        cl.append([-out[k]])
    cl.append([out[k - 1]])
    return cl


def _tot_node_up(p, q, t):
    return min(p, t) + min(q, t) + sum(min(q, t - i) for i in range(1, min(p, t - 1) + 1))


def _tot_node_down(p, q, t):
    return sum(min(q, t - 1 - i) + 1 for i in range(0, min(p, t - 1) + 1))


def _tot_size(s, cap, down, memo):
    """(aux, clauses, outputs) of a subtree over s inputs."""
    if s == 1:
        return 0, 0, 1
    got = memo.get(s)
    if got is None:
        left = s // 2
        a1, c1, p = _tot_size(left, cap, down, memo)
        a2, c2, q = _tot_size(s - left, cap, down, memo)
        t = min(s, cap)
        c = _tot_node_up(p, q, t) + (_tot_node_down(p, q, t) if down else 0)
        got = memo[s] = (a1 + a2 + t, c1 + c2 + c, t)
    return got


def size_totalizer(n: int, k: int) -> tuple[int, int]:
    """Size of :func:`totalizer` for ``0 < k < n``: the Bailleux-Boufkhad
    recurrence cut at k+1, plus the root unit."""
    aux, cls, t = _tot_size(n, k + 1, False, {})
    return aux, cls + (1 if t > k else 0)


def size_totalizer_exactly(n: int, k: int) -> tuple[int, int]:
    if k > n - k:
        k = n - k
    aux, cls, t = _tot_size(n, k + 1, True, {})
    return aux, cls + (1 if t > k else 0) + 1


# ============================================================= mtotalizer
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
    each argument, as :func:`_tot_tree` (post-order numbering: a node's own
    block -- remainder, quotient, carry -- after its subtrees'). ``memo`` is
    filled by :func:`_mtot_shape`. Returns (groups, root remainder outputs,
    root quotient outputs)."""
    n = len(lits)
    naux = {s: v[3] for s, v in memo.items()}
    groups: dict = {}

    def own(s):                      # (offset of the own block, low, up)
        low, up, carry, aux, _ = memo[s]
        return aux - low - up - carry, low, up

    for s, (LO, BS) in _walk(n, base, naux).items():
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
        key = ("m", shape, p)
        tpl = _TEMPLATES.get(key)
        if tpl is None:
            if len(_TEMPLATES) > 4096:
                _TEMPLATES.clear()
            tpl = _TEMPLATES[key] = template(build, shape)
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
    memo = _SHAPES.get((n, p, cap))
    if memo is None:                  # per-size shapes: a pure function of (n, p, cap)
        if len(_SHAPES) > 256:
            _SHAPES.clear()
        memo = _SHAPES[(n, p, cap)] = {}
        _mtot_shape(n, p, cap, memo)
    aux = source.new_vars(memo[n][3])
    groups, r, qr = _mtot_tree(list(lits), p, cap, aux.start, memo)
    cl = _mtot_emit(groups, p)
    cl += _mtot_root(r, qr, ku, kl)
    return cl


def size_mtotalizer(n: int, k: int) -> tuple[int, int]:
    p, ku, kl = _mod_params(k)
    low, up, carry, aux, cls = _mtot_shape(n, p, ku + 1, {})
    root = (1 if up >= ku + 1 else 0)
    if kl + 1 <= low and (ku == 0 or ku <= up):
        root += 1
    return aux, cls + root


# ============================================================= gtotalizer
def _sumset(A, B, K):
    """Sorted distinct values of A, B and a + b (a in A, b in B) up to K."""
    mb = 0
    for b in B:
        mb |= 1 << b
    m = mb
    for a in A:
        m |= (mb << a) | (1 << a)
    m &= (1 << (K + 1)) - 1
    bits = bin(m)[:1:-1]
    return [v for v, c in enumerate(bits) if c == "1"]


def _gte_tree(weights, K):
    """The GTE tree over ``weights`` (sorted ascending by the caller): node
    values in post-order, ``(A, B, R)`` per internal node (children's values,
    own values; leaves have ``[w]``)."""
    nodes: list = []

    def build(lo, hi):
        if hi - lo == 1:
            return [weights[lo]]
        mid = (lo + hi) // 2
        A = build(lo, mid)
        B = build(mid, hi)
        R = _sumset(A, B, K)
        nodes.append((A, B, R))
        return R

    build(0, len(weights))
    return nodes


def _gte_node_size(A, B, R, K, root):
    """(aux, clauses) of one GTE node (A, B, R sorted value lists)."""
    # minimal conflicts: for a ascending, the first b with a + b > K moves
    # left (or stays); one clause each time it moves strictly left
    confl, j, last = 0, len(B), len(B)
    for a in A:
        while j > 0 and a + B[j - 1] > K:
            j -= 1
        if j < last:
            confl += 1
            last = j
    if root:
        return 0, confl
    pairs, j = 0, len(B)
    for a in A:                       # b in B with a + b <= K
        while j > 0 and a + B[j - 1] > K:
            j -= 1
        pairs += j
    return len(R), len(A) + len(B) + pairs + len(R) - 1 + confl


def size_gtotalizer(weights, K: int) -> tuple[int, int]:
    """Size of :func:`gtotalizer` for ``sum w_i x_i <= K`` (``1 <= w_i <=
    K``, total above K): the recurrence of the module doc over the tree of the
    weights sorted ascending."""
    ws = sorted(weights)
    nodes = _gte_tree(ws, K)
    aux = cls = 0
    for i, (A, B, R) in enumerate(nodes):
        x, c = _gte_node_size(A, B, R, K, i == len(nodes) - 1)
        aux += x
        cls += c
    return aux, cls


def gtotalizer(lits, weights, bound: int, source) -> list[list[int]]:
    """``sum(w_i * lits_i) <= bound`` by the generalized totalizer
    (``1 <= w_i <= bound``, at least two inputs); see the module doc."""
    K = bound
    order = sorted(range(len(lits)), key=weights.__getitem__)
    ws = [weights[i] for i in order]
    xs = [lits[i] for i in order]
    nodes = _gte_tree(ws, K)
    aux = source.new_vars(sum(len(R) for A, B, R in nodes[:-1]))
    nxt = aux.start
    cl: list[list[int]] = []
    done = iter(nodes)

    def emit(lo, hi):
        """Clauses of the subtree over xs[lo:hi]; returns (values, literals)."""
        nonlocal nxt
        if hi - lo == 1:
            return [ws[lo]], [xs[lo]]
        mid = (lo + hi) // 2
        A, ax = emit(lo, mid)
        B, bx = emit(mid, hi)
        _, _, R = next(done)
        root = hi - lo == len(xs)
        nb = [-y for y in bx]
        if not root:
            rx = list(range(nxt, nxt + len(R)))
            nxt += len(R)
            out = dict(zip(R, rx))
            cl.extend([-x, out[a]] for a, x in zip(A, ax))
            cl.extend([-y, out[b]] for b, y in zip(B, bx))
            j = len(B)
            for a, x in zip(A, ax):
                while j > 0 and a + B[j - 1] > K:
                    j -= 1
                cl.extend([-x, y, out[a + b]] for b, y in zip(B[:j], nb[:j]))
            cl.extend([-hi_, lo_] for lo_, hi_ in zip(rx, rx[1:]))
        j, last = len(B), len(B)
        for a, x in zip(A, ax):
            while j > 0 and a + B[j - 1] > K:
                j -= 1
            if j < last:
                cl.append([-x, nb[j]])
                last = j
        return (None, None) if root else (R, rx)

    emit(0, len(xs))
    assert nxt == aux.stop
    return cl


# =================================================== incremental totalizer
class IncrementalTotalizer:
    """A totalizer whose bound is chosen per solve and can grow later.

    Builds the totalizer tree over ``lits`` with outputs ``r_1..r_{u+1}`` at
    every node (``u`` = ``ubound``, at most ``n - 1``), up clauses only and no
    root unit. ``bound(k)`` returns the literal ``-r_{k+1}``: assume it to
    solve under ``sum(lits) <= k``; add it as a unit clause to tighten for
    good. A bound above the built one extends every node with the missing
    outputs and their clauses (existing clauses never change); all clauses
    made since the last :meth:`new_clauses` call are handed out by it.

    Args:
        lits: input literals (not empty).
        source: variable source, e.g. the Formula the solver was built from.
        ubound: largest bound to prepare for now (default 1).

    Example (a minimisation loop)::

        t = IncrementalTotalizer(xs, formula, ubound=len(xs) - 1)
        solver.append_formula(t.new_clauses())
        k = len(xs)
        while solver.solve(assumptions=[t.bound(k - 1)]):
            k = sum(solver.get_model()[x - 1] > 0 for x in xs)
            solver.append_formula(t.new_clauses())   # if bound() extended
        # k is the minimum

    Attributes:
        lits: the inputs; ``n = len(lits)``.
        ubound: the largest bound built so far.
        outputs: the root outputs, ``outputs[j]`` = "at least j+1 true".
        clauses: every clause made so far.
    """

    def __init__(self, lits, source, ubound: int = 1):
        self.lits = list(lits)
        if not self.lits:
            raise ValueError("IncrementalTotalizer needs at least one input")
        self.source = source
        self.clauses: list[list[int]] = []
        self._fresh_from = 0
        self._true = None
        n = len(self.lits)
        # tree: list of nodes in post-order; node = [left, right, size, outputs]
        self._nodes: list[list] = []

        def build(lo, hi):
            if hi - lo == 1:
                self._nodes.append([None, None, 1, [self.lits[lo]]])
            else:
                mid = (lo + hi) // 2
                li, ri = build(lo, mid), build(mid, hi)
                self._nodes.append([li, ri, hi - lo, []])
            return len(self._nodes) - 1

        build(0, n)
        self.ubound = -1
        self.extend(ubound)

    @property
    def outputs(self) -> list[int]:
        return self._nodes[-1][3]

    def extend(self, ubound: int) -> list[list[int]]:
        """Build outputs up to ``ubound + 1`` (capped at n); return the new clauses."""
        n = len(self.lits)
        ubound = max(0, min(int(ubound), n - 1))
        if ubound <= self.ubound:
            return []
        cap = ubound + 1
        inner = [nd for nd in self._nodes if nd[0] is not None]
        need = sum(min(nd[2], cap) - len(nd[3]) for nd in inner)
        fresh = iter(self.source.new_vars(need))
        new: list[list[int]] = []
        for nd in self._nodes:
            li, ri, s, r = nd
            if li is None:
                continue
            old_t, t = len(r), min(s, cap)
            if t == old_t:
                continue
            r.extend(next(fresh) for _ in range(t - old_t))
            a, b = self._nodes[li][3], self._nodes[ri][3]
            # clauses (-a_i | -b_j | r_{i+j}) for old_t < i+j <= t
            for sm in range(old_t + 1, t + 1):
                y = r[sm - 1]
                for i in range(max(0, sm - len(b)), min(len(a), sm) + 1):
                    j = sm - i
                    if i == 0:
                        new.append([-b[j - 1], y])
                    elif j == 0:
                        new.append([-a[i - 1], y])
                    else:
                        new.append([-a[i - 1], -b[j - 1], y])
        self.ubound = ubound
        self.clauses += new
        return new

    def bound(self, k: int) -> int:
        """The assumption literal meaning ``sum(lits) <= k`` (extends if needed).

        For ``k >= n`` the constraint holds anyway: the literal returned is a
        fresh variable made true by a unit clause (made once, kept).

        Raises:
            ValueError: ``k < 0``.
        """
        if k < 0:
            raise ValueError("a bound below 0 cannot be satisfied; use no assumption and add [] instead")
        n = len(self.lits)
        if k >= n:
            if self._true is None:
                self._true = self.source.new_var()
                self.clauses.append([self._true])
            return self._true
        if k > self.ubound:
            self.extend(k)
        return -self.outputs[k]

    def tighten(self, k: int) -> list[list[int]]:
        """The unit clause(s) imposing ``sum(lits) <= k`` for good."""
        return [[self.bound(k)]]

    def new_clauses(self) -> list[list[int]]:
        """Clauses made since the previous call (all of them the first time)."""
        out = self.clauses[self._fresh_from:]
        self._fresh_from = len(self.clauses)
        return out
