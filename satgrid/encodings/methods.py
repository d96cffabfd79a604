"""One record per encoding method: what satgrid knows about it, in one place.

Each :class:`Method` names the method, its family (``amo``, ``card`` or
``pb``) and the prose the atlas prints: the paper it comes from, its size in
words, and when to choose it. The encodings' registries and the atlas derive
from :data:`METHODS`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Method:
    """An encoding method: its name, family and documentation."""

    name: str
    #: ``amo`` (at most one), ``card`` (cardinality) or ``pb`` (pseudo-Boolean)
    family: str
    #: the paper (or book chapter) that defines it
    reference: str
    #: its size in words, e.g. ``"0 aux, n(n-1)/2 clauses"``
    size_text: str
    #: when to choose it
    when: str


METHODS: dict[str, Method] = {m.name: m for m in (
    Method(
        'pairwise', 'amo',
        reference=('the binomial (naive) encoding; e.g. S. Prestwich, *CNF encodings*, '
                   'Handbook of Satisfiability (2009), ch. 2'),
        size_text=('0 aux, n(n-1)/2 clauses'),
        when=('No auxiliary variables and every clause binary, but quadratic. The right '
              'choice for the short at-most-one lists of grid puzzles (a Sudoku cell, '
              'row or box has 9 inputs: 36 clauses); from a few dozen inputs on it is '
              'the largest encoding in the atlas.'),
    ),
    Method(
        'bitwise', 'amo',
        reference=('A. M. Frisch, T. J. Peugniez, A. J. Doggett, P. W. Nightingale, *Solving '
                   'non-Boolean satisfiability problems with stochastic local search*, 2005 '
                   '(the binary encoding; also S. Prestwich 2007)'),
        size_text=('ceil(log2 n) aux, n ceil(log2 n) clauses'),
        when=('The fewest auxiliary variables of all, but n log n clauses: more than '
              'the linear encodings from about n = 16 on. Choose it when variables, not '
              'clauses, are what is scarce.'),
    ),
    Method(
        'ladder', 'amo',
        reference=('I. P. Gent, P. Nightingale, *A new encoding of AllDifferent into SAT*, '
                   'ModRef 2004'),
        size_text=('n-1 aux, 3n-4 clauses'),
        when=('Linear, binary clauses only; its ladder variables y_i ("the chosen input '
              'is after i") double as an order encoding of the chosen position. The '
              'same size as seqcounter at k = 1.'),
    ),
    Method(
        'commander', 'amo',
        reference=('W. Klieber, G. Kwon, *Efficient CNF encoding for selecting 1 from N '
                   'objects*, CFV 2007'),
        size_text=('groups of 3, recursively: about n/2 aux, about 3n clauses'),
        when=('Linear with a small constant: the smallest at-most-one encoding for '
              'lists of about 8 to 32 inputs (see the table above) and on the Sudoku '
              'seed ([puzzles.md](puzzles.md)).'),
    ),
    Method(
        'product', 'amo',
        reference=('J. Chen, *A new SAT encoding of the at-most-one constraint*, ModRef 2010 '
                   '(2-product)'),
        size_text=('about 2 sqrt(n) aux, 2n + O(sqrt n) clauses'),
        when=('The fewest clauses of all at-most-one encodings for long lists (from n = '
              '64 on) and the fewest auxiliaries after bitwise. The choice for long '
              'at-most-one lists.'),
    ),
    Method(
        'seqcounter', 'card',
        reference=('C. Sinz, *Towards an optimal CNF encoding of Boolean cardinality '
                   'constraints*, CP 2005 (LTSEQ)'),
        size_text=('k(n-1) aux, 2nk + n - 3k - 1 clauses'),
        when=("Sinz's sequential counter (LTSEQ; also accepted as `seqcounter-sinz`): "
              'linear in n for a fixed k, but never smaller than its irredundant form '
              '`seqcounter-knuth` (the same size at k = 1, about twice it at k = n/2). '
              'The cardinality case of swc. Its `exactly` adds a second counter over '
              'the negations with bound n-k (none for exactly-one, whose other half is '
              'the clause OR(lits): n-1 auxiliaries, as `ladder` and '
              "`seqcounter-knuth`; see `--amo` in [puzzles.md](puzzles.md)). PySAT's "
              "`seqcounter` is Knuth's form, so this row's PySAT columns compare two "
              'different encodings of the same constraint.'),
    ),
    Method(
        'seqcounter-knuth', 'card',
        reference=('D. E. Knuth, *The Art of Computer Programming* 4B, section 7.2.2.2, '
                   "formulas (18)-(19): the irredundant form of C. Sinz's sequential counter "
                   "(CP 2005); the counter PySAT's `seqcounter` emits (the same clauses up "
                   'to the numbering of the auxiliaries)'),
        size_text=('k(n-k) aux, (n-k-1)k + (n-k)(k+1) clauses'),
        when=('Linear in n for a fixed k and the smallest encoding for k = 2 at every '
              "n, but k(n-k) grows quadratically when k is a fraction of n. satgrid's "
              "default for bounds above 1 (`Model`'s `card`): puzzle bounds are small."),
    ),
    Method(
        'totalizer', 'card',
        reference=('O. Bailleux, Y. Boufkhad, *Efficient CNF encoding of Boolean cardinality '
                   'constraints*, CP 2003'),
        size_text=('tree of unary counters cut at k+1: O(n log k) aux, O(nk) clauses '
                   '(recurrence)'),
        when=('Its root outputs give every bound up to k at once, so it is the choice '
              'when the bound changes while solving (`IncrementalTotalizer`, '
              'optimisation by assumptions). For a single large k its top nodes cost '
              'O(k^2) clauses.'),
    ),
    Method(
        'mtotalizer', 'card',
        reference=('T. Ogawa, Y. Liu, R. Hasegawa, M. Koshimura, H. Fujita, *Modulo based '
                   'CNF encoding of cardinality constraints and its application to MaxSAT '
                   'solvers*, ICTAI 2013'),
        size_text=('counts q*p + r with p = ceil(sqrt(k+1)): O(n sqrt k) aux (recurrence)'),
        when=('The fewest clauses at k = n/10 and n/2 from n = 64 on, but unit '
              'propagation is not arc-consistent (see the propagation column): the '
              'solver may have to search where other encodings propagate. Choose it '
              'when size matters more than propagation, for large n and k.'),
    ),
    Method(
        'cardnetwork', 'card',
        reference=('R. Asín, R. Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell, '
                   '*Cardinality networks: a theoretical and empirical study*, Constraints '
                   '16 (2011)'),
        size_text=('blocks of M >= k+1 sorted and merged: O(n log^2 k) comparators, 2 aux '
                   'and 3 clauses each'),
        when=('Arc-consistent and O(n log^2 k): never larger than the sorting network '
              '(equal when k + 1 > n/2) and a little larger than mtotalizer. The robust '
              'choice when n and k are both large and propagation matters.'),
    ),
    Method(
        'sortnetwork', 'card',
        reference=('K. E. Batcher, *Sorting networks and their applications*, AFIPS 1968, '
                   'with the half comparators of N. Eén, N. Sörensson, *Translating '
                   'pseudo-Boolean constraints into SAT*, JSAT 2 (2006)'),
        size_text=('(m^2 - m + 4) 2^(m-2) - 1 comparators for n = 2^m, whatever k'),
        when=('The whole sorted output, whatever k: useful when many bounds are read '
              'from one network; for one bound cardnetwork is never larger.'),
    ),
    Method(
        'bdd', 'pb',
        reference=('N. Eén, N. Sörensson, *Translating pseudo-Boolean constraints into SAT*, '
                   'JSAT 2 (2006), with the interval construction of I. Abío, R. '
                   'Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell, *BDDs for '
                   'pseudo-Boolean constraints -- revisited*, SAT 2011'),
        size_text=('one aux and at most 2 clauses per BDD node, at most n(K+1) nodes'),
        when=('The smallest pseudo-Boolean encoding at K = W/2 at every n of the sweep '
              'and at K = W/10 except for n = 64..256, where gtotalizer has fewer '
              "clauses; and on the puzzles' region and line sums "
              "([puzzles.md](puzzles.md)), which is why it is satgrid's default."),
    ),
    Method(
        'swc', 'pb',
        reference=('S. Hölldobler, N. Manthey, P. Steinke, *A compact encoding of '
                   'pseudo-Boolean constraints into SAT*, KI 2012 (sequential weight '
                   'counter)'),
        size_text=('K(n-1) aux, 2nK + n - 3K - 1 clauses, whatever the weights'),
        when=('Predictable size, but linear in K and so in the size of the weights; '
              'never smaller than bdd in the sweep.'),
    ),
    Method(
        'gtotalizer', 'pb',
        reference=('S. Joshi, R. Martins, V. Manquinho, *Generalized totalizer encoding for '
                   'pseudo-Boolean constraints*, CP 2015'),
        size_text=('inputs sorted by weight; one aux per distinct sum <= K per tree node '
                   'below the root, whose clauses only refuse sums above K (recurrence)'),
        when=('Few auxiliaries when the weights take few distinct values (sorted, equal '
              'weights meet low in the tree), but a node costs about the product of its '
              "children's output counts, so clauses grow with K: between bdd and swc on "
              'these weights at K = W/2, the smallest of the three at K = W/10 for n = '
              '64..256. Choose it for few distinct weights and small bounds.'),
    ),
)}
