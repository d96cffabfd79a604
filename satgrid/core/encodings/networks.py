"""Comparator networks: ``cardnetwork`` (cardinality networks) and
``sortnetwork`` (odd-even merge sorting network).

A comparator takes wires ``a``, ``b`` and makes ``hi = a | b``, ``lo = a & b``
on two fresh variables. For ``sum <= k`` only the upward half is needed
(N. Eén, N. Sörensson, JSAT 2006, section 5.4), 3 clauses per comparator:

    (-a | hi), (-b | hi), (-a | -b | lo)

plus the unit ``(-c_{k+1})`` on the (k+1)-th largest output. ``exactly(k)``
uses both halves on the same network (6 clauses per comparator: the extra
``(a | b | -hi), (a | -lo), (b | -lo)``) and the units ``(-c_{k+1})``,
``(c_k)``. Inputs are padded with the constant false up to the network's
shape; a comparator with a constant input is no comparator at all (its
outputs are its inputs), so padding costs nothing.

``sortnetwork`` -- K. E. Batcher, "Sorting networks and their applications",
AFIPS 1968: the odd-even merge sort on ``N = 2^m >= n`` wires, all outputs
kept. For ``n = 2^m``: **C = (m^2 - m + 4) 2^(m-2) - 1 comparators, 2C
auxiliaries, 3C + 1 clauses** (``at_most``); fewer when padding removes
comparators.

``cardnetwork`` -- R. Asín, R. Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell,
"Cardinality networks: a theoretical and empirical study", Constraints 16
(2011). With ``M`` the least power of two ``>= k + 1``, the inputs are cut
into blocks of ``M`` (the last padded), each block sorted by ``HSort`` (built
from half mergers ``HMerge``) and the blocks folded together by simplified
mergers ``SMerge`` that keep the ``M`` largest outputs:

    HMerge(a_1..a_s, b_1..b_s): s = 1: one comparator; else
        d = HMerge(odd a, odd b), e = HMerge(even a, even b),
        c_1 = d_1, (c_2i, c_2i+1) = cmp(d_{i+1}, e_i) for i < s, c_2s = e_s
    HSort(a_1..a_2s) = HMerge(HSort(first s), HSort(last s))
    SMerge(a_1..a_s, b_1..b_s) -> c_1..c_{s+1}: s = 1: one comparator; else
        d = SMerge(odd a, odd b), e = SMerge(even a, even b),
        c_1 = d_1, (c_2i, c_2i+1) = cmp(d_{i+1}, e_i) for 1 <= i <= s/2
    Card(blocks B_1..B_p) = first M outputs of SMerge(HSort(B_1), Card(B_2..B_p))

Comparators: HMerge(s) = s log2 s + 1, HSort(2^j) = (j^2 - j + 4) 2^(j-2) - 1
(Batcher's count), SMerge(s) = (s/2) log2 s + s. For ``n = p*M`` (no
padding): **C = p HSort(M) + (p - 1) SMerge(M) comparators, 2C auxiliaries,
3C + 1 clauses**; O(n log^2 k) in general. Unit propagation is arc-consistent
(Asín et al., theorem 21).
"""

from __future__ import annotations

from ._common import next_pow2

FALSE = -1      # the constant-false wire


