"""Totalizers: ``totalizer`` (cardinality) and ``gtotalizer`` (generalized
totalizer, pseudo-Boolean). The modulo totalizer is :mod:`.mtotalizer`, the
totalizer whose bound grows while solving :mod:`.incremental`; the tree they
share is :mod:`.tree`.

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

Per comparison (see :func:`satgrid.core.encodings.linear`): ``<=`` is the tree
above; ``>=`` is ``<=`` over the negated inputs with bound ``W - b`` (``W``
the total weight), the same tree over ``-x``; ``==`` is both trees, each
with its own auxiliaries, so no root outputs are needed for any of them.

**Generation** (``totalizer``; ``mtotalizer`` alike, see :mod:`.tree`).
Variables are numbered as a post-order walk of the tree would (a node's block after its subtrees'), but
the tree is not walked node by node: the upper levels are visited level by
level and subtrees over at most 16 inputs are expanded from a per-size
pattern; nodes are grouped by shape (children's and own widths), and each
shape's clauses are index templates (made once per shape and kept) turned
into clauses by one list comprehension per template over columns of the
nodes' first ids. Clauses therefore come grouped by shape, from the bottom
shapes to the root's, then the root units; the output is deterministic.
"""

from __future__ import annotations

from ._common import instantiate_starts
from .tree import shape_template, walk_tree


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
    walk (see :func:`walk_tree`); a subtree over s inputs starting at ``base``
    has its node's outputs at ``base + naux[s] - min(s, cap)``."""
    n = len(lits)
    groups: dict = {}
    for s, (LO, BS) in walk_tree(n, base, naux).items():
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
            tpl = shape_template((shape, up, down), build, shape)
            cl += instantiate_starts(tpl, shape, starts)
            continue
        p, q, t = shape                # a few large nodes: direct is faster
        for a0, b0, r0 in zip(*starts):
            cl += build(list(range(a0, a0 + p)), list(range(b0, b0 + q)), list(range(r0, r0 + t)))
    return cl


_FEW = 8        # shapes of at most this many nodes are built node by node


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
    """Size of :func:`totalizer_exactly` for ``0 < k < n``: one tree with up
    and down clauses, cut at ``min(k, n - k) + 1``, plus the two root units."""
    if k > n - k:
        k = n - k
    aux, cls, t = _tot_size(n, k + 1, True, {})
    return aux, cls + (1 if t > k else 0) + 1


def unary_sum_exactly(seqs, k: int, source) -> list[list[int]]:
    """``sum == k`` of unary numbers: each of ``seqs`` a list of literals
    in which ``seq[j+1] -> seq[j]`` holds in every model (the caller's
    clauses say so: a sightline's "sees the (j+1)-th cell" implies the j-th),
    so that its value is its number of true literals. A literal may repeat
    (two consecutive equal entries: a cell that never blocks).

    The sequences are already the outputs a totalizer's leaves would make:
    each is cut at ``k + 1`` literals and they are merged two by two by
    totalizer nodes (the up and down clauses above, outputs cut at k+1; a
    level's odd one out is carried up), and the last two, ``a`` and ``b``,
    are compared with k without outputs:

        at most k:   (-a_i | -b_j)         i + j = k + 1
        at least k:  (a_{i+1} | b_{j+1})   i + j = k - 1

    (``a_0``, ``b_0`` true and ``a_{p+1}``, ``b_{q+1}`` false left out).
    Unit propagation is arc-consistent, as the totalizer's. Four sightlines
    of a Kurodoko clue 8: at most 2 x 8 auxiliaries and about 150 clauses,
    where a cardinality encoding over the 28 chain literals makes about 300
    auxiliaries and 600 clauses (it knows nothing of their order). Nothing to
    reach (``k`` negative or above the total length) is the empty clause.

    >>> from satgrid.core.formula import Formula
    >>> f = Formula(); a1, a2, b1 = f.vars(["a1", "a2", "b1"])
    >>> unary_sum_exactly([[a1, a2], [b1]], 2, f)
    [[-2, -3], [1], [2, 3]]
    """
    seqs = [list(s[:k + 1]) for s in seqs if len(s)]
    if k < 0 or k > sum(map(len, seqs)):
        return [[]]
    cl: list[list[int]] = []
    while len(seqs) > 2:
        merged = []
        for a, b in zip(seqs[::2], seqs[1::2]):
            r = list(source.new_vars(min(len(a) + len(b), k + 1)))
            cl += _tot_up(a, b, r)
            cl += _tot_down(a, b, r)
            merged.append(r)
        seqs = merged + seqs[len(merged) * 2:]
    a, b = (seqs + [[], []])[:2]
    p, q = len(a), len(b)
    for i in range(max(0, k + 1 - q), min(p, k + 1) + 1):
        j = k + 1 - i
        cl.append(([-a[i - 1]] if i else []) + ([-b[j - 1]] if j else []))
    for i in range(max(0, k - 1 - q), min(p, k - 1) + 1):
        j = k - 1 - i
        cl.append(([a[i]] if i < p else []) + ([b[j]] if j < q else []))
    return cl


# ============================================================= gtotalizer
#: the largest bound whose sums are kept as bit masks (2^22 bits: 512 KiB)
_MASK_UP_TO = 1 << 22


def _sumset(A, B, K):
    """Sorted distinct values of A, B and a + b (a in A, b in B) up to K."""
    if K > _MASK_UP_TO:     # a bit mask of K bits would not fit: the pairs themselves
        return sorted({v for v in (*A, *B) if v <= K} | {a + b for a in A for b in B if a + b <= K})
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