class _Net:
    """Comparator bookkeeping over wire ids: inputs 0..n-1, new wires n.."""

    __slots__ = ("next", "comps")

    def __init__(self, n: int):
        self.next = n
        self.comps: list[tuple[int, int]] = []   # (a, b); outputs are consecutive wires

    def cmp(self, a: int, b: int) -> tuple[int, int]:
        if a == FALSE:
            return b, FALSE
        if b == FALSE:
            return a, FALSE
        hi = self.next
        self.next = hi + 2
        self.comps.append((a, b))
        return hi, hi + 1

    # ---------------------------------------------- Asín et al.'s blocks
    def hmerge(self, a, b):
        s = len(a)
        if s == 1:
            return list(self.cmp(a[0], b[0]))
        d = self.hmerge(a[0::2], b[0::2])
        e = self.hmerge(a[1::2], b[1::2])
        out = [d[0]]
        for i in range(s - 1):
            out.extend(self.cmp(d[i + 1], e[i]))
        out.append(e[s - 1])
        return out

    def hsort(self, a):
        s = len(a)
        if s == 1:
            return list(a)
        h = s // 2
        return self.hmerge(self.hsort(a[:h]), self.hsort(a[h:]))

    def smerge(self, a, b):
        s = len(a)
        if s == 1:
            return list(self.cmp(a[0], b[0]))
        d = self.smerge(a[0::2], b[0::2])
        e = self.smerge(a[1::2], b[1::2])
        out = [d[0]]
        for i in range(s // 2):
            out.extend(self.cmp(d[i + 1], e[i]))
        return out

    def apply(self, tmpl, inputs):
        """Instantiate a recorded sub-network on real wires (index arithmetic,
        no per-comparator logic): comparators keep their order, so outputs
        stay consecutive."""
        comps, outs, nin, nnew = tmpl
        table = list(inputs) + list(range(self.next, self.next + nnew))
        self.comps += [(table[a], table[b]) for a, b in comps]
        self.next += nnew
        return [table[w] for w in outs]

    def card(self, wires, m):
        """Top m outputs (sorted) of the cardinality network over wires."""
        blocks = [wires[i:i + m] for i in range(0, len(wires), m)]
        blocks[-1] = blocks[-1] + [FALSE] * (m - len(blocks[-1]))
        hs, sm = _templates(m)
        acc = self.hsort(blocks[-1]) if FALSE in blocks[-1] else self.apply(hs, blocks[-1])
        for blk in reversed(blocks[:-1]):
            top = self.apply(hs, blk)
            if FALSE in acc:
                acc = self.smerge(top, acc)[:m]
            else:
                acc = self.apply(sm, top + acc)[:m]
        return acc

    # ----------------------------------------------------------- Batcher
    def oddeven_sort(self, wires):
        N = next_pow2(len(wires))
        w = list(wires) + [FALSE] * (N - len(wires))
        nxt = self.next
        comps = self.comps
        add = comps.append
        p = 1
        while p < N:
            k = p
            while k >= 1:
                p2 = 2 * p
                pairs = [(i + j, i + j + k) for j in range(k % p, N - k, 2 * k)
                         for i in range(min(k, N - j - k)) if (i + j) // p2 == (i + j + k) // p2]
                for x, y in pairs:
                    a = w[x]
                    b = w[y]
                    if a == FALSE:
                        w[x] = b
                        w[y] = FALSE
                    elif b != FALSE:
                        add((a, b))
                        w[x] = nxt
                        w[y] = nxt + 1
                        nxt += 2
                k //= 2
            p *= 2
        self.next = nxt
        return w[:len(wires)]


_TEMPLATES: dict = {}


def _templates(m):
    """Recorded HSort(m) and SMerge(m, m) networks on local wires."""
    got = _TEMPLATES.get(m)
    if got is None:
        h = _Net(m)
        ho = h.hsort(list(range(m)))
        sm = _Net(2 * m)
        so = sm.smerge(list(range(m)), list(range(m, 2 * m)))
        got = _TEMPLATES[m] = ((h.comps, ho, m, h.next - m), (sm.comps, so, 2 * m, sm.next - 2 * m))
    return got


def _emit(net: _Net, lits, outs, k: int, source, exact: bool):
    n = len(lits)
    aux = source.new_vars(net.next - n)
    table = list(lits) + list(aux)
    base = aux.start
    T = table
    comps = net.comps
    his = range(base, base + 2 * len(comps), 2)
    cl = [[-T[a], h] for (a, b), h in zip(comps, his)]
    cl += [[-T[b], h] for (a, b), h in zip(comps, his)]
    cl += [[-T[a], -T[b], h + 1] for (a, b), h in zip(comps, his)]
    if exact:
        cl += [[T[a], T[b], -h] for (a, b), h in zip(comps, his)]
        cl += [[T[a], -h - 1] for (a, b), h in zip(comps, his)]
        cl += [[T[b], -h - 1] for (a, b), h in zip(comps, his)]
    if k < len(outs) and outs[k] != FALSE:
        cl.append([-T[outs[k]]])
    if exact:
        cl.append([T[outs[k - 1]]])
    return cl


def _card_net(n, k):
    net = _Net(n)
    m = next_pow2(k + 1)
    outs = net.card(list(range(n)), m)
    return net, outs


def _sort_net(n):
    net = _Net(n)
    outs = net.oddeven_sort(list(range(n)))
    return net, outs


def cardnetwork(lits, k: int, source) -> list[list[int]]:
    """``sum(lits) <= k`` (0 < k < n) by a cardinality network."""
    net, outs = _card_net(len(lits), k)
    return _emit(net, lits, outs, k, source, exact=False)


def cardnetwork_exactly(lits, k: int, source) -> list[list[int]]:
    """``sum(lits) == k`` (0 < k < n) by one cardinality network, both halves."""
    net, outs = _card_net(len(lits), k)
    return _emit(net, lits, outs, k, source, exact=True)


def sortnetwork(lits, k: int, source) -> list[list[int]]:
    """``sum(lits) <= k`` (0 < k < n) by Batcher's odd-even merge sort."""
    net, outs = _sort_net(len(lits))
    return _emit(net, lits, outs, k, source, exact=False)


def sortnetwork_exactly(lits, k: int, source) -> list[list[int]]:
    """``sum(lits) == k`` (0 < k < n) by one sorting network, both halves."""
    net, outs = _sort_net(len(lits))
    return _emit(net, lits, outs, k, source, exact=True)


def _size(net, outs, k, exact):
    c = len(net.comps)
    unit = 1 if k < len(outs) and outs[k] != FALSE else 0
    return 2 * c, (6 if exact else 3) * c + unit + (1 if exact else 0)


def size_cardnetwork(n: int, k: int, exact: bool = False) -> tuple[int, int]:
    """Size counted over the network's structure (the recurrences of the
    module docstring with constant-false padding propagated)."""
    net, outs = _card_net(n, k)
    return _size(net, outs, k, exact)


def size_sortnetwork(n: int, k: int, exact: bool = False) -> tuple[int, int]:
    net, outs = _sort_net(n)
    return _size(net, outs, k, exact)


def batcher_comparators(m: int) -> int:
    """Comparators of Batcher's odd-even merge sort on 2^m wires."""
    return 0 if m == 0 else (m * m - m + 4) * 2 ** (m - 2) - 1 if m >= 2 else 1


def smerge_comparators(s: int) -> int:
    """Comparators of Asín et al.'s SMerge of two sorted lists of s = 2^j."""
    j = s.bit_length() - 1
    return (s // 2) * j + s
